package org.graalite.nativeapi;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/** Text renderings that must be exactly SQLite's, computed by SQLite itself. */
public final class SqliteText {
    // Downcall handles in static final fields: constants the JIT links directly (an enum's
    // final field is not one, and each call then went through the generic invoker).
    private static final java.lang.invoke.MethodHandle REAL_TO_TEXT = NativeFunction.REAL_TO_TEXT.ffm();

    private SqliteText() {
    }

    // Conversions use the thread's block of native memory (ThreadScratch).

    /** Where the scratch holds a conversion's integer and real results, and then its text. */
    private static final long INTEGER_AT = 0;
    private static final long REAL_AT = 8;
    private static final long TEXT_AT = 16;

    /**
     * The text of a REAL value as SQLite produces it for {@code CAST(x AS TEXT)} and
     * {@code sqlite3_column_text}: {@code 2.5}, {@code 1.0}, {@code 0.1}, {@code 1.0e+20},
     * {@code Inf}.
     */
    public static String real(double value) {
        MemorySegment buf = ThreadScratch.block();
        int n;
        try {
            n = (int) REAL_TO_TEXT.invokeExact(value, buf);
        } catch (Throwable t) {
            throw Sqlite3.rethrow(t);
        }
        return Sqlite3.string(buf, n);
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
        if (!fitsScratch(utf8)) {
            try (Arena arena = Arena.ofConfined()) {
                return integer(withText(arena.allocate(TEXT_AT + utf8.length + 1, 16), utf8), utf8.length);
            }
        }
        return integer(withText(ThreadScratch.block(), utf8), utf8.length);
    }

    private static long integer(MemorySegment m, int length) {
        try {
            int kind = (int) NativeFunction.TEXT_NUMERIC.ffm().invokeExact(m.asSlice(TEXT_AT), length, m.asSlice(INTEGER_AT, 8), m.asSlice(REAL_AT, 8));
            assert kind == 1 || kind == 2;
        } catch (Throwable t) {
            throw Sqlite3.rethrow(t);
        }
        return m.get(java.lang.foreign.ValueLayout.JAVA_LONG, INTEGER_AT);
    }

    /** Text with numeric affinity applied: a Long or Double if it is a well-formed number, else null. */
    public static Number affinityNumeric(byte[] utf8) {
        return convert(NativeFunction.TEXT_AFFINITY_NUMERIC, utf8, false);
    }

    private static Number convert(NativeFunction f, byte[] utf8, boolean always) {
        if (!fitsScratch(utf8)) {
            try (Arena arena = Arena.ofConfined()) {
                return convert(withText(arena.allocate(TEXT_AT + utf8.length + 1, 16), utf8), f, utf8.length, always);
            }
        }
        return convert(withText(ThreadScratch.block(), utf8), f, utf8.length, always);
    }

    private static Number convert(MemorySegment m, NativeFunction f, int length, boolean always) {
        int kind;
        try {
            kind = (int) f.ffm().invokeExact(m.asSlice(TEXT_AT), length, m.asSlice(INTEGER_AT, 8), m.asSlice(REAL_AT, 8));
        } catch (Throwable t) {
            throw Sqlite3.rethrow(t);
        }
        if (kind == 1) {
            return m.get(java.lang.foreign.ValueLayout.JAVA_LONG, INTEGER_AT);
        } else if (kind == 2) {
            return m.get(java.lang.foreign.ValueLayout.JAVA_DOUBLE, REAL_AT);
        }
        return always ? Double.valueOf(0) : null;
    }

    private static boolean fitsScratch(byte[] utf8) {
        return TEXT_AT + utf8.length + 1 <= ThreadScratch.SIZE;
    }

    /** {@code m} with {@code utf8} and a NUL after it at {@link #TEXT_AT}: SQLite parses the text in place. */
    private static MemorySegment withText(MemorySegment m, byte[] utf8) {
        Sqlite3.copyInto(utf8, m, TEXT_AT);
        m.set(java.lang.foreign.ValueLayout.JAVA_BYTE, TEXT_AT + utf8.length, (byte) 0);
        return m;
    }
}
