package org.graalite.jdbc;

import java.sql.SQLException;

/**
 * An error SQLite reported, as sqlite-jdbc reports it: the message reads
 * {@code [SQLITE_CONSTRAINT_UNIQUE] A UNIQUE constraint failed (UNIQUE constraint failed: t.a)},
 * {@link #getErrorCode()} is SQLite's primary result code (19 here) and
 * {@link #getResultCode()} the extended one (2067). The SQL state is null, as in sqlite-jdbc.
 */
public final class GraaliteException extends SQLException {
    private static final long serialVersionUID = 1L;

    private final int resultCode;
    private final String sqliteMessage;

    GraaliteException(int resultCode, String sqliteMessage, Throwable cause) {
        super(ResultCodeNames.format(resultCode, sqliteMessage), null, resultCode & 0xff, cause);
        this.resultCode = resultCode;
        this.sqliteMessage = sqliteMessage;
    }

    /** SQLite's extended result code, such as 2067 (SQLITE_CONSTRAINT_UNIQUE). */
    public int getResultCode() {
        return resultCode;
    }

    /** SQLite's own message, such as {@code UNIQUE constraint failed: t.a}. */
    public String getSqliteMessage() {
        return sqliteMessage;
    }
}
