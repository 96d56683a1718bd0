package org.graalite.polyglot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Engine;
import org.junit.jupiter.api.Test;

/**
 * A JavaScript loop over the rows of a statement on the Truffle tier compiles together with
 * the statement: Graal inlines the statement's program into the loop's compilation unit (and
 * with sql.InlineStatements=false it does not). So does a loop that executes a statement at
 * each iteration: an INSERT per iteration, a lookup per iteration (PreparedStatementObject's
 * execute calls the program through a DirectCallNode of the call site).
 */
class InliningTest {
    private static final String LOOP = """
                    Polyglot.eval("sql", "create table t(a integer primary key, b real)");
                    const insert = Polyglot.eval("sql", "insert into t(b) values (?)");
                    for (let i = 0; i < 2000; i++) insert(i * 0.5);
                    const query = Polyglot.import("sql").prepare("select a, b from t where b >= 0");
                    function sum() {
                      let s = 0;
                      for (const [a, b] of query()) s += a + b;
                      return s;
                    }
                    let total = 0;
                    for (let k = 0; k < 60; k++) total = sum();
                    Polyglot.eval("sql", "create table u(x)");
                    const put = Polyglot.import("sql").prepare("insert into u(x) values (?)");
                    const lookup = Polyglot.import("sql").prepare("select b from t where a = ?");
                    function fill(k) {
                      for (let i = 0; i < 1000; i++) put(k * 1000 + i);
                    }
                    function probe() {
                      let s = 0;
                      for (let a = 1; a <= 2000; a++) for (const [b] of lookup(a)) s += b;
                      return s;
                    }
                    let probed = 0;
                    for (let k = 0; k < 60; k++) {
                      fill(k);
                      probed = probe();
                    }
                    const [[count, sumX]] = Polyglot.eval("sql", "select count(*), sum(x) from u");
                    [total, probed, count, sumX];
                    """;

    private static String run(boolean inline, double[] total) {
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        try (Engine engine = Engine.newBuilder("js", "sql").allowExperimentalOptions(true).option("engine.WarnInterpreterOnly", "false").option("compiler.TraceInlining", "true")
                        .option("engine.BackgroundCompilation", "false").option("engine.CompilationFailureAction", "Throw").logHandler(log).build();
                        Context context = Context.newBuilder("js", "sql").engine(engine).allowAllAccess(true).option("sql.InlineStatements", Boolean.toString(inline)).build()) {
            org.graalvm.polyglot.Value results = context.eval("js", LOOP);
            for (int i = 0; i < total.length; i++) {
                total[i] = results.getArrayElement(i).asDouble();
            }
        }
        return log.toString(StandardCharsets.UTF_8);
    }

    @Test
    void statementInlinesIntoTheJavaScriptLoop() {
        double[] results = new double[4];
        String trace = run(true, results);
        assertEquals(2000.0 * 1999 / 2 + 2000 + 0.5 * 2000 * 1999 / 2, results[0]);
        assertEquals(0.5 * 2000 * 1999 / 2, results[1]);
        assertEquals(60000.0, results[2]);
        assertEquals(60000.0 * 59999 / 2, results[3]);
        // "Inlined <callee>" lines list what the compilation of a caller (here the JavaScript
        // functions sum, fill and probe) took into its own code.
        for (String statement : new String[]{"select a, b from t where b >= 0", "insert into u(x) values (?)", "select b from t where a = ?"}) {
            assertTrue(trace.lines().anyMatch(l -> l.startsWith("[engine] Inlined") && l.contains("sql:" + statement)),
                            "the statement " + statement + " was not inlined into its loop:\n" + trace);
        }
        String separate = run(false, results);
        assertTrue(separate.lines().noneMatch(l -> l.startsWith("[engine] Inlined") && l.contains("sql:")),
                        "with sql.InlineStatements=false no statement may be inlined:\n" + separate);
    }
}
