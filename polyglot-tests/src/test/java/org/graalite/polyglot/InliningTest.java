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
 * with sql.InlineStatements=false it does not).
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
                    total;
                    """;

    private static String run(boolean inline, double[] total) {
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        try (Engine engine = Engine.newBuilder("js", "sql").allowExperimentalOptions(true).option("engine.WarnInterpreterOnly", "false").option("compiler.TraceInlining", "true")
                        .option("engine.BackgroundCompilation", "false").option("engine.CompilationFailureAction", "Throw").logHandler(log).build();
                        Context context = Context.newBuilder("js", "sql").engine(engine).allowAllAccess(true).option("sql.InlineStatements", Boolean.toString(inline)).build()) {
            total[0] = context.eval("js", LOOP).asDouble();
        }
        return log.toString(StandardCharsets.UTF_8);
    }

    @Test
    void statementInlinesIntoTheJavaScriptLoop() {
        double[] total = new double[1];
        String trace = run(true, total);
        assertEquals(2000.0 * 1999 / 2 + 2000 + 0.5 * 2000 * 1999 / 2, total[0]);
        // "Inlined <callee>" lines list what the compilation of a caller (here the JavaScript
        // function sum) took into its own code.
        assertTrue(trace.lines().anyMatch(l -> l.startsWith("[engine] Inlined") && l.contains("sql:select a, b from t where b >= 0")),
                        "the statement was not inlined into the loop:\n" + trace);
        String separate = run(false, total);
        assertTrue(separate.lines().noneMatch(l -> l.startsWith("[engine] Inlined") && l.contains("sql:select a, b from t where b >= 0")),
                        "with sql.InlineStatements=false the statement must not be inlined:\n" + separate);
    }
}
