package org.graalite.writes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

import org.graalite.language.SqlContexts;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Value;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Same files (issue 5): a database that Python's sqlite3 module writes is read by Graalite
 * (values and storage classes), and a database that Graalite writes (through the Truffle
 * tier where it can) is read by Python, which must find {@code PRAGMA integrity_check} ok and
 * exactly the expected contents, byte for byte. In WAL mode each side reads while the
 * other's committed transaction is still in the WAL.
 *
 * <p>Values cross as a canonical text ({@link #canon}: {@code i:1}, {@code r:<IEEE bits>},
 * {@code t:<UTF-8 hex>}, {@code b:<hex>}, {@code n}) that the Python scripts
 * (writes/python-*.py) print too. Skipped, saying so, when python3 or its sqlite3 module is
 * missing.
 */
class PythonInteropTest {
    static String common;

    @BeforeAll
    static void python() throws Exception {
        String version;
        try {
            Process p = new ProcessBuilder("python3", "-c", "import sqlite3, sys; print(sys.version.split()[0], sqlite3.sqlite_version)").redirectErrorStream(true).start();
            version = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            Assumptions.assumeTrue(p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0, "skipped: python3 has no sqlite3 module: " + version);
        } catch (IOException e) {
            Assumptions.abort("skipped: python3 is not installed (" + e.getMessage() + ")");
            return;
        }
        System.out.println("python3 and its SQLite: " + version);
        common = KnownFailures.resource("python-common.py");
    }

    /** Runs one of the Python scripts with {@code python3 -c}; returns its output lines. */
    static List<String> python(String script, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("python3", "-c", common + "\n" + KnownFailures.resource(script)));
        command.addAll(Arrays.asList(args));
        Process p = new ProcessBuilder(command).start();
        byte[] out = p.getInputStream().readAllBytes();
        byte[] err = p.getErrorStream().readAllBytes();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), script + " did not end");
        assertEquals(0, p.exitValue(), script + " failed: " + new String(err, StandardCharsets.UTF_8));
        return List.of(new String(out, StandardCharsets.UTF_8).split("\n"));
    }

    // ---- Python writes, Graalite reads

    /** What python-write.py stores in table v, as Graalite must return it (Long, Double, String, byte[], null). */
    static final Object[][] VALUES = {
                    {0L, "integer"}, {1L, "integer"}, {-1L, "integer"}, {Long.MAX_VALUE, "integer"}, {Long.MIN_VALUE, "integer"}, {2147483648L, "integer"}, {1L, "integer"},
                    {1.5, "real"}, {-0.0, "real"}, {2.0, "real"}, {1e300, "real"}, {Double.POSITIVE_INFINITY, "real"}, {Double.NEGATIVE_INFINITY, "real"}, {Double.MIN_VALUE, "real"},
                    {"text", "text"}, {"", "text"}, {"é日本", "text"}, {"a\u0000b", "text"}, {"\uD834\uDD1E", "text"}, {"x".repeat(5000) + "end", "text"},
                    {new byte[0], "blob"}, {new byte[]{0, (byte) 0xff, 0x10}, "blob"}, {bytes256x40(), "blob"}, {null, "null"}};

    static byte[] bytes256x40() {
        byte[] b = new byte[256 * 40];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) i;
        }
        return b;
    }

    /** Table typed after SQLite applied column affinity to what Python bound. */
    static final Object[][] TYPED = {
                    {1L, 12L, 3.0, "4", 5L, 6L},
                    {2L, 1000L, 7.0, "x", new byte[]{1}, 2.5},
                    {3L, 2L, null, "1.5", "text", "abc"},
                    {4L, Long.MAX_VALUE, 1.0, null, null, 9.223372036854775807E18},
                    {5L, 42L, "0x10", "1.0e+20", 2.5, 17L}};

    @ParameterizedTest(name = "journal_mode={0}")
    @ValueSource(strings = {"delete", "wal"})
    void graaliteReadsWhatPythonWrote(String mode) throws Exception {
        Path dir = Files.createTempDirectory("graalite-python-");
        Path db = dir.resolve("py.db");
        assertEquals(List.of(mode, "written"), python("python-write.py", db.toString(), mode));
        if (mode.equals("wal")) {
            assertTrue(Files.size(Path.of(db + "-wal")) > 0, "Python's transaction should still be in the WAL");
        }
        try (Context c = SqlContexts.create("auto", db.toString())) {
            List<List<Object>> v = SqlContexts.rows(c.eval("sql", "SELECT id, val, typeof(val) FROM v ORDER BY id"));
            assertEquals(VALUES.length, v.size());
            for (int i = 0; i < VALUES.length; i++) {
                assertEquals(i, ((Long) v.get(i).get(0)).intValue());
                assertEquals(canon(VALUES[i][0]), canon(v.get(i).get(1)), "value " + i);
                assertEquals(VALUES[i][1], v.get(i).get(2), "storage class of value " + i);
            }
            List<List<Object>> typed = SqlContexts.rows(c.eval("sql", "SELECT * FROM typed ORDER BY id"));
            assertEquals(TYPED.length, typed.size());
            for (int i = 0; i < TYPED.length; i++) {
                for (int j = 0; j < TYPED[i].length; j++) {
                    assertEquals(canon(TYPED[i][j]), canon(typed.get(i).get(j)), "typed row " + (i + 1) + ", column " + j);
                }
            }
            // the same queries through Python and Graalite: the B-trees, indexes, WITHOUT ROWID, trigger output
            String[] queries = {"SELECT * FROM kv ORDER BY k", "SELECT k, w FROM kv WHERE w IS NOT NULL ORDER BY w DESC, k LIMIT 50", "SELECT count(*), sum(w), min(k), max(k) FROM kv",
                            "SELECT * FROM log ORDER BY id", "SELECT * FROM sqlite_sequence", "SELECT id FROM v WHERE val > 0 ORDER BY val, id"};
            List<String> expected = python("python-read.py", concat(db.toString(), queries));
            List<String> actual = new ArrayList<>(List.of("integrity " + SqlContexts.rows(c.eval("sql", "PRAGMA integrity_check")).get(0).get(0)));
            for (String q : queries) {
                actual.addAll(dump(c, q));
            }
            assertEquals(String.join("\n", expected), String.join("\n", actual));
            // and Graalite writes into Python's file; Python reads it back
            c.eval("sql", "INSERT INTO kv VALUES ('z-graalite', x'00ff', 3)");
            c.eval("sql", "UPDATE kv SET v = v || '+' WHERE k < 'key00010'");
            c.eval("sql", "DELETE FROM v WHERE id % 2 = 0");
            List<String> after = python("python-read.py", db.toString(), "SELECT * FROM kv WHERE k < 'key00010' OR k = 'z-graalite' ORDER BY k", "SELECT id FROM v ORDER BY id",
                            "SELECT * FROM log ORDER BY id DESC LIMIT 1");
            List<String> graalite = new ArrayList<>(List.of("integrity ok"));
            graalite.addAll(dump(c, "SELECT * FROM kv WHERE k < 'key00010' OR k = 'z-graalite' ORDER BY k"));
            graalite.addAll(dump(c, "SELECT id FROM v ORDER BY id"));
            graalite.addAll(dump(c, "SELECT * FROM log ORDER BY id DESC LIMIT 1"));
            assertEquals(String.join("\n", graalite), String.join("\n", after));
            assertTrue(after.contains("t:" + hex("z-graalite") + " | b:00ff | i:3"), String.join("\n", after));
        }
        WriteDifferentialTest.deleteTree(dir);
    }

    // ---- Graalite writes, Python reads

    @ParameterizedTest(name = "journal_mode={0}")
    @ValueSource(strings = {"delete", "wal"})
    void pythonReadsWhatGraaliteWrote(String mode) throws Exception {
        Path dir = Files.createTempDirectory("graalite-python-");
        Path db = dir.resolve("g.db");
        Map<Long, Object[]> t = new TreeMap<>();
        Map<String, Object[]> kv = new TreeMap<>();
        long truffle;
        long all;
        try (Context c = SqlContexts.create("auto", db.toString())) {
            // read the pragma's row: a result left unread keeps its statement active, and an active
            // journal_mode=wal statement makes a later COMMIT fail ("SQL statements in progress")
            assertEquals(List.of(List.of(mode)), SqlContexts.rows(c.eval("sql", "PRAGMA journal_mode = " + mode)));
            c.eval("sql", "CREATE TABLE t(id INTEGER PRIMARY KEY, i INTEGER, r REAL, s TEXT, b BLOB, x)");
            c.eval("sql", "CREATE INDEX t_s ON t(s)");
            c.eval("sql", "CREATE INDEX t_ir ON t(i DESC, r)");
            c.eval("sql", "CREATE TABLE kv(k TEXT PRIMARY KEY, v) WITHOUT ROWID");
            c.eval("sql", "CREATE INDEX kv_v ON kv(v) WHERE v IS NOT NULL");
            Value connection = c.getBindings("sql");
            long truffle0 = connection.getMember("truffleExecutions").asLong();
            long native0 = connection.getMember("nativeExecutions").asLong();
            Value insert = c.eval("sql", "INSERT INTO t(id, i, r, s, b, x) VALUES (?, ?, ?, ?, ?, ?)");
            c.eval("sql", "BEGIN");
            for (long id = 1; id <= 3000; id++) {
                Object[] row = {id, id % 3 == 0 ? id << 40 : id * 7919 - 10_000_000, id / 8.0, text(id), blob(id), mixed(id)};
                t.put(id, row);
                insert.execute(row[0], row[1], row[2], row[3], ByteBuffer.wrap((byte[]) row[4]), row[5] instanceof byte[] bytes ? ByteBuffer.wrap(bytes) : row[5]);
            }
            c.eval("sql", "COMMIT");
            c.eval("sql", "UPDATE t SET r = r * 2 WHERE id % 7 = 0");
            c.eval("sql", "DELETE FROM t WHERE id % 5 = 0");
            c.eval("sql", "UPDATE t SET s = s || '!' WHERE id % 11 = 0");
            for (Object[] row : t.values()) {
                long id = (Long) row[0];
                if (id % 7 == 0) {
                    row[2] = (Double) row[2] * 2;
                }
                if (id % 11 == 0) {
                    row[3] = row[3] + "!";
                }
            }
            t.keySet().removeIf(id -> id % 5 == 0);
            Value put = c.eval("sql", "INSERT OR REPLACE INTO kv VALUES (?, ?)");
            c.eval("sql", "BEGIN");
            for (int i = 0; i < 1500; i++) {
                String k = String.format("k%04d", (i * 7) % 1000);
                Object v = i % 4 == 0 ? null : i % 4 == 1 ? (Object) (long) i : i % 4 == 2 ? (Object) (i + 0.25) : "v" + i;
                kv.put(k, new Object[]{k, v});
                put.execute(k, v);
            }
            c.eval("sql", "COMMIT");
            c.eval("sql", "DELETE FROM kv WHERE k BETWEEN 'k0100' AND 'k0199'");
            kv.keySet().removeIf(k -> k.compareTo("k0100") >= 0 && k.compareTo("k0199") <= 0);
            truffle = connection.getMember("truffleExecutions").asLong() - truffle0;
            all = truffle + connection.getMember("nativeExecutions").asLong() - native0;
            if (mode.equals("wal")) {
                // Python reads while this connection is open and the data is in the WAL
                assertTrue(Files.size(Path.of(db + "-wal")) > 0);
                checkWithPython(db, t, kv);
            }
        }
        checkWithPython(db, t, kv);
        System.out.printf("Graalite wrote %s for Python (journal_mode=%s): %d of %d statements on the Truffle tier%n", db.getFileName(), mode, truffle, all);
        assertTrue(truffle > 0, "nothing ran on the Truffle tier");
        WriteDifferentialTest.deleteTree(dir);
    }

    static void checkWithPython(Path db, Map<Long, Object[]> t, Map<String, Object[]> kv) throws Exception {
        List<String> expected = new ArrayList<>(List.of("integrity ok", "> SELECT * FROM t ORDER BY id"));
        for (Object[] row : t.values()) {
            expected.add(line(row));
        }
        expected.add("> SELECT * FROM kv ORDER BY k");
        for (Object[] row : kv.values()) {
            expected.add(line(row));
        }
        expected.add("> SELECT count(*) FROM t INDEXED BY t_s WHERE s > ''");
        expected.add(line(new Object[]{(long) t.size()}));
        List<String> actual = python("python-read.py", db.toString(), "SELECT * FROM t ORDER BY id", "SELECT * FROM kv ORDER BY k", "SELECT count(*) FROM t INDEXED BY t_s WHERE s > ''");
        assertEquals(expected.size(), actual.size(), "lines of Python's dump");
        for (int i = 0; i < expected.size(); i++) {
            assertEquals(expected.get(i), actual.get(i), "line " + i + " of Python's dump");
        }
    }

    static String text(long id) {
        String s = "s" + id + (id % 2 == 0 ? "é" : "") + (id % 3 == 0 ? "日本" : "") + (id % 13 == 0 ? "\uD834\uDD1E" : "");
        return id % 500 == 0 ? s + "y".repeat(3000) : s;
    }

    static byte[] blob(long id) {
        byte[] b = new byte[(int) (id % 9) + (id % 700 == 0 ? 6000 : 0)];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) (id * 31 + i);
        }
        return b;
    }

    static Object mixed(long id) {
        return switch ((int) (id % 5)) {
            case 0 -> null;
            case 1 -> id * -3;
            case 2 -> id + 0.5;
            case 3 -> "m" + id;
            default -> new byte[]{(byte) id};
        };
    }

    // ---- canonical values

    static String canon(Object v) {
        if (v == null) {
            return "n";
        } else if (v instanceof Long l) {
            return "i:" + l;
        } else if (v instanceof Double d) {
            return "r:" + String.format("%016x", Double.doubleToRawLongBits(d));
        } else if (v instanceof String s) {
            return "t:" + hex(s);
        } else if (v instanceof byte[] b) {
            return "b:" + HexFormat.of().formatHex(b);
        }
        throw new IllegalArgumentException(v.getClass() + ": " + v);
    }

    static String hex(String s) {
        return HexFormat.of().formatHex(s.getBytes(StandardCharsets.UTF_8));
    }

    static String line(Object[] row) {
        List<String> parts = new ArrayList<>();
        for (Object v : row) {
            parts.add(canon(v));
        }
        return String.join(" | ", parts);
    }

    static List<String> dump(Context c, String query) {
        List<String> lines = new ArrayList<>(List.of("> " + query));
        for (List<Object> row : SqlContexts.rows(c.eval("sql", query))) {
            lines.add(line(row.toArray()));
        }
        return lines;
    }

    static String[] concat(String first, String[] rest) {
        String[] all = new String[rest.length + 1];
        all[0] = first;
        System.arraycopy(rest, 0, all, 1, rest.length);
        return all;
    }

    @Test
    void canonicalFormMatchesPython() throws Exception {
        // the Java and Python renderings agree on each kind of value
        List<String> out = python("python-read.py", ":memory:", "SELECT 1, -0.0, 1.5, 'é', x'00ff', NULL, 9223372036854775807");
        assertEquals(List.of("integrity ok", "> SELECT 1, -0.0, 1.5, 'é', x'00ff', NULL, 9223372036854775807",
                        line(new Object[]{1L, -0.0, 1.5, "é", new byte[]{0, (byte) 0xff}, null, Long.MAX_VALUE})), out);
    }
}
