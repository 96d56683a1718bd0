package org.graalite.jdbc;

import java.sql.SQLException;

import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Value;

/** Turns what the {@code sql} language throws into the SQLExceptions sqlite-jdbc throws. */
final class Errors {
    private Errors() {
    }

    /**
     * An SQLite error (a guest exception with a {@code code} member) becomes a
     * {@link GraaliteException}; anything else an SQLException with the original as its cause.
     */
    static SQLException translate(PolyglotException e) {
        if (e.isGuestException() && !e.isHostException()) {
            Value guest = e.getGuestObject();
            if (guest != null && guest.hasMember("code")) {
                int code = guest.getMember("code").asInt();
                return new GraaliteException(code, e.getMessage(), e);
            }
        }
        if (e.isCancelled() || e.isInterrupted()) {
            return new SQLException("statement interrupted", null, 9, e);
        }
        return new SQLException(e.getMessage(), e);
    }

    /** An SQLite error raised while the driver ran a statement directly (see DirectStatement). */
    static SQLException translate(org.graalite.runtime.SqliteException e) {
        return new GraaliteException(e.code(), e.getMessage(), e);
    }

    /** An error of any kind thrown while running a statement. */
    static SQLException translate(RuntimeException e) {
        if (e instanceof PolyglotException p) {
            return translate(p);
        } else if (e instanceof org.graalite.runtime.SqliteException s) {
            return translate(s);
        }
        return new SQLException(String.valueOf(e.getMessage()), e);
    }
}
