package org.graalite.writes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

import org.graalite.nativeapi.NativeConnection;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Scripts of writes that the Truffle tier must run itself (transaction control, savepoints,
 * triggers, foreign keys): each statement runs on a connection with {@code sql.Tier=auto} and
 * must have run on the Truffle tier (its execution counter moved), unless the script marks it
 * with a leading {@code @} (schema setup). Every outcome (rows, change count, or the error's
 * extended code and message, and the connection's changes, last rowid and auto-commit state)
 * must equal the native tier's, and sqlite-jdbc must agree on which statements fail (with
 * SQLite's message) and on the rows of every query.
 *
 * <p>Scripts: src/test/resources/writes/truffle-tier/NAME.sql.
 */
class TruffleTierWritesTest {
    static final List<String> SCRIPTS = List.of("transactions", "triggers", "foreign-keys", "schema");

    @TempDir
    Path dir;

    /** One statement of a script, and whether it may run on the native tier. */
    record Line(String sql, boolean anyTier) {
    }

    static List<Line> parse(String text) {
        List<Line> lines = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        boolean anyTier = false;
        for (String line : text.split("\n")) {
            if (current.isEmpty() && (line.startsWith("--") || line.isBlank())) {
                continue;
            }
            if (current.isEmpty() && line.startsWith("@")) {
                anyTier = true;
                line = line.substring(1);
            }
            current.append(line).append('\n');
            if (NativeConnection.isComplete(current.toString())) {
                lines.add(new Line(current.toString().strip(), anyTier));
                current.setLength(0);
                anyTier = false;
            }
        }
        assertTrue(current.isEmpty(), "incomplete statement at the end: " + current);
        return lines;
    }

    @TestFactory
    List<DynamicTest> scriptsRunOnTheTruffleTierAsOnTheNativeTier() {
        List<DynamicTest> tests = new ArrayList<>();
        for (String name : SCRIPTS) {
            tests.add(DynamicTest.dynamicTest(name, () -> run(name)));
        }
        return tests;
    }

    void run(String name) throws IOException, SQLException {
        List<Line> lines = parse(KnownFailures.resource("truffle-tier/" + name + ".sql"));
        Path base = dir.resolve(name);
        java.nio.file.Files.createDirectories(base);
        try (TierPair.Side auto = new TierPair.Side("auto", base.resolve("auto.db").toString());
                        TierPair.Side oracle = new TierPair.Side("native", base.resolve("native.db").toString());
                        Connection jdbc = DriverManager.getConnection("jdbc:sqlite:" + base.resolve("jdbc.db"))) {
            int n = 0;
            StringBuilder transcript = new StringBuilder();
            for (Line line : lines) {
                n++;
                long before = auto.truffleExecutions();
                long beforeNative = auto.nativeExecutions();
                String a = auto.run(line.sql(), null) + " | " + auto.state();
                boolean onTruffle = auto.truffleExecutions() > before;
                // a statement that fails to prepare (a syntax or schema error) runs on no tier
                boolean onNative = auto.nativeExecutions() > beforeNative;
                if (!line.anyTier() && onNative) {
                    // asked on the oracle's database, which is still as the auto side's was before the statement
                    org.junit.jupiter.api.Assertions.fail("ran on the native tier, must run on the Truffle tier: " + name + " #" + n + ": " + line.sql() + "\n" +
                                    whyNative(base.resolve("native.db"), lines, line.sql()));
                }
                String o = oracle.run(line.sql(), null) + " | " + oracle.state();
                String where = name + " #" + n + ": " + line.sql();
                transcript.append(n).append(onTruffle ? " [truffle] " : onNative ? " [native] " : " [not run] ").append(line.sql()).append("\n    -> ").append(o).append('\n');
                java.nio.file.Files.createDirectories(Path.of("target", "writes"));
                java.nio.file.Files.writeString(Path.of("target", "writes", "truffle-tier-" + name + ".log"), transcript);
                assertEquals(o, a, where);
                assertEquals(o.substring(0, o.indexOf(" | ")), jdbcOutcome(jdbc, line.sql(), o), "sqlite-jdbc: " + where);
            }
            assertEquals(List.of("('ok')"), auto.query("PRAGMA integrity_check"), name);
        }
    }

    private static org.graalvm.polyglot.Context context(String tier, Path database) {
        return org.graalvm.polyglot.Context.newBuilder("sql").allowIO(org.graalvm.polyglot.io.IOAccess.ALL).option("engine.WarnInterpreterOnly", "false").option("sql.Tier", tier)
                        .option("sql.TruffleTierAfter", "0").option("sql.Database", database.toString()).option("sql.BusyTimeout", "0").build();
    }

    /**
     * sql.Tier=truffle's refusal of {@code sql}, which names the missing opcodes (in a
     * transaction that is rolled back, after the script's PRAGMAs: a PRAGMA that sets a flag
     * does so when it is prepared, even where the Truffle tier then refuses to run it).
     */
    static String whyNative(Path database, List<Line> script, String sql) {
        try (org.graalvm.polyglot.Context c = context("truffle", database)) {
            for (Line l : script) {
                if (l.sql().toUpperCase(java.util.Locale.ROOT).startsWith("PRAGMA")) {
                    try {
                        c.eval("sql", l.sql());
                    } catch (org.graalvm.polyglot.PolyglotException e) {
                        // the flag is set; running the PRAGMA's program is what the tier may refuse
                    }
                }
            }
            c.eval("sql", "BEGIN");
            try {
                org.graalvm.polyglot.Value result = c.eval("sql", sql);
                if (result.hasIterator()) {
                    org.graalite.language.SqlContexts.rows(result);
                }
                return "(ran on the Truffle tier with sql.Tier=truffle)";
            } catch (org.graalvm.polyglot.PolyglotException e) {
                return e.getMessage();
            }
        }
    }

    private static long count(org.graalvm.polyglot.Context c) {
        return (Long) org.graalite.language.SqlContexts.rows(c.eval("sql", "SELECT count(*) FROM t")).get(0).get(0);
    }

    /**
     * With sql.Tier=truffle (no fall-back: an unsupported opcode is an error) a connection
     * creates a schema with foreign keys, triggers and a view, and runs transactions,
     * savepoints, trigger-firing writes, cascades and their errors.
     */
    @org.junit.jupiter.api.Test
    void writeFeaturesRunWithTheNativeTierForbidden() {
        try (org.graalvm.polyglot.Context c = context("truffle", dir.resolve("forbidden.db"))) {
            for (String sql : List.of("PRAGMA foreign_keys = ON", "PRAGMA recursive_triggers = ON",
                            "CREATE TABLE p(id INTEGER PRIMARY KEY, name TEXT UNIQUE)",
                            "CREATE TABLE c(id INTEGER PRIMARY KEY, pid INTEGER REFERENCES p(id) ON DELETE CASCADE, v TEXT)",
                            "CREATE TABLE d(id INTEGER PRIMARY KEY, pid INTEGER REFERENCES p(id) DEFERRABLE INITIALLY DEFERRED)",
                            "CREATE INDEX c_pid ON c(pid)", "CREATE TABLE log(what TEXT, n INTEGER)",
                            "CREATE TRIGGER c_ai AFTER INSERT ON c WHEN new.v <> 'quiet' BEGIN INSERT INTO log VALUES ('c+' || new.v, new.pid); END",
                            "CREATE TRIGGER p_bd BEFORE DELETE ON p WHEN old.name = 'locked' BEGIN SELECT RAISE(ABORT, 'locked'); END",
                            "CREATE VIEW pv AS SELECT id, name FROM p",
                            "CREATE TRIGGER pv_ii INSTEAD OF INSERT ON pv BEGIN INSERT INTO p(name) VALUES (upper(new.name)); END",
                            "BEGIN", "INSERT INTO p(name) VALUES ('a'), ('locked')", "SAVEPOINT s", "INSERT INTO c(pid, v) VALUES (1, 'x'), (1, 'y'), (2, 'z')",
                            "ROLLBACK TO s", "INSERT INTO c(pid, v) VALUES (1, 'kept')", "RELEASE s", "COMMIT", "INSERT INTO pv(name) VALUES ('view')",
                            "BEGIN", "INSERT INTO d(pid) VALUES (99)", "INSERT INTO p(id, name) VALUES (99, 'late parent')", "COMMIT",
                            "DELETE FROM p WHERE name = 'a'", "DROP TRIGGER c_ai", "DROP VIEW pv", "DELETE FROM log")) {
                c.eval("sql", sql);
            }
            String[][] failures = {{"INSERT INTO c(pid, v) VALUES (42, 'orphan')", "FOREIGN KEY constraint failed"}, {"DELETE FROM p WHERE name = 'locked'", "locked"},
                            {"COMMIT", "cannot commit - no transaction is active"}, {"RELEASE nosuch", "no such savepoint: nosuch"}};
            for (String[] f : failures) {
                org.graalvm.polyglot.PolyglotException e = org.junit.jupiter.api.Assertions.assertThrows(org.graalvm.polyglot.PolyglotException.class, () -> c.eval("sql", f[0]));
                assertEquals(f[1], e.getMessage(), f[0]);
            }
            c.eval("sql", "BEGIN");
            c.eval("sql", "INSERT INTO d(pid) VALUES (1000)");
            org.graalvm.polyglot.PolyglotException deferred = org.junit.jupiter.api.Assertions.assertThrows(org.graalvm.polyglot.PolyglotException.class, () -> c.eval("sql", "COMMIT"));
            assertEquals("FOREIGN KEY constraint failed", deferred.getMessage());
            c.eval("sql", "ROLLBACK");
            assertEquals(List.of(List.of(0L, 3L, 1L)), org.graalite.language.SqlContexts.rows(c.eval("sql", "SELECT (SELECT count(*) FROM c), (SELECT count(*) FROM p), (SELECT count(*) FROM d)")));
            assertEquals(0, c.getBindings("sql").getMember("nativeExecutions").asLong(), "nothing ran on the native tier");
        }
    }

    /**
     * COMMIT on the Truffle tier while another connection reads (rollback journal: the reader's
     * SHARED lock keeps the writer from the EXCLUSIVE lock it needs) fails with SQLITE_BUSY, as
     * SQLite's does; the transaction stays open, and COMMIT run again after the reader is done
     * commits it.
     */
    @org.junit.jupiter.api.Test
    void busyCommitOnTheTruffleTierCanBeRetried() {
        Path file = dir.resolve("busy.db");
        try (org.graalvm.polyglot.Context reader = context("native", file); org.graalvm.polyglot.Context writer = context("truffle", file)) {
            reader.eval("sql", "CREATE TABLE t(x); INSERT INTO t VALUES (1)");
            writer.eval("sql", "BEGIN");
            writer.eval("sql", "INSERT INTO t VALUES (2)");
            reader.eval("sql", "BEGIN");
            assertEquals(1, count(reader));
            org.graalvm.polyglot.PolyglotException busy = org.junit.jupiter.api.Assertions.assertThrows(org.graalvm.polyglot.PolyglotException.class, () -> writer.eval("sql", "COMMIT"));
            assertEquals(5, busy.getGuestObject().getMember("code").asInt(), busy.getMessage());
            assertEquals("database is locked", busy.getMessage());
            // still in the transaction: nothing committed, nothing rolled back
            assertEquals(false, writer.getBindings("sql").getMember("autocommit").asBoolean());
            assertEquals(2, count(writer));
            reader.eval("sql", "COMMIT");
            writer.eval("sql", "COMMIT");
            assertEquals(true, writer.getBindings("sql").getMember("autocommit").asBoolean());
            assertEquals(2, count(reader));
            // RELEASE of a transaction's savepoint commits the same way
            writer.eval("sql", "SAVEPOINT s");
            writer.eval("sql", "INSERT INTO t VALUES (3)");
            reader.eval("sql", "BEGIN");
            assertEquals(2, count(reader));
            busy = org.junit.jupiter.api.Assertions.assertThrows(org.graalvm.polyglot.PolyglotException.class, () -> writer.eval("sql", "RELEASE s"));
            assertEquals(5, busy.getGuestObject().getMember("code").asInt(), busy.getMessage());
            assertEquals(false, writer.getBindings("sql").getMember("autocommit").asBoolean());
            reader.eval("sql", "COMMIT");
            writer.eval("sql", "RELEASE s");
            assertEquals(3, count(reader));
        }
    }

    /**
     * A prepared write whose Transaction fails on the Truffle tier: blocked by another
     * connection's transaction (SQLITE_BUSY) or under PRAGMA query_only (SQLITE_READONLY), it
     * reports SQLite's code and message, writes nothing, and runs once the obstacle is gone;
     * reads keep working in between.
     */
    @org.junit.jupiter.api.Test
    void aWriteWhoseTransactionFailsRunsOnceItCan() {
        Path file = dir.resolve("blocked-write.db");
        try (org.graalvm.polyglot.Context other = context("native", file); org.graalvm.polyglot.Context c = context("truffle", file)) {
            other.eval("sql", "CREATE TABLE t(x)");
            org.graalvm.polyglot.Value insert = c.eval("sql", "INSERT INTO t VALUES (?)");
            org.graalvm.polyglot.Value read = c.eval("sql", "SELECT count(*) FROM t WHERE x > ?");
            insert.execute(1);
            other.eval("sql", "BEGIN IMMEDIATE");
            assertFailsWith(5, "database is locked", () -> insert.execute(2));
            assertEquals(1L, org.graalite.language.SqlContexts.rows(read.execute(0)).get(0).get(0));
            other.eval("sql", "COMMIT");
            insert.execute(2);
            c.eval("sql", "PRAGMA query_only = 1");
            assertFailsWith(8, "attempt to write a readonly database", () -> insert.execute(3));
            assertEquals(2L, org.graalite.language.SqlContexts.rows(read.execute(0)).get(0).get(0));
            c.eval("sql", "PRAGMA query_only = 0");
            insert.execute(3);
            assertEquals(3, count(other));
            assertEquals(0, c.getBindings("sql").getMember("nativeExecutions").asLong(), "nothing ran on the native tier");
        }
    }

    /** That {@code call} fails with SQLite's result code {@code code} and message {@code message}. */
    private static void assertFailsWith(int code, String message, org.junit.jupiter.api.function.Executable call) {
        org.graalvm.polyglot.PolyglotException e = org.junit.jupiter.api.Assertions.assertThrows(org.graalvm.polyglot.PolyglotException.class, call);
        assertEquals(code, e.getGuestObject().getMember("code").asInt(), e.getMessage());
        assertEquals(message, e.getMessage());
    }

    /**
     * sqlite-jdbc's outcome in the tier's notation where the two can be compared: its rows, or
     * when it fails and the tier failed with SQLite's message, the tier's own error text.
     * Change counts are not compared (sqlite-jdbc reports them its own way).
     */
    static String jdbcOutcome(Connection c, String sql, String expected) {
        String tierOutcome = expected.substring(0, expected.indexOf(" | "));
        try (java.sql.Statement s = c.createStatement()) {
            if (s.execute(sql)) {
                List<String> rows = new ArrayList<>();
                try (ResultSet rs = s.getResultSet()) {
                    int columns = rs.getMetaData().getColumnCount();
                    while (rs.next()) {
                        List<Object> row = new ArrayList<>();
                        for (int i = 1; i <= columns; i++) {
                            Object v = rs.getObject(i);
                            row.add(v instanceof Integer k ? Long.valueOf(k) : v);
                        }
                        rows.add(TierPair.renderRow(row));
                    }
                }
                return "rows " + rows;
            }
            return tierOutcome.startsWith("changes ") || tierOutcome.equals("rows []") ? tierOutcome : "no rows";
        } catch (SQLException e) {
            if (tierOutcome.startsWith("error ")) {
                String message = tierOutcome.substring(tierOutcome.indexOf(' ', 6) + 1);
                return e.getMessage().contains(message) ? tierOutcome : "sqlite-jdbc error " + e.getMessage();
            }
            return "sqlite-jdbc error " + e.getMessage();
        }
    }
}
