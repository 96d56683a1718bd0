package org.graalite.slt;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.graalite.nativeapi.SqliteText;

/**
 * Result values as sqllogictest prints them, sorted and hashed the way its reference runner
 * (SQLite's {@code slt_sqlite.c} and {@code sqllogictest.c}) does.
 *
 * <p>Each value is formatted by the type letter of its column, the way the reference runner reads
 * it through SQLite's C API: NULL is {@code NULL} whatever the type; {@code I} is
 * {@code sqlite3_column_int64} printed with {@code %lld}; {@code R} is
 * {@code sqlite3_column_double} printed with SQLite's {@code %.3f}; {@code T} is
 * {@code sqlite3_column_text}, {@code (empty)} if empty, every byte outside {@code ' '..'~'}
 * replaced by {@code @}. Sorting compares the formatted text ({@code strcmp}); the hash is the MD5
 * of every value followed by a newline.
 */
final class SltValues {
    /** A prefix of a text that SQLite reads as a number (sqlite3AtoF). */
    private static final Pattern REAL_PREFIX = Pattern.compile("^[ \\t\\n\\f\\r\\x0B]*([+-]?(?:\\d+\\.?\\d*|\\.\\d+)(?:[eE][+-]?\\d+)?)");

    private static final MathContext DECODE_DIGITS = new MathContext(18, RoundingMode.HALF_EVEN);

    private static final MathContext MAX_PRINTF_DIGITS = new MathContext(16, RoundingMode.HALF_UP);

    private SltValues() {
    }

    /**
     * The values of {@code rows} formatted with {@code types} (one letter per column), in the
     * order of {@code sortMode}.
     *
     * @throws IllegalArgumentException if the rows have another number of columns than types
     */
    static List<String> format(List<List<Object>> rows, int columnCount, String types, SltScript.SortMode sortMode) {
        if (columnCount != types.length()) {
            throw new IllegalArgumentException("the query has " + columnCount + " columns, the record's type string " + types + " has " + types.length());
        }
        List<String[]> formatted = new ArrayList<>(rows.size());
        for (List<Object> row : rows) {
            String[] values = new String[columnCount];
            for (int i = 0; i < columnCount; i++) {
                values[i] = format(row.get(i), types.charAt(i));
            }
            formatted.add(values);
        }
        if (sortMode == SltScript.SortMode.ROWSORT) {
            formatted.sort(SltValues::compareRows);
        }
        List<String> values = new ArrayList<>(rows.size() * columnCount);
        for (String[] row : formatted) {
            values.addAll(Arrays.asList(row));
        }
        if (sortMode == SltScript.SortMode.VALUESORT) {
            values.sort(Comparator.naturalOrder());
        }
        return values;
    }

    private static int compareRows(String[] a, String[] b) {
        for (int i = 0; i < a.length; i++) {
            // Formatted values are printable ASCII, so String order is strcmp order.
            int c = a[i].compareTo(b[i]);
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }

    /** One value (null, Long, Double, String or byte[]) as type letter {@code type} prints it. */
    static String format(Object value, char type) {
        if (value == null) {
            return "NULL";
        }
        return switch (type) {
            case 'I' -> Long.toString(asLong(value));
            case 'R' -> formatReal(asDouble(value));
            case 'T' -> printable(asText(value));
            default -> throw new IllegalArgumentException("unknown type letter " + type);
        };
    }

    /** sqlite3_column_int64: a real truncates (saturating), a text or blob reads its integer prefix. */
    private static long asLong(Object value) {
        if (value instanceof Long l) {
            return l;
        } else if (value instanceof Double d) {
            return (long) d.doubleValue();
        } else {
            return integerPrefix(new String(asText(value), StandardCharsets.UTF_8));
        }
    }

    /** sqlite3_column_double: an integer converts, a text or blob reads its numeric prefix. */
    private static double asDouble(Object value) {
        if (value instanceof Long l) {
            return l.doubleValue();
        } else if (value instanceof Double d) {
            return d;
        }
        Matcher m = REAL_PREFIX.matcher(new String(asText(value), StandardCharsets.UTF_8));
        return m.find() ? Double.parseDouble(m.group(1)) : 0.0;
    }

    /** sqlite3_column_text as UTF-8 bytes: SQLite's text of an integer or real, a blob's bytes. */
    private static byte[] asText(Object value) {
        if (value instanceof byte[] b) {
            return b;
        } else if (value instanceof Double d) {
            return SqliteText.real(d).getBytes(StandardCharsets.UTF_8);
        }
        return value.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** sqlite3Atoi64: leading spaces, a sign, digits up to the first other character; saturates. */
    static long integerPrefix(String s) {
        int i = 0;
        while (i < s.length() && " \t\n\f\r\u000B".indexOf(s.charAt(i)) >= 0) {
            i++;
        }
        boolean negative = false;
        if (i < s.length() && (s.charAt(i) == '-' || s.charAt(i) == '+')) {
            negative = s.charAt(i) == '-';
            i++;
        }
        BigDecimal v = BigDecimal.ZERO;
        int start = i;
        while (i < s.length() && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
            i++;
        }
        if (i > start) {
            v = new BigDecimal(s.substring(start, i));
        }
        if (negative) {
            v = v.negate();
        }
        if (v.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) {
            return Long.MAX_VALUE;
        } else if (v.compareTo(BigDecimal.valueOf(Long.MIN_VALUE)) < 0) {
            return Long.MIN_VALUE;
        }
        return v.longValueExact();
    }

    /**
     * SQLite's {@code %.3f} (sqlite3FpDecode): the value to 18 significant digits, then rounded
     * half up to 3 decimals but to at most 16 significant digits; the sign is kept for values
     * that round to zero.
     */
    static String formatReal(double d) {
        if (Double.isNaN(d)) {
            return "NaN";
        } else if (Double.isInfinite(d)) {
            return d > 0 ? "Inf" : "-Inf";
        }
        String sign = d < 0 ? "-" : "";
        BigDecimal x = new BigDecimal(Math.abs(d));
        if (x.signum() == 0) {
            return "0.000";
        }
        x = x.round(DECODE_DIGITS);
        int integerDigits = x.precision() - x.scale();
        if (integerDigits + 3 > 16) {
            x = x.round(MAX_PRINTF_DIGITS);
        }
        return sign + x.setScale(3, RoundingMode.HALF_UP).toPlainString();
    }

    /** {@code (empty)} for an empty text; every byte outside printable ASCII becomes {@code @}. */
    private static String printable(byte[] utf8) {
        if (utf8.length == 0) {
            return "(empty)";
        }
        char[] chars = new char[utf8.length];
        for (int i = 0; i < utf8.length; i++) {
            byte b = utf8[i];
            chars[i] = b < ' ' || b > '~' ? '@' : (char) b;
        }
        return new String(chars);
    }

    /** The MD5 of the values, each followed by a newline, in lower-case hex. */
    static String md5(List<String> values) {
        MessageDigest md5;
        try {
            md5 = MessageDigest.getInstance("MD5");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        for (String v : values) {
            md5.update(v.getBytes(StandardCharsets.US_ASCII));
            md5.update((byte) '\n');
        }
        return HexFormat.of().formatHex(md5.digest());
    }
}
