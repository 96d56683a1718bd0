package org.graalite.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Stream;

import org.graalite.jmh.data.Dataset;
import org.graalite.jmh.data.TpchData;
import org.graalite.jmh.systems.Workloads;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Engine;
import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.io.IOAccess;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Compilation health of real statements: TPC-H Q1, Q3, Q6 and Q14 (scale factor 0.01, with the
 * secondary indexes) on the Truffle tier, compiled synchronously with compilation failures
 * thrown. Each must compile (its call target or its loops by on-stack replacement), none may
 * fail (Q1 once exceeded the code size HotSpot installs), and none may deoptimize again and
 * again, and every execution returns the same rows.
 */
class CompilationHealthTest {
    static final List<String> QUERIES = List.of("q01", "q03", "q06", "q14");

    @TestFactory
    Stream<DynamicTest> tpchQueriesCompileWithoutFailuresOrDeoptimizationLoops() {
        Dataset data = TpchData.ensure(0.01, true);
        return QUERIES.stream().map(q -> DynamicTest.dynamicTest("tpch/" + q, () -> check(data, q)));
    }

    private static void check(Dataset data, String query) {
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        String sql = Workloads.sql("tpch", query, false);
        List<Object> first = null;
        try (Engine engine = Engine.newBuilder("sql").allowExperimentalOptions(true).option("engine.WarnInterpreterOnly", "false")
                        .option("engine.BackgroundCompilation", "false").option("engine.CompilationFailureAction", "Throw").option("engine.TraceCompilation", "true")
                        .option("engine.FirstTierCompilationThreshold", "10").option("engine.LastTierCompilationThreshold", "40").option("engine.OSRCompilationThreshold", "2000")
                        .logHandler(log).build();
                        Context c = Context.newBuilder("sql").engine(engine).allowNativeAccess(true).allowIO(IOAccess.ALL).option("sql.Database", data.sqlite.toAbsolutePath().toString())
                                        .option("sql.Tier", "truffle").build()) {
            Value statement = c.getBindings("sql").invokeMember("prepare", sql);
            for (int run = 0; run < 60; run++) {
                List<Object> rows = rows(statement.execute());
                if (first == null) {
                    first = rows;
                    assertTrue(!rows.isEmpty(), query + " returned no rows");
                } else {
                    assertEquals(first, rows, query + ", execution " + run);
                }
            }
        }
        String trace = log.toString(StandardCharsets.UTF_8);
        String name = "sql:" + sql.substring(0, 20);
        List<String> own = trace.lines().filter(l -> l.contains(name)).toList();
        assertTrue(own.stream().anyMatch(l -> l.contains("opt done")), query + " was not compiled:\n" + trace);
        assertTrue(own.stream().noneMatch(l -> l.contains("opt failed")), query + ": a compilation failed:\n" + trace);
        long deopts = own.stream().filter(l -> l.contains("opt deopt") || l.contains("opt inval")).count();
        assertTrue(deopts <= 6, query + ": deoptimization loop, " + deopts + " deoptimizations:\n" + trace);
    }

    private static List<Object> rows(Value result) {
        List<Object> rows = new java.util.ArrayList<>();
        Value it = result.getIterator();
        while (it.hasIteratorNextElement()) {
            Value row = it.getIteratorNextElement();
            for (long i = 0; i < row.getArraySize(); i++) {
                Value v = row.getArrayElement(i);
                rows.add(v.isNull() ? "NULL" : v.fitsInLong() ? (Object) v.asLong() : v.isNumber() ? (Object) v.asDouble() : v.toString());
            }
        }
        return rows;
    }
}
