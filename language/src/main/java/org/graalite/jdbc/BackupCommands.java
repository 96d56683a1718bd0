package org.graalite.jdbc;

import java.sql.SQLException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Value;

/**
 * sqlite-jdbc's two statements that are not SQL: {@code backup [DATABASE] to FILE} copies a
 * database of the connection into a file, {@code restore [DATABASE] from FILE} copies a file
 * over a database of the connection (both with SQLite's online backup; names and files may be
 * quoted with ' or "). As in sqlite-jdbc, a statement that starts with {@code backup} or
 * {@code restore} and is not one of them is a syntax error.
 */
final class BackupCommands {
    private static final String NAME = "(\"[^\"]*\"|'[^']*'|\\S+)";
    private static final Pattern BACKUP = Pattern.compile("backup(\\s+" + NAME + ")?\\s+to\\s+" + NAME);
    private static final Pattern RESTORE = Pattern.compile("restore(\\s+" + NAME + ")?\\s+from\\s+" + NAME);

    private BackupCommands() {
    }

    /** Runs {@code sql} if it is one of the two commands and returns true; false for any other statement. */
    static boolean run(GraaliteConnection connection, String sql) throws SQLException {
        boolean backup = sql.startsWith("backup");
        if (!backup && !sql.startsWith("restore")) {
            return false;
        }
        Matcher m = (backup ? BACKUP : RESTORE).matcher(sql);
        if (!m.matches()) {
            throw new SQLException("syntax error: " + sql);
        }
        String database = m.group(2) == null ? "main" : unquoted(m.group(2));
        String file = unquoted(m.group(3));
        Value db = connection.db();
        try {
            Value other = db.invokeMember("open", file);
            try {
                if (backup) {
                    db.invokeMember("backup", other, database, -1, null, 250, "main");
                } else {
                    other.invokeMember("backup", db, "main", -1, null, 250, database);
                }
            } finally {
                other.invokeMember("close");
            }
        } catch (PolyglotException e) {
            throw Errors.translate(e);
        }
        return true;
    }

    private static String unquoted(String s) {
        boolean quoted = s.length() >= 2 && (s.startsWith("\"") && s.endsWith("\"") || s.startsWith("'") && s.endsWith("'"));
        return quoted ? s.substring(1, s.length() - 1) : s;
    }
}
