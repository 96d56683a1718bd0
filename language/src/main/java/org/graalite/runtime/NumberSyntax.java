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
        int n = s.length();
        int i = skipSpace(s, 0, n);
        if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
            i++;
        }
        int integerDigits = skipDigits(s, i, n) - i;
        i += integerDigits;
        int fractionDigits = 0;
        if (i < n && s.charAt(i) == '.') {
            i++;
            fractionDigits = skipDigits(s, i, n) - i;
            i += fractionDigits;
        }
        if (integerDigits == 0 && fractionDigits == 0) {
            return false;
        }
        if (i < n && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
            int e = i + 1;
            if (e < n && (s.charAt(e) == '+' || s.charAt(e) == '-')) {
                e++;
            }
            int exponentDigits = skipDigits(s, e, n) - e;
            if (exponentDigits == 0) {
                return false;
            }
            i = e + exponentDigits;
        }
        i = skipSpace(s, i, n);
        return i == n || s.charAt(i) == 0;
    }

    private static int skipDigits(String s, int i, int n) {
        while (i < n && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
            i++;
        }
        return i;
    }

    /** sqlite3Isspace: space, tab, newline, vertical tab, form feed, carriage return. */
    private static int skipSpace(String s, int i, int n) {
        while (i < n && (s.charAt(i) == ' ' || (s.charAt(i) >= 0x09 && s.charAt(i) <= 0x0d))) {
            i++;
        }
        return i;
    }
}
