package org.graalite.language;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
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
import org.junit.jupiter.api.Test;

/**
 * Truffle's thread-local actions reach a statement that loops inside one call: here
 * {@code Context.interrupt} stops a long aggregate on the Truffle tier while the program runs
 * in the interpreter (compilation off), and the context goes on working.
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

    private static int firstValue(Context c, String sql) {
        return c.eval("sql", sql).getIterator().getIteratorNextElement().getArrayElement(0).asInt();
    }
}
