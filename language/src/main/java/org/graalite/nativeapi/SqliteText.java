package org.graalite.nativeapi;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/** Text renderings that must be exactly SQLite's, computed by SQLite itself. */
public final class SqliteText {
    // Downcall handles in static final fields: constants the JIT links directly (an enum's
    // final field is not one, and each call then went through the generic invoker).
    private static final java.lang.invoke.MethodHandle REAL_TO_TEXT = NativeFunction.REAL_TO_TEXT.ffm;

    private SqliteText() {
    }

    /**
     * The text of a REAL value as SQLite produces it for {@code CAST(x AS TEXT)} and
     * {@code sqlite3_column_text}: {@code 2.5}, {@code 1.0}, {@code 0.1}, {@code 1.0e+20},
     * {@code Inf}.
     */
    public static String real(double value) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment buf = arena.allocate(32);
            int n;
            try {
                n = (int) REAL_TO_TEXT.invokeExact(value, buf);
            } catch (Throwable t) {
                throw Sqlite3.rethrow(t);
            }
            return Sqlite3.string(buf, n);
        }
    }

    /**
     * Text (UTF-8 bytes) as SQLite's arithmetic reads it: a Long if SQLite counts it as an
     * integer, otherwise a Double (the value of its longest numeric prefix; 0.0 if none).
     */
    public static Number numeric(byte[] utf8) {
        return convert(NativeFunction.TEXT_NUMERIC, utf8, true);
    }

    /**
     * Text (UTF-8 bytes) as an integer where SQLite takes one from it (sqlite3VdbeIntValue: the
     * bitwise operators, %, substr's positions): the integer its leading digits spell
     * (sqlite3Atoi64), saturated; '1.5e2' is 1, not the 150 that arithmetic reads.
     */
    public static long integer(byte[] utf8) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment text = arena.allocate(utf8.length + 1L);
            MemorySegment.copy(utf8, 0, text, java.lang.foreign.ValueLayout.JAVA_BYTE, 0, utf8.length);
            MemorySegment i = arena.allocate(java.lang.foreign.ValueLayout.JAVA_LONG);
            MemorySegment r = arena.allocate(java.lang.foreign.ValueLayout.JAVA_DOUBLE);
            try {
                int kind = (int) NativeFunction.TEXT_NUMERIC.ffm.invokeExact(text, utf8.length, i, r);
                assert kind == 1 || kind == 2;
            } catch (Throwable t) {
                throw Sqlite3.rethrow(t);
            }
            return i.get(java.lang.foreign.ValueLayout.JAVA_LONG, 0);
        }
    }

    /** Text with numeric affinity applied: a Long or Double if it is a well-formed number, else null. */
    public static Number affinityNumeric(byte[] utf8) {
        return convert(NativeFunction.TEXT_AFFINITY_NUMERIC, utf8, false);
    }

    private static Number convert(NativeFunction f, byte[] utf8, boolean always) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment text = arena.allocate(utf8.length + 1L);
            MemorySegment.copy(utf8, 0, text, java.lang.foreign.ValueLayout.JAVA_BYTE, 0, utf8.length);
            MemorySegment i = arena.allocate(java.lang.foreign.ValueLayout.JAVA_LONG);
            MemorySegment r = arena.allocate(java.lang.foreign.ValueLayout.JAVA_DOUBLE);
            int kind;
            try {
                kind = (int) f.ffm.invokeExact(text, utf8.length, i, r);
            } catch (Throwable t) {
                throw Sqlite3.rethrow(t);
            }
            if (kind == 1) {
                return i.get(java.lang.foreign.ValueLayout.JAVA_LONG, 0);
            } else if (kind == 2) {
                return r.get(java.lang.foreign.ValueLayout.JAVA_DOUBLE, 0);
            }
            return always ? Double.valueOf(0) : null;
        }
    }
}
