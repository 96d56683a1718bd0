package org.graalite.language;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.proxy.ProxyExecutable;
import org.junit.jupiter.api.Test;

/** SQL functions written in the caller's language, on both tiers. */
class UserFunctionTest {
    private static final ProxyExecutable TIMES_TWO = args -> args[0].isNull() ? null : args[0].fitsInLong() && !args[0].isString() && args[0].asDouble() == args[0].asLong() && !(args[0].as(Object.class) instanceof Double)
                    ? (Object) (args[0].asLong() * 2) : (Object) (args[0].asDouble() * 2);

    private static List<List<Object>> run(String tier, String sql) {
        try (Context c = SqlContexts.create(tier)) {
            Value connection = c.getBindings("sql");
            connection.invokeMember("createFunction", "times2", 1, TIMES_TWO, true);
            connection.invokeMember("createFunction", "greet", -1, (ProxyExecutable) args -> "hello " + String.join(" ", Arrays.stream(args).map(Value::toString).toList()));
            c.eval("sql", "create table t(a, b); insert into t values (1, 'x'), (2.5, 'y'), (null, 'z')");
            List<List<Object>> rows = SqlContexts.rows(c.eval("sql", sql));
            if (!tier.equals("native")) {
                assertTrue(connection.getMember("truffleExecutions").asLong() > 0, "the query ran on the Truffle tier");
            }
            return rows;
        }
    }

    @Test
    void guestFunctionsGiveTheSameResultsOnBothTiers() {
        for (String sql : new String[]{"select times2(a), greet(b), greet(b, a) from t", "select b from t where times2(a) > 3", "select sum(times2(a)) from t"}) {
            List<List<Object>> expected = run("native", sql);
            assertEquals(expected.toString(), run("auto", sql).toString(), sql);
        }
        assertEquals(List.of(Arrays.asList(2L, "hello x", "hello x 1")), run("auto", "select times2(a), greet(b), greet(b, a) from t limit 1"));
    }

    /**
     * SQLite's function flags as createFunction's fourth argument and as the last of
     * createAggregate's and createWindowFunction's: SQLITE_DIRECTONLY keeps a function out of
     * views, triggers and the schema (SQLite's "unsafe use" at prepare), at the top level it runs
     * on either tier; flags SQLite's API does not take for functions are refused.
     */
    @Test
    void directOnlyFunctionsStayOutOfViewsAndTriggers() {
        for (String tier : new String[]{"native", "auto"}) {
            try (Context c = SqlContexts.create(tier)) {
                Value connection = c.getBindings("sql");
                connection.invokeMember("createFunction", "guarded", 1, TIMES_TWO, 0x80000);
                connection.invokeMember("createFunction", "pure", 1, TIMES_TWO, 0x800 | 0x80000);
                connection.invokeMember("createAggregate", "guarded_product", 1, (ProxyExecutable) args -> product(), 0x80000);
                connection.invokeMember("createWindowFunction", "guarded_window", 1, (ProxyExecutable) args -> product(), 0x80000);
                c.eval("sql", "create table t(a); insert into t values (2), (3)");
                assertEquals("[[4, 6.0]]", SqlContexts.rows(c.eval("sql", "select guarded(3) + pure(-1), guarded_product(a) from t")).toString(), tier);
                for (String function : new String[]{"guarded(a)", "pure(a)", "guarded_product(a)", "guarded_window(a)"}) {
                    String name = function.substring(0, function.indexOf('('));
                    c.eval("sql", "create view v as select " + function + " as y from t");
                    PolyglotException e = assertThrows(PolyglotException.class, () -> c.eval("sql", "select y from v"));
                    assertEquals("unsafe use of " + name + "()", e.getMessage(), tier + ": " + function);
                    c.eval("sql", "drop view v");
                }
                c.eval("sql", "create table log(v); create trigger tr after insert on t begin insert into log values (pure(new.a)); end");
                PolyglotException e = assertThrows(PolyglotException.class, () -> c.eval("sql", "insert into t values (5)"));
                assertEquals("unsafe use of pure()", e.getMessage());
                assertEquals("[[2]]", SqlContexts.rows(c.eval("sql", "select count(*) from t")).toString(), "the failed insert left nothing");
                // (the polyglot API reports a guest argument the member refuses as an IllegalArgumentException)
                assertThrows(IllegalArgumentException.class, () -> connection.invokeMember("createFunction", "bad", 1, TIMES_TWO, 0x1));
            }
        }
    }

    /**
     * A NaN that enters from outside, a bound parameter or a function's, aggregate's or window
     * function's result, is NULL on every tier, as sqlite3_bind_double and
     * sqlite3_result_double make it: no register holds a NaN (the Truffle tier kept it as a REAL
     * whose typeof was 'real').
     */
    @Test
    void notANumberFromOutsideIsNull() {
        for (String tier : new String[]{"native", "auto", "truffle"}) {
            try (Context c = SqlContexts.create(tier)) {
                Value connection = c.getBindings("sql");
                connection.invokeMember("createFunction", "nan", 0, (ProxyExecutable) args -> Double.NaN);
                connection.invokeMember("createFunction", "nan_float", 0, (ProxyExecutable) args -> Float.NaN);
                connection.invokeMember("createFunction", "half", 1, (ProxyExecutable) args -> args[0].asDouble() / 2);
                connection.invokeMember("createAggregate", "nan_sum", 1, (ProxyExecutable) args -> org.graalvm.polyglot.proxy.ProxyObject.fromMap(java.util.Map.of(
                                "step", (ProxyExecutable) a -> null, "finalize", (ProxyExecutable) a -> Double.NaN)));
                c.eval("sql", "create table t(a real); insert into t values (1.0), (2.0)");
                Value query = connection.invokeMember("prepare", "select nan(), typeof(nan()), typeof(nan_float()), half(a), typeof(?), ? is null from t order by a");
                for (int i = 0; i < 3; i++) {
                    assertEquals(List.of(Arrays.asList(null, "null", "null", 0.5, "null", 1L), Arrays.asList(null, "null", "null", 1.0, "null", 1L)),
                                    SqlContexts.rows(query.execute(Double.NaN, Double.NaN)), tier);
                }
                Value aggregateAndParameter = connection.invokeMember("prepare", "select nan_sum(a), typeof(nan_sum(a)), typeof(?1 + 1), max(?1, 1) from t");
                assertEquals(List.of(Arrays.asList(null, "null", "null", null)), SqlContexts.rows(aggregateAndParameter.execute(Double.NaN)), tier);
            }
        }
    }

    /** An accumulator, as a guest object: step(value) per row, finalize() at the end. */
    static org.graalvm.polyglot.proxy.ProxyObject product() {
        double[] product = {1};
        long[] rows = {0};
        return org.graalvm.polyglot.proxy.ProxyObject.fromMap(java.util.Map.of(
                        "step", (ProxyExecutable) args -> {
                            if (!args[0].isNull()) {
                                product[0] *= args[0].asDouble();
                                rows[0]++;
                            }
                            return null;
                        },
                        "finalize", (ProxyExecutable) args -> rows[0] == 0 ? null : (Object) product[0]));
    }

    @Test
    void guestAggregatesGiveTheSameResultsOnBothTiers() {
        String[] queries = {"select product(a) from t", "select b, product(a) from t group by b order by b", "select product(a) from t where a > 100"};
        sameOnBothTiers(queries, "create table t(a, b); insert into t values (2, 'x'), (3.5, 'y'), (null, 'x'), (4, 'x')",
                        connection -> connection.invokeMember("createAggregate", "product", 1, (ProxyExecutable) args -> product()));
    }

    /** Each query gives the same rows on the native tier and on the Truffle tier (where it must run), after {@code setup} and {@code data}. */
    private static void sameOnBothTiers(String[] queries, String data, java.util.function.Consumer<Value> setup) {
        for (String sql : queries) {
            String expected = null;
            for (String tier : new String[]{"native", "auto"}) {
                try (Context c = SqlContexts.create(tier)) {
                    Value connection = c.getBindings("sql");
                    setup.accept(connection);
                    c.eval("sql", data);
                    String actual = SqlContexts.rows(c.eval("sql", sql)).toString();
                    if (tier.equals("auto")) {
                        assertTrue(connection.getMember("truffleExecutions").asLong() > 0, "ran on the Truffle tier: " + sql);
                        assertEquals(expected, actual, sql);
                    }
                    expected = actual;
                }
            }
        }
    }

    /**
     * The functions shape, createAggregate(name, n, start, step, finalize): step's result
     * replaces the state unless it is null (then the state, here a mutable holder, is kept).
     */
    @Test
    void aggregatesAsFunctionsGiveTheSameResultsOnBothTiers() {
        ProxyExecutable start = args -> org.graalvm.polyglot.proxy.ProxyArray.fromArray(0L, 0L);
        ProxyExecutable countAndSum = args -> {
            Value state = args[0];
            if (!args[1].isNull()) {
                state.setArrayElement(0, state.getArrayElement(0).asLong() + 1);
                state.setArrayElement(1, state.getArrayElement(1).asLong() + args[1].asLong());
            }
            return null;
        };
        ProxyExecutable finish = args -> args[0].getArrayElement(0).asLong() + ":" + args[0].getArrayElement(1).asLong();
        ProxyExecutable startText = args -> "";
        ProxyExecutable append = args -> args[0].asString() + args[1].asString();
        ProxyExecutable identity = args -> args[0].asString();
        String[] queries = {"select countsum(a), joined(b) from t", "select b, countsum(a), joined(b) from t group by b order by b", "select countsum(a), joined(b) from t where a > 100"};
        sameOnBothTiers(queries, "create table t(a, b); insert into t values (2, 'x'), (3, 'y'), (null, 'x'), (4, 'x')", connection -> {
            connection.invokeMember("createAggregate", "countsum", 1, start, countAndSum, finish);
            connection.invokeMember("createAggregate", "joined", 1, startText, append, identity);
        });
        try (Context c = SqlContexts.create("auto")) {
            c.getBindings("sql").invokeMember("createAggregate", "joined", 1, startText, append, identity);
            assertEquals("[[xyx]]", SqlContexts.rows(c.eval("sql", "select joined(column1) from (values ('x'), ('y'), ('x'))")).toString());
        }
    }

    @Test
    void aGuestExceptionFailsTheStatementAndTheConnectionStaysUsable() {
        for (String tier : new String[]{"auto", "native"}) {
            aGuestExceptionOn(tier);
        }
    }

    private static void aGuestExceptionOn(String tier) {
        try (Context c = SqlContexts.create(tier)) {
            Value connection = c.getBindings("sql");
            connection.invokeMember("createFunction", "boom", 1, (ProxyExecutable) args -> {
                throw new IllegalStateException("boom " + args[0]);
            });
            PolyglotException e = assertThrows(PolyglotException.class, () -> SqlContexts.rows(c.eval("sql", "select boom(1)")));
            // The guest's own exception, on both tiers (not an SQL error wrapping its message).
            assertTrue(e.isHostException() && e.asHostException() instanceof IllegalStateException, tier + ": " + e);
            assertTrue(e.getMessage().contains("boom 1"), e.getMessage());
            assertEquals(List.of(List.of(1L)), SqlContexts.rows(c.eval("sql", "select 1")));
        }
    }

    /** A window function's accumulator: a running sum and count of its frame, value() their text. */
    static org.graalvm.polyglot.proxy.ProxyObject frameSum() {
        double[] sum = {0};
        long[] rows = {0};
        return org.graalvm.polyglot.proxy.ProxyObject.fromMap(java.util.Map.of(
                        "step", (ProxyExecutable) args -> {
                            if (!args[0].isNull()) {
                                sum[0] += args[0].asDouble();
                                rows[0]++;
                            }
                            return null;
                        },
                        "inverse", (ProxyExecutable) args -> {
                            if (!args[0].isNull()) {
                                sum[0] -= args[0].asDouble();
                                rows[0]--;
                            }
                            return null;
                        },
                        "value", (ProxyExecutable) args -> sum[0] + "/" + rows[0],
                        "finalize", (ProxyExecutable) args -> "final " + sum[0] + "/" + rows[0]));
    }

    /**
     * A guest window function (createWindowFunction: step, inverse, value, finalize) over frames
     * that grow, slide and are empty, and as a plain aggregate: the Truffle tier (sql.Tier=truffle)
     * gives the native tier's rows.
     */
    @Test
    void guestWindowFunctionsGiveTheSameResultsOnBothTiers() {
        String[] queries = {
            "select k, framesum(v) over (order by k) from w order by k",
            "select k, framesum(v) over (order by k rows between 1 preceding and 1 following) from w order by k",
            "select k, framesum(v) over (partition by k % 2 order by k rows between 2 preceding and current row) from w order by k",
            "select k, framesum(v) over (order by k rows between 1 following and 2 following) from w order by k",
            "select k, framesum(v) over (order by k range between 1.5 preceding and current row exclude current row), sum(v) over (order by k) from w order by k",
            "select framesum(v) from w",
            "select k % 3, framesum(v) from w group by 1 order by 1"};
        java.util.Map<String, List<String>> results = new java.util.HashMap<>();
        for (String tier : List.of("native", "truffle")) {
            try (Context c = SqlContexts.create(tier)) {
                Value connection = c.getBindings("sql");
                connection.invokeMember("createWindowFunction", "framesum", 1, (ProxyExecutable) args -> frameSum());
                c.eval("sql", "create table w(k integer primary key, v); insert into w values (1, 10), (2, null), (3, 2.5), (4, 4), (5, -1), (6, 100), (7, 0.5)");
                List<String> rows = new java.util.ArrayList<>();
                for (String q : queries) {
                    rows.add(SqlContexts.rows(c.eval("sql", q)).toString());
                }
                results.put(tier, rows);
            }
        }
        assertEquals(results.get("native"), results.get("truffle"));
        assertTrue(results.get("native").get(1).contains("10.0/1"), results.get("native").get(1));
    }
}
