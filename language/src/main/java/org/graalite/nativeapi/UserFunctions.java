package org.graalite.nativeapi;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import org.graalite.runtime.SqliteException;

/**
 * User functions on SQLite's side: each is registered with sqlite3_create_function_v2 and one
 * shared FFM upcall, whose user-data pointer is the function's id. When SQLite's own VDBE (the
 * native tier) calls it, the upcall converts the arguments to Java values (null, Long, Double,
 * String, byte[]), runs the {@link Implementation} and sets SQLite's result. On the Truffle
 * tier the same functions are called from Java directly and this path is not used.
 */
public final class UserFunctions {
    // Downcall handles in static final fields: constants the JIT links directly (an enum's
    // final field is not one, and each call then went through the generic invoker).
    private static final java.lang.invoke.MethodHandle AGGREGATE_CONTEXT = NativeFunction.AGGREGATE_CONTEXT.ffm();
    private static final java.lang.invoke.MethodHandle CREATE_FUNCTION_V2 = NativeFunction.CREATE_FUNCTION_V2.ffm();
    private static final java.lang.invoke.MethodHandle CREATE_WINDOW_FUNCTION = NativeFunction.CREATE_WINDOW_FUNCTION.ffm();
    private static final java.lang.invoke.MethodHandle RESULT_BLOB = NativeFunction.RESULT_BLOB.ffm();
    private static final java.lang.invoke.MethodHandle RESULT_DOUBLE = NativeFunction.RESULT_DOUBLE.ffm();
    private static final java.lang.invoke.MethodHandle RESULT_ERROR = NativeFunction.RESULT_ERROR.ffm();
    private static final java.lang.invoke.MethodHandle RESULT_INT64 = NativeFunction.RESULT_INT64.ffm();
    private static final java.lang.invoke.MethodHandle RESULT_NULL = NativeFunction.RESULT_NULL.ffm();
    private static final java.lang.invoke.MethodHandle RESULT_TEXT = NativeFunction.RESULT_TEXT.ffm();
    private static final java.lang.invoke.MethodHandle USER_DATA = NativeFunction.USER_DATA.ffm();
    private static final java.lang.invoke.MethodHandle VALUE_BLOB = NativeFunction.VALUE_BLOB.ffm();
    private static final java.lang.invoke.MethodHandle VALUE_BYTES = NativeFunction.VALUE_BYTES.ffm();
    private static final java.lang.invoke.MethodHandle VALUE_DOUBLE = NativeFunction.VALUE_DOUBLE.ffm();
    private static final java.lang.invoke.MethodHandle VALUE_INT64 = NativeFunction.VALUE_INT64.ffm();
    private static final java.lang.invoke.MethodHandle VALUE_TEXT = NativeFunction.VALUE_TEXT.ffm();
    private static final java.lang.invoke.MethodHandle VALUE_TYPE = NativeFunction.VALUE_TYPE.ffm();

    /** What a user function computes; throwing {@link SqliteException} reports an SQL error. */
    public interface Implementation {
        Object apply(Object[] arguments);
    }

    /** A user aggregate: a new accumulator per group, a step per row, a final value. */
    public interface Aggregate {
        Object start();

        /** Steps {@code accumulator} with one row's arguments; returns the accumulator to keep. */
        Object step(Object accumulator, Object[] arguments);

        Object finish(Object accumulator);

        /** The value of a group without rows: by default that of a fresh accumulator. */
        default Object finishWithoutRows() {
            return finish(start());
        }

        /** A window function's current value, the accumulator staying as it is (xValue). */
        default Object value(Object accumulator) {
            throw new SqliteException(1, "not a window function");
        }

        /** Removes one row's arguments from a window function's accumulator (xInverse); returns the accumulator to keep. */
        default Object inverse(Object accumulator, Object[] arguments) {
            throw new SqliteException(1, "not a window function");
        }
    }

    private static final ConcurrentHashMap<Long, Implementation> IMPLEMENTATIONS = new ConcurrentHashMap<>();
    private static final ConcurrentHashMap<Long, Aggregate> AGGREGATES = new ConcurrentHashMap<>();
    /** The accumulators of aggregate calls under way, by the id kept in SQLite's aggregate context. */
    private static final ConcurrentHashMap<Long, Object> ACCUMULATORS = new ConcurrentHashMap<>();
    private static final AtomicLong IDS = new AtomicLong(1);
    private static final MemorySegment UPCALL = upcall("call", MethodType.methodType(void.class, MemorySegment.class, int.class, MemorySegment.class),
                    FunctionDescriptor.ofVoid(ValueLayout.ADDRESS, ValueLayout.JAVA_INT, ValueLayout.ADDRESS));
    /** xDestroy: SQLite drops a function (redefined, or its connection closed); forget its implementation. */
    private static final MemorySegment DESTROY = upcall("destroy", MethodType.methodType(void.class, MemorySegment.class), FunctionDescriptor.ofVoid(ValueLayout.ADDRESS));
    /** SQLITE_UTF8, the text encoding every function is registered with. */
    public static final int UTF8 = 1;
    /** sqlite3_create_function_v2's function flags a caller may ask for: SQLITE_DETERMINISTIC, SQLITE_DIRECTONLY, SQLITE_INNOCUOUS. */
    public static final int DETERMINISTIC = 0x000000800;
    public static final int DIRECT_ONLY = 0x000080000;
    public static final int INNOCUOUS = 0x000200000;
    public static final int FLAGS = DETERMINISTIC | DIRECT_ONLY | INNOCUOUS;

    /**
     * The exception a guest function or aggregate threw during a native step, on this thread:
     * SQLite only learns that the call failed; the statement then rethrows this exception
     * itself, as the Truffle tier does.
     */
    private static final PendingExceptions PENDING = new PendingExceptions();

    private UserFunctions() {
    }

    /**
     * The guest exception of the last failed native call on this thread, once; null if none.
     * A step that succeeded drops it too: SQLite ignores the error of a window function's
     * final call, which must not stand for a later step's error.
     */
    public static RuntimeException takePending() {
        return PENDING.take();
    }

    private static void failed(MemorySegment context, Throwable t) {
        if (t instanceof RuntimeException r && !(t instanceof SqliteException)) {
            PENDING.keep(r);
        }
        error(context, t instanceof SqliteException ? t.getMessage() : t.getMessage() == null ? t.toString() : t.getMessage());
    }

    private static MemorySegment upcall(String method, MethodType type, FunctionDescriptor descriptor) {
        return upcall(MethodHandles.lookup(), method, type, descriptor);
    }

    /** An upcall stub, for the life of the process, of the static method {@code method} of {@code lookup}'s class. */
    static MemorySegment upcall(MethodHandles.Lookup lookup, String method, MethodType type, FunctionDescriptor descriptor) {
        try {
            var handle = lookup.findStatic(lookup.lookupClass(), method, type);
            return Linker.nativeLinker().upcallStub(handle, descriptor, Arena.global());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    private static final MemorySegment STEP = upcall("step", MethodType.methodType(void.class, MemorySegment.class, int.class, MemorySegment.class),
                    FunctionDescriptor.ofVoid(ValueLayout.ADDRESS, ValueLayout.JAVA_INT, ValueLayout.ADDRESS));
    private static final MemorySegment FINAL = upcall("finish", MethodType.methodType(void.class, MemorySegment.class), FunctionDescriptor.ofVoid(ValueLayout.ADDRESS));
    private static final MemorySegment VALUE = upcall("windowValue", MethodType.methodType(void.class, MemorySegment.class), FunctionDescriptor.ofVoid(ValueLayout.ADDRESS));
    private static final MemorySegment INVERSE = upcall("inverse", MethodType.methodType(void.class, MemorySegment.class, int.class, MemorySegment.class),
                    FunctionDescriptor.ofVoid(ValueLayout.ADDRESS, ValueLayout.JAVA_INT, ValueLayout.ADDRESS));

    /**
     * The guest function SQLite calls for a function of user data {@code userData} and C
     * function {@code implementation} (a FuncDef's), or null when another defined it (SQLite, an
     * extension): the user data alone could be an extension's small integer.
     */
    public static Implementation implementationOf(long userData, long implementation) {
        return implementation == UPCALL.address() ? IMPLEMENTATIONS.get(userData) : null;
    }

    /** As {@link #implementationOf}, for an aggregate (its step). */
    public static Aggregate aggregateOf(long userData, long step) {
        return step == STEP.address() ? AGGREGATES.get(userData) : null;
    }

    private static void destroy(MemorySegment userData) {
        IMPLEMENTATIONS.remove(userData.address());
        AGGREGATES.remove(userData.address());
    }

    /** Registers the aggregate {@code name} with {@code arguments} arguments (-1: any number). */
    public static void registerAggregate(NativeConnection connection, String name, int arguments, int flags, Aggregate aggregate) {
        long id = IDS.getAndIncrement();
        AGGREGATES.put(id, aggregate);
        int rc;
        try (Arena arena = Arena.ofConfined()) {
            rc = (int) CREATE_FUNCTION_V2.invokeExact(connection.db(), arena.allocateFrom(name), arguments, UTF8 | (flags & FLAGS), MemorySegment.ofAddress(id), MemorySegment.NULL,
                            STEP, FINAL, DESTROY);
        } catch (Throwable t) {
            throw Sqlite3.rethrow(t);
        }
        if (rc != Sqlite3.OK) {
            AGGREGATES.remove(id);
            throw connection.lastError(rc);
        }
    }

    /** The address of the 8 bytes SQLite keeps per aggregate call; allocate 0 only looks (0 if never allocated). */
    private static long aggregateContext(MemorySegment context, int allocate) throws Throwable {
        return ((MemorySegment) AGGREGATE_CONTEXT.invokeExact(context, allocate)).address();
    }

    private static void step(MemorySegment context, int argc, MemorySegment argv) {
        stepOrInverse(context, argc, argv, false);
    }

    /** xInverse of a window function: the row leaves the frame. */
    private static void inverse(MemorySegment context, int argc, MemorySegment argv) {
        stepOrInverse(context, argc, argv, true);
    }

    private static void stepOrInverse(MemorySegment context, int argc, MemorySegment argv, boolean inverse) {
        try {
            Aggregate aggregate = AGGREGATES.get(((MemorySegment) USER_DATA.invokeExact(context)).address());
            long key = accumulatorKey(context, aggregate);
            if (key == 0) {
                return;
            }
            Object[] arguments = arguments(argc, argv);
            Object accumulator = ACCUMULATORS.get(key);
            Object next = inverse ? aggregate.inverse(accumulator, arguments) : aggregate.step(accumulator, arguments);
            if (next != accumulator) {
                ACCUMULATORS.put(key, next);
            }
        } catch (Throwable t) {
            failed(context, t);
        }
    }

    /**
     * The key of the call's accumulator in SQLite's aggregate context, made (with a new
     * accumulator) on the first use; 0 after reporting "out of memory".
     */
    private static long accumulatorKey(MemorySegment context, Aggregate aggregate) throws Throwable {
        long slot = aggregateContext(context, 8);
        if (slot == 0) {
            error(context, "out of memory");
            return 0;
        }
        long key = NativeVdbe.MEMORY.get(ValueLayout.JAVA_LONG, slot);
        if (key == 0) {
            // Made before the key is kept: when start() fails, the context holds no key of an
            // accumulator that does not exist.
            Object accumulator = aggregate.start();
            key = IDS.getAndIncrement();
            ACCUMULATORS.put(key, accumulator);
            NativeVdbe.MEMORY.set(ValueLayout.JAVA_LONG, slot, key);
        }
        return key;
    }

    /** xValue of a window function: the value of the frame so far. */
    private static void windowValue(MemorySegment context) {
        try {
            Aggregate aggregate = AGGREGATES.get(((MemorySegment) USER_DATA.invokeExact(context)).address());
            long key = accumulatorKey(context, aggregate);
            if (key != 0) {
                result(context, aggregate.value(ACCUMULATORS.get(key)));
            }
        } catch (Throwable t) {
            failed(context, t);
        }
    }

    private static void finish(MemorySegment context) {
        try {
            Aggregate aggregate = AGGREGATES.get(((MemorySegment) USER_DATA.invokeExact(context)).address());
            long slot = aggregateContext(context, 0);
            long key = slot == 0 ? 0 : NativeVdbe.MEMORY.get(ValueLayout.JAVA_LONG, slot);
            result(context, key == 0 ? aggregate.finishWithoutRows() : aggregate.finish(ACCUMULATORS.remove(key)));
        } catch (Throwable t) {
            failed(context, t);
        }
    }

    /**
     * Registers the window function {@code name} (an aggregate with {@link Aggregate#value} and
     * {@link Aggregate#inverse}) with {@code arguments} arguments; a null {@code aggregate}
     * removes the function of that name and argument count.
     */
    public static void registerWindowFunction(NativeConnection connection, String name, int arguments, int flags, Aggregate aggregate) {
        long id = aggregate == null ? 0 : IDS.getAndIncrement();
        if (aggregate != null) {
            AGGREGATES.put(id, aggregate);
        }
        MemorySegment step = aggregate == null ? MemorySegment.NULL : STEP;
        MemorySegment finish = aggregate == null ? MemorySegment.NULL : FINAL;
        MemorySegment value = aggregate == null ? MemorySegment.NULL : VALUE;
        MemorySegment inverse = aggregate == null ? MemorySegment.NULL : INVERSE;
        MemorySegment destroy = aggregate == null ? MemorySegment.NULL : DESTROY;
        int rc;
        try (Arena arena = Arena.ofConfined()) {
            rc = (int) CREATE_WINDOW_FUNCTION.invokeExact(connection.db(), arena.allocateFrom(name), arguments, UTF8 | (flags & FLAGS), MemorySegment.ofAddress(id), step, finish, value, inverse, destroy);
        } catch (Throwable t) {
            throw Sqlite3.rethrow(t);
        }
        if (rc != Sqlite3.OK) {
            AGGREGATES.remove(id);
            throw connection.lastError(rc);
        }
    }

    /** Registers {@code name} with {@code arguments} arguments (-1: any number) on {@code connection}. */
    public static void register(NativeConnection connection, String name, int arguments, int flags, Implementation implementation) {
        long id = IDS.getAndIncrement();
        IMPLEMENTATIONS.put(id, implementation);
        int rc;
        try (Arena arena = Arena.ofConfined()) {
            rc = (int) CREATE_FUNCTION_V2.invokeExact(connection.db(), arena.allocateFrom(name), arguments, UTF8 | (flags & FLAGS),
                            MemorySegment.ofAddress(id), UPCALL, MemorySegment.NULL, MemorySegment.NULL, DESTROY);
        } catch (Throwable t) {
            throw Sqlite3.rethrow(t);
        }
        if (rc != Sqlite3.OK) {
            // On failure SQLite has already called xDestroy.
            IMPLEMENTATIONS.remove(id);
            throw connection.lastError(rc);
        }
    }

    /** The upcall: never lets an exception cross into SQLite. */
    private static void call(MemorySegment context, int argc, MemorySegment argv) {
        try {
            long id = ((MemorySegment) USER_DATA.invokeExact(context)).address();
            Implementation f = IMPLEMENTATIONS.get(id);
            Object[] arguments = arguments(argc, argv);
            result(context, f.apply(arguments));
        } catch (Throwable t) {
            failed(context, t);
        }
    }

    /**
     * The call's {@code argc} sqlite3_values at {@code argv} as the SQL values of the Truffle
     * tier's registers ({@link #value}, with TEXT that is not valid UTF-8 an InvalidText): a
     * function or aggregate gets them as it gets them there.
     */
    private static Object[] arguments(int argc, MemorySegment argv) throws Throwable {
        Object[] arguments = new Object[argc];
        for (int i = 0; i < argc; i++) {
            arguments[i] = value(Sqlite3.pointerAt(argv, i), true);
        }
        return arguments;
    }

    /** An sqlite3_value as a Java value: null, Long, Double, String or byte[] (also for VirtualTables). */
    static Object value(MemorySegment v) throws Throwable {
        return value(v, false);
    }

    /** As {@link #value(MemorySegment)}; with {@code keepInvalidText}, TEXT that is not valid UTF-8 is an InvalidText. */
    private static Object value(MemorySegment v, boolean keepInvalidText) throws Throwable {
        switch ((int) VALUE_TYPE.invokeExact(v)) {
            case NativeStatement.INTEGER:
                return (long) VALUE_INT64.invokeExact(v);
            case NativeStatement.FLOAT:
                return (double) VALUE_DOUBLE.invokeExact(v);
            case NativeStatement.TEXT: {
                MemorySegment p = (MemorySegment) VALUE_TEXT.invokeExact(v);
                int n = (int) VALUE_BYTES.invokeExact(v);
                return keepInvalidText ? Sqlite3.text(p, n) : Sqlite3.string(p, n);
            }
            case NativeStatement.BLOB: {
                MemorySegment p = (MemorySegment) VALUE_BLOB.invokeExact(v);
                int n = (int) VALUE_BYTES.invokeExact(v);
                return n == 0 ? new byte[0] : Sqlite3.bytesAt(p, n);
            }
            default:
                return null;
        }
    }

    /** Sets the result of SQLite context {@code context} to the Java value {@code r} (also for VirtualTables). */
    static void result(MemorySegment context, Object r) throws Throwable {
        if (r == null) {
            RESULT_NULL.invokeExact(context);
        } else if (r instanceof Long l) {
            RESULT_INT64.invokeExact(context, (long) l);
        } else if (r instanceof Double d) {
            RESULT_DOUBLE.invokeExact(context, (double) d);
        } else {
            boolean text = org.graalite.runtime.InvalidText.isText(r);
            byte[] bytes = text ? org.graalite.runtime.InvalidText.utf8(r) : (byte[]) r;
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment m = arena.allocate(Math.max(1, bytes.length));
                MemorySegment.copy(bytes, 0, m, ValueLayout.JAVA_BYTE, 0, bytes.length);
                if (text) {
                    RESULT_TEXT.invokeExact(context, m, bytes.length, Sqlite3.TRANSIENT);
                } else {
                    RESULT_BLOB.invokeExact(context, m, bytes.length, Sqlite3.TRANSIENT);
                }
            }
        }
    }

    /** Sets the error of SQLite context {@code context}; never throws (also for VirtualTables). */
    static void error(MemorySegment context, String message) {
        try (Arena arena = Arena.ofConfined()) {
            byte[] bytes = message.getBytes(StandardCharsets.UTF_8);
            MemorySegment m = arena.allocate(bytes.length + 1L);
            MemorySegment.copy(bytes, 0, m, ValueLayout.JAVA_BYTE, 0, bytes.length);
            RESULT_ERROR.invokeExact(context, m, bytes.length);
        } catch (Throwable t) {
            // Nothing more can be reported; SQLite keeps a NULL result.
        }
    }
}
