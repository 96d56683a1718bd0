package org.graalite.language;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
 * PRAGMA integrity_check and quick_check on the Truffle tier (IntegrityCk, IFindKey and VCheck
 * run by the shim) give SQLite's reports: on a sound database with rowid and WITHOUT ROWID
 * tables, unique, partial and expression indexes, reals, and FTS5 and rtree tables (which check
 * themselves), and on one whose index no longer matches its table (its definition changed
 * through writable_schema), with budgets of errors. Each tier checks a copy of the same file;
 * their transcripts must be equal.
 */
class IntegrityCheckTest {
    @TempDir
    Path dir;

    private static final List<String> CHECKS = List.of(
                    "pragma integrity_check",
                    "pragma quick_check",
                    "pragma integrity_check(1)",
                    "pragma integrity_check(3)",
                    "pragma integrity_check(t)",
                    "pragma main.integrity_check(w)",
                    "pragma quick_check(2)",
                    "pragma integrity_check(docs)",
                    "pragma integrity_check(boxes)");

    private static void build(Path file) {
        try (Context c = SqlContexts.create("native", file.toString())) {
            c.eval("sql", "create table t(a integer, b text, r real)");
            c.eval("sql", "create table w(k text primary key, v) without rowid");
            for (int i = 0; i < 200; i++) {
                c.eval("sql", "insert into t values (" + i + ", 'text " + (i % 17) + "', " + (i * 0.1) + ")");
                c.eval("sql", "insert into w values ('key " + i + "', " + (i % 5) + ")");
            }
            c.eval("sql", "create index ta on t(a)");
            c.eval("sql", "create unique index tar on t(a, r)");
            c.eval("sql", "create index tb on t(b) where a % 2 = 0");
            c.eval("sql", "create index tx on t(a + 1, lower(b))");
            c.eval("sql", "create index wv on w(v)");
            // Virtual tables whose modules check themselves (VCheck: xIntegrity).
            c.eval("sql", "create virtual table docs using fts5(body)");
            c.eval("sql", "insert into docs select b || ' ' || a from t");
            c.eval("sql", "create virtual table boxes using rtree(id, x0, x1)");
            c.eval("sql", "insert into boxes select a, r, r + 1 from t");
        }
    }

    private List<String> transcript(Path source, String tier) throws Exception {
        Path file = dir.resolve(tier + "-" + source.getFileName());
        Files.copy(source, file);
        List<String> out = new ArrayList<>();
        try (Context c = SqlContexts.create(tier, file.toString())) {
            for (String sql : CHECKS) {
                try {
                    Value result = c.eval("sql", sql);
                    out.add(sql + " -> " + SqlContexts.rows(result));
                } catch (PolyglotException e) {
                    out.add(sql + " -> error " + e.getMessage());
                }
            }
        }
        return out;
    }

    @Test
    void truffleTierReportsAsSqlite() throws Exception {
        Path sound = dir.resolve("sound.db");
        build(sound);
        List<String> expected = transcript(sound, "native");
        assertTrue(expected.get(0).equals("pragma integrity_check -> [[ok]]"), String.join("\n", expected));
        assertEquals(String.join("\n", expected), String.join("\n", transcript(sound, "truffle")));

        // The index ta now claims to be on column b: its entries no longer match the table.
        Path broken = dir.resolve("broken.db");
        build(broken);
        try (Context c = SqlContexts.create("native", broken.toString())) {
            c.eval("sql", "pragma writable_schema = on");
            c.eval("sql", "update sqlite_schema set sql = 'CREATE INDEX ta ON t(b)' where name = 'ta'");
        }
        expected = transcript(broken, "native");
        assertTrue(expected.get(0).contains("missing from index ta"), String.join("\n", expected));
        assertEquals(String.join("\n", expected), String.join("\n", transcript(broken, "truffle")));
    }
}
