package org.graalite.language;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Engine;
import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.proxy.ProxyExecutable;
import org.junit.jupiter.api.Test;

/**
 * Under sql.Tier=auto a statement runs on SQLite's VDBE for its first executions
 * (sql.TruffleTierAfter, 50 by default, counted engine-wide by SQL text), then on the Truffle
 * tier; a statement that calls a guest's function runs on the Truffle tier at once. Each test
 * has an engine of its own, since the count is the engine's.
 */
class WarmUpTest {
    private static final String LOOKUP = "select b, a * 2 from t where a = ?";

    private static Engine engine() {
        return Engine.newBuilder("sql").option("engine.WarnInterpreterOnly", "false").build();
    }

    private static Context context(Engine engine, String... options) {
        Context.Builder b = Context.newBuilder("sql").engine(engine).allowNativeAccess(true);
        for (int i = 0; i < options.length; i += 2) {
            b.option(options[i], options[i + 1]);
        }
        Context c = b.build();
        c.eval("sql", "create table t(a integer primary key, b text); insert into t values (1, 'one'), (2, 'two'), (3, 'three')");
        return c;
    }

    private static long executions(Context c, String tier) {
        return c.getBindings("sql").getMember(tier + "Executions").asLong();
    }

    /** Runs the prepared lookup {@code times} times; the rows of every execution. */
    private static List<List<List<Object>>> lookups(Value statement, int times) {
        List<List<List<Object>>> results = new ArrayList<>();
        for (int i = 0; i < times; i++) {
            results.add(SqlContexts.rows(statement.execute(i % 3 + 1)));
        }
        return results;
    }

    @Test
    void aStatementRunsOnSqlitesVdbeUntilWarmThenOnTheTruffleTier() {
        try (Engine engine = engine(); Context c = context(engine)) {
            Value lookup = c.getBindings("sql").invokeMember("prepare", LOOKUP);
            long nativeBefore = executions(c, "native");
            long truffleBefore = executions(c, "truffle");
            List<List<List<Object>>> results = lookups(lookup, 80);
            assertEquals(50, executions(c, "native") - nativeBefore);
            assertEquals(30, executions(c, "truffle") - truffleBefore);
            // The same rows from both tiers, execution by execution.
            for (int i = 0; i < results.size(); i++) {
                assertEquals(results.get(i % 3), results.get(i), "execution " + i);
            }
            assertEquals(List.of(List.of("two", 4L)), results.get(1));
        }
    }

    @Test
    void theCountIsTheEnginesAndByText() {
        try (Engine engine = engine()) {
            try (Context first = context(engine)) {
                lookups(first.getBindings("sql").invokeMember("prepare", LOOKUP), 50);
                assertEquals(0, executions(first, "truffle"));
            }
            // Another context of the engine, the same text prepared again: warm already.
            try (Context second = context(engine)) {
                long truffleBefore = executions(second, "truffle");
                lookups(second.getBindings("sql").invokeMember("prepare", LOOKUP), 3);
                assertEquals(3, executions(second, "truffle") - truffleBefore);
                // Text evaluated again and again (no prepared statement kept) counts as well.
                long nativeBefore = executions(second, "native");
                for (int i = 0; i < 60; i++) {
                    SqlContexts.rows(second.eval("sql", "select count(*) from t where a > 1"));
                }
                assertEquals(50, executions(second, "native") - nativeBefore);
            }
        }
    }

    @Test
    void theOptionSetsTheCount() {
        try (Engine engine = engine(); Context c = context(engine, "sql.TruffleTierAfter", "2")) {
            long truffleBefore = executions(c, "truffle");
            lookups(c.getBindings("sql").invokeMember("prepare", LOOKUP), 5);
            assertEquals(3, executions(c, "truffle") - truffleBefore);
        }
        try (Engine engine = engine(); Context c = context(engine, "sql.TruffleTierAfter", "0")) {
            long nativeBefore = executions(c, "native");
            lookups(c.getBindings("sql").invokeMember("prepare", LOOKUP), 5);
            assertEquals(0, executions(c, "native") - nativeBefore);
        }
        // sql.Tier=truffle has no warm-up.
        try (Engine engine = engine(); Context c = context(engine, "sql.Tier", "truffle")) {
            lookups(c.getBindings("sql").invokeMember("prepare", LOOKUP), 5);
            assertEquals(0, executions(c, "native"));
        }
    }

    @Test
    void aStatementCallingAGuestsFunctionRunsOnTheTruffleTierAtOnce() {
        try (Engine engine = engine(); Context c = context(engine)) {
            c.getBindings("sql").invokeMember("createFunction", "twice", 1, (ProxyExecutable) args -> args[0].asLong() * 2, true);
            long truffleBefore = executions(c, "truffle");
            assertEquals(List.of(List.of(12L)), SqlContexts.rows(c.eval("sql", "select sum(twice(a)) from t")));
            assertEquals(1, executions(c, "truffle") - truffleBefore);
        }
    }

    /**
     * A statement that SQLite prepared again while it was cold (a schema change, here a new
     * column of a SELECT *) runs its new program when it becomes warm, not the one read at
     * its first execution.
     */
    @Test
    void aStatementPreparedAgainWhileColdRunsItsNewProgramWhenWarm() {
        try (Engine engine = engine(); Context c = context(engine)) {
            Value all = c.getBindings("sql").invokeMember("prepare", "select * from t where a = ?");
            for (int i = 0; i < 40; i++) {
                assertEquals(List.of(List.of(1L, "one")), SqlContexts.rows(all.execute(1)));
            }
            c.eval("sql", "alter table t add column c integer default 7");
            long truffleBefore = executions(c, "truffle");
            for (int i = 0; i < 30; i++) {
                assertEquals(List.of(List.of(2L, "two", 7L)), SqlContexts.rows(all.execute(2)), "execution " + (41 + i));
            }
            assertEquals(20, executions(c, "truffle") - truffleBefore);
        }
    }

    /** A statement whose plan depends on a bound value (SQLite prepares it again at every execution) is warm after 50 as well. */
    @Test
    void aStatementPreparedAgainAtEveryExecutionBecomesWarm() {
        try (Engine engine = engine(); Context c = context(engine)) {
            Value like = c.getBindings("sql").invokeMember("prepare", "select a from t where b like ? order by a");
            long truffleBefore = executions(c, "truffle");
            for (int i = 0; i < 60; i++) {
                assertEquals(i % 2 == 0 ? List.of(List.of(2L), List.of(3L)) : List.of(List.of(1L)), SqlContexts.rows(like.execute(i % 2 == 0 ? "t%" : "o%")), "execution " + i);
            }
            assertEquals(10, executions(c, "truffle") - truffleBefore);
        }
    }

    /**
     * Writes that cross from SQLite's VDBE to the Truffle tier in the middle of a workload (an
     * index, a trigger, a UNIQUE conflict, an UPSERT, RETURNING): every execution's outcome and
     * the final contents equal those of the native tier.
     */
    @Test
    void writesCrossingToTheTruffleTierMatchTheNativeTier() {
        String[] schema = {"create table k(id integer primary key, name text unique, n integer not null default 0)", "create index k_n on k(n)",
                        "create table log(id integer primary key, what text)",
                        "create trigger k_ins after insert on k begin insert into log(what) values ('+' || new.name); end"};
        String[] statements = {"insert into k(name, n) values (?, ?) on conflict(name) do update set n = n + excluded.n returning id, n",
                        "update k set n = n * 2 where n between ? and ? + 3", "delete from k where id % 7 = ? % 7 and n > ?", "insert into k(name) values (?)",
                        "select count(*), sum(n), max(name) from k where n >= ?"};
        List<String> transcripts = new ArrayList<>();
        for (String tier : List.of("auto", "native")) {
            StringBuilder t = new StringBuilder();
            try (Engine engine = engine(); Context c = Context.newBuilder("sql").engine(engine).allowNativeAccess(true).option("sql.Tier", tier).build()) {
                for (String ddl : schema) {
                    c.eval("sql", ddl);
                }
                Value[] prepared = new Value[statements.length];
                for (int k = 0; k < statements.length; k++) {
                    prepared[k] = c.getBindings("sql").invokeMember("prepare", statements[k]);
                }
                for (int i = 0; i < 120; i++) {
                    for (int k = 0; k < statements.length; k++) {
                        Object[] args = k == 0 ? new Object[]{"name" + (i * 7 % 40), i % 5} : k == 3 ? new Object[]{"name" + (i % 45)} : k == 4 ? new Object[]{i % 6} : new Object[]{i % 9, i % 4};
                        try {
                            t.append(SqlContexts.outcome(prepared[k].execute(args)));
                        } catch (org.graalvm.polyglot.PolyglotException e) {
                            t.append("error ").append(e.getMessage());
                        }
                        t.append('\n');
                    }
                }
                t.append(SqlContexts.rows(c.eval("sql", "select * from k order by id"))).append(SqlContexts.rows(c.eval("sql", "select * from log order by id")))
                                .append(SqlContexts.rows(c.eval("sql", "pragma integrity_check")));
                if (tier.equals("auto")) {
                    // 5 statements x 120 executions: the first 50 of each on SQLite's VDBE, the other 70 on the Truffle tier.
                    assertEquals(5 * 70, executions(c, "truffle"));
                }
            }
            transcripts.add(t.toString());
        }
        assertEquals(transcripts.get(1), transcripts.get(0));
    }

    /**
     * A guest's function defined while a statement that does not call it is cold: the
     * statement's program is read then (from the statement prepared again, since SQLite has
     * run it) and it stays cold until its count says warm.
     */
    @Test
    void aFunctionDefinedWhileAStatementIsCold() {
        try (Engine engine = engine(); Context c = context(engine)) {
            Value lookup = c.getBindings("sql").invokeMember("prepare", LOOKUP);
            long truffleBefore = executions(c, "truffle");
            List<List<List<Object>>> before = lookups(lookup, 10);
            c.getBindings("sql").invokeMember("createFunction", "twice", 1, (ProxyExecutable) args -> args[0].asLong() * 2, true);
            List<List<List<Object>>> after = lookups(lookup, 60);
            for (int i = 0; i < after.size(); i++) {
                assertEquals(before.get(i % 3), after.get(i), "execution " + (10 + i));
            }
            assertEquals(20, executions(c, "truffle") - truffleBefore);
        }
    }
}
