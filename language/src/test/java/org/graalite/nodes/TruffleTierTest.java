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
 * into a file both contexts open, so that the queries, not the writes, are what is compared
 * (writes on the Truffle tier: writes/TruffleTierWritesTest and WriteDifferentialTest).
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
                assertSameRowsOnTheTruffleTier(nativeTier, truffleTier, query);
            }
        }
    }

    /**
     * {@code query} gives rows in {@code reference}, and the same rows in {@code truffleTier}
     * where it ran on the Truffle tier (not a fall-back to SQLite's VDBE).
     */
    static void assertSameRowsOnTheTruffleTier(org.graalvm.polyglot.Context reference, org.graalvm.polyglot.Context truffleTier, String query) {
        List<List<Object>> expected = SqlContexts.rows(reference.eval("sql", query));
        assertTrue(expected.size() > 0, query);
        long before = truffleTier.getBindings("sql").getMember("truffleExecutions").asLong();
        List<List<Object>> actual = SqlContexts.rows(truffleTier.eval("sql", query));
        assertEquals(before + 1, truffleTier.getBindings("sql").getMember("truffleExecutions").asLong(), "ran on the Truffle tier: " + query);
        assertEquals(render(expected), render(actual), query);
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

    /**
     * Opcodes the Truffle tier gained with window functions and the simple opcodes, each with a
     * statement whose program has it (checked with EXPLAIN): the statement must run with the
     * native tier forbidden and give the native tier's rows. The table schema: {@link #OPCODE_SETUP}.
     */
    static final String[][] OPCODE_STATEMENTS = {
                    {"And", "select a, b and c, (a > 2) and (c < 5) from t order by a"},
                    {"Or", "select a, b or c, (a > 2) or (c < 5) from t order by a"},
                    {"IsTrue", "select a, c is true, c is not false, b is false, b is not true from t order by a"},
                    {"ElseEq", "select a, (a, c) < (3, 2) from t order by a"},
                    {"ZeroOrNull", "select a, (a, c) <= (3, 2), (b, c) < (1, 1) from t order by a"},
                    {"AddImm", "select a, lag(c) over (order by a), lead(b, 2) over (order by a) from t order by a"},
                    {"AggValue", "select a, rank() over (order by c), row_number() over (), dense_rank() over (order by b) from t order by a"},
                    {"AggInverse", "select a, sum(c) over (order by a rows between 1 preceding and current row), group_concat(b) over (order by a rows 2 preceding) from t order by a"},
                    {"Null", "select distinct x from u"},
                    {"Permutation", "select a, b from t union select k, x from u order by 2, 1"},
                    {"IfNullRow", "select t.a, s.y from t left join (select a as x, 5 as y from t) s on s.x = t.a + 1 order by t.a"},
                    {"SeekHit", "select k from u where x in (1, 'a') and y in (2, 'b') order by k"},
                    {"IfNoHope", "select k from u where x in (1, 'a', null) and y in (2, 'b') order by k"},
    };

    static final String OPCODE_SETUP = "create table t(a integer primary key, b, c); insert into t values (1, 1, 2), (2, null, 0), (3, 0, null), (4, 'x', 1.5), (5, 2, 2);"
                    + "create table u(k integer primary key, x, y); create index u_xy on u(x, y);"
                    + "insert into u values (1, null, null), (2, null, 1), (3, 1, null), (4, 1, 2), (5, 'a', 'b'), (6, null, null);"
                    + "create table s(i integer, r real, x text) strict; create table ai(id integer primary key autoincrement, v);";

    @Test
    void newOpcodesRunOnTheTruffleTier(@TempDir Path dir) {
        String path = dir.resolve("o.db").toString();
        try (Context nativeTier = SqlContexts.create("native", path); Context truffleTier = SqlContexts.create("truffle", path)) {
            nativeTier.eval("sql", OPCODE_SETUP);
            for (String[] c : OPCODE_STATEMENTS) {
                assertTrue(opcodes(nativeTier, c[1]).contains(c[0]), "the program of " + c[1] + " has " + c[0]);
                List<List<Object>> expected = SqlContexts.rows(nativeTier.eval("sql", c[1]));
                long before = truffleExecutions(truffleTier);
                // With sql.Tier=truffle a statement the tier cannot run fails instead of falling back.
                List<List<Object>> actual = SqlContexts.rows(truffleTier.eval("sql", c[1]));
                assertEquals(before + 1, truffleExecutions(truffleTier), "ran on the Truffle tier: " + c[1]);
                assertEquals(render(expected), render(actual), c[1]);
            }
            // Writes: TypeCheck (STRICT), MemMax (AUTOINCREMENT), both on the Truffle tier.
            String strict = "insert into s values (1, 2, 'a'), ('2', '2.5', 3)";
            String autoincrement = "insert into ai(v) values ('a'), ('b')";
            assertTrue(opcodes(nativeTier, strict).contains("TypeCheck"));
            assertTrue(opcodes(nativeTier, autoincrement).contains("MemMax"));
            long before = truffleExecutions(truffleTier);
            truffleTier.eval("sql", strict);
            truffleTier.eval("sql", autoincrement);
            assertEquals(before + 2, truffleExecutions(truffleTier), "the writes ran on the Truffle tier");
            assertEquals("Long:1 String:integer Double:2.0 String:real String:a \nLong:2 String:integer Double:2.5 String:real String:3 \n",
                            render(SqlContexts.rows(nativeTier.eval("sql", "select i, typeof(i), r, typeof(r), x from s order by i"))));
            assertEquals("String:ai Long:2 \n", render(SqlContexts.rows(nativeTier.eval("sql", "select name, seq from sqlite_sequence"))));
            // A value of the wrong type is SQLite's error, with its extended code.
            org.graalvm.polyglot.PolyglotException e = org.junit.jupiter.api.Assertions.assertThrows(org.graalvm.polyglot.PolyglotException.class,
                            () -> truffleTier.eval("sql", "insert into s values ('x', 1, 'y')"));
            assertEquals("cannot store TEXT value in INTEGER column s.i", e.getMessage());
            assertEquals(19 | (12 << 8), e.getGuestObject().getMember("code").asInt(), "SQLITE_CONSTRAINT_DATATYPE");
        }
    }

    /**
     * Every statement of the window-function and misc-opcode differential cases (which compare
     * results with sqlite-jdbc on the auto tier) runs on the Truffle tier: the schema statements
     * (and ANALYZE, which calls SQLite's statistics functions) run on the native tier, everything
     * else with the native tier forbidden.
     */
    @Test
    void differentialCasesRunOnTheTruffleTier(@TempDir Path dir) throws java.io.IOException {
        for (String name : new String[]{"window-functions.sql", "misc-opcodes.sql", "in-lists.sql", "column-comparisons.sql", "leaf-steps.sql", "records-in-place.sql", "leaf-seeks.sql"}) {
            String path = dir.resolve(name + ".db").toString();
            try (Context nativeTier = SqlContexts.create("native", path); Context truffleTier = SqlContexts.create("truffle", path)) {
                for (String sql : caseStatements(name)) {
                    if (sql.regionMatches(true, 0, "create", 0, 6) || sql.regionMatches(true, 0, "analyze", 0, 7)) {
                        nativeTier.eval("sql", sql);
                        continue;
                    }
                    long before = truffleExecutions(truffleTier);
                    try {
                        org.graalvm.polyglot.Value result = truffleTier.eval("sql", sql);
                        if (result.hasIterator()) {
                            SqlContexts.rows(result);
                        }
                    } catch (org.graalvm.polyglot.PolyglotException e) {
                        // SQLite's own errors (a STRICT type error, ntile(0)) are expected; a fall-back is not.
                        assertTrue(!e.getMessage().contains("cannot run this statement"), name + ": " + e.getMessage());
                    }
                    assertEquals(before + 1, truffleExecutions(truffleTier), name + ": ran on the Truffle tier: " + sql);
                }
            }
        }
    }

    private static List<String> caseStatements(String name) throws java.io.IOException {
        String text;
        try (java.io.InputStream in = TruffleTierTest.class.getResourceAsStream("/differential/" + name)) {
            text = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
        List<String> statements = new java.util.ArrayList<>();
        StringBuilder current = new StringBuilder();
        for (String line : text.split("\n")) {
            if (line.startsWith("--") || line.isBlank()) {
                continue;
            }
            current.append(line).append('\n');
            if (org.graalite.nativeapi.NativeConnection.isComplete(current.toString())) {
                statements.add(current.toString().strip());
                current.setLength(0);
            }
        }
        return statements;
    }

    private static long truffleExecutions(Context c) {
        return c.getBindings("sql").getMember("truffleExecutions").asLong();
    }

    /** The opcode names of a statement's program (EXPLAIN, on the native tier). */
    private static java.util.Set<String> opcodes(Context nativeTier, String sql) {
        java.util.Set<String> names = new java.util.HashSet<>();
        for (List<Object> row : SqlContexts.rows(nativeTier.eval("sql", "explain " + sql))) {
            names.add((String) row.get(1));
        }
        return names;
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
