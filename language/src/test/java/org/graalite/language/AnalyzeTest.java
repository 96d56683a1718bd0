package org.graalite.language;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Value;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * ANALYZE on the Truffle tier (its accumulators kept in SQLite's registers: AnalyzeState;
 * LoadAnalysis by the shim) writes the statistics SQLite's VDBE writes: on copies of one file,
 * ANALYZE of everything, of one table and of one index, then the rows of sqlite_stat1 and the
 * plans the statistics choose, are the same on both tiers; each ANALYZE ran on the Truffle tier.
 */
class AnalyzeTest {
    @TempDir
    Path dir;

    private static final List<String> STEPS = List.of(
                    "analyze",
                    "select tbl, idx, stat from sqlite_stat1 order by tbl, idx",
                    "explain query plan select * from t where a = 5 and b = 7",
                    "explain query plan select * from t join u on u.x = t.a where u.y > 3",
                    "delete from t where a < 50",
                    "analyze t",
                    "select tbl, idx, stat from sqlite_stat1 order by tbl, idx",
                    "insert into u select x + 1000, y from u",
                    "analyze u_y",
                    "select tbl, idx, stat from sqlite_stat1 order by tbl, idx",
                    "drop index t_ab",
                    "analyze",
                    "select tbl, idx, stat from sqlite_stat1 order by tbl, idx",
                    "pragma optimize",
                    "pragma integrity_check");

    private List<String> transcript(Path source, String tier) throws Exception {
        Path file = dir.resolve(tier + ".db");
        Files.copy(source, file);
        List<String> out = new ArrayList<>();
        try (Context c = SqlContexts.create(tier, file.toString())) {
            Value db = c.getBindings("sql");
            for (String sql : STEPS) {
                long truffle = db.getMember("truffleExecutions").asLong();
                out.add(SqlContexts.step(c, sql));
                if (tier.equals("auto") && sql.startsWith("analyze")) {
                    assertEquals(truffle + 1, db.getMember("truffleExecutions").asLong(), sql + " should run on the Truffle tier");
                }
            }
        }
        return out;
    }

    @Test
    void truffleTierWritesSqlitesStatistics() throws Exception {
        Path source = dir.resolve("source.db");
        try (Context c = SqlContexts.create("native", source.toString())) {
            c.eval("sql", "create table t(a, b, c)");
            c.eval("sql", "create index t_a on t(a)");
            c.eval("sql", "create index t_ab on t(a, b)");
            c.eval("sql", "create index t_c on t(c) where c is not null");
            c.eval("sql", "create table u(x integer primary key, y)");
            c.eval("sql", "create index u_y on u(y)");
            c.eval("sql", "create table empty(e)");
            c.eval("sql", "create index empty_e on empty(e)");
            c.eval("sql", "with recursive n(i) as (select 1 union all select i + 1 from n where i < 3000) insert into t select i % 300, i % 7, case when i % 5 = 0 then i end from n");
            c.eval("sql", "with recursive n(i) as (select 1 union all select i + 1 from n where i < 500) insert into u select i, i % 10 from n");
        }
        List<String> expected = transcript(source, "native");
        String text = String.join("\n", expected);
        assertTrue(text.contains("[t, t_a, 3000 10]"), text);
        assertEquals(text, String.join("\n", transcript(source, "auto")));
        assertEquals(text, String.join("\n", transcript(source, "truffle")));
    }
}
