package org.graalite.jdbc;

import java.sql.Savepoint;

/**
 * A savepoint: every savepoint of a connection gets the next number; one set without a name is
 * called {@code SQLITE_SAVEPOINT_<number>}, as in sqlite-jdbc.
 */
final class GraaliteSavepoint implements Savepoint {
    private final int id;
    private final String name;

    GraaliteSavepoint(int id, String name) {
        this.id = id;
        this.name = name;
    }

    @Override
    public int getSavepointId() {
        return id;
    }

    @Override
    public String getSavepointName() {
        return name == null ? "SQLITE_SAVEPOINT_" + id : name;
    }
}
