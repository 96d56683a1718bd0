package org.graalite.runtime;

import java.nio.charset.StandardCharsets;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;

import org.graalite.nativeapi.SqliteText;

/**
 * SQLite's value semantics for the Truffle tier's registers. A register holds null (NULL), a
 * Long (INTEGER), a Double (REAL), a String (TEXT), an {@link InvalidText} (TEXT whose bytes
 * are not valid UTF-8) or a byte[] (BLOB). Conversions of text to numbers are SQLite's own
 * (computed natively), because their corner cases are many, except for text that is a plain
 * integer ({@link NumberSyntax#plainInteger}), which has none.
 */
public final class SqlValues {
    private SqlValues() {
    }

    /**
     * SQLite's limit on the bytes of a string, BLOB or record (SQLITE_LIMIT_LENGTH at its
     * default, SQLITE_MAX_LENGTH; while a connection lowers it, statements run on the native
     * tier): Concat and MakeRecord fail with "string or blob too big" beyond it.
     */
    public static final long MAX_LENGTH = 1_000_000_000L;

    /** A TEXT or BLOB value as SQLite's arithmetic reads it: Long or Double. */
    @TruffleBoundary
    public static Number numeric(Object textOrBlob) {
        Long plain = textOrBlob instanceof String s ? NumberSyntax.plainInteger(s) : null;
        return plain != null ? plain : SqliteText.numeric(bytes(textOrBlob));
    }

    /**
     * Numeric affinity applied to a TEXT value: a Long or Double if it is a well-formed number,
     * else the text itself. Most text is not a number (dates, names): {@link NumberSyntax}
     * says so in compiled code, and only text that may be one is converted by SQLite. An
     * {@link InvalidText} is never one (a number is ASCII, and it has a byte of 0x80 or more),
     * so callers pass only Strings and leave it as it is.
     */
    public static Object applyNumericAffinity(String text) {
        if (!NumberSyntax.mayBeNumber(text)) {
            return text;
        }
        Long plain = NumberSyntax.plainInteger(text);
        return plain != null ? plain : convertNumericAffinity(text);
    }

    @TruffleBoundary
    private static Object convertNumericAffinity(String text) {
        Number n = SqliteText.affinityNumeric(text.getBytes(StandardCharsets.UTF_8));
        return n == null ? text : n;
    }

    private static byte[] bytes(Object textOrBlob) {
        if (textOrBlob instanceof String s) {
            return s.getBytes(StandardCharsets.UTF_8);
        } else if (textOrBlob instanceof InvalidText t) {
            return t.bytes();
        }
        return (byte[]) textOrBlob;
    }

    /**
     * The value as an integer after numeric affinity, as MustBeInt and SeekRowid need it:
     * integers, reals with an exact integer value and text that reads as either; null otherwise.
     */
    @TruffleBoundary
    public static Long integerAffinity(Object v) {
        Object n = v instanceof String s ? applyNumericAffinity(s) : v;
        if (n instanceof Long l) {
            return l;
        }
        if (n instanceof Double d && d == Math.rint(d) && d >= -9.223372036854775808e18 && d < 9.223372036854775808e18) {
            return (long) (double) d;
        }
        return null;
    }

    /** sqlite3VdbeRealValue. */
    public static double realValue(Object v) {
        if (v instanceof Long l) {
            return l;
        } else if (v instanceof Double d) {
            return d;
        } else if (v == null) {
            return 0.0;
        }
        return numeric(v).doubleValue();
    }

    /**
     * sqlite3VdbeIntValue: reals convert with SQLite's saturating rule, text and blobs by their
     * leading digits (SqliteText.integer: '1.5e2' is 1 here, though arithmetic reads 150).
     */
    public static long intValue(Object v) {
        if (v instanceof Long l) {
            return l;
        } else if (v instanceof Double d) {
            return doubleToInt(d);
        } else if (v == null) {
            return 0;
        }
        return textInteger(v);
    }

    @TruffleBoundary
    private static long textInteger(Object textOrBlob) {
        Long plain = textOrBlob instanceof String s ? NumberSyntax.plainInteger(s) : null;
        return plain != null ? plain : SqliteText.integer(bytes(textOrBlob));
    }

    /** sqlite3RealToI64: NaN is 0, out-of-range values saturate. */
    public static long doubleToInt(double d) {
        if (d < -9.223372036854775808e18) {
            return Long.MIN_VALUE;
        } else if (d >= 9.223372036854775808e18) {
            return Long.MAX_VALUE;
        }
        return (long) d;
    }

    /** Whether SQLite's arithmetic treats the value as an integer (numericType has MEM_Int). */
    public static boolean isIntegral(Object v) {
        return v instanceof Long || ((v instanceof String || v instanceof byte[] || v instanceof InvalidText) && numeric(v) instanceof Long);
    }

    /**
     * sqlite3MemCompare with the BINARY collation: NULL before numbers, numbers before text,
     * text before blobs; integers and reals compare by value; text compares by UTF-8 bytes
     * (code points), blobs by bytes.
     */
    public static int compare(Object a, Object b) {
        int ca = typeClass(a);
        int cb = typeClass(b);
        if (ca != cb) {
            return ca < cb ? -1 : 1;
        }
        switch (ca) {
            case 0:
                return 0;
            case 1:
                return compareNumbers(a, b);
            case 2:
                if (a instanceof String x && b instanceof String y) {
                    return compareText(x, y);
                }
                return compareUtf8(a, b);
            default:
                return compareBytes((byte[]) a, (byte[]) b);
        }
    }

    private static int typeClass(Object v) {
        if (v == null) {
            return 0;
        } else if (v instanceof Long || v instanceof Double) {
            return 1;
        } else if (v instanceof String || v instanceof InvalidText) {
            return 2;
        }
        return 3;
    }

    static int compareNumbers(Object a, Object b) {
        if (a instanceof Long x && b instanceof Long y) {
            return Long.compare(x, y);
        } else if (a instanceof Double x && b instanceof Double y) {
            return x < y ? -1 : x > y ? 1 : 0;
        } else if (a instanceof Long x) {
            return -compareDoubleToLong((Double) b, x);
        } else {
            return compareDoubleToLong((Double) a, (Long) b);
        }
    }

    /** An INTEGER against a REAL, exactly (sqlite3IntFloatCompare). */
    public static int compareNumbers(long a, double b) {
        return -compareDoubleToLong(b, a);
    }

    /**
     * A double as a register holds it: NaN is NULL. SQLite's registers never hold a NaN: a
     * bound parameter and a function's result become NULL (sqlite3_bind_double,
     * sqlite3_result_double: sqlite3VdbeMemSetDouble), as do a stored REAL read from a record
     * (sqlite3VdbeSerialGet), arithmetic (sqlite3VdbeExec's arithmetic_result_is_null) and an
     * aggregate's result.
     */
    public static Object real(double d) {
        return Double.isNaN(d) ? null : (Object) d;
    }

    /** {@link #real(double)} of a boxed double, kept as it is (no new box on a function's hot path). */
    public static Object real(Double d) {
        return d.isNaN() ? null : d;
    }

    /** A REAL against an INTEGER, exactly (sqlite3IntFloatCompare). */
    public static int compareNumbers(double a, long b) {
        return compareDoubleToLong(a, b);
    }

    /** sqlite3IntFloatCompare, from the real's side: exact even beyond 2^53. */
    private static int compareDoubleToLong(double r, long i) {
        if (Double.isNaN(r)) {
            return -1;
        }
        if (r < -9.223372036854775808e18) {
            return -1;
        }
        if (r >= 9.223372036854775808e18) {
            return 1;
        }
        long y = (long) r;
        if (y < i) {
            return -1;
        } else if (y > i) {
            return 1;
        }
        double s = (double) i;
        return r < s ? -1 : r > s ? 1 : 0;
    }

    /** Text in UTF-8 byte order, which is code point order. */
    @TruffleBoundary
    public static int compareText(String a, String b) {
        if (a.equals(b)) {
            // Equal texts are the common case where rows are grouped (GROUP BY's change
            // detection compares every key of every row with the last one) and String.equals is
            // one vectorized comparison, where the loop below reads a char at a time.
            return 0;
        }
        int n = Math.min(a.length(), b.length());
        for (int i = 0; i < n; i++) {
            char x = a.charAt(i);
            char y = b.charAt(i);
            if (x != y) {
                // Surrogates (code points above U+FFFF) sort after every other UTF-16 unit in UTF-8 order.
                boolean sx = Character.isSurrogate(x);
                boolean sy = Character.isSurrogate(y);
                if (sx != sy) {
                    return sx ? 1 : -1;
                }
                return x < y ? -1 : 1;
            }
        }
        return Integer.compare(a.length(), b.length());
    }

    /** Two texts, one or both an InvalidText, by their UTF-8 bytes (BINARY's memcmp). */
    @TruffleBoundary
    static int compareUtf8(Object a, Object b) {
        return compareBytes(InvalidText.utf8(a), InvalidText.utf8(b));
    }

    @TruffleBoundary
    static int compareBytes(byte[] a, byte[] b) {
        return java.util.Arrays.compareUnsigned(a, b);
    }

    /** The value as a guest sees it: byte[] becomes a BLOB object, null the NULL object. */
    public static Object toInterop(Object v) {
        return toInterop(v, false);
    }

    /**
     * As {@link #toInterop(Object)}; a TEXT value that is not valid UTF-8 is its bytes (a BLOB
     * object that says it is such text) if {@code invalidTextAsBytes}, else a String with
     * U+FFFD for what is malformed (see Database#invalidTextAsBytes).
     */
    public static Object toInterop(Object v, boolean invalidTextAsBytes) {
        if (v == null) {
            return org.graalite.interop.SqlNull.INSTANCE;
        } else if (v instanceof byte[] b) {
            return new org.graalite.interop.SqlBlob(b);
        } else if (v instanceof InvalidText t) {
            return invalidTextAsBytes ? new org.graalite.interop.SqlBlob(t.bytes(), true) : t.toString();
        }
        return v;
    }

    /**
     * An argument of a guest function or aggregate: as {@link #toInterop}, but an integer that
     * fits in 32 bits is passed as an Integer. Guests see the same number either way; JavaScript
     * keeps an int in its fastest representation and compares it without conversion, where a
     * Long takes its general number path at every use.
     */
    public static Object toGuestArgument(Object v) {
        if (v instanceof Long l && l == (int) (long) l) {
            return (int) (long) l;
        }
        return toInterop(v);
    }
}
