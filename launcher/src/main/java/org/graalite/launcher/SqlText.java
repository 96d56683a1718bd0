package org.graalite.launcher;

import java.util.ArrayList;
import java.util.List;

import org.graalite.nativeapi.NativeConnection;

/** Facts about SQL text the shell needs before SQLite sees it. */
final class SqlText {
    private SqlText() {
    }

    /**
     * Splits {@code text} into its statements, each with its terminating semicolon: a
     * statement ends at the first {@code ;} where SQLite's own {@code sqlite3_complete} says the
     * text so far is complete (so semicolons inside strings, comments and CREATE TRIGGER
     * bodies do not end it). Text after the last complete statement is one more statement
     * unless it is only white space.
     */
    static List<String> statements(String text) {
        List<String> result = new ArrayList<>();
        int start = 0;
        for (int i = text.indexOf(';'); i >= 0; i = text.indexOf(';', i + 1)) {
            String candidate = text.substring(start, i + 1);
            if (NativeConnection.isComplete(candidate)) {
                result.add(candidate);
                start = i + 1;
            }
        }
        String rest = text.substring(start);
        if (!rest.isBlank()) {
            result.add(rest);
        }
        return result;
    }

    /** Whether {@code text} holds only white space and SQL comments (sqlite3's _all_whitespace). */
    static boolean isAllWhitespace(String text) {
        int i = 0;
        int n = text.length();
        while (i < n) {
            char c = text.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if (c == '/' && i + 1 < n && text.charAt(i + 1) == '*') {
                int end = text.indexOf("*/", i + 2);
                if (end < 0) {
                    return false;
                }
                i = end + 2;
            } else if (c == '-' && i + 1 < n && text.charAt(i + 1) == '-') {
                int end = text.indexOf('\n', i + 2);
                if (end < 0) {
                    return true;
                }
                i = end + 1;
            } else {
                return false;
            }
        }
        return true;
    }

    /** SQL string literal: {@code 'it''s'}. */
    static String quote(String value) {
        return "'" + value.replace("'", "''") + "'";
    }

    /** SQL identifier: {@code "my ""table"""}. */
    static String quoteIdentifier(String name) {
        return "\"" + name.replace("\"", "\"\"") + "\"";
    }
}
