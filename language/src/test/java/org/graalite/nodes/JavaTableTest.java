package org.graalite.nodes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.graalite.language.SqlContexts;
import org.graalite.runtime.JavaTable;
import org.graalvm.polyglot.Context;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ephemeral rowid tables kept in Java (JavaTable, JavaTables, JavaTableNodes): window
 * functions' frames and materialized subqueries give SQLite's rows on the Truffle tier, with
 * the tables in Java, and again when every table outgrows a tiny byte limit and spills to
 * SQLite's b-tree in the middle of a partition (cursors in every state then: on a row, on none,
 * just after a delete).
 */
class JavaTableTest {
    private static final String DATA = "create table o(k integer primary key, c integer, p real, d text, s text);"
                    + "with recursive n(i) as (select 1 union all select i + 1 from n where i < 1500) "
                    + "insert into o select i, i % 37, round((i * 7919 % 1000) / 3.0, 2), date('2020-01-01', '+' || (i * 13 % 400) || ' days'), "
                    + "case i % 5 when 0 then null when 1 then 'a' when 2 then 'bb' else 'c' || (i % 7) end from n;"
                    + "insert into o values (1600, 1, null, null, null), (1601, 1, 3.5, '2020-01-01', 'a');";

    static final String[] WINDOWS = {
                    "select k, sum(p) over (partition by c order by d, k rows between 2 preceding and current row) from o order by k",
                    "select k, avg(p) over w, count(*) over w from o window w as (order by k rows between 5 preceding and 5 following) order by k",
                    "select k, rank() over w, dense_rank() over w, row_number() over w, percent_rank() over w, cume_dist() over w from o window w as (partition by c order by p desc) order by k",
                    "select k, p - lag(p, 1, 0) over (order by k), total(p) over (order by d), lead(s, 2) over (partition by c order by k) from o order by k",
                    "select k, ntile(10) over (order by k), first_value(c) over (partition by s order by k), last_value(p) over (partition by c order by k) from o order by k",
                    "select k, nth_value(p, 3) over (partition by c order by k rows between unbounded preceding and unbounded following) from o order by k",
                    "select k, min(p) over (order by k rows between 3 preceding and 3 following), max(d) over (partition by c order by k rows 4 preceding) from o order by k",
                    "select k, sum(p) over (order by d range between 30 preceding and 30 following) from o order by k",
                    "select k, count(*) over (order by c groups between 1 preceding and 1 following exclude current row) from o order by k",
                    "select k, group_concat(s, '/') over (partition by c order by k rows between 1 preceding and 1 following exclude ties) from o order by k",
                    "select k, sum(p) over (partition by c order by k rows between current row and 3 following exclude group) from o order by k",
                    "select k, sum(k) over (order by k rows between unbounded preceding and current row) from o order by k",
                    "select k, sum(k) over (order by k rows between 2 following and 5 following) from o order by k",
                    "select c, sum(p) over (), count(*) over (partition by c) from o order by k",
                    "select k, lag(k, 3) over (order by s, k), lead(k, 1) over (order by s desc, k) from o order by k",
                    "with r(c, t) as materialized (select c, sum(p) from o group by c) select a.c, a.t, b.t from r a, r b where a.c = b.c + 1 order by 1",
                    "select k, sum(p) over (order by k rows between 100 preceding and 100 following) from o where c in (1, 2, 3) order by k",
    };

    @AfterEach
    void defaultLimit() {
        JavaTable.setByteLimit(64L << 20);
    }

    @Test
    void windowsAndMaterializedSubqueriesMatchSqlite(@TempDir Path dir) {
        compareAll(dir, "ffm");
    }

    @Test
    void tablesThatSpillToSqlitesBtreeMatchSqlite(@TempDir Path dir) {
        // A few rows' worth: every table above spills, most of them in the middle of a partition.
        JavaTable.setByteLimit(600);
        compareAll(dir, "ffm");
    }

    /** Through Truffle NFI, whose payload call locates records ahead of Column (a table in Java needs none). */
    @Test
    void tablesMatchSqliteThroughNfi(@TempDir Path dir) {
        compareAll(dir, "nfi");
        JavaTable.setByteLimit(600);
        compareAll(dir.resolve("spilled"), "nfi");
    }

    private static void compareAll(Path dir, String binding) {
        dir.toFile().mkdirs();
        String path = dir.resolve("w.db").toString();
        try (Context nativeTier = SqlContexts.create("native", path); Context truffleTier = SqlContexts.create("truffle", path, binding)) {
            nativeTier.eval("sql", DATA);
            for (String query : WINDOWS) {
                TruffleTierTest.assertSameRowsOnTheTruffleTier(nativeTier, truffleTier, query);
                // Executed again: the tables of the first execution are gone, new ones start empty.
                org.graalvm.polyglot.Value statement = truffleTier.getBindings("sql").invokeMember("prepare", query);
                assertEquals(TruffleTierTest.render(SqlContexts.rows(nativeTier.eval("sql", query))), TruffleTierTest.render(SqlContexts.rows(statement.execute())), query);
                assertEquals(TruffleTierTest.render(SqlContexts.rows(nativeTier.eval("sql", query))), TruffleTierTest.render(SqlContexts.rows(statement.execute())), query);
            }
        }
    }

    @Test
    void windowFramesAndMaterializedSubqueriesAreKeptInJava() {
        try (ExplainedPrograms programs = new ExplainedPrograms()) {
            programs.run("create table o(k integer primary key, c integer, p real, d text, s text)");
            for (String query : WINDOWS) {
                List<org.graalite.program.Instruction> program = programs.program(query);
                Map<Integer, Integer> kept = JavaTables.of(program, CursorUses.of(program));
                assertFalse(kept.isEmpty(), query);
            }
            // The ephemeral index of a UNION is not a rowid table; a DELETE's rowids go to a RowSet.
            List<org.graalite.program.Instruction> union = programs.program("select c from o union select k from o");
            assertTrue(JavaTables.of(union, CursorUses.of(union)).isEmpty());
        }
    }
}
