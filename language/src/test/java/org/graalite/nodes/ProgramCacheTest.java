package org.graalite.nodes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Engine;
import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.io.IOAccess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Compiled code belongs to a statement's program and is cached engine-wide: executing a
 * parameterized lookup 10,000 times with different parameters, preparing its text again, and
 * running it in a second context of the same engine compile it once.
 */
class ProgramCacheTest {
    @Test
    void aLookupCompilesOnceForAllParametersAndContexts(@TempDir Path dir) {
        String db = dir.resolve("cache.db").toString();
        try (Context setup = Context.newBuilder("sql").allowNativeAccess(true).allowIO(IOAccess.ALL).option("sql.Database", db).option("sql.Tier", "native").build()) {
            setup.eval("sql", "create table t(id integer primary key, v text); "
                            + "with recursive n(i) as (select 1 union all select i + 1 from n where i < 1000) insert into t select i, 'v' || i from n");
        }
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        String sql = "select v from t where id = ?";
        try (Engine engine = Engine.newBuilder("sql").allowExperimentalOptions(true).option("engine.WarnInterpreterOnly", "false").option("engine.TraceCompilation", "true")
                        .option("engine.BackgroundCompilation", "false").option("engine.CompilationFailureAction", "Throw").logHandler(log).build()) {
            for (int round = 0; round < 2; round++) {
                try (Context c = Context.newBuilder("sql").allowNativeAccess(true).engine(engine).allowIO(IOAccess.ALL).option("sql.Database", db).option("sql.Tier", "truffle").build()) {
                    Value statement = null;
                    for (int i = 0; i < 10_000; i++) {
                        // Every fifth execution prepares the text anew: a new statement, the same program.
                        if (i % 5 == 0) {
                            if (statement != null) {
                                statement.invokeMember("close");
                            }
                            statement = c.getBindings("sql").invokeMember("prepare", sql);
                        }
                        long id = 1 + (i * 7919L) % 1000;
                        Value row = statement.execute(id).getIterator().getIteratorNextElement();
                        assertEquals("v" + id, row.getArrayElement(0).asString());
                    }
                }
                String trace = log.toString(StandardCharsets.UTF_8);
                long compilations = trace.lines().filter(l -> l.contains("opt done") && l.contains("sql:select v from t where id = ?")).count();
                assertTrue(compilations >= 1, "the lookup was never compiled:\n" + trace);
                assertTrue(compilations <= 2, "the lookup was compiled " + compilations + " times (first and last tier at most):\n" + trace);
                long deopts = trace.lines().filter(l -> l.contains("opt deopt") && l.contains("sql:select v from t")).count();
                assertTrue(deopts <= 1, "deoptimized " + deopts + " times:\n" + trace);
            }
        }
    }
}
