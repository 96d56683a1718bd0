package org.graalite.runtime;

/**
 * SQLite's substr() and like() in Java, for TEXT arguments: their results are exactly those of
 * func.c (substrFunc, likeFunc with patternCompare) for the argument types handled here; the
 * instructions that call them fall back to SQLite's own function for the others. SQLite reads
 * text as a C string, so a NUL character ends it here too; characters are code points.
 */
public final class TextFunctions {
    private TextFunctions() {
    }

    /** substr(text, start) (hasLength false) or substr(text, start, length), with SQLite's rules for negative and zero positions. */
    public static String substr(String text, long start, long length, boolean hasLength) {
        String s = untilNul(text);
        long p1 = start;
        long p2 = hasLength ? length : Long.MAX_VALUE;
        long len = p1 < 0 ? s.codePointCount(0, s.length()) : 0;
        if (p1 < 0) {
            p1 += len;
            if (p1 < 0) {
                p2 = p2 < 0 ? 0 : p2 + p1;
                p1 = 0;
            }
        } else if (p1 > 0) {
            p1--;
        } else if (p2 > 0) {
            p2--;
        }
        if (p2 < 0) {
            if (p2 < -p1) {
                p2 = p1;
            } else {
                p2 = -p2;
            }
            p1 -= p2;
        }
        int from = skipCodePoints(s, 0, p1);
        int to = skipCodePoints(s, from, p2);
        return s.substring(from, to);
    }

    private static int skipCodePoints(String s, int index, long count) {
        int i = index;
        for (long k = 0; k < count && i < s.length(); k++) {
            i += Character.charCount(s.codePointAt(i));
        }
        return i;
    }

    private static String untilNul(String s) {
        int nul = s.indexOf('\0');
        return nul < 0 ? s : s.substring(0, nul);
    }

    /** Patterns longer than this (in UTF-16 units, so at most three times as many UTF-8 bytes) go to SQLite, which checks its length limit. */
    public static final int LONGEST_PATTERN = 16000;

    private static final int MATCH = 0;
    private static final int NO_MATCH = 1;
    private static final int NO_WILDCARD_MATCH = 2;

    /**
     * {@code string LIKE pattern} without ESCAPE: '%' matches any sequence, '_' any one
     * character; with {@code noCase} (the default, unless PRAGMA case_sensitive_like) ASCII
     * letters match either case, nothing else is folded.
     */
    public static boolean like(String pattern, String string, boolean noCase) {
        return compare(pattern, 0, string, 0, noCase) == MATCH;
    }

    /** The code point at {@code i}, or 0 at the end or at a NUL (where a C string ends). */
    private static int at(String s, int i) {
        return i < s.length() ? s.codePointAt(i) : 0;
    }

    private static int compare(String p, int patternIndex, String s, int stringIndex, boolean noCase) {
        int pi = patternIndex;
        int si = stringIndex;
        int c;
        while ((c = at(p, pi)) != 0) {
            pi += Character.charCount(c);
            if (c == '%') {
                // Runs of '%' and '_' after a '%': each '_' consumes one character.
                while ((c = at(p, pi)) == '%' || c == '_') {
                    pi++;
                    if (c == '_') {
                        int c2 = at(s, si);
                        if (c2 == 0) {
                            return NO_WILDCARD_MATCH;
                        }
                        si += Character.charCount(c2);
                    }
                }
                if (c == 0) {
                    return MATCH;
                }
                pi += Character.charCount(c);
                int c2;
                while ((c2 = at(s, si)) != 0) {
                    si += Character.charCount(c2);
                    if (c2 == c || (noCase && c < 0x80 && c2 < 0x80 && lower(c2) == lower(c))) {
                        int match = compare(p, pi, s, si, noCase);
                        if (match != NO_MATCH) {
                            return match;
                        }
                    }
                }
                return NO_WILDCARD_MATCH;
            }
            int c2 = at(s, si);
            if (c2 == 0) {
                return NO_MATCH;
            }
            si += Character.charCount(c2);
            if (c == c2 || (noCase && c < 0x80 && c2 < 0x80 && lower(c) == lower(c2)) || c == '_') {
                continue;
            }
            return NO_MATCH;
        }
        return at(s, si) == 0 ? MATCH : NO_MATCH;
    }

    private static int lower(int c) {
        return c >= 'A' && c <= 'Z' ? c + 32 : c;
    }
}
