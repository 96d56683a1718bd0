package org.graalite.nativeapi;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.function.BooleanSupplier;

/**
 * Progress handlers (sqlite3_progress_handler): SQLite's VDBE calls one every N instructions
 * through one shared FFM upcall whose argument is the handler's id; a handler that answers
 * true, or throws, stops the statement with SQLITE_INTERRUPT. The Truffle tier counts its own
 * steps and calls the handler directly (runtime.ProgressCounting).
 */
public final class ProgressHandlers {
    private static final java.lang.invoke.MethodHandle PROGRESS_HANDLER = NativeFunction.PROGRESS_HANDLER.ffm();

    private static final Callbacks<BooleanSupplier> HANDLERS = new Callbacks<>();
    private static final MemorySegment PROGRESS = UserFunctions.upcall(MethodHandles.lookup(), "progress", MethodType.methodType(int.class, MemorySegment.class),
                    FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS));

    private ProgressHandlers() {
    }

    /**
     * Sets the handler of {@code connection}, called every {@code instructions} VDBE
     * instructions (null or 0 or less: none); returns its id, 0 for none. {@code previous}, the
     * id the last call returned, is forgotten.
     */
    public static long set(NativeConnection connection, BooleanSupplier handler, int instructions, long previous) {
        boolean none = handler == null || instructions <= 0;
        long id = none ? 0 : HANDLERS.add(handler);
        MemorySegment callback = none ? MemorySegment.NULL : PROGRESS;
        try {
            PROGRESS_HANDLER.invokeExact(connection.db(), none ? 0 : instructions, callback, MemorySegment.ofAddress(id));
        } catch (Throwable t) {
            HANDLERS.remove(id);
            throw Sqlite3.rethrow(t);
        }
        forget(previous);
        connection.noteProgressHandler(none ? null : handler, none ? 0 : instructions);
        if (!none) {
            org.graalite.runtime.ProgressCounting.handlerSet();
        }
        return id;
    }

    /** Forgets the handler {@code id} (its connection has closed or replaced it). */
    public static void forget(long id) {
        HANDLERS.remove(id);
    }

    /** The upcall: non-zero stops the statement; never lets an exception cross into SQLite. */
    private static int progress(MemorySegment id) {
        BooleanSupplier handler = HANDLERS.get(id.address());
        return handler != null && answer(handler) ? 1 : 0;
    }

    /** Calls {@code handler}: true (stop the statement) if it answers true or fails. */
    public static boolean answer(BooleanSupplier handler) {
        try {
            return handler.getAsBoolean();
        } catch (Throwable t) {
            return true;
        }
    }
}
