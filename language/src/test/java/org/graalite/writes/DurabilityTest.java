package org.graalite.writes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.graalite.language.SqlContexts;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Value;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Durability (issue 5): a child JVM ({@link DurabilityWriter}) commits transactions into a
 * file database through Graalite and is killed with SIGKILL at random moments. After each
 * kill the files (database and journal or WAL) are copied twice and each copy is opened, one
 * with Graalite's native tier and one with sqlite-jdbc, which recover it; both must find
 * {@code PRAGMA integrity_check} ok and exactly transactions 1..m, for one m with
 * last-printed &lt;= m &lt;= last-printed + 1 (a COMMIT may have returned without its line
 * being printed; nothing else). The next child continues on the original file, recovering
 * it itself, and must report the same m.
 *
 * <p>DELETE and WAL journal modes share the kills: {@code -Dgraalite.kills=N} (default 50).
 * Children are started ahead ({@code -Dgraalite.kills.prestart}, default 2), so JVM
 * start-up overlaps. Each child also appends each commit line, unbuffered, to a progress
 * file after printing it: the file must never be ahead of what the test read from the
 * pipe (the report counts how often it was), and the checks trust the larger of the two.
 * Figures go to target/writes/durability.txt.
 */
class DurabilityTest {
    static final int KILLS = Integer.getInteger("graalite.kills", 50);
    static final String[] MODES = {"delete", "wal"};
    /** Children started ahead of the one being killed. */
    static final int PRESTART = Integer.getInteger("graalite.kills.prestart", 2);
    static final List<String> REPORT = new ArrayList<>();

    @TestFactory
    List<DynamicTest> killedWriterLosesNoCommittedTransaction() {
        List<DynamicTest> tests = new ArrayList<>();
        for (int m = 0; m < MODES.length; m++) {
            String mode = MODES[m];
            int kills = Math.max(1, KILLS / MODES.length + (m < KILLS % MODES.length ? 1 : 0));
            long seed = 1000 + m;
            tests.add(DynamicTest.dynamicTest("journal_mode=" + mode + ", " + kills + " kills", () -> run(mode, kills, seed)));
        }
        return tests;
    }

    static void run(String mode, int kills, long seed) throws Exception {
        long start = System.nanoTime();
        SplittableRandom random = new SplittableRandom(seed);
        Path dir = Files.createTempDirectory("graalite-durability-" + mode + "-");
        Path db = dir.resolve("d.db");
        long m = 0; // transactions in the file, as the last check found
        int midTransaction = 0; // kills after which the file held no more than the last printed commit
        int commitUnprinted = 0; // kills after which the file held one commit more than printed
        int beforeReady = 0;
        int recoveries = 0; // kills that left a journal or WAL file behind
        long truffle = 0;
        long nativeTier = 0;
        long waitStarted = 0;
        long waitReady = 0;
        long checking = 0;
        int pipeBehind = 0; // kills after which stdout showed fewer commits than the progress file (written after stdout)
        // Children started ahead of time, so that JVM start-up overlaps the writing and checking.
        java.util.ArrayDeque<Child> pool = new java.util.ArrayDeque<>();
        int started = 0;
        try {
            for (int kill = 1; kill <= kills; kill++) {
                while (pool.size() < Math.min(PRESTART, kills - kill + 1)) {
                    pool.add(Child.start(dir, db, mode, random, started++));
                }
                Child child = pool.removeFirst();
                try {
                    long t0 = System.nanoTime();
                    child.jvm.await("started", 120_000);
                    waitStarted += System.nanoTime() - t0;
                    child.jvm.send("go");
                    boolean early = random.nextInt(100) < 10;
                    if (early) {
                        // during open: recovery of what the previous kill left, schema, first statements
                        Thread.sleep(random.nextInt(40));
                    } else {
                        long t1 = System.nanoTime();
                        child.jvm.await("ready ", 60_000);
                        waitReady += System.nanoTime() - t1;
                        Thread.sleep(random.nextInt(100) < 30 ? random.nextInt(60) : 60 + random.nextInt(700));
                    }
                    if (!child.jvm.process.isAlive()) {
                        child.jvm.waitFor(1000);
                        throw new AssertionError("journal_mode=" + mode + ", kill " + kill + ": the child ended by itself; " + child.jvm.describe());
                    }
                    child.jvm.kill();
                } finally {
                    child.jvm.close();
                }
                long checkStart = System.nanoTime();
                long printed = m;
                String lastLine = null;
                boolean ready = false;
                for (String line : child.jvm.lines()) {
                    if (line.startsWith("committed ")) {
                        String[] parts = line.split(" ");
                        printed = Long.parseLong(parts[1]);
                        lastLine = line;
                    } else if (line.startsWith("ready ")) {
                        ready = true;
                        assertEquals(m, Long.parseLong(line.substring(6)), "the child found another number of transactions than the last check");
                    }
                }
                beforeReady += ready ? 0 : 1;
                Path progress = child.progress;
                if (Files.exists(progress)) {
                    List<String> written = Files.readAllLines(progress);
                    long inFile = written.isEmpty() ? m : Long.parseLong(written.get(written.size() - 1).substring("committed ".length()));
                    if (inFile > printed) {
                        pipeBehind++;
                        printed = inFile;
                    }
                }
                if (lastLine != null) {
                    String[] parts = lastLine.split(" ");
                    truffle += Long.parseLong(parts[2].substring("truffle=".length()));
                    nativeTier += Long.parseLong(parts[3].substring("native=".length()));
                }
                boolean leftovers = Files.exists(Path.of(db + "-journal")) || Files.exists(Path.of(db + "-wal")) && Files.size(Path.of(db + "-wal")) > 0;
                recoveries += leftovers ? 1 : 0;
                Path copyA = copy(db, dir.resolve("graalite-" + kill));
                Path copyB = copy(db, dir.resolve("jdbc-" + kill));
                long viaGraalite = checkWithGraalite(copyA);
                long viaJdbc = checkWithSqliteJdbc(copyB);
                List<String> lines = child.jvm.lines();
                String where = "journal_mode=" + mode + ", kill " + kill + " (last printed commit " + printed + "; the child's last lines " + lines.subList(Math.max(0, lines.size() - 3), lines.size()) +
                                "; files kept in " + dir + ")";
                assertEquals(viaGraalite, viaJdbc, where + ": Graalite and sqlite-jdbc recovered different transactions");
                assertTrue(viaGraalite >= printed, where + ": a committed transaction is lost; the file holds 1.." + viaGraalite);
                assertTrue(viaGraalite <= printed + 1, where + ": the file holds transactions 1.." + viaGraalite + ", more than were run");
                if (viaGraalite == printed) {
                    midTransaction++;
                } else {
                    commitUnprinted++;
                }
                m = viaGraalite;
                deleteCopy(copyA);
                deleteCopy(copyB);
                checking += System.nanoTime() - checkStart;
            }
        } finally {
            for (Child c : pool) {
                c.jvm.close();
            }
        }
        // the original, after all kills: recovered by this last open
        long finalCount = checkWithGraalite(db);
        assertEquals(m, finalCount, "the original file after the last kill");
        String line = String.format("journal_mode=%s: %d kills in %.1f s, %d transactions committed in all; the file held exactly the printed commits %d times and one commit more %d times; " +
                        "%d kills before the database was open; %d kills left a journal/WAL to recover; %d times the last stdout line of a killed child never reached the test (the progress file had it); executions in the children (at their last commit line): %d Truffle, %d native (%.1f%% Truffle)",
                        mode, kills, (System.nanoTime() - start) / 1e9, m, midTransaction, commitUnprinted, beforeReady, recoveries, pipeBehind, truffle, nativeTier,
                        truffle + nativeTier == 0 ? 0.0 : 100.0 * truffle / (truffle + nativeTier)) +
                        String.format("; waited %.1f s for children to start, %.1f s for them to open the database, %.1f s checking", waitStarted / 1e9, waitReady / 1e9, checking / 1e9);
        synchronized (REPORT) {
            REPORT.add(line);
        }
        WriteDifferentialTest.deleteTree(dir);
    }

    /** A started child and the file it appends its commit lines to. */
    record Child(ChildJvm jvm, Path progress) {
        static Child start(Path dir, Path db, String mode, SplittableRandom random, int n) throws IOException {
            String synchronous = new String[]{"full", "normal", "off"}[random.nextInt(3)];
            Path progress = dir.resolve("progress-" + n + ".txt");
            return new Child(ChildJvm.start(dir.resolve("child-" + n + ".err"), DurabilityWriter.class, db.toString(), mode, synchronous, progress.toString()), progress);
        }
    }

    /** Copies the database and its journal or WAL (not the -shm index: SQLite rebuilds it). */
    static Path copy(Path db, Path target) throws IOException {
        Files.createDirectories(target);
        Path copy = target.resolve(db.getFileName());
        Files.copy(db, copy, StandardCopyOption.REPLACE_EXISTING);
        for (String suffix : new String[]{"-journal", "-wal"}) {
            Path side = Path.of(db + suffix);
            if (Files.exists(side)) {
                Files.copy(side, Path.of(copy + suffix), StandardCopyOption.REPLACE_EXISTING);
            }
        }
        return copy;
    }

    static void deleteCopy(Path copy) throws IOException {
        WriteDifferentialTest.deleteTree(copy.getParent());
    }

    /** Opens with Graalite's native tier; returns m after checking that the file holds exactly transactions 1..m. */
    static long checkWithGraalite(Path db) {
        try (Context c = SqlContexts.create("native", db.toString())) {
            assertEquals(List.of(List.of("ok")), SqlContexts.rows(c.eval("sql", "PRAGMA integrity_check")), "Graalite's integrity_check of " + db);
            // a kill while the first child created the schema leaves some of it, or none
            List<List<Object>> tables = SqlContexts.rows(c.eval("sql", "SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name"));
            List<List<Object>> counter = tables.contains(List.of("counter")) ? SqlContexts.rows(c.eval("sql", "SELECT k FROM counter WHERE id = 1")) : List.of();
            long m = counter.isEmpty() ? 0 : (Long) counter.get(0).get(0);
            Expected expected = new Expected(m, "Graalite, " + db);
            if (!tables.contains(List.of("rows"))) {
                expected.end();
                return m;
            }
            if (tables.contains(List.of("txlog"))) {
                assertEquals(txlog(m), SqlContexts.rows(c.eval("sql", "SELECT k, n FROM txlog ORDER BY rowid")), "Graalite, " + db + ": txlog");
            }
            Value it = c.eval("sql", "SELECT k, i, payload FROM rows ORDER BY k, i").getIterator();
            while (it.hasIteratorNextElement()) {
                Value row = it.getIteratorNextElement();
                expected.next(row.getArrayElement(0).asLong(), row.getArrayElement(1).asLong(), row.getArrayElement(2).asString());
            }
            expected.end();
            return m;
        }
    }

    static long checkWithSqliteJdbc(Path db) throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db); Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery("PRAGMA integrity_check")) {
                assertTrue(rs.next());
                assertEquals("ok", rs.getString(1), "sqlite-jdbc's integrity_check of " + db);
            }
            List<String> tables = new ArrayList<>();
            try (ResultSet rs = s.executeQuery("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name")) {
                while (rs.next()) {
                    tables.add(rs.getString(1));
                }
            }
            long m = 0;
            if (tables.contains("counter")) {
                try (ResultSet rs = s.executeQuery("SELECT k FROM counter WHERE id = 1")) {
                    m = rs.next() ? rs.getLong(1) : 0;
                }
            }
            Expected expected = new Expected(m, "sqlite-jdbc, " + db);
            if (!tables.contains("rows")) {
                expected.end();
                return m;
            }
            if (tables.contains("txlog")) {
                List<List<Object>> log = new ArrayList<>();
                try (ResultSet rs = s.executeQuery("SELECT k, n FROM txlog ORDER BY rowid")) {
                    while (rs.next()) {
                        log.add(List.of(rs.getLong(1), rs.getLong(2)));
                    }
                }
                assertEquals(txlog(m), log, "sqlite-jdbc, " + db + ": txlog");
            }
            try (ResultSet rs = s.executeQuery("SELECT k, i, payload FROM rows ORDER BY k, i")) {
                while (rs.next()) {
                    expected.next(rs.getLong(1), rs.getLong(2), rs.getString(3));
                }
            }
            expected.end();
            return m;
        }
    }

    /** txlog after transactions 1..m: (k, n(k)) in order. */
    static List<List<Object>> txlog(long m) {
        List<List<Object>> rows = new ArrayList<>();
        for (long k = 1; k <= m; k++) {
            rows.add(List.of(k, (long) DurabilityWriter.rows(k)));
        }
        return rows;
    }

    /** The rows of transactions 1..m in (k, i) order, checked one by one. */
    static final class Expected {
        final long m;
        final String where;
        long k = 1;
        long i = 0;

        Expected(long m, String where) {
            this.m = m;
            this.where = where;
            skipEmpty();
        }

        private void skipEmpty() {
            while (k <= m && i >= DurabilityWriter.rows(k)) {
                k++;
                i = 0;
            }
        }

        void next(long rk, long ri, String payload) {
            if (k > m || rk != k || ri != i) {
                throw new AssertionError(where + ": counter says transactions 1.." + m + " but found row (" + rk + ", " + ri + ") where " + (k > m ? "no more rows" : "(" + k + ", " + i + ")") +
                                " belongs: a partial or lost transaction");
            }
            assertEquals(DurabilityWriter.payload(k, i), payload, where + ": payload of (" + k + ", " + i + ")");
            i++;
            skipEmpty();
        }

        void end() {
            if (k <= m) {
                throw new AssertionError(where + ": counter says transactions 1.." + m + " but row (" + k + ", " + i + ") is missing");
            }
        }
    }

    @AfterAll
    static void report() throws IOException {
        Path out = Path.of("target", "writes", "durability.txt");
        Files.createDirectories(out.getParent());
        Files.writeString(out, String.join("\n", REPORT) + "\n");
        REPORT.forEach(System.out::println);
    }
}
