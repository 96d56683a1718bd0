package org.graalite.jdbc;

import java.nio.charset.StandardCharsets;

import org.graalite.nativeapi.SqliteText;
import org.graalite.runtime.InvalidText;

/**
 * SQLite's own value conversions, done in Java on the values of a row: what
 * {@code sqlite3_column_int64}, {@code sqlite3_column_double}, {@code sqlite3_column_text} and
 * {@code sqlite3_column_blob} return for a value of another storage class. sqlite-jdbc's getters
 * call those functions, so these conversions make Graalite's getters give the same answers.
 *
 * <p>A row value is a Long (INTEGER), Double (REAL), String or InvalidText (TEXT, the second
 * when its bytes are not valid UTF-8), byte[] (BLOB) or null.
 */
final class SqliteValues {
    static final int INTEGER = 1;
    static final int FLOAT = 2;
    static final int TEXT = 3;
    static final int BLOB = 4;
    static final int NULL = 5;

    private SqliteValues() {
    }

    /** SQLite's storage class code of a row value (sqlite3_column_type). */
    static int type(Object v) {
        if (v == null) {
            return NULL;
        } else if (v instanceof Long) {
            return INTEGER;
        } else if (v instanceof Double) {
            return FLOAT;
        } else if (v instanceof String || v instanceof InvalidText) {
            return TEXT;
        }
        return BLOB;
    }

    /** sqlite3_column_int64: REAL truncates (saturating), TEXT and BLOB parse a leading integer. */
    static long toLong(Object v) {
        if (v instanceof Long l) {
            return l;
        } else if (v instanceof Double d) {
            return realToLong(d);
        } else if (v instanceof String s) {
            return parseLong(s);
        } else if (v instanceof InvalidText t) {
            return parseLong(t.toString());
        } else if (v instanceof byte[] b) {
            return parseLong(new String(b, StandardCharsets.UTF_8));
        }
        return 0;
    }

    /** sqlite3_column_double: TEXT and BLOB parse a leading number, NULL is 0.0. */
    static double toDouble(Object v) {
        if (v instanceof Double d) {
            return d;
        } else if (v instanceof Long l) {
            return l.doubleValue();
        } else if (v instanceof String s) {
            return parseDouble(s);
        } else if (v instanceof InvalidText t) {
            return parseDouble(t.toString());
        } else if (v instanceof byte[] b) {
            return parseDouble(new String(b, StandardCharsets.UTF_8));
        }
        return 0.0;
    }

    /** sqlite3_column_text: numbers in SQLite's rendering, BLOB bytes read as UTF-8, NULL null. */
    static String toText(Object v) {
        if (v == null || v instanceof String) {
            return (String) v;
        } else if (v instanceof Long l) {
            return l.toString();
        } else if (v instanceof Double d) {
            return SqliteText.real(d);
        } else if (v instanceof InvalidText t) {
            return t.toString();
        }
        return new String((byte[]) v, StandardCharsets.UTF_8);
    }

    /** sqlite3_column_blob: the bytes of the value's text for numbers and TEXT, NULL null. */
    static byte[] toBytes(Object v) {
        if (v == null || v instanceof byte[]) {
            return (byte[]) v;
        } else if (v instanceof InvalidText t) {
            return t.bytes().clone();
        }
        return toText(v).getBytes(StandardCharsets.UTF_8);
    }

    /** sqlite3RealToI64: values beyond the 64-bit range saturate. */
    static long realToLong(double r) {
        if (r < -9223372036854774784.0) {
            return Long.MIN_VALUE;
        }
        if (r > 9223372036854774784.0) {
            return Long.MAX_VALUE;
        }
        return (long) r;
    }

    private static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == 0x0b;
    }

    /**
     * sqlite3Atoi64 as sqlite3_column_int64 uses it: optional spaces and sign, then the leading
     * decimal digits; anything after them is ignored; out-of-range values saturate.
     */
    static long parseLong(String s) {
        int n = s.length();
        int i = 0;
        while (i < n && isSpace(s.charAt(i))) {
            i++;
        }
        boolean negative = false;
        if (i < n && (s.charAt(i) == '-' || s.charAt(i) == '+')) {
            negative = s.charAt(i) == '-';
            i++;
        }
        while (i < n && s.charAt(i) == '0') {
            i++;
        }
        int start = i;
        while (i < n && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
            i++;
        }
        int digits = i - start;
        if (digits == 0) {
            return 0;
        }
        if (digits > 19) {
            return negative ? Long.MIN_VALUE : Long.MAX_VALUE;
        }
        String d = s.substring(start, i);
        if (digits == 19) {
            int c = d.compareTo("9223372036854775808");
            if (c >= 0) {
                return negative ? Long.MIN_VALUE : Long.MAX_VALUE;
            }
        }
        long u = Long.parseLong(d);
        return negative ? -u : u;
    }

    /**
     * sqlite3AtoF as sqlite3_column_double uses it: the longest leading decimal number (sign,
     * digits, fraction, exponent); 0.0 when there is none.
     */
    static double parseDouble(String s) {
        int n = s.length();
        int i = 0;
        while (i < n && isSpace(s.charAt(i))) {
            i++;
        }
        int start = i;
        if (i < n && (s.charAt(i) == '-' || s.charAt(i) == '+')) {
            i++;
        }
        int intDigits = 0;
        while (i < n && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
            i++;
            intDigits++;
        }
        int fracDigits = 0;
        if (i < n && s.charAt(i) == '.') {
            int j = i + 1;
            while (j < n && s.charAt(j) >= '0' && s.charAt(j) <= '9') {
                j++;
                fracDigits++;
            }
            if (intDigits > 0 || fracDigits > 0) {
                i = j;
            }
        }
        if (intDigits == 0 && fracDigits == 0) {
            return 0.0;
        }
        int end = i;
        if (i < n && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
            int j = i + 1;
            if (j < n && (s.charAt(j) == '-' || s.charAt(j) == '+')) {
                j++;
            }
            int expStart = j;
            while (j < n && s.charAt(j) >= '0' && s.charAt(j) <= '9') {
                j++;
            }
            if (j > expStart) {
                end = j;
            }
        }
        String number = s.substring(start, end);
        if (number.endsWith(".")) {
            number = number + "0";
        }
        if (number.startsWith(".") || number.startsWith("-.") || number.startsWith("+.")) {
            number = number.replace(".", "0.");
        }
        try {
            return Double.parseDouble(number);
        } catch (NumberFormatException e) {
            return 0.0;
        }
    }
}
