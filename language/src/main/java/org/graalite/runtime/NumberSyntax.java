package org.graalite.runtime;

/**
 * Whether text can be a number for SQLite's numeric affinity (sqlite3AtoF returning a positive
 * result): optional whitespace, {@code [+-]digits[.[digits]][E[+-]digits]} or
 * {@code [+-].digits[E[+-]digits]}, optional whitespace. A cheap test in compiled code that
 * spares the native conversion for the text that is certainly not a number; text that passes
 * is converted by SQLite itself, so the test only has to accept everything SQLite accepts.
 */
public final class NumberSyntax {
    private NumberSyntax() {
    }

    /**
     * False only when SQLite's parser would reject the text. SQLite reads the text as a C
     * string, so a NUL ends it: a valid number up to a NUL counts as "may be a number".
     */
    public static boolean mayBeNumber(String s) {
        // One pass, each character read once; past the end reads as NUL, which ends the text
        // as it ends SQLite's C string.
        int n = s.length();
        int i = 0;
        char c = charAt(s, i, n);
        while (isSpace(c)) {
            c = charAt(s, ++i, n);
        }
        if (c == '+' || c == '-') {
            c = charAt(s, ++i, n);
        }
        int digits = 0;
        while (isDigit(c)) {
            digits++;
            c = charAt(s, ++i, n);
        }
        if (c == '.') {
            c = charAt(s, ++i, n);
            while (isDigit(c)) {
                digits++;
                c = charAt(s, ++i, n);
            }
        }
        if (digits == 0) {
            return false;
        }
        if (c == 'e' || c == 'E') {
            c = charAt(s, ++i, n);
            if (c == '+' || c == '-') {
                c = charAt(s, ++i, n);
            }
            if (!isDigit(c)) {
                return false;
            }
            while (isDigit(c)) {
                c = charAt(s, ++i, n);
            }
        }
        while (isSpace(c)) {
            c = charAt(s, ++i, n);
        }
        return c == 0;
    }

    /**
     * {@link #mayBeNumber(String)} of the UTF-8 text in the {@code n} bytes at {@code at}: an
     * offset into {@code b}, or where {@code b} is null a native address (a record's field
     * where its page holds it, tested without a copy). The same answer, as only ASCII
     * characters count in the syntax.
     */
    public static boolean mayBeNumber(byte[] b, long at, int n) {
        if (n >= 8 && digitsThenNonNumberByte(firstEightBytes(b, at))) {
            return false;
        }
        int i = 0;
        int c = byteAt(b, at, i, n);
        while (isSpace((char) c)) {
            c = byteAt(b, at, ++i, n);
        }
        if (c == '+' || c == '-') {
            c = byteAt(b, at, ++i, n);
        }
        int digits = 0;
        while (isDigit((char) c)) {
            digits++;
            c = byteAt(b, at, ++i, n);
        }
        if (c == '.') {
            c = byteAt(b, at, ++i, n);
            while (isDigit((char) c)) {
                digits++;
                c = byteAt(b, at, ++i, n);
            }
        }
        if (digits == 0) {
            return false;
        }
        if (c == 'e' || c == 'E') {
            c = byteAt(b, at, ++i, n);
            if (c == '+' || c == '-') {
                c = byteAt(b, at, ++i, n);
            }
            if (!isDigit((char) c)) {
                return false;
            }
            while (isDigit((char) c)) {
                c = byteAt(b, at, ++i, n);
            }
        }
        while (isSpace((char) c)) {
            c = byteAt(b, at, ++i, n);
        }
        return c == 0;
    }

    /**
     * Whether the eight bytes {@code v} (the text's first in the low byte) are one to seven
     * digits and then a byte that can neither go on with a number nor end it ('-' after a date's
     * year): such text is no number whatever follows. Tested on all eight bytes at once, as a
     * byte loop cost a tenth of TPC-H Q12, whose date comparisons have numeric affinity. Any
     * other start (a sign, space, point, letter, eight digits) is left to the byte loop.
     */
    private static boolean digitsThenNonNumberByte(long v) {
        // A byte is a digit when its high nibble is 3 and its low nibble is at most 9 (adding 6
        // carries into the byte's high nibble from 10 up, never into the next byte).
        long highNotThree = (v & 0xF0F0F0F0F0F0F0F0L) ^ 0x3030303030303030L;
        long lowAboveNine = ((v & 0x0F0F0F0F0F0F0F0FL) + 0x0606060606060606L) & 0xF0F0F0F0F0F0F0F0L;
        int bit = Long.numberOfTrailingZeros(highNotThree | lowAboveNine);
        if (bit < 8 || bit == 64) {
            return false;
        }
        char c = (char) ((v >>> (bit & ~7)) & 0xff);
        return c != '.' && c != 'e' && c != 'E' && c != 0 && !isSpace(c);
    }

    /** The first eight bytes at {@code at} (see {@link #mayBeNumber(byte[], long, int)}), the first in the low byte. */
    private static long firstEightBytes(byte[] b, long at) {
        if (b != null) {
            return LITTLE_ENDIAN.getLong(b, (int) at);
        }
        long v = PageMemory.getLong(at);
        return java.nio.ByteOrder.nativeOrder() == java.nio.ByteOrder.LITTLE_ENDIAN ? v : Long.reverseBytes(v);
    }

    private static final com.oracle.truffle.api.memory.ByteArraySupport LITTLE_ENDIAN = com.oracle.truffle.api.memory.ByteArraySupport.littleEndian();

    /** Longer text is never taken for a plain integer: at most 18 digits and some whitespace. */
    private static final int PLAIN_INTEGER_MAX_LENGTH = 40;

    /**
     * The integer that {@code s} spells when it is only an optional sign and 1 to 18 decimal
     * digits, with optional whitespace around them: text on which every conversion SQLite
     * makes (the type arithmetic reads, numeric affinity, sqlite3VdbeIntValue) gives exactly
     * that integer, so it is read here without a native call. Null for any other text (a
     * decimal point, an exponent, more digits that might overflow, other characters), which
     * SQLite converts.
     */
    public static Long plainInteger(String s) {
        int n = s.length();
        if (n == 0 || n > PLAIN_INTEGER_MAX_LENGTH) {
            return null;
        }
        int i = 0;
        while (i < n && isSpace(s.charAt(i))) {
            i++;
        }
        boolean negative = false;
        if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
            negative = s.charAt(i) == '-';
            i++;
        }
        int start = i;
        long value = 0;
        while (i < n && isDigit(s.charAt(i))) {
            value = value * 10 + (s.charAt(i) - '0');
            i++;
        }
        int digits = i - start;
        if (digits == 0 || digits > 18) {
            return null;
        }
        while (i < n && isSpace(s.charAt(i))) {
            i++;
        }
        return i == n ? (Long) (negative ? -value : value) : null;
    }

    /** Byte {@code i} unsigned (bytes of multi-byte characters are 0x80 or more, never syntax), NUL past the end. */
    private static int byteAt(byte[] b, long at, int i, int n) {
        if (i >= n) {
            return 0;
        }
        return (b != null ? b[(int) at + i] : PageMemory.getByte(at + i)) & 0xff;
    }

    private static char charAt(String s, int i, int n) {
        return i < n ? s.charAt(i) : 0;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    /** sqlite3Isspace: space, tab, newline, vertical tab, form feed, carriage return. */
    private static boolean isSpace(char c) {
        return c == ' ' || (c >= 0x09 && c <= 0x0d);
    }
}
