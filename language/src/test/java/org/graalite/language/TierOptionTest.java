package org.graalite.language;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.proxy.ProxyExecutable;
import org.junit.jupiter.api.Test;

/** The option sql.Tier and the observable record of which tier ran what. */
class TierOptionTest {
    @Test
    void truffleTierNamesTheOpcodesItLacks() {
        try (Context c = SqlContexts.create("truffle")) {
            // An UPDATE of a virtual table whose rows pass through an ephemeral table stays on
            // SQLite's VDBE (the connection stays usable after the refusal).
            c.eval("sql", "create virtual table ft using fts5(title, body)");
            c.eval("sql", "insert into ft values ('a', 'b')");
            c.eval("sql", "create table t(id, n)");
            c.eval("sql", "insert into t values (1, 'x')");
            PolyglotException e = assertThrows(PolyglotException.class, () -> c.eval("sql", "update ft set body = t.n from t where ft.rowid = t.id"));
            assertTrue(e.getMessage().startsWith("sql.Tier=truffle: the Truffle tier cannot run this statement yet; it lacks the opcodes "), e.getMessage());
            assertEquals(List.of(List.of("ok")), SqlContexts.rows(c.eval("sql", "pragma integrity_check")));
            for (String opcode : new String[]{"VColumn"}) {
                assertTrue(e.getMessage().contains(opcode), "the message should name " + opcode + ": " + e.getMessage());
            }
        }
    }

    /**
     * Statements the Truffle tier could run but not for now (a length limit is lowered, triggers
     * nest deeper than the Java stack) fail under sql.Tier=truffle
     * with the reason, as statements with missing opcodes do, instead of running natively; the
     * connection stays usable.
     */
    @Test
    void truffleTierFailsWhereItCannotRunAStatementForNow() {
        try (Context c = SqlContexts.create("truffle")) {
            Value db = c.getBindings("sql");
            db.invokeMember("execute", "create table t(x)");
            db.invokeMember("execute", "insert into t values (1), (2)");
            Value sum = db.invokeMember("prepare", "select sum(x) from t");
            assertEquals(List.of(List.of(3L)), SqlContexts.rows(sum.execute()));

            // A progress handler is called by the Truffle tier too (ProgressCounting).
            int[] calls = new int[1];
            db.invokeMember("setProgressHandler", (ProxyExecutable) args -> ++calls[0] < 0, 2);
            assertEquals(List.of(List.of(3L)), SqlContexts.rows(sum.execute()));
            assertTrue(calls[0] > 0);
            db.invokeMember("setProgressHandler", null, 10);
            assertEquals(List.of(List.of(3L)), SqlContexts.rows(sum.execute()));

            int length = db.invokeMember("limit", 0).asInt();
            db.invokeMember("limit", 0, 1000);
            PolyglotException e = assertThrows(PolyglotException.class, () -> SqlContexts.rows(sum.execute()));
            assertEquals("sql.Tier=truffle: the Truffle tier cannot run this statement while a length limit is lowered (statement: select sum(x) from t)", e.getMessage());
            db.invokeMember("limit", 0, length);
            assertEquals(List.of(List.of(3L)), SqlContexts.rows(sum.execute()));

            // SQLite stops at 1,000 levels; on a thread with a small stack, Java's ends before that.
            db.invokeMember("execute", "pragma recursive_triggers = on");
            db.invokeMember("execute", "create table r(n)");
            db.invokeMember("execute", "create trigger deeper after insert on r when new.n < 5000 begin insert into r values (new.n + 1); end");
            Object[] outcome = new Object[1];
            Thread small = new Thread(null, () -> {
                try {
                    outcome[0] = db.invokeMember("execute", "insert into r values (1)");
                } catch (PolyglotException failure) {
                    outcome[0] = failure;
                }
            }, "small stack", 256 * 1024);
            small.start();
            join(small);
            e = assertInstanceOf(PolyglotException.class, outcome[0]);
            assertTrue(e.getMessage().startsWith("sql.Tier=truffle: the Truffle tier cannot run this statement when its triggers nest deeper than the Java stack holds"), e.getMessage());
            assertEquals(List.of(List.of(0L)), SqlContexts.rows(db.invokeMember("execute", "select count(*) from r")));
            assertEquals(List.of(List.of(3L)), SqlContexts.rows(sum.execute()));
        }
    }

    private static void join(Thread thread) {
        try {
            thread.join();
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void executionsAreCountedPerTier() {
        try (Context c = SqlContexts.create("auto")) {
            // CREATE TABLE, an insert and a scan run on the Truffle tier; EXPLAIN lists the
            // program on SQLite's side.
            c.eval("sql", "create table t(a); insert into t values (1)");
            SqlContexts.rows(c.eval("sql", "select * from t"));
            SqlContexts.rows(c.eval("sql", "explain select * from t"));
            assertEquals(1, c.getBindings("sql").getMember("nativeExecutions").asLong());
            assertEquals(3, c.getBindings("sql").getMember("truffleExecutions").asLong());
        }
    }

    @Test
    void truffleTierRunsWhatItSupports() {
        try (Context c = SqlContexts.create("truffle")) {
            assertEquals(3, c.eval("sql", "select 1 + 2").getIterator().getIteratorNextElement().getArrayElement(0).asInt());
            assertEquals(1, c.getBindings("sql").getMember("truffleExecutions").asLong());
            assertEquals(0, c.getBindings("sql").getMember("nativeExecutions").asLong());
        }
    }

    /**
     * JSON built and read back (functions with value subtypes) runs on SQLite's VDBE under
     * sql.Tier=auto, which runs it faster today (see Database.chooseTier), and on the Truffle tier
     * under sql.Tier=truffle; both give the same rows.
     */
    @Test
    void jsonWithSubtypesRunsNativelyUnlessTheTruffleTierIsRequired() {
        String sql = "select json_object('a', json_array(1, 2)) ->> '$.a', json_extract('{\"b\":[3]}', '$.b') ->> 0";
        for (String tier : List.of("auto", "truffle")) {
            try (Context c = SqlContexts.create(tier)) {
                assertEquals(List.of(List.of("[1,2]", 3L)), SqlContexts.rows(c.eval("sql", sql)), tier);
                boolean truffle = tier.equals("truffle");
                assertEquals(truffle ? 1 : 0, c.getBindings("sql").getMember("truffleExecutions").asLong(), tier);
                assertEquals(truffle ? 0 : 1, c.getBindings("sql").getMember("nativeExecutions").asLong(), tier);
                // JSON read without subtypes (->> of a column's text) stays on the Truffle tier.
                c.eval("sql", "create table d(j text); insert into d values ('{\"v\": 7}')");
                long before = c.getBindings("sql").getMember("truffleExecutions").asLong();
                assertEquals(List.of(List.of(7L)), SqlContexts.rows(c.eval("sql", "select j ->> '$.v' from d")), tier);
                assertEquals(before + 1, c.getBindings("sql").getMember("truffleExecutions").asLong(), tier);
            }
        }
    }

    /**
     * Window functions run on the Truffle tier under sql.Tier=auto, their frames kept in Java
     * (JavaTables; see Database.chooseTier), as under sql.Tier=truffle; so does a window
     * function of the guest's. The same rows come out of every tier.
     */
    @Test
    void windowsRunOnTheTruffleTier() {
        String sql = "select x, sum(x) over (order by x rows 1 preceding), row_number() over (order by x desc) from t order by x";
        List<List<Object>> expected = List.of(List.of(1L, 1L, 3L), List.of(2L, 3L, 2L), List.of(4L, 6L, 1L));
        for (String tier : List.of("auto", "truffle")) {
            try (Context c = SqlContexts.create(tier)) {
                Value db = c.getBindings("sql");
                db.invokeMember("execute", "create table t(x)");
                db.invokeMember("execute", "insert into t values (1), (2), (4)");
                long truffleBefore = db.getMember("truffleExecutions").asLong();
                long nativeBefore = db.getMember("nativeExecutions").asLong();
                assertEquals(expected, SqlContexts.rows(c.eval("sql", sql)), tier);
                assertEquals(1, db.getMember("truffleExecutions").asLong() - truffleBefore, tier);
                assertEquals(0, db.getMember("nativeExecutions").asLong() - nativeBefore, tier);
                // A guest's window function: the Truffle tier calls it directly, and SQLite's own
                // window functions beside it keep their state in Java (WindowAggregateNodes).
                db.invokeMember("createWindowFunction", "framesum", 1, (ProxyExecutable) args -> UserFunctionTest.frameSum());
                truffleBefore = db.getMember("truffleExecutions").asLong();
                assertEquals(List.of(List.of("1.0/1", 1L, 1L, 1L), List.of("3.0/2", 3L, 2L, 2L), List.of("6.0/2", 6L, 3L, 2L)),
                                SqlContexts.rows(c.eval("sql", "select framesum(x) over w, sum(x) over w, rank() over (order by x), count(*) over w from t window w as (order by x rows 1 preceding) order by x")),
                                tier);
                assertEquals(1, db.getMember("truffleExecutions").asLong() - truffleBefore, tier);
            }
        }
    }

    @Test
    void explainListsTheProgramOnEveryTier() {
        for (String tier : List.of("auto", "truffle", "native")) {
            try (Context c = SqlContexts.create(tier)) {
                // EXPLAIN lists the program (one row per instruction, 8 columns); it must not run
                // it, so sql.Tier=truffle lets SQLite list it too, as EXPLAIN QUERY PLAN.
                c.eval("sql", "create table t(x integer primary key, y)");
                var rows = SqlContexts.rows(c.eval("sql", "explain insert into t values (1, 2)"));
                assertTrue(rows.size() >= 4, "EXPLAIN should list the instructions: " + rows);
                assertEquals(8, rows.get(0).size(), tier);
                assertEquals("Init", rows.get(0).get(1), tier);
                var plan = SqlContexts.rows(c.eval("sql", "explain query plan select y from t where x = 1"));
                assertEquals(1, plan.size(), tier + ": " + plan);
                assertTrue(String.valueOf(plan.get(0).get(3)).startsWith("SEARCH t USING INTEGER PRIMARY KEY"), tier + ": " + plan);
                assertEquals(List.of(), SqlContexts.rows(c.eval("sql", "select * from t")), tier + ": EXPLAIN must not run the insert");
            }
        }
    }

    @Test
    void badTierValueIsRejected() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SqlContexts.create("fast"));
        assertTrue(e.getMessage().contains("auto, truffle or native"), e.getMessage());
    }
}
