package org.graalite.writes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import org.graalite.language.SqlContexts;
import org.graalvm.polyglot.Context;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Two processes writing one file lose nothing (issue 5): two child JVMs
 * ({@link ConcurrentWriter}) each insert N rows in many small transactions into the same
 * database, with {@code sql.BusyTimeout}, in WAL and in rollback-journal (DELETE) mode.
 * Both must finish without an error, and afterwards all 2N rows are there (read with
 * Graalite's native tier and with sqlite-jdbc) and {@code PRAGMA integrity_check} is ok.
 * {@code -Dgraalite.writers.rows=N} (default 400).
 */
class ConcurrentWritersTest {
    static final int ROWS = Integer.getInteger("graalite.writers.rows", 400);
    static final List<String> REPORT = new ArrayList<>();

    @TestFactory
    List<DynamicTest> twoWritersLoseNothing() {
        List<DynamicTest> tests = new ArrayList<>();
        for (String mode : new String[]{"wal", "delete"}) {
            tests.add(DynamicTest.dynamicTest("journal_mode=" + mode + ", 2 x " + ROWS + " rows", () -> run(mode)));
        }
        return tests;
    }

    static void run(String mode) throws Exception {
        long start = System.nanoTime();
        Path dir = Files.createTempDirectory("graalite-writers-" + mode + "-");
        Path db = dir.resolve("w.db");
        try (Context c = SqlContexts.create("native", db.toString())) {
            // journal_mode=WAL is kept in the file; DELETE is the default
            assertEquals(List.of(List.of(mode)), SqlContexts.rows(c.eval("sql", "PRAGMA journal_mode = " + mode)));
            // tables whose inserts the Truffle tier runs today (WITHOUT ROWID with an index; a plain rowid table)
            c.eval("sql", "CREATE TABLE rows(w INTEGER NOT NULL, i INTEGER NOT NULL, payload TEXT, PRIMARY KEY (w, i)) WITHOUT ROWID");
            c.eval("sql", "CREATE INDEX rows_payload ON rows(payload)");
            c.eval("sql", "CREATE TABLE txlog(w INTEGER, i INTEGER)");
        }
        ChildJvm a = ChildJvm.start(dir.resolve("writer-1.err"), ConcurrentWriter.class, db.toString(), "1", Integer.toString(ROWS), "60000");
        ChildJvm b = ChildJvm.start(dir.resolve("writer-2.err"), ConcurrentWriter.class, db.toString(), "2", Integer.toString(ROWS), "60000");
        long writing;
        String doneA;
        String doneB;
        try {
            a.await("started", 120_000);
            b.await("started", 120_000);
            writing = System.nanoTime();
            a.send("go");
            b.send("go");
            doneA = a.await("done ", 180_000);
            doneB = b.await("done ", 180_000);
            assertEquals(0, a.waitFor(30_000), "writer 1: " + a.describe());
            assertEquals(0, b.waitFor(30_000), "writer 2: " + b.describe());
        } finally {
            a.close();
            b.close();
        }
        double seconds = (System.nanoTime() - writing) / 1e9;
        assertEquals("done " + ROWS, doneA.substring(0, doneA.indexOf(" truffle=")));
        assertEquals("done " + ROWS, doneB.substring(0, doneB.indexOf(" truffle=")));
        checkWithGraalite(db);
        checkWithSqliteJdbc(db);
        synchronized (REPORT) {
            REPORT.add(String.format("journal_mode=%s: 2 writers x %d rows written in %.1f s (%.1f s with start-up); writer 1: %s; writer 2: %s", mode, ROWS, seconds,
                            (System.nanoTime() - start) / 1e9, doneA, doneB));
        }
        WriteDifferentialTest.deleteTree(dir);
    }

    static void checkWithGraalite(Path db) {
        try (Context c = SqlContexts.create("native", db.toString())) {
            assertEquals(List.of(List.of("ok")), SqlContexts.rows(c.eval("sql", "PRAGMA integrity_check")));
            assertEquals(List.of(List.of(1L, (long) ROWS, 0L, (long) ROWS - 1), List.of(2L, (long) ROWS, 0L, (long) ROWS - 1)),
                            SqlContexts.rows(c.eval("sql", "SELECT w, count(*), min(i), max(i) FROM rows GROUP BY w ORDER BY w")), "rows per writer (Graalite)");
            assertEquals(List.of(List.of(0L)), SqlContexts.rows(c.eval("sql", "SELECT count(*) FROM rows WHERE payload IS NOT 'w' || w || '-' || i")), "payloads (Graalite)");
            // one txlog row per transaction: (writer, rows committed before it)
            assertEquals(List.of(), SqlContexts.rows(c.eval("sql", "SELECT w, i FROM txlog GROUP BY w, i HAVING count(*) > 1")), "txlog rows written twice");
            assertEquals(List.of(), SqlContexts.rows(c.eval("sql", "SELECT w, i FROM txlog EXCEPT SELECT w, i FROM rows")), "txlog rows of transactions whose rows are missing");
        }
    }

    static void checkWithSqliteJdbc(Path db) throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db); Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery("PRAGMA integrity_check")) {
                assertTrue(rs.next());
                assertEquals("ok", rs.getString(1));
            }
            try (ResultSet rs = s.executeQuery("SELECT w, count(DISTINCT i), min(i), max(i) FROM rows GROUP BY w ORDER BY w")) {
                for (int w = 1; w <= 2; w++) {
                    assertTrue(rs.next(), "no rows of writer " + w + " (sqlite-jdbc)");
                    assertEquals(w, rs.getInt(1));
                    assertEquals(ROWS, rs.getInt(2), "rows of writer " + w + " (sqlite-jdbc)");
                    assertEquals(0, rs.getInt(3));
                    assertEquals(ROWS - 1, rs.getInt(4));
                }
                assertTrue(!rs.next(), "rows of a third writer");
            }
        }
    }

    @AfterAll
    static void report() throws IOException {
        Path out = Path.of("target", "writes", "concurrent-writers.txt");
        Files.createDirectories(out.getParent());
        Files.writeString(out, String.join("\n", REPORT) + "\n");
        REPORT.forEach(System.out::println);
    }
}
