package org.graalite.launcher;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

import org.graalite.nativeapi.SqliteText;

/**
 * How the sqlite3 program (3.54, whose output goes through SQLite's "query result formatter",
 * ext/qrf) renders one value, as bytes. A value is one of: {@code null} (NULL), {@link Long}
 * (INTEGER), {@link Double} (REAL), {@link String} (TEXT) or {@code byte[]} (BLOB).
 *
 * <p>sqlite3 reads TEXT and BLOB values as C strings, so both end at their first NUL byte.
 * Control characters other than TAB, LF and CR-LF are shown as {@code ^X} (its default
 * {@code --escape ascii}).
 */
final class Render {
    private static final byte[] HEX = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);

    /** Bytes that make sqlite3 put a CSV field in double quotes (its qrfCsvQuote table). */
    private static final boolean[] CSV_QUOTE = new boolean[256];
    static {
        for (int c = 0; c < 256; c++) {
            CSV_QUOTE[c] = c < 0x20 || c == ' ' || c == '"' || c == '\'' || c >= 0x7f;
        }
    }

    private Render() {
    }

    static boolean isNumeric(Object value) {
        return value instanceof Long || value instanceof Double;
    }

    /** The value as the text sqlite3_column_text gives, without quoting or escapes; null stays null. */
    static byte[] text(Object value) {
        return switch (value) {
            case null -> null;
            case Long l -> ascii(Long.toString(l));
            case Double d -> ascii(SqliteText.real(d));
            case String s -> utf8(s);
            case byte[] b -> upToNul(b);
            default -> utf8(String.valueOf(value));
        };
    }

    /** Plain rendering (list and box modes): text as is with control characters escaped. */
    static byte[] plain(Object value, byte[] nullText) {
        if (value == null) {
            return nullText;
        }
        byte[] t = text(value);
        return isNumeric(value) ? t : escapeControls(t);
    }

    /** CSV rendering: quoted where sqlite3 quotes, BLOBs as a C string of octal escapes. */
    static byte[] csv(Object value, byte[] nullText, byte[] separator) {
        return switch (value) {
            case null -> nullText;
            case Long l -> text(l);
            case Double d -> text(d);
            case byte[] b -> blobEscaped(b, false);
            default -> csvText(text(value), separator);
        };
    }

    static byte[] csvText(byte[] z, byte[] separator) {
        boolean quote = z.length == 0 || indexOf(z, separator) >= 0;
        for (int i = 0; !quote && i < z.length; i++) {
            quote = CSV_QUOTE[z[i] & 0xff];
        }
        if (!quote) {
            return z;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(z.length + 2);
        out.write('"');
        for (byte b : z) {
            if (b == '"') {
                out.write('"');
            }
            out.write(b);
        }
        out.write('"');
        return escapeControls(out.toByteArray());
    }

    /** The values as SQL literals ({@link #sqlLiteral}) separated by commas, a row of insert and quote modes. */
    static StringBuilder sqlLiterals(StringBuilder sb, Object[] values) {
        for (int i = 0; i < values.length; i++) {
            sb.append(i > 0 ? "," : "").append(sqlLiteral(values[i]));
        }
        return sb;
    }

    /**
     * The value as an SQL literal, the way sqlite3 3.50 and later write one in {@code .dump},
     * insert and quote modes: NULL, an integer, a REAL with the digits SQLite's own text has
     * (enough to read back the same double; an infinity as {@code 9.0e+999}, which reads back as
     * one), {@code x'hex'} for a BLOB, and text as {@link #sqlText}.
     */
    static String sqlLiteral(Object value) {
        return switch (value) {
            case null -> "NULL";
            case Long l -> Long.toString(l);
            case Double d -> d.isInfinite() ? (d > 0 ? "9.0e+999" : "-9.0e+999") : SqliteText.real(d);
            case byte[] b -> blobLiteral(b);
            default -> sqlText(String.valueOf(value));
        };
    }

    /** {@code x'00ff'}: lower-case hexadecimal, as sqlite3 3.53 and later write BLOB literals. */
    static String blobLiteral(byte[] b) {
        StringBuilder sb = new StringBuilder(b.length * 2 + 3).append("x'");
        for (byte x : b) {
            sb.append((char) HEX[(x >> 4) & 0xf]).append((char) HEX[x & 0xf]);
        }
        return sb.append('\'').toString();
    }

    /**
     * Text as SQLite's {@code printf('%#Q')} writes it (sqlite3 3.50 and later): {@code 'it''s'},
     * or, when it holds control characters, {@code unistr('...')} with those as
     * backslash-u00XX escapes and backslashes doubled, so that the literal survives any line-based
     * reading. Text ends at its first NUL, as sqlite3 reads it as a C string.
     */
    static String sqlText(String s) {
        int nul = s.indexOf('\0');
        if (nul >= 0) {
            s = s.substring(0, nul);
        }
        boolean control = false;
        for (int i = 0; i < s.length() && !control; i++) {
            control = s.charAt(i) < 0x20;
        }
        StringBuilder sb = new StringBuilder(s.length() + 2);
        sb.append(control ? "unistr('" : "'");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\'') {
                sb.append("''");
            } else if (control && c == '\\') {
                sb.append("\\\\");
            } else if (c < 0x20) {
                sb.append(String.format("\\u%04x", (int) c));
            } else {
                sb.append(c);
            }
        }
        return sb.append(control ? "')" : "'").toString();
    }

    /**
     * HTML rendering of text: {@code < > & " '} as entities. (sqlite3 3.53's formatter wrote
     * {@code >} as {@code &lt;}, an evident slip; this writes {@code &gt;} as sqlite3 3.40
     * did.)
     */
    static byte[] htmlText(byte[] z) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(z.length + 8);
        for (byte b : z) {
            switch (b) {
                case '<' -> out.writeBytes(ascii("&lt;"));
                case '>' -> out.writeBytes(ascii("&gt;"));
                case '&' -> out.writeBytes(ascii("&amp;"));
                case '"' -> out.writeBytes(ascii("&quot;"));
                case '\'' -> out.writeBytes(ascii("&#39;"));
                default -> out.write(b);
            }
        }
        return out.toByteArray();
    }

    /** JSON rendering: numbers bare, NULL as null, text as a JSON string, BLOBs as backslash-u00XX escapes. */
    static byte[] json(Object value) {
        return switch (value) {
            case null -> ascii("null");
            case Long l -> text(l);
            case Double d -> text(d);
            case byte[] b -> blobEscaped(b, true);
            default -> jsonString(text(value));
        };
    }

    /** A JSON string literal of UTF-8 bytes, escaped the way sqlite3's json mode does. */
    static byte[] jsonString(byte[] z) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(z.length + 2);
        out.write('"');
        for (byte b : z) {
            int c = b & 0xff;
            switch (c) {
                case '"' -> out.writeBytes(ascii("\\\""));
                case '\\' -> out.writeBytes(ascii("\\\\"));
                case '\b' -> out.writeBytes(ascii("\\b"));
                case '\f' -> out.writeBytes(ascii("\\f"));
                case '\n' -> out.writeBytes(ascii("\\n"));
                case '\r' -> out.writeBytes(ascii("\\r"));
                case '\t' -> out.writeBytes(ascii("\\t"));
                default -> {
                    if (c < 0x20) {
                        out.writeBytes(ascii(String.format("\\u%04x", c)));
                    } else {
                        out.write(c);
                    }
                }
            }
        }
        out.write('"');
        return out.toByteArray();
    }

    /** A BLOB as a quoted string of per-byte escapes: octal (C/Tcl) or backslash-u00XX (JSON). */
    private static byte[] blobEscaped(byte[] blob, boolean json) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(blob.length * (json ? 6 : 4) + 2);
        out.write('"');
        for (byte b : blob) {
            int c = b & 0xff;
            out.write('\\');
            if (json) {
                out.write('u');
                out.write('0');
                out.write('0');
                out.write(HEX[c >> 4]);
                out.write(HEX[c & 0xf]);
            } else {
                out.write('0' + ((c >> 6) & 3));
                out.write('0' + ((c >> 3) & 7));
                out.write('0' + (c & 7));
            }
        }
        out.write('"');
        return out.toByteArray();
    }

    /**
     * Replaces control characters other than TAB, LF and CR-LF by {@code ^X} (X = the
     * character plus 0x40), as sqlite3 does before it prints text.
     */
    static byte[] escapeControls(byte[] z) {
        int n = 0;
        for (int i = 0; i < z.length; i++) {
            if (needsEscape(z, i)) {
                n++;
            }
        }
        if (n == 0) {
            return z;
        }
        byte[] out = new byte[z.length + n];
        int j = 0;
        for (int i = 0; i < z.length; i++) {
            if (needsEscape(z, i)) {
                out[j++] = '^';
                out[j++] = (byte) (z[i] + 0x40);
            } else {
                out[j++] = z[i];
            }
        }
        return out;
    }

    private static boolean needsEscape(byte[] z, int i) {
        int c = z[i] & 0xff;
        return c < 0x20 && c != '\t' && c != '\n' && !(c == '\r' && i + 1 < z.length && z[i + 1] == '\n');
    }

    /**
     * Display width in terminal columns of the widest line of {@code z}: tabs advance to the
     * next multiple of 8, wide East Asian characters count 2, combining marks 0, VT100
     * escape sequences 0.
     */
    static int displayWidth(byte[] z, int from, int to) {
        int max = 0;
        int n = 0;
        int i = from;
        while (i < to) {
            int c = z[i] & 0xff;
            if (c < 0x20) {
                int k = c == 0x1b ? vt100Length(z, i, to) : 0;
                if (k > 0) {
                    i += k;
                    continue;
                }
                if (c == '\t') {
                    n = (n + 8) & ~7;
                } else if (c == '\n' || c == '\r') {
                    max = Math.max(max, n);
                    n = 0;
                }
                i++;
            } else if (c < 0x80) {
                n++;
                i++;
            } else {
                int len = utf8Length(z, i, to);
                n += charWidth(decode(z, i, len));
                i += len;
            }
        }
        return Math.max(max, n);
    }

    static int displayWidth(byte[] z) {
        return displayWidth(z, 0, z.length);
    }

    /** Length of a VT100 escape sequence starting at {@code z[i]} (ESC), 0 if none. */
    static int vt100Length(byte[] z, int i, int to) {
        if (i + 1 >= to || z[i + 1] != '[') {
            return 0;
        }
        int k = i + 2;
        while (k < to && z[k] >= 0x30 && z[k] <= 0x3f) {
            k++;
        }
        while (k < to && z[k] >= 0x20 && z[k] <= 0x2f) {
            k++;
        }
        if (k >= to || z[k] < 0x40 || z[k] > 0x7e) {
            return 0;
        }
        return k + 1 - i;
    }

    /** Bytes of the UTF-8 sequence at {@code z[i]} (1 for a byte that starts none). */
    static int utf8Length(byte[] z, int i, int to) {
        int c = z[i] & 0xff;
        int len = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 1;
        if (i + len > to) {
            return 1;
        }
        for (int k = 1; k < len; k++) {
            if ((z[i + k] & 0xc0) != 0x80) {
                return 1;
            }
        }
        return len;
    }

    private static int decode(byte[] z, int i, int len) {
        return switch (len) {
            case 2 -> ((z[i] & 0x1f) << 6) | (z[i + 1] & 0x3f);
            case 3 -> ((z[i] & 0x0f) << 12) | ((z[i + 1] & 0x3f) << 6) | (z[i + 2] & 0x3f);
            case 4 -> ((z[i] & 0x07) << 18) | ((z[i + 1] & 0x3f) << 12) | ((z[i + 2] & 0x3f) << 6) | (z[i + 3] & 0x3f);
            default -> 0xfffd;
        };
    }

    /** Terminal width of one code point, in the spirit of sqlite3_qrf_wcwidth. */
    static int charWidth(int c) {
        if (c <= 0x300) {
            return 1;
        }
        int type = Character.getType(c);
        if (type == Character.NON_SPACING_MARK || type == Character.ENCLOSING_MARK || type == Character.FORMAT || (c >= 0x1160 && c < 0x1200)) {
            return 0;
        }
        if ((c >= 0x1100 && c < 0x1160) || (c >= 0x2329 && c <= 0x232a) || (c >= 0x2e80 && c < 0xa4d0 && c != 0x303f) || (c >= 0xac00 && c < 0xd7a4) ||
                        (c >= 0xf900 && c < 0xfb00) || (c >= 0xfe10 && c < 0xfe1a) || (c >= 0xfe30 && c < 0xfe70) || (c >= 0xff00 && c < 0xff61) ||
                        (c >= 0xffe0 && c < 0xffe7) || (c >= 0x1f300 && c < 0x1f650) || (c >= 0x1f900 && c < 0x1fa00) || (c >= 0x20000 && c < 0x3fffe)) {
            return 2;
        }
        return 1;
    }

    static byte[] utf8(String s) {
        int nul = s.indexOf('\0');
        return (nul >= 0 ? s.substring(0, nul) : s).getBytes(StandardCharsets.UTF_8);
    }

    static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    private static byte[] upToNul(byte[] b) {
        for (int i = 0; i < b.length; i++) {
            if (b[i] == 0) {
                return java.util.Arrays.copyOf(b, i);
            }
        }
        return b;
    }

    private static int indexOf(byte[] z, byte[] part) {
        if (part.length == 0) {
            return -1;
        }
        outer: for (int i = 0; i + part.length <= z.length; i++) {
            for (int k = 0; k < part.length; k++) {
                if (z[i + k] != part[k]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
