package org.graalite.runtime;

import com.oracle.truffle.api.CompilerDirectives.CompilationFinal;
import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.nodes.ExplodeLoop;

/**
 * Which arguments of a call are INTEGERs, as a string of one character per argument: '1' for
 * an INTEGER, '0' for any other value. A guest function or aggregate created with integer
 * kinds receives it as an extra argument right before its SQL arguments, so that its guest
 * module can tell an INTEGER 5 from a REAL 5.0, which JavaScript numbers cannot (better-sqlite3's
 * safe integers give INTEGERs as BigInt and REALs as numbers). The result rows' counterpart is
 * the connection object's {@code integerColumns(row)}.
 *
 * <p>An INTEGER is a {@link Long} wherever SQL values are held (the Truffle tier's registers,
 * the arguments SQLite's VDBE hands to {@code UserFunctions}). Calls of up to {@link #CACHED}
 * arguments share prebuilt strings, so that a compiled call allocates nothing for them.
 */
public final class IntegerKinds {
    /** The largest argument count whose strings are prebuilt (2^(n+1)-1 strings in all). */
    static final int CACHED = 6;

    /** STRINGS[n][mask]: the string of n arguments where bit i of mask says argument i is an INTEGER. */
    @CompilationFinal(dimensions = 2) private static final String[][] STRINGS = prebuilt();

    private IntegerKinds() {
    }

    private static String[][] prebuilt() {
        String[][] strings = new String[CACHED + 1][];
        for (int n = 0; n <= CACHED; n++) {
            strings[n] = new String[1 << n];
            for (int mask = 0; mask < 1 << n; mask++) {
                char[] kinds = new char[n];
                for (int i = 0; i < n; i++) {
                    kinds[i] = (mask & (1 << i)) != 0 ? '1' : '0';
                }
                strings[n][mask] = new String(kinds);
            }
        }
        return strings;
    }

    /** The kinds of all of {@code values}. */
    public static String of(Object[] values) {
        return of(values, 0, values.length);
    }

    /**
     * The kinds of values[first..first+count-1]; on the Truffle tier {@code count} is a
     * constant of the calling node, so the loop unrolls and the string is a table lookup.
     */
    @ExplodeLoop
    public static String of(Object[] values, int first, int count) {
        if (count > CACHED) {
            return built(values, first, count);
        }
        int mask = 0;
        for (int i = 0; i < count; i++) {
            if (values[first + i] instanceof Long) {
                mask |= 1 << i;
            }
        }
        return STRINGS[count][mask];
    }

    /** Many arguments (varargs calls, wide functions): out of line, a string of their own. */
    @TruffleBoundary
    private static String built(Object[] values, int first, int count) {
        char[] kinds = new char[count];
        for (int i = 0; i < count; i++) {
            kinds[i] = values[first + i] instanceof Long ? '1' : '0';
        }
        return new String(kinds);
    }
}
