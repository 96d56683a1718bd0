package org.graalite.polyglot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Engine;
import org.junit.jupiter.api.Test;

/**
 * JavaScript loops that use Graalite the ways programs do, each hot enough for Graal to compile
 * the loop and what it calls: eval of SQL text in the loop, the connection object's execute and
 * prepare, a prepared statement called with parameters, rows read by index and by column name,
 * the connection's counters, a JSON query and a guest function. Compilation failures throw
 * (engine.CompilationFailureAction=Throw), so code that partial evaluation cannot compile (a
 * path to SQLite's open without a boundary, a recursion) fails the test.
 */
class GuestLoopsCompileTest {
    private static final String PROGRAM = """
                    Polyglot.eval("sql", "create table t(a integer primary key, b real, c text, j text)");
                    const db = Polyglot.import("sql");
                    const insert = db.prepare("insert into t(b, c, j) values (?, ?, ?)");
                    for (let i = 0; i < 300; i++) insert(i * 0.5, "r" + i, JSON.stringify({n: i, tags: [i % 3]}));
                    db.createFunction("twice", 1, (x) => 2 * x, true);
                    const byKey = db.prepare("select c, twice(b) as d from t where a = ?");
                    function round(k) {
                      let s = 0;
                      for (const r of Polyglot.eval("sql", "select a, b from t where a <= 3")) s += r[0] + r[1];
                      for (const r of db.execute("select a, c from t where a = ?", k % 300 + 1)) s += r.c.length;
                      for (const r of byKey(k % 300 + 1)) s += r.d + r["c"].length;
                      for (const r of db.execute("select j ->> '$.n' as n, json_array(j -> '$.tags', a) from t where a = ?", k % 300 + 1)) s += r.n;
                      db.execute("update t set b = b where a = ?", 1);
                      s += db.changes + (db.lastInsertRowid > 0 ? 1 : 0);
                      return s;
                    }
                    let total = 0;
                    for (let k = 0; k < 400; k++) total += round(k);
                    total;
                    """;

    @Test
    void hotGuestLoopsCompileWithoutFailures() {
        Traced run = runTraced(PROGRAM);
        assertTrue(run.trace().contains("opt done") && run.trace().lines().anyMatch(l -> l.contains("opt done") && l.contains("round")), "the loop was not compiled:\n" + run.trace());
        assertTrue(!run.trace().contains("opt failed"), run.trace());
        // Sum over k of: rows 1..3 (a + b), the keyed row's text and doubled b, n, changes (1), and 1.
        double expected = 0;
        for (int k = 0; k < 400; k++) {
            int a = k % 300 + 1;
            double b = (a - 1) * 0.5;
            expected += (1 + 0.0) + (2 + 0.5) + (3 + 1.0) + ("r" + (a - 1)).length() + 2 * b + ("r" + (a - 1)).length() + (a - 1) + 1 + 1;
        }
        assertEquals(expected, run.total(), 1e-6);
    }

    /**
     * A loop that inserts a duplicate key and reads the error's members, as the Python and
     * JavaScript modules do to raise sqlite3's IntegrityError and better-sqlite3's SqliteError:
     * the catch block compiles too (reading codeName once took partial evaluation into HashMap's
     * recursive tree bins, a failed compilation that left every error handler interpreted).
     */
    @Test
    void errorHandlersThatReadTheErrorCompileWithoutFailures() {
        String program = """
                        Polyglot.eval("sql", "create table k(id integer primary key)");
                        const db = Polyglot.import("sql");
                        db.execute("insert into k values (1)");
                        const insert = db.prepare("insert into k values (?)");
                        function attempt(i) {
                          try {
                            insert(1);
                            return 0;
                          } catch (e) {
                            return e.codeName.length + e.code + e.primaryCode + e.message.length + i % 2;
                          }
                        }
                        let total = 0;
                        for (let i = 0; i < 600; i++) total += attempt(i);
                        total;
                        """;
        Traced run = runTraced(program);
        assertTrue(run.trace().lines().anyMatch(l -> l.contains("opt done") && l.contains("attempt")), "the error handler was not compiled:\n" + run.trace());
        assertTrue(!run.trace().contains("opt failed"), run.trace());
        // SQLITE_CONSTRAINT_PRIMARYKEY (1555, primary 19) with SQLite's message, then i % 2.
        String message = "UNIQUE constraint failed: k.id";
        assertEquals(600 * ("SQLITE_CONSTRAINT_PRIMARYKEY".length() + 1555 + 19 + message.length()) + 300, run.total(), 1e-6);
    }

    /** A program's result and the engine's compilation trace while it ran. */
    private record Traced(double total, String trace) {
    }

    /**
     * Runs a JavaScript program with compilations made at once, early, and failures thrown
     * (engine.CompilationFailureAction=Throw).
     */
    private static Traced runTraced(String program) {
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        double total;
        try (Engine engine = Engine.newBuilder("js", "sql").allowExperimentalOptions(true).option("engine.WarnInterpreterOnly", "false").option("engine.TraceCompilation", "true")
                        .option("engine.BackgroundCompilation", "false").option("engine.CompilationFailureAction", "Throw").option("engine.FirstTierCompilationThreshold", "50")
                        .option("engine.LastTierCompilationThreshold", "150").logHandler(log).build();
                        Context context = Context.newBuilder("js", "sql").engine(engine).allowAllAccess(true).build()) {
            total = context.eval("js", program).asDouble();
        }
        return new Traced(total, log.toString(StandardCharsets.UTF_8));
    }
}
