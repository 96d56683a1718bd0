package org.graalite.nodes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.graalite.language.SqlContexts;
import org.graalvm.polyglot.Context;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Queries the Truffle tier supports run on it (forced with sql.Tier=truffle) and give the
 * native tier's results, storage classes included. Data is written through the native tier
 * into a file both contexts open, because writes are not on the Truffle tier yet.
 */
class TruffleTierTest {
    static final String SETUP = "create table t(a integer primary key, b text, c real, d); "
                    + "insert into t(b, c, d) values ('x', 1.5, 1), ('y', 2, 'text'), (null, null, x'00ff'), ('zz', -3.25, 9223372036854775807), ('10', 7, '9'), ('9', 8, 2.5);"
                    + "create table wide(" + columns() + "); insert into wide values (" + values() + ");";

    static final String[] QUERIES = {
                    "select * from t",
                    "select a, b, c * 2, a + 1, a - 10, a / 2, a % 2, d + 1, d * 3, c / 0, a % 0 from t",
                    "select b from t where c > 1",
                    "select a from t where b = 'y' or a >= 4",
                    "select rowid, d from t where d is not null",
                    "select a from t where b < '9'",
                    "select a from t where b > 5",
                    "select a from t where d = '9' or d = 1",
                    "select a, d from t where d >= 2",
                    "select 1, 2.5, 'lit', null, -7, 3000000000",
                    "select a from t where c is null",
                    "select a from t order by a desc",
                    "select * from t limit 2",
                    "select c0, c40, c99 from wide",
                    "select count(*) from t",
                    "select count(*), count(b), sum(a), total(c), avg(c), min(b), max(b), min(d), max(c) from t",
                    "select sum(d) from t where a < 3",
                    "select sum(a), avg(a), total(a), count(a), min(a) from t where c > 100",
                    "select max(c), b from t",
                    "select count(*) from t where c > 1",
                    "select b from t where a = 2",
                    "select b from t where rowid = '3'",
                    "select b, c from t where a = 4.0",
                    "select length(b), upper(b), substr(b, 1, 1), abs(c), round(c, 1), typeof(d), coalesce(b, 'none'), date('2024-01-01', '+1 day'), printf('%5.2f', c), hex(d) from t",
                    "select a, (select count(*) from t u where u.a <= t.a) from t",
                    "select x from (select a * 2 as x from t limit 3)",
                    "select a & 3, a | 8, a << 2, a >> 1, ~a, not a, -a, a is null, b is not null from t",
                    "select case when a > 2 then 'big' when a > 1 then 'mid' else 'small' end, case b when 'x' then 1 else 0 end from t",
                    "select a from (select 1 as a union select 2 union select 1) order by a",
                    "select * from t limit 2 offset 1",
                    "select b, c from t order by c desc, b",
                    "select d from t order by d",
                    "select b, count(*), sum(a), avg(c), max(d) from t group by b order by 2 desc, 1",
                    "select a % 2, count(*), total(c) from t group by a % 2 having count(*) > 1",
                    "select distinct a % 3 from t order by 1",
                    "select c0, c1, c2, c3 from wide order by c1",
                    "select b from t where a in (select a from t where c > 1)",
                    "select b from t where b not in (select b from t where a > 3)",
                    "select b, a from t order by b nulls last limit 3",
                    "select a from t where a > 2 and a <= 5",
                    "select a from t where a < 4 order by a desc",
                    "select b from t where a > 2.5",
                    "select b from t where b >= 'x' and b < 'z'",
                    "select count(*) from t where b between 'a' and 'y'",
                    "select x.b, y.c from t x, t y where x.a = y.a + 1",
                    "select b from t where exists (select 1 from t u where u.c > t.c)",
                    "with recursive n(i) as (select 1 union all select i + 1 from n where i < 50) select sum(i), count(*) from n",
                    "select a from t union select a * 10 from t order by 1",
                    "select b, c from t where b in ('x', 'zz', '10')",
                    "select b || '-' || a, instr(b, 'z'), replace(b, 'z', 'Z'), max(a, c), min(a, 2), nullif(a, 1), quote(d), like('%z%', b), b like 'z%' from t",
    };

    private static String columns() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 100; i++) {
            sb.append(i == 0 ? "" : ", ").append("c").append(i);
        }
        return sb.toString().replace("c0, ", "c0, ").replaceFirst("^", "c0 text, ").replaceFirst("c0 text, c0, ", "c0 text, ");
    }

    private static String values() {
        StringBuilder sb = new StringBuilder("'" + "long text ".repeat(1000) + "'");
        for (int i = 1; i < 100; i++) {
            sb.append(", ").append(i % 3 == 0 ? "'v" + i + "'" : i % 3 == 1 ? Integer.toString(i * 1000) : (i + 0.5) + "");
        }
        return sb.toString();
    }

    @Test
    void queriesOnTheTruffleTierMatchTheNativeTier(@TempDir Path dir) {
        String path = dir.resolve("t.db").toString();
        try (Context nativeTier = SqlContexts.create("native", path); Context truffleTier = SqlContexts.create("truffle", path)) {
            nativeTier.eval("sql", SETUP);
            // Parameters reach the Truffle tier's Variable instruction.
            org.graalvm.polyglot.Value lookup = truffleTier.eval("sql", "select b, c from t where a = ? or b = :name");
            assertEquals(render(SqlContexts.rows(nativeTier.eval("sql", "select b, c from t where a = 2 or b = 'zz'"))), render(SqlContexts.rows(lookup.execute(2, "zz"))));
            for (String query : QUERIES) {
                List<List<Object>> expected = SqlContexts.rows(nativeTier.eval("sql", query));
                assertTrue(expected.size() > 0, query);
                long before = truffleTier.getBindings("sql").getMember("truffleExecutions").asLong();
                List<List<Object>> actual = SqlContexts.rows(truffleTier.eval("sql", query));
                assertEquals(before + 1, truffleTier.getBindings("sql").getMember("truffleExecutions").asLong(), "ran on the Truffle tier: " + query);
                assertEquals(render(expected), render(actual), query);
            }
        }
    }

    @Test
    void functionErrorsAreSqlitesOnTheTruffleTier(@TempDir Path dir) {
        String path = dir.resolve("e.db").toString();
        try (Context nativeTier = SqlContexts.create("native", path); Context truffleTier = SqlContexts.create("truffle", path)) {
            String query = "select abs(-9223372036854775807 - 1)";
            org.graalvm.polyglot.PolyglotException expected = org.junit.jupiter.api.Assertions.assertThrows(org.graalvm.polyglot.PolyglotException.class,
                            () -> SqlContexts.rows(nativeTier.eval("sql", query)));
            org.graalvm.polyglot.PolyglotException actual = org.junit.jupiter.api.Assertions.assertThrows(org.graalvm.polyglot.PolyglotException.class,
                            () -> SqlContexts.rows(truffleTier.eval("sql", query)));
            assertEquals(expected.getMessage(), actual.getMessage());
            assertEquals(expected.getGuestObject().getMember("code").asInt(), actual.getGuestObject().getMember("code").asInt());
            // The connection is usable afterwards.
            assertEquals(List.of(List.of(1L)), SqlContexts.rows(truffleTier.eval("sql", "select abs(-1)")));
        }
    }

    /**
     * A common table expression read twice (TPC-H Q15's shape) materializes once and is read
     * again through OpenDup. Executed again, the statement used to fail with SQLITE_CORRUPT:
     * the shim's OpenEphemeral left a stale KeyInfo on table cursors, which OpenDup copied.
     */
    @Test
    void statementsWithOpenDupRunAgain(@TempDir Path dir) {
        String path = dir.resolve("d.db").toString();
        try (Context nativeTier = SqlContexts.create("native", path); Context truffleTier = SqlContexts.create("truffle", path)) {
            nativeTier.eval("sql", "create table s(id integer primary key, name text); create table l(s int, v real);"
                            + "with recursive n(i) as (select 1 union all select i + 1 from n where i < 300) insert into l select i % 17, i * 1.5 from n;"
                            + "insert into s select i, 'supplier ' || i from (with recursive n(i) as (select 0 union all select i + 1 from n where i < 16) select i from n)");
            String query = "with r(k, total) as (select s, sum(v) from l group by s) select id, name, total from s, r where id = k and total = (select max(total) from r) order by id";
            List<List<Object>> expected = SqlContexts.rows(nativeTier.eval("sql", query));
            assertEquals(1, expected.size());
            org.graalvm.polyglot.Value statement = truffleTier.getBindings("sql").invokeMember("prepare", query);
            for (int run = 0; run < 3; run++) {
                assertEquals(render(expected), render(SqlContexts.rows(statement.execute())), "execution " + run);
            }
        }
    }

    @Test
    void indexSeeksOnTheTruffleTier(@TempDir Path dir) {
        String path = dir.resolve("i.db").toString();
        try (Context nativeTier = SqlContexts.create("native", path); Context truffleTier = SqlContexts.create("truffle", path)) {
            nativeTier.eval("sql", "create table p(id integer primary key, name text collate nocase, score real, grp int); create index p_name on p(name); create index p_grp on p(grp, score desc);"
                            + "with recursive n(i) as (select 1 union all select i + 1 from n where i < 500) insert into p select i, 'Name' || (i % 37), (i * 7) % 101 / 3.0, i % 11 from n");
            for (String query : new String[]{"select id from p where name = 'name5' order by id", "select id, score from p where grp = 3 and score > 20 order by score desc, id",
                            "select count(*) from p where name > 'name3'", "select name, count(*) from p group by name order by 2 desc, 1 limit 5",
                            "select min(score), max(score) from p where grp between 2 and 4", "select id from p where grp = 7 and score >= 23.0 / 3",
                            "select p.id, q.id from p, p q where p.grp = q.id and p.id < 20 order by 1", "select distinct grp from p order by grp desc"}) {
                List<List<Object>> expected = SqlContexts.rows(nativeTier.eval("sql", query));
                assertTrue(expected.size() > 0, query);
                assertEquals(render(expected), render(SqlContexts.rows(truffleTier.eval("sql", query))), query);
            }
        }
    }

    static String render(List<List<Object>> rows) {
        StringBuilder sb = new StringBuilder();
        for (List<Object> row : rows) {
            for (Object v : row) {
                String s = v instanceof byte[] b ? "blob:" + Arrays.toString(b) : v == null ? "null" : v.getClass().getSimpleName() + ":" + v;
                sb.append(s.length() > 60 ? s.substring(0, 60) + "..." : s).append(' ');
            }
            sb.append('\n');
        }
        return sb.toString();
    }
}
