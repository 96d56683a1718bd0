package org.graalite.writes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.graalite.language.SqlContexts;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Value;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Writes on a connection while one of its queries is still being iterated: each row read
 * updates rows (growing them past a page, so B-tree pages split and records move to
 * overflow pages), deletes the row ahead and inserts new ones. SQLite defines no result for
 * such a scan, but its VDBE gives a deterministic one; the Truffle tier, whose cursors wrap
 * SQLite's and read records from page memory, must give the same rows (a stale page or
 * record would show up here as other rows, wrong lengths or a crash) and leave the database
 * intact.
 */
class WritesDuringScanTest {
    @ParameterizedTest(name = "{0} / {1}")
    @CsvSource(delimiter = '|', value = {
                    "CREATE TABLE s(a INTEGER PRIMARY KEY, b TEXT)|SELECT a, b FROM s",
                    "CREATE TABLE s(a INTEGER PRIMARY KEY, b TEXT)|SELECT a, b FROM s ORDER BY a DESC",
                    "CREATE TABLE s(a INTEGER PRIMARY KEY, b TEXT) WITHOUT ROWID|SELECT a, b FROM s",
                    "CREATE TABLE s(a INTEGER, b TEXT)|SELECT a, b FROM s WHERE a > 10"})
    void scanSeesTheSameRowsOnBothTiers(String table, String scan) {
        List<String> auto = run("auto", table, scan);
        List<String> oracle = run("native", table, scan);
        assertTrue(Long.parseLong(auto.remove(auto.size() - 1)) > 0, "nothing ran on the Truffle tier");
        oracle.remove(oracle.size() - 1);
        assertEquals(String.join("\n", oracle), String.join("\n", auto));
    }

    /** The rows the scan saw (key, length, first character), what the writes returned, and the end state. */
    static List<String> run(String tier, String table, String scan) {
        List<String> out = new ArrayList<>();
        try (Context c = SqlContexts.create(tier)) {
            c.eval("sql", table);
            c.eval("sql", "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 400) INSERT INTO s(a, b) SELECT i, printf('%.*c', 50 + i % 300, 'v') FROM n");
            Value update = c.eval("sql", "UPDATE s SET b = ? WHERE a = ?");
            Value delete = c.eval("sql", "DELETE FROM s WHERE a = ?");
            Value insert = c.eval("sql", "INSERT INTO s(a, b) VALUES (?, ?)");
            long truffle = c.getBindings("sql").getMember("truffleExecutions").asLong();
            try {
                Value it = c.eval("sql", scan).getIterator();
                for (long n = 1; it.hasIteratorNextElement() && n <= 2000; n++) {
                    Value row = it.getIteratorNextElement();
                    long a = row.getArrayElement(0).asLong();
                    String b = row.getArrayElement(1).asString();
                    out.add(a + ":" + b.length() + ":" + b.charAt(0));
                    if (n % 3 == 0) {
                        out.add("update " + update.execute("w".repeat(500 + (int) (a % 700)), a));
                    }
                    if (n % 5 == 0) {
                        out.add("delete " + delete.execute(a + 1));
                    }
                    if (n % 7 == 0) {
                        out.add("insert " + insert.execute(1000 + a, "z".repeat(200)));
                    }
                }
            } catch (PolyglotException e) {
                out.add("error " + e.getMessage());
            }
            out.add("integrity " + SqlContexts.rows(c.eval("sql", "PRAGMA integrity_check")));
            out.add("count " + SqlContexts.rows(c.eval("sql", "SELECT count(*), sum(length(b)) FROM s")));
            out.add(Long.toString(c.getBindings("sql").getMember("truffleExecutions").asLong() - truffle));
        }
        return out;
    }
}
