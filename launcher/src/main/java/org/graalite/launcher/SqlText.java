package org.graalite.launcher;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

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

    /** SQLite's 147 keywords (sqlite3_keyword_check), upper case. */
    private static final Set<String> KEYWORDS = Set.of("ABORT", "ACTION", "ADD", "AFTER", "ALL", "ALTER", "ALWAYS", "ANALYZE", "AND", "AS", "ASC",
                    "ATTACH", "AUTOINCREMENT", "BEFORE", "BEGIN", "BETWEEN", "BY", "CASCADE", "CASE", "CAST", "CHECK", "COLLATE", "COLUMN", "COMMIT",
                    "CONFLICT", "CONSTRAINT", "CREATE", "CROSS", "CURRENT", "CURRENT_DATE", "CURRENT_TIME", "CURRENT_TIMESTAMP", "DATABASE", "DEFAULT",
                    "DEFERRABLE", "DEFERRED", "DELETE", "DESC", "DETACH", "DISTINCT", "DO", "DROP", "EACH", "ELSE", "END", "ESCAPE", "EXCEPT", "EXCLUDE",
                    "EXCLUSIVE", "EXISTS", "EXPLAIN", "FAIL", "FILTER", "FIRST", "FOLLOWING", "FOR", "FOREIGN", "FROM", "FULL", "GENERATED", "GLOB", "GROUP",
                    "GROUPS", "HAVING", "IF", "IGNORE", "IMMEDIATE", "IN", "INDEX", "INDEXED", "INITIALLY", "INNER", "INSERT", "INSTEAD", "INTERSECT",
                    "INTO", "IS", "ISNULL", "JOIN", "KEY", "LAST", "LEFT", "LIKE", "LIMIT", "MATCH", "MATERIALIZED", "NATURAL", "NO", "NOT", "NOTHING",
                    "NOTNULL", "NULL", "NULLS", "OF", "OFFSET", "ON", "OR", "ORDER", "OTHERS", "OUTER", "OVER", "PARTITION", "PLAN", "PRAGMA", "PRECEDING",
                    "PRIMARY", "QUERY", "RAISE", "RANGE", "RECURSIVE", "REFERENCES", "REGEXP", "REINDEX", "RELEASE", "RENAME", "REPLACE", "RESTRICT",
                    "RETURNING", "RIGHT", "ROLLBACK", "ROW", "ROWS", "SAVEPOINT", "SELECT", "SET", "TABLE", "TEMP", "TEMPORARY", "THEN", "TIES", "TO",
                    "TRANSACTION", "TRIGGER", "UNBOUNDED", "UNION", "UNIQUE", "UPDATE", "USING", "VACUUM", "VALUES", "VIEW", "VIRTUAL", "WHEN", "WHERE",
                    "WINDOW", "WITH", "WITHOUT");

    /**
     * Whether sqlite3 puts {@code name} in double quotes when it writes it into SQL (its
     * quoteChar / qrf_need_quote): unless it is a letter or {@code _} followed by ASCII letters,
     * digits and {@code _}, and not a keyword.
     */
    static boolean needsQuotes(String name) {
        if (name.isEmpty()) {
            return true;
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            boolean alpha = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
            if (!alpha && (i == 0 || c < '0' || c > '9')) {
                return true;
            }
        }
        return KEYWORDS.contains(name.toUpperCase(Locale.ROOT));
    }

    /** {@code name} as is when that is a valid identifier, else {@link #quoteIdentifier quoted}. */
    static String identifier(String name) {
        return needsQuotes(name) ? quoteIdentifier(name) : name;
    }

    /** SQL identifier: {@code "my ""table"""}. */
    static String quoteIdentifier(String name) {
        return "\"" + name.replace("\"", "\"\"") + "\"";
    }
}
