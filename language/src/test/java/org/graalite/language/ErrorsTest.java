package org.graalite.language;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Value;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Bad input gets SQLite's message and extended result code as an exception; the connection
 * stays usable and keeps exactly what SQLite keeps.
 */
class ErrorsTest {
    private Context context;

    @BeforeEach
    void open() {
        context = SqlContexts.create("native");
        context.eval("sql", "create table t(id integer primary key, name text not null unique, n int check (n >= 0))");
    }

    @AfterEach
    void close() {
        context.close();
    }

    private PolyglotException fails(String sql, String message, String codeName) {
        PolyglotException e = assertThrows(PolyglotException.class, () -> context.eval("sql", sql));
        assertEquals(message, e.getMessage());
        assertTrue(e.isGuestException());
        assertFalse(e.isInternalError(), "an SQL error must not be an internal error");
        Value error = e.getGuestObject();
        assertEquals(codeName, error.getMember("codeName").asString());
        // The connection is still usable.
        assertEquals(1, context.eval("sql", "select 1").getIterator().getIteratorNextElement().getArrayElement(0).asInt());
        return e;
    }

    @Test
    void syntaxError() {
        PolyglotException e = fails("selec 1", "near \"selec\": syntax error", "SQLITE_ERROR");
        assertTrue(e.isSyntaxError());
        assertEquals(1, e.getGuestObject().getMember("code").asInt());
    }

    @Test
    void incompleteInput() {
        PolyglotException e = fails("select (1", "incomplete input", "SQLITE_ERROR");
        assertTrue(e.isIncompleteSource());
    }

    @Test
    void unknownTableAndColumn() {
        fails("select * from nothere", "no such table: nothere", "SQLITE_ERROR");
        fails("select nocolumn from t", "no such column: nocolumn", "SQLITE_ERROR");
        fails("select nofunction(1)", "no such function: nofunction", "SQLITE_ERROR");
    }

    @Test
    void constraintViolations() {
        context.eval("sql", "insert into t(id, name, n) values (1, 'a', 1)");
        assertEquals(2067, fails("insert into t(name, n) values ('a', 2)", "UNIQUE constraint failed: t.name", "SQLITE_CONSTRAINT_UNIQUE").getGuestObject().getMember("code").asInt());
        fails("insert into t(name) values (null)", "NOT NULL constraint failed: t.name", "SQLITE_CONSTRAINT_NOTNULL");
        fails("insert into t(name, n) values ('b', -1)", "CHECK constraint failed: n >= 0", "SQLITE_CONSTRAINT_CHECK");
        fails("insert into t(id, name) values (1, 'c')", "UNIQUE constraint failed: t.id", "SQLITE_CONSTRAINT_PRIMARYKEY");
    }

    @Test
    void datatypeMismatch() {
        fails("insert into t(id, name) values ('abc', 'x')", "datatype mismatch", "SQLITE_MISMATCH");
    }

    @Test
    void aFailedStatementKeepsNothingOfItself() {
        // The third row violates the constraint: none of the three rows stays.
        fails("insert into t(name) values ('p'), ('q'), ('p')", "UNIQUE constraint failed: t.name", "SQLITE_CONSTRAINT_UNIQUE");
        assertEquals(List.of(List.of(0L)), SqlContexts.rows(context.eval("sql", "select count(*) from t")));
    }

    @Test
    void aFailedStatementInsideATransactionLeavesTheTransactionAsSqliteDoes() {
        context.eval("sql", "begin; insert into t(name) values ('kept')");
        fails("insert into t(name) values ('x'), ('kept')", "UNIQUE constraint failed: t.name", "SQLITE_CONSTRAINT_UNIQUE");
        // Statement rollback only: the transaction is still open and holds the first insert.
        assertFalse(context.getBindings("sql").getMember("autocommit").asBoolean());
        assertEquals(List.of(List.of("kept")), SqlContexts.rows(context.eval("sql", "select name from t")));
        context.eval("sql", "rollback");
        assertEquals(List.of(List.of(0L)), SqlContexts.rows(context.eval("sql", "select count(*) from t")));
    }

    @Test
    void onConflictRollbackEndsTheTransaction() {
        context.eval("sql", "begin; insert into t(name) values ('a')");
        fails("insert or rollback into t(name) values ('a')", "UNIQUE constraint failed: t.name", "SQLITE_CONSTRAINT_UNIQUE");
        assertTrue(context.getBindings("sql").getMember("autocommit").asBoolean());
        assertEquals(List.of(List.of(0L)), SqlContexts.rows(context.eval("sql", "select count(*) from t")));
    }

    @Test
    void closedStatementAndConnection() {
        Value statement = context.getBindings("sql").invokeMember("prepare", "select 1");
        statement.invokeMember("close");
        PolyglotException e = assertThrows(PolyglotException.class, statement::execute);
        assertEquals("SQLITE_MISUSE", e.getGuestObject().getMember("codeName").asString());
        Value connection = context.getBindings("sql");
        connection.invokeMember("close");
        PolyglotException closed = assertThrows(PolyglotException.class, () -> context.eval("sql", "select 1"));
        assertEquals("the database connection is closed", closed.getMessage());
    }

    @Test
    void bindingErrors() {
        Value insert = context.eval("sql", "insert into t(name, n) values (?, ?)");
        PolyglotException e = assertThrows(PolyglotException.class, () -> insert.execute("x"));
        assertEquals("SQLITE_RANGE", e.getGuestObject().getMember("codeName").asString());
        PolyglotException type = assertThrows(PolyglotException.class, () -> insert.execute("x", new Object()));
        assertEquals("SQLITE_MISMATCH", type.getGuestObject().getMember("codeName").asString());
        assertEquals(1, insert.execute("fine", 3).asInt());
    }

    @Test
    void sandboxCannotOpenFiles() {
        try (Context sandbox = Context.newBuilder("sql").option("sql.Database", "/tmp/graalite-sandbox-test.db").build()) {
            PolyglotException e = assertThrows(PolyglotException.class, () -> sandbox.eval("sql", "select 1"));
            assertTrue(e.getMessage().contains("no file access"), e.getMessage());
        }
    }

    /** Nor through SQL: ATTACH and VACUUM INTO of a file fail, and no file is written. */
    @Test
    void sandboxCannotReachFilesThroughSql() throws Exception {
        java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("graalite-sandbox");
        java.nio.file.Path attached = dir.resolve("attached.db");
        java.nio.file.Path vacuumed = dir.resolve("vacuumed.db");
        try (Context sandbox = Context.newBuilder("sql").build()) {
            sandbox.eval("sql", "create table t(a)");
            sandbox.eval("sql", "insert into t values (1)");
            // SQLite's answer when an authorizer denies (SQLITE_AUTH).
            PolyglotException e = assertThrows(PolyglotException.class, () -> sandbox.eval("sql", "attach '" + attached + "' as x"));
            assertEquals("not authorized", e.getMessage());
            e = assertThrows(PolyglotException.class, () -> sandbox.eval("sql", "attach 'file:" + attached + "?vfs=unix' as x"));
            assertEquals("not authorized", e.getMessage());
            e = assertThrows(PolyglotException.class, () -> sandbox.eval("sql", "attach '" + dir + "/' || 'attached.db' as x"));
            assertEquals("not authorized", e.getMessage());
            // VACUUM's own ATTACH of the target is denied: SQLite reports SQLITE_AUTH's text.
            e = assertThrows(PolyglotException.class, () -> sandbox.eval("sql", "vacuum into '" + vacuumed + "'"));
            assertEquals("authorization denied", e.getMessage());
            // Nor may it move where SQLite writes temporary files (for every connection of the process).
            e = assertThrows(PolyglotException.class, () -> sandbox.eval("sql", "pragma temp_store_directory = '" + dir + "'"));
            assertEquals("not authorized", e.getMessage());
            // A guest's authorizer comes after the sandbox's rule, which it cannot lift.
            sandbox.getBindings("sql").invokeMember("setAuthorizer", (org.graalvm.polyglot.proxy.ProxyExecutable) args -> 0);
            e = assertThrows(PolyglotException.class, () -> sandbox.eval("sql", "attach '" + attached + "' as x"));
            assertEquals("not authorized", e.getMessage());
            sandbox.eval("sql", "vacuum");
            // In-memory databases stay reachable, and the connection stays usable.
            sandbox.eval("sql", "attach ':memory:' as m");
            sandbox.eval("sql", "create table m.u(b)");
            assertEquals(1, sandbox.eval("sql", "select count(*) from t").getIterator().getIteratorNextElement().getArrayElement(0).asInt());
        }
        assertTrue(!java.nio.file.Files.exists(attached) && !java.nio.file.Files.exists(vacuumed));
    }

    @Test
    void cannotOpenMissingDirectory() {
        try (Context c = SqlContexts.create("native", "/nonexistent-dir/x.db")) {
            PolyglotException e = assertThrows(PolyglotException.class, () -> c.eval("sql", "select 1"));
            assertEquals("unable to open database file", e.getMessage());
        }
    }
}
