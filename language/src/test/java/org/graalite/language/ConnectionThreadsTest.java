package org.graalite.language;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Engine;
import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.proxy.ProxyExecutable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * One context, and one connection, used by several threads at once (a GraalPy program's
 * threads, a Java server's): SQLite is built for one thread per connection at a time
 * (SQLITE_THREADSAFE=2), and ConnectionLock keeps the others out while a call runs. Before it,
 * the language admitted one thread per context and the second thread failed with Truffle's
 * "Multi threaded access requested ... not allowed for language(s) sql".
 */
class ConnectionThreadsTest {
    private static final int THREADS = 4;
    private static final int ROWS_PER_THREAD = 150;

    /**
     * Each thread writes its own rows and reads them back after each write: a count and a sum,
     * and the rows one by one through a result's iterator, so that the threads' statements stay
     * open across each other's calls. Every thread must see exactly what it wrote.
     */
    @ParameterizedTest
    @ValueSource(strings = {"truffle", "native", "auto"})
    void threadsShareOneConnection(String tier) throws Exception {
        ExecutorService threads = Executors.newFixedThreadPool(THREADS);
        try (Context c = SqlContexts.create(tier)) {
            Value db = c.getBindings("sql");
            db.invokeMember("execute", "create table t(k integer, v integer)");
            db.invokeMember("createFunction", "twice", 1, (ProxyExecutable) args -> args[0].asLong() * 2, true);
            CountDownLatch start = new CountDownLatch(1);
            List<Future<String>> results = new ArrayList<>();
            for (int k = 0; k < THREADS; k++) {
                int thread = k;
                results.add(threads.submit(() -> {
                    start.await();
                    for (int v = 0; v < ROWS_PER_THREAD; v++) {
                        db.invokeMember("execute", "insert into t values (?, ?)", thread, v);
                        Value sums = db.invokeMember("execute", "select count(*), sum(twice(v)) from t where k = ?", thread).getIterator().getIteratorNextElement();
                        long count = sums.getArrayElement(0).asLong();
                        long twiceSum = sums.getArrayElement(1).asLong();
                        if (count != v + 1 || twiceSum != (long) v * (v + 1)) {
                            return "thread " + thread + " after row " + v + ": count " + count + ", sum of twice " + twiceSum;
                        }
                        Value rows = db.invokeMember("execute", "select v from t where k = ? order by v", thread).getIterator();
                        long expected = 0;
                        while (rows.hasIteratorNextElement()) {
                            long read = rows.getIteratorNextElement().getArrayElement(0).asLong();
                            if (read != expected) {
                                return "thread " + thread + " read " + read + " where " + expected + " was next";
                            }
                            expected++;
                        }
                        if (expected != v + 1) {
                            return "thread " + thread + " read " + expected + " rows of " + (v + 1);
                        }
                    }
                    return "ok";
                }));
            }
            start.countDown();
            for (Future<String> result : results) {
                assertEquals("ok", result.get(120, TimeUnit.SECONDS));
            }
            assertEquals(List.of(List.of((long) THREADS * ROWS_PER_THREAD)), SqlContexts.rows(c.eval("sql", "select count(*) from t")));
        } finally {
            threads.shutdownNow();
        }
    }

    /**
     * The switch to locking: a statement that began on the context's only thread, without the
     * lock, is still running (in a Java function it calls, on its third of five rows) when a
     * second thread enters the context for the first time. The second thread's statement must
     * run after the first one's call has returned, not in the middle of it. A new engine: the
     * switch happens once per engine.
     */
    @Test
    void aCallBegunAloneEndsBeforeASecondThreadGetsIn() throws Exception {
        ExecutorService threads = Executors.newFixedThreadPool(2);
        try (Engine engine = Engine.newBuilder("sql").option("engine.WarnInterpreterOnly", "false").build();
                        Context c = Context.newBuilder("sql").engine(engine).allowNativeAccess(true).option("sql.TruffleTierAfter", "0").build()) {
            Value db = c.getBindings("sql");
            CountDownLatch inside = new CountDownLatch(1);
            AtomicLong lastSlowCallEnded = new AtomicLong();
            AtomicLong secondStatementRan = new AtomicLong();
            db.invokeMember("createFunction", "slow", 1, (ProxyExecutable) args -> {
                long row = args[0].asLong();
                if (row == 3) {
                    inside.countDown();
                }
                try {
                    Thread.sleep(60);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                lastSlowCallEnded.set(System.nanoTime());
                return row;
            });
            db.invokeMember("createFunction", "mark", 0, (ProxyExecutable) args -> {
                secondStatementRan.set(System.nanoTime());
                return 1;
            });
            Future<Object> first = threads.submit(() -> SqlContexts.rows(c.eval("sql", "with recursive n(value) as (select 1 union all select value + 1 from n where value < 5) select sum(slow(value)) from n")));
            assertTrue(inside.await(60, TimeUnit.SECONDS));
            Future<Object> second = threads.submit(() -> SqlContexts.rows(c.eval("sql", "select mark()")));
            assertEquals(List.of(List.of(15L)), first.get(60, TimeUnit.SECONDS));
            assertEquals(List.of(List.of(1L)), second.get(60, TimeUnit.SECONDS));
            assertTrue(secondStatementRan.get() > lastSlowCallEnded.get(), "the second thread's statement ran while the first thread's call was running");
        } finally {
            threads.shutdownNow();
        }
    }

    /**
     * Two threads copy two connections into each other at once, a few pages per step, as a
     * Python program's threads may (CPython's sqlite3 takes turns): each step holds both
     * connections' locks, taken in one order whichever is source and target. Before that, each
     * thread held its source's lock for the whole copy and waited for the other's forever.
     * Then a connection closed by another thread between two steps ends the copy with
     * SQLite's misuse error, and the copying connection goes on working.
     */
    @Test
    void backupsIntoEachOtherTakeTurns(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        ExecutorService threads = Executors.newFixedThreadPool(2);
        try (Context c = SqlContexts.create("auto")) {
            Value db = c.getBindings("sql");
            Value a = db.invokeMember("open", dir.resolve("a.db").toString());
            Value b = db.invokeMember("open", dir.resolve("b.db").toString());
            for (Value connection : new Value[]{a, b}) {
                connection.invokeMember("execute", "create table t(k integer primary key, v)");
                connection.invokeMember("execute", "with recursive n(i) as (select 1 union all select i + 1 from n where i < 2000) insert into t(v) select printf('%0200d', i) from n");
            }
            CountDownLatch start = new CountDownLatch(1);
            List<Future<String>> copies = new ArrayList<>();
            for (Value[] pair : new Value[][]{{a, b}, {b, a}}) {
                copies.add(threads.submit(() -> {
                    start.await();
                    for (int k = 0; k < 10; k++) {
                        pair[0].invokeMember("backup", pair[1], "main", 5, null, 1);
                    }
                    return "ok";
                }));
            }
            start.countDown();
            for (Future<String> copy : copies) {
                assertEquals("ok", copy.get(120, TimeUnit.SECONDS));
            }
            for (Value connection : new Value[]{a, b}) {
                assertEquals(List.of(List.of(2000L, 400000L)), SqlContexts.rows(connection.invokeMember("execute", "select count(*), sum(length(v)) from t")));
                assertEquals(List.of(List.of("ok")), SqlContexts.rows(connection.invokeMember("execute", "pragma integrity_check")));
            }

            Value target = db.invokeMember("open", dir.resolve("c.db").toString());
            CountDownLatch stepped = new CountDownLatch(1);
            CountDownLatch closed = new CountDownLatch(1);
            Future<String> copy = threads.submit(() -> {
                try {
                    a.invokeMember("backup", target, "main", 1, (ProxyExecutable) args -> {
                        stepped.countDown();
                        try {
                            closed.await(60, TimeUnit.SECONDS);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                        return null;
                    });
                    return "copied";
                } catch (org.graalvm.polyglot.PolyglotException e) {
                    return e.getMessage();
                }
            });
            assertTrue(stepped.await(60, TimeUnit.SECONDS));
            threads.submit(() -> target.invokeMember("close")).get(60, TimeUnit.SECONDS);
            closed.countDown();
            assertEquals("the database connection is closed", copy.get(60, TimeUnit.SECONDS));
            assertEquals(List.of(List.of(2000L)), SqlContexts.rows(a.invokeMember("execute", "select count(*) from t")));
        } finally {
            threads.shutdownNow();
        }
    }
}
