package org.graalite.language;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Engine;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.proxy.ProxyExecutable;
import org.junit.jupiter.api.Test;

/**
 * Two ways to stop a statement. Truffle's thread-local actions reach a statement that loops
 * inside one call: {@code Context.interrupt} stops a long aggregate on the Truffle tier while
 * the program runs in the interpreter (compilation off), and the context goes on working. And
 * SQLite's own sqlite3_interrupt (the connection object's {@code interrupt()}, JDBC's cancel)
 * stops a statement on either tier where SQLite's VDBE would stop it, with its error.
 */
class InterruptTest {
    /** 50 million rows in the interpreter: only the interrupt ends it within the time the test waits. */
    private static final String LONG_QUERY = "with recursive n(i) as (select 1 union all select i + 1 from n where i < 50000000) select count(*) from n";

    @Test
    void interruptStopsALoopInTheInterpreter() throws Exception {
        ExecutorService thread = Executors.newSingleThreadExecutor();
        try (Engine engine = Engine.newBuilder("sql").allowExperimentalOptions(true).option("engine.WarnInterpreterOnly", "false").option("engine.Compilation", "false").build();
                        Context c = Context.newBuilder("sql").engine(engine).allowNativeAccess(true).option("sql.Tier", "truffle").build()) {
            CountDownLatch ready = new CountDownLatch(1);
            Future<?> running = thread.submit(() -> {
                c.eval("sql", "select 1");
                ready.countDown();
                return c.eval("sql", LONG_QUERY);
            });
            ready.await();
            Thread.sleep(200);
            // An interrupt that comes before the query entered the context does nothing: try again.
            for (int attempt = 0; attempt < 20 && !running.isDone(); attempt++) {
                c.interrupt(Duration.ofSeconds(30));
                try {
                    running.get(1, TimeUnit.SECONDS);
                } catch (ExecutionException | TimeoutException expected) {
                    // checked below
                }
            }
            ExecutionException e = assertThrows(ExecutionException.class, () -> running.get(1, TimeUnit.SECONDS));
            PolyglotException p = assertInstanceOf(PolyglotException.class, e.getCause());
            assertTrue(p.isInterrupted(), p.toString());
            // The context goes on: the next statements run.
            assertEquals(3, firstValue(c, "select 1 + 2"));
            assertEquals(10, firstValue(c, "with recursive n(i) as (select 1 union all select i + 1 from n where i < 10) select count(*) from n"));
        } finally {
            thread.shutdownNow();
        }
    }

    /**
     * A function that calls the connection's interrupt() at its third row: the statement ends
     * with SQLite's "interrupted" (SQLITE_INTERRUPT) at the same row on both tiers (vdbe.c checks
     * the flag at each step's start and after Next, Goto and the other loop-closing opcodes),
     * and the next statements run (the flag is cleared when the next execution starts).
     */
    @Test
    void sqliteInterruptStopsAStatementWhereSqliteStopsIt() {
        List<String> queries = List.of(
                        // the row that called interrupt() is returned; the next step stops
                        "select stop(x) from t",
                        // stops in the loop: no row
                        "select count(*) from t where stop(x) > 0",
                        // a sorter's loop
                        "select stop(x) from (select x from t order by x desc) order by 1",
                        // a subroutine (Gosub) and a coroutine
                        "with s(v) as materialized (select stop(x) from t) select sum(v) from s",
                        "select x, (select stop(y) from t as u where u.x = t.x) from t");
        Map<String, List<String>> outcomes = new LinkedHashMap<>();
        for (String tier : List.of("native", "truffle")) {
            try (Context c = SqlContexts.create(tier)) {
                Value db = c.getBindings("sql");
                db.invokeMember("execute", "create table t(x integer primary key, y)");
                db.invokeMember("execute", "with recursive n(i) as (select 1 union all select i + 1 from n where i < 10) insert into t select i, i * 10 from n");
                db.invokeMember("createFunction", "stop", 1, (ProxyExecutable) args -> {
                    if (args[0].asLong() % 10 == 3) {
                        db.invokeMember("interrupt");
                    }
                    return args[0].asLong();
                });
                for (String sql : queries) {
                    List<String> seen = new ArrayList<>();
                    try {
                        Iterator<List<Object>> it = rowsOf(c.eval("sql", sql));
                        while (it.hasNext()) {
                            seen.add(String.valueOf(it.next()));
                        }
                        seen.add("done");
                    } catch (PolyglotException e) {
                        seen.add(e.getMessage() + " code " + e.getGuestObject().getMember("code").asInt());
                    }
                    // The connection goes on (a result read to its end: a statement still
                    // running would keep the flag set for the statements after it, as in SQLite).
                    assertEquals(List.of(List.of(10L)), SqlContexts.rows(c.eval("sql", "select count(*) from t")), tier + ": " + sql);
                    outcomes.merge(sql, seen, (nativeSeen, truffleSeen) -> {
                        assertEquals(nativeSeen, truffleSeen, sql);
                        return nativeSeen;
                    });
                }
                assertTrue(db.getMember("truffleExecutions").asLong() > 0 || tier.equals("native"));
            }
        }
        assertEquals(List.of("[1]", "[2]", "[3]", "interrupted code 9"), outcomes.get("select stop(x) from t"));
        assertEquals(List.of("interrupted code 9"), outcomes.get("select count(*) from t where stop(x) > 0"));
    }

    /**
     * A progress handler set after a statement ran on the Truffle tier: its next execution, on
     * the Truffle tier still, calls it every 10 steps, and a handler that answers true stops it
     * with "interrupted"; null removes the handler. The same on SQLite's VDBE.
     */
    @Test
    void progressHandlerStopsAStatementThatRanOnTheTruffleTier() {
        try (Context c = SqlContexts.create("auto")) {
            Value db = c.getBindings("sql");
            db.invokeMember("execute", "create table t(x)");
            db.invokeMember("execute", "with recursive n(i) as (select 1 union all select i + 1 from n where i < 1000) insert into t select i from n");
            Value sum = db.invokeMember("prepare", "select sum(x) from t");
            long truffle = db.getMember("truffleExecutions").asLong();
            assertEquals(List.of(List.of(500500L)), SqlContexts.rows(sum.execute()));
            assertEquals(truffle + 1, db.getMember("truffleExecutions").asLong());
            int[] calls = new int[1];
            db.invokeMember("setProgressHandler", (ProxyExecutable) args -> ++calls[0] > 3, 10);
            PolyglotException stopped = assertThrows(PolyglotException.class, () -> SqlContexts.rows(sum.execute()));
            assertEquals("interrupted", stopped.getMessage());
            assertEquals(4, calls[0]);
            assertEquals(truffle + 2, db.getMember("truffleExecutions").asLong());
            db.invokeMember("setProgressHandler", null, 10);
            assertEquals(List.of(List.of(500500L)), SqlContexts.rows(sum.execute()));
            assertEquals(4, calls[0]);
        }
    }

    /**
     * A handler that lets statements finish is called about as often on the Truffle tier as
     * on SQLite's VDBE (which counts every instruction; the Truffle tier counts its nodes, some
     * of which do the work of several instructions): a scan, a join with a sorter, and a
     * recursive CTE.
     */
    @Test
    void progressHandlerIsCalledAboutAsOftenOnBothTiers() {
        List<String> queries = List.of("select sum(x) from t",
                        "select a.x % 7, count(*) from t a join t b on b.x = a.x + 1 group by 1 order by 2 desc",
                        "with recursive n(i) as (select 1 union all select i + 1 from n where i < 500) select count(*) from n");
        for (String query : queries) {
            long nativeCalls = progressCalls("native", query);
            long truffleCalls = progressCalls("truffle", query);
            assertTrue(nativeCalls > 20, query + ": " + nativeCalls);
            assertTrue(truffleCalls >= nativeCalls / 2 && truffleCalls <= nativeCalls * 3 / 2, query + ": Truffle tier " + truffleCalls + " calls, SQLite's VDBE " + nativeCalls);
        }
    }

    private static long progressCalls(String tier, String query) {
        try (Context c = SqlContexts.create(tier)) {
            Value db = c.getBindings("sql");
            db.invokeMember("execute", "create table t(x)");
            db.invokeMember("execute", "with recursive n(i) as (select 1 union all select i + 1 from n where i < 1000) insert into t select i from n");
            long[] calls = new long[1];
            db.invokeMember("setProgressHandler", (ProxyExecutable) args -> ++calls[0] < 0, 50);
            SqlContexts.rows(db.invokeMember("execute", query));
            return calls[0];
        }
    }

    /** All rows of a result, read one at a time (an error comes after the rows before it). */
    private static Iterator<List<Object>> rowsOf(Value result) {
        Value it = result.getIterator();
        return new Iterator<>() {
            @Override
            public boolean hasNext() {
                return it.hasIteratorNextElement();
            }

            @Override
            public List<Object> next() {
                Value row = it.getIteratorNextElement();
                List<Object> values = new ArrayList<>();
                for (long i = 0; i < row.getArraySize(); i++) {
                    values.add(SqlContexts.hostValue(row.getArrayElement(i)));
                }
                return values;
            }
        };
    }

    private static int firstValue(Context c, String sql) {
        return c.eval("sql", sql).getIterator().getIteratorNextElement().getArrayElement(0).asInt();
    }
}
