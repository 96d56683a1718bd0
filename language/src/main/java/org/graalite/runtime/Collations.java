package org.graalite.runtime;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;

/**
 * SQLite's built-in collating sequences for TEXT: BINARY (byte order of the UTF-8 text),
 * NOCASE (ASCII letters folded to lower case, nothing else) and RTRIM (trailing spaces
 * ignored). Values of other storage classes compare the same under every collation.
 */
public final class Collations {
    public static final int BINARY = 0;
    public static final int NOCASE = 1;
    public static final int RTRIM = 2;
    /**
     * Not SQLite's own (a guest's, or an extension's): two texts are ordered by SQLite, which
     * calls it, through the instruction that names it (NativeVdbe.collate); every other pair of
     * values compares as under BINARY. Only the nodes that know their instruction take it.
     */
    public static final int GUEST = 3;

    private Collations() {
    }

    /** The collation of a name, or -1 for one Graalite does not implement (a user collation). */
    public static int of(String name) {
        if (name == null || name.isEmpty() || name.equals("BINARY")) {
            return BINARY;
        } else if (name.equals("NOCASE")) {
            return NOCASE;
        } else if (name.equals("RTRIM")) {
            return RTRIM;
        }
        return -1;
    }

    /**
     * sqlite3MemCompare with a collation. Two integers, two reals (never NaN: SQLite makes
     * NaN a NULL) and two texts under BINARY compare inline; the other pairs, rare in a key or
     * an aggregate, out of line: inlined, SQLite's whole ordering of storage classes was a
     * twentieth of TPC-H's compiled statements.
     */
    public static int compare(Object a, Object b, int collation) {
        if (a instanceof Long x && b instanceof Long y) {
            return Long.compare(x, y);
        } else if (a instanceof Double x && b instanceof Double y) {
            double p = x;
            double q = y;
            return p < q ? -1 : p > q ? 1 : 0;
        } else if (collation == BINARY && a instanceof String x && b instanceof String y) {
            return SqlValues.compareText(x, y);
        }
        return compareOther(a, b, collation);
    }

    /**
     * Whether {@link #compare} finds the two values equal. Texts under BINARY are equal exactly
     * when their characters are (String.equals, which the JIT vectorizes): a probe of an IN list
     * compares its key with each entry, and a full comparison found the order it never needed.
     */
    public static boolean equal(Object a, Object b, int collation) {
        if (collation == BINARY && a instanceof String x && b instanceof String y) {
            return x.equals(y);
        } else if (a instanceof Long x && b instanceof Long y) {
            return x.longValue() == y.longValue();
        }
        return compare(a, b, collation) == 0;
    }

    @TruffleBoundary
    private static int compareOther(Object a, Object b, int collation) {
        if (collation != BINARY && a instanceof String x && b instanceof String y) {
            return compareText(x, y, collation);
        } else if (collation != BINARY && InvalidText.isText(a) && InvalidText.isText(b)) {
            return compareUtf8(InvalidText.utf8(a), InvalidText.utf8(b), collation);
        }
        return SqlValues.compare(a, b);
    }

    /**
     * Two texts, one of them an InvalidText, under NOCASE or RTRIM as SQLite's nocaseCollatingFunc
     * and rtrimCollFunc compare their bytes: NOCASE by sqlite3StrNICmp over the shorter length
     * (ASCII letters folded, stopping at a NUL of the first), RTRIM by memcmp after trailing
     * spaces are dropped; then the shorter first.
     */
    private static int compareUtf8(byte[] a, byte[] b, int collation) {
        int na = a.length;
        int nb = b.length;
        if (collation == RTRIM) {
            while (na > 0 && a[na - 1] == ' ') {
                na--;
            }
            while (nb > 0 && b[nb - 1] == ' ') {
                nb--;
            }
            int c = java.util.Arrays.compareUnsigned(a, 0, na, b, 0, nb);
            return Integer.signum(c);
        }
        int n = Math.min(na, nb);
        for (int i = 0; i < n; i++) {
            int x = fold((char) (a[i] & 0xff));
            int y = fold((char) (b[i] & 0xff));
            if (x != y) {
                return x < y ? -1 : 1;
            } else if (x == 0) {
                break;
            }
        }
        return Integer.compare(na, nb);
    }

    @TruffleBoundary
    static int compareText(String a, String b, int collation) {
        if (collation == RTRIM) {
            return SqlValues.compareText(stripTrailingSpaces(a), stripTrailingSpaces(b));
        }
        int n = Math.min(a.length(), b.length());
        for (int i = 0; i < n; i++) {
            char x = fold(a.charAt(i));
            char y = fold(b.charAt(i));
            if (x != y) {
                return SqlValues.compareText(String.valueOf(x), String.valueOf(y)) < 0 ? -1 : 1;
            }
        }
        return Integer.compare(a.length(), b.length());
    }

    private static char fold(char c) {
        return c >= 'A' && c <= 'Z' ? (char) (c + 32) : c;
    }

    private static String stripTrailingSpaces(String s) {
        int end = s.length();
        while (end > 0 && s.charAt(end - 1) == ' ') {
            end--;
        }
        return s.substring(0, end);
    }
}
