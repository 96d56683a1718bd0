package org.graalite.nativeapi;

import java.lang.foreign.AddressLayout;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.ValueLayout;

import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.TruffleLanguage;
import com.oracle.truffle.api.interop.InteropException;
import com.oracle.truffle.api.interop.InteropLibrary;
import com.oracle.truffle.api.source.Source;

import org.graalite.runtime.ResultCodes;
import org.graalite.runtime.SqliteException;

/**
 * The hot B-tree calls of the Truffle tier through Truffle NFI's panama backend (option
 * {@code sql.NativeBinding=nfi}): libgraalite.so loaded into one context's NFI, and one bound
 * function per call. The signatures are derived from the {@link NativeFunction} declarations,
 * the same ones the FFM downcalls come from.
 *
 * <p>Every context loads one when it starts, so that NFI's backend is initialized in it before
 * any statement compiles (a backend's first use invalidates compiled code, RUNTIME-NOTES.md);
 * statements call the functions of the language instance's first one (SqlLanguage.nfi), so
 * compiled code stays the same in every context. They call them from compiled code with a
 * cached {@link InteropLibrary}: NFI calls are partial-evaluation friendly, so they are not
 * put behind a boundary.
 *
 * <p>Pointers cross as {@code sint64}: Graalite passes raw addresses (the statement, the
 * out-parameter buffer) and reads returned addresses as numbers, and on x86-64 a pointer and
 * a 64-bit integer travel in the same register. An NFI {@code pointer} would wrap each result
 * in an object to unwrap again.
 */
public final class NfiBinding {
    /** graalite_cursor_next(stmt, cursor): (rc << 8) | atEnd. */
    public final Object cursorNext;
    /** graalite_cursor_prev(stmt, cursor): (rc << 8) | atEnd. */
    public final Object cursorPrev;
    /** graalite_cursor_seek_rowid(stmt, cursor, rowid): (rc << 8) | notFound. */
    public final Object cursorSeekRowid;
    /** graalite_cursor_payload(stmt, cursor, out): the record's address; sizes in out. */
    public final Object cursorPayload;

    private NfiBinding(Object cursorNext, Object cursorPrev, Object cursorSeekRowid, Object cursorPayload) {
        this.cursorNext = cursorNext;
        this.cursorPrev = cursorPrev;
        this.cursorSeekRowid = cursorSeekRowid;
        this.cursorPayload = cursorPayload;
    }

    /** Loads libgraalite.so with NFI's panama backend in {@code env}'s context and binds the hot calls. */
    public static NfiBinding load(TruffleLanguage.Env env) {
        if (!env.isNativeAccessAllowed()) {
            throw new SqliteException(ResultCodes.SQLITE_AUTH,
                            "sql.NativeBinding=nfi calls SQLite through Truffle NFI, which needs a context with native access (Context.Builder.allowNativeAccess(true)); without it use sql.NativeBinding=ffm");
        }
        String path = NativeLibrary.unpack().toString();
        if (path.indexOf('"') >= 0 || path.indexOf('\\') >= 0) {
            throw new SqliteException(ResultCodes.SQLITE_CANTOPEN, "sql.NativeBinding=nfi cannot name the library path " + path + " in an NFI source (it contains a quote or backslash)");
        }
        Object library = env.parseInternal(Source.newBuilder("nfi", "with panama load \"" + path + "\"", "libgraalite").internal(true).build()).call();
        return new NfiBinding(bind(env, library, NativeFunction.CURSOR_NEXT), bind(env, library, NativeFunction.CURSOR_PREV),
                        bind(env, library, NativeFunction.CURSOR_SEEK_ROWID), bind(env, library, NativeFunction.CURSOR_PAYLOAD));
    }

    private static Object bind(TruffleLanguage.Env env, Object library, NativeFunction function) {
        InteropLibrary interop = InteropLibrary.getUncached();
        try {
            Object symbol = interop.readMember(library, function.symbol);
            Source source = Source.newBuilder("nfi", "with panama " + signature(function.descriptor), function.symbol).internal(true).build();
            Object signature = env.parseInternal(source).call();
            return interop.invokeMember(signature, "bind", symbol);
        } catch (InteropException e) {
            throw new IllegalStateException("cannot bind " + function.symbol + " through NFI", e);
        }
    }

    /** The NFI signature of an FFM descriptor, e.g. {@code (sint64, sint32): sint32}. */
    static String signature(FunctionDescriptor descriptor) {
        StringBuilder s = new StringBuilder("(");
        for (MemoryLayout argument : descriptor.argumentLayouts()) {
            s.append(s.length() > 1 ? ", " : "").append(type(argument));
        }
        s.append("): ").append(descriptor.returnLayout().map(NfiBinding::type).orElse("void"));
        return s.toString();
    }

    private static String type(MemoryLayout layout) {
        if (layout instanceof AddressLayout || layout instanceof ValueLayout.OfLong) {
            return "sint64";
        } else if (layout instanceof ValueLayout.OfInt) {
            return "sint32";
        } else if (layout instanceof ValueLayout.OfDouble) {
            return "double";
        }
        throw new IllegalArgumentException("no NFI type for " + layout);
    }

    /** {@code function(stmt, cursor)} returning an int. */
    public static int call(InteropLibrary interop, Object function, long stmt, int cursor) {
        try {
            return (Integer) interop.execute(function, stmt, cursor);
        } catch (InteropException e) {
            throw CompilerDirectives.shouldNotReachHere(e);
        }
    }

    /** {@code function(stmt, cursor, argument)} returning an int. */
    public static int call(InteropLibrary interop, Object function, long stmt, int cursor, long argument) {
        try {
            return (Integer) interop.execute(function, stmt, cursor, argument);
        } catch (InteropException e) {
            throw CompilerDirectives.shouldNotReachHere(e);
        }
    }

    /** {@code function(stmt, cursor, argument)} returning a 64-bit value (an address). */
    public static long callLong(InteropLibrary interop, Object function, long stmt, int cursor, long argument) {
        try {
            return (Long) interop.execute(function, stmt, cursor, argument);
        } catch (InteropException e) {
            throw CompilerDirectives.shouldNotReachHere(e);
        }
    }
}
