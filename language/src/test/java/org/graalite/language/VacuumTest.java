package org.graalite.language;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Value;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * VACUUM on the Truffle tier (Vacuum run by the shim through sqlite3RunVacuum, as vdbe.c does)
 * rebuilds the file as SQLite's VDBE does: on copies of one file whose deleted rows left free
 * pages, VACUUM and VACUUM INTO give the same page counts, contents and integrity_check, and
 * the same errors inside a transaction and while another statement reads.
 */
class VacuumTest {
    @TempDir
    Path dir;

    private List<String> transcript(Path source, String tier) throws Exception {
        Path file = dir.resolve(tier + ".db");
        Path into = dir.resolve(tier + "-into.db");
        Files.copy(source, file);
        List<String> out = new ArrayList<>();
        try (Context c = SqlContexts.create(tier, file.toString())) {
            for (String sql : List.of("pragma freelist_count", "vacuum", "pragma freelist_count", "pragma page_count", "pragma integrity_check",
                            "select count(*), sum(length(v)), sum(k) from t", "select count(*) from t where v like 'x%'")) {
                out.add(SqlContexts.step(c, sql));
            }
            c.eval("sql", "delete from t where k % 2 = 0");
            c.eval("sql", "vacuum main into '" + into + "'");
            out.add("into: " + Files.size(into) / 4096 + " pages; source free pages " + SqlContexts.rows(c.eval("sql", "pragma freelist_count")));

            c.eval("sql", "begin");
            PolyglotException e = assertThrows(PolyglotException.class, () -> c.eval("sql", "vacuum"));
            out.add("in a transaction: " + e.getMessage());
            c.eval("sql", "rollback");

            Value reading = c.eval("sql", "select k from t").getIterator();
            reading.getIteratorNextElement();
            e = assertThrows(PolyglotException.class, () -> c.eval("sql", "vacuum"));
            out.add("while reading: " + e.getMessage());
            while (reading.hasIteratorNextElement()) {
                reading.getIteratorNextElement();
            }
            c.eval("sql", "vacuum");
            out.add("after: " + SqlContexts.rows(c.eval("sql", "pragma freelist_count")) + " " + SqlContexts.rows(c.eval("sql", "select count(*) from t")));
        }
        try (Context c = SqlContexts.create("native", into.toString())) {
            out.add("into holds " + SqlContexts.rows(c.eval("sql", "select count(*), sum(k) from t")) + ", " + SqlContexts.rows(c.eval("sql", "pragma integrity_check")));
        }
        out.add("file pages: " + Files.size(file) / 4096);
        return out;
    }

    @Test
    void truffleTierVacuumsAsSqliteDoes() throws Exception {
        Path source = dir.resolve("source.db");
        try (Context c = SqlContexts.create("native", source.toString())) {
            c.eval("sql", "pragma page_size = 4096");
            c.eval("sql", "create table t(k integer primary key, v text)");
            c.eval("sql", "create index t_v on t(v)");
            c.eval("sql", "with recursive n(i) as (select 1 union all select i + 1 from n where i < 2000) insert into t select i, printf('%.*c', 50 + i % 300, 'x') from n");
            c.eval("sql", "delete from t where k % 3 <> 0");
        }
        List<String> expected = transcript(source, "native");
        String text = String.join("\n", expected);
        assertTrue(!expected.get(0).equals("pragma freelist_count -> [[0]]"), text);
        assertTrue(expected.get(2).equals("pragma freelist_count -> [[0]]"), text);
        assertTrue(text.contains("in a transaction: cannot VACUUM from within a transaction"), text);
        assertTrue(text.contains("while reading: cannot VACUUM - SQL statements in progress"), text);
        assertEquals(text, String.join("\n", transcript(source, "truffle")));
    }
}
