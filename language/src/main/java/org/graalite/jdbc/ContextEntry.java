package org.graalite.jdbc;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Value;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.interop.InteropLibrary;
import com.oracle.truffle.api.interop.TruffleObject;
import com.oracle.truffle.api.library.ExportLibrary;
import com.oracle.truffle.api.library.ExportMessage;

/**
 * Runs the driver's calls into the language with the connection's context entered, by calling
 * an executable object of the context through the polyglot API instead of {@link
 * Context#enter()} and {@link Context#leave()}. Polyglot's calls enter the context in compiled
 * code, with a fast path for a context used by one thread at a time (a thread-local set and a
 * counter); {@code Context.enter} is synchronized, allocates, and cost about 60 ns per pair
 * (13% of filltable's time, one execution of an INSERT per row, in a profile). Every call
 * still enters and leaves, so a connection may be used from any thread, one at a time, and
 * closed from any thread.
 */
final class ContextEntry {
    /** What runs inside; it keeps its own inputs and results. */
    interface Call {
        void run();
    }

    private final Value entry;
    private final Target target = new Target();

    ContextEntry(Context context) {
        this.entry = context.asValue(target);
    }

    /**
     * Runs {@code call} with the context entered. Calls on one connection do not overlap (the
     * driver holds the connection's monitor), but may nest: a query read inside a call the
     * driver made (a Java function of the statement that runs SQL) sets the call it replaces
     * back after it.
     */
    void run(Call call) {
        Call outer = target.call;
        target.call = call;
        try {
            entry.executeVoid();
        } finally {
            target.call = outer;
        }
    }

    @ExportLibrary(InteropLibrary.class)
    static final class Target implements TruffleObject {
        Call call;

        @ExportMessage
        boolean isExecutable() {
            return true;
        }

        @ExportMessage
        @TruffleBoundary
        Object execute(@SuppressWarnings("unused") Object[] arguments) {
            call.run();
            return true;
        }
    }
}
