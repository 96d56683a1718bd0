package org.graalite.runtime;

/**
 * A LIKE pattern of ASCII characters and '%' only (TPC-H's '%special%requests%',
 * 'MEDIUM POLISHED%', 'forest%'), matched by finding its literal parts in order instead of by
 * {@link TextFunctions#like}'s character-by-character backtracking. With '%' the only
 * wildcard, the leftmost place of each part decides: the first part must start the string
 * (unless the pattern starts with '%'), the last must end it (unless the pattern ends with
 * '%'), and the parts between are found left to right, each after the one before. ASCII
 * letters match either case under {@code noCase}, as SQLite's LIKE folds them; a string ends at
 * its first NUL, as SQLite's C string does. Strings are matched as their UTF-8 bytes.
 */
public final class LikePattern {
    /** The pattern this matches, as written. */
    private final String source;
    /** The literal parts between the '%'s, empty ones left out. */
    private final String[] parts;
    /** Whether the pattern has a '%'; whether it does not start, and does not end, with one. */
    private final boolean wildcard;
    private final boolean anchoredStart;
    private final boolean anchoredEnd;

    private LikePattern(String source, String[] parts) {
        this.source = source;
        this.parts = parts;
        this.wildcard = source.indexOf('%') >= 0;
        this.anchoredStart = !source.startsWith("%");
        this.anchoredEnd = !source.endsWith("%");
    }

    /** The pattern compiled, or null when it has another wildcard, a NUL or a character outside ASCII (TextFunctions.like matches those). */
    public static LikePattern compile(String pattern) {
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (c == '_' || c == 0 || c >= 0x80) {
                return null;
            }
        }
        java.util.List<String> parts = new java.util.ArrayList<>();
        for (String part : pattern.split("%", -1)) {
            if (!part.isEmpty()) {
                parts.add(part);
            }
        }
        return new LikePattern(pattern, parts.toArray(new String[0]));
    }

    /** {@code string LIKE pattern}: on its UTF-8 bytes (see {@link #matches(byte[], int, boolean)}). */
    public boolean matches(String string, boolean noCase) {
        byte[] utf8 = string.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        return matches(utf8, utf8.length, noCase);
    }

    /**
     * {@code string LIKE pattern} for the UTF-8 bytes of a string, {@code s[0..length)} (a
     * field's text read in place): the same as on its characters, since the parts are ASCII,
     * which UTF-8 keeps as the same bytes, and no byte of a character beyond ASCII is an ASCII
     * byte.
     */
    public boolean matches(byte[] s, int length, boolean noCase) {
        int end = length;
        for (int i = 0; i < length; i++) {
            if (s[i] == 0) {
                end = i;
                break;
            }
        }
        int n = parts.length;
        if (!wildcard) {
            return n == 0 ? end == 0 : end == parts[0].length() && regionMatches(s, 0, parts[0], noCase);
        }
        int from = 0;
        int first = 0;
        if (anchoredStart) {
            if (parts[0].length() > end || !regionMatches(s, 0, parts[0], noCase)) {
                return false;
            }
            from = parts[0].length();
            first = 1;
        }
        int last = n;
        int limit = end;
        if (anchoredEnd) {
            String part = parts[n - 1];
            int at = end - part.length();
            if (at < from || !regionMatches(s, at, part, noCase)) {
                return false;
            }
            limit = at;
            last = n - 1;
        }
        for (int k = first; k < last; k++) {
            int at = indexOf(s, parts[k], from, limit, noCase);
            if (at < 0) {
                return false;
            }
            from = at + parts[k].length();
        }
        return true;
    }

    /** The first place at or after {@code from} where {@code part} lies wholly before {@code limit}, or -1. */
    private static int indexOf(byte[] s, String part, int from, int limit, boolean noCase) {
        int length = part.length();
        char head = part.charAt(0);
        char headOther = noCase ? otherCase(head) : head;
        for (int i = from; i + length <= limit; i++) {
            int c = s[i];
            if ((c == head || c == headOther) && regionMatches(s, i, part, noCase)) {
                return i;
            }
        }
        return -1;
    }

    private static boolean regionMatches(byte[] s, int at, String part, boolean noCase) {
        for (int i = 0; i < part.length(); i++) {
            char p = part.charAt(i);
            int c = s[at + i];
            // (A byte of a character beyond ASCII is negative: it matches nothing here.)
            if (c != p && !(noCase && c >= 0 && lower((char) c) == lower(p))) {
                return false;
            }
        }
        return true;
    }

    private static char lower(char c) {
        return c >= 'A' && c <= 'Z' ? (char) (c + 32) : c;
    }

    /** An ASCII letter's other case; any other character itself. */
    private static char otherCase(char c) {
        if (c >= 'A' && c <= 'Z') {
            return (char) (c + 32);
        }
        return c >= 'a' && c <= 'z' ? (char) (c - 32) : c;
    }
}
