package org.graalite.nodes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Engine;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.io.IOAccess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A prepared statement executed by a caller's loop (an INSERT per row, a lookup per row) calls
 * its program through the caller's DirectCallNode once it runs on the Truffle tier
 * (PreparedStatementObject.Execute): the program compiles into the caller's execute, and every
 * outcome is the one of the boundary path: changed rows, the first row of a query, errors that
 * leave the statement usable, the change from SQLite's engine to the Truffle tier after
 * warm-up, and a schema change that makes SQLite prepare the statement again.
 */
class InlinedExecuteTest {
    @Test
    void insertsAndLookupsCompileIntoTheCallersExecute(@TempDir Path dir) {
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        try (Engine engine = CompilationTest.quicklyCompilingEngine(log);
                        Context c = Context.newBuilder("sql").engine(engine).allowIO(IOAccess.ALL).option("sql.Database", dir.resolve("i.db").toString())
                                        .option("sql.Tier", "truffle").build()) {
            c.eval("sql", "create table t(k integer primary key, v text unique, n real)");
            Value connection = c.getBindings("sql");
            Value insert = connection.invokeMember("prepare", "insert into t(k, v, n) values (?, ?, ?)");
            Value lookup = connection.invokeMember("prepare", "select v, n from t where k = ?");
            c.eval("sql", "begin");
            for (int i = 0; i < 1000; i++) {
                assertEquals(1, insert.execute(i, "v" + i, i * 0.5).asLong());
                Value rows = lookup.execute(i).getIterator();
                Value row = rows.getIteratorNextElement();
                assertEquals("v" + i, row.getArrayElement(0).asString());
                assertEquals(i * 0.5, row.getArrayElement(1).asDouble());
                assertTrue(!rows.hasIteratorNextElement());
            }
            // A constraint that fails inside the inlined program: SQLite's error, the statement usable.
            PolyglotException e = assertThrows(PolyglotException.class, () -> insert.execute(5000, "v7", 0.0));
            assertTrue(e.getMessage().contains("UNIQUE constraint failed: t.v"), e.getMessage());
            assertEquals(1, insert.execute(5001, "w", 1.0).asLong());
            assertTrue(!lookup.execute(5000).getIterator().hasIteratorNextElement());
            c.eval("sql", "commit");
            assertEquals(1001, c.eval("sql", "select count(*) from t").getIterator().getIteratorNextElement().getArrayElement(0).asLong());
            // SQLite prepares both again after the schema changes; their answers stay right.
            c.eval("sql", "alter table t add column x default 7");
            c.eval("sql", "create index t_n on t(n)");
            assertEquals(1, insert.execute(6000, "z", 2.0).asLong());
            assertEquals("z", lookup.execute(6000).getIterator().getIteratorNextElement().getArrayElement(0).asString());
            assertEquals(0, connection.getMember("nativeExecutions").asLong());
        }
        CompilationTest.assertCompiledWithoutLoops(log, "Value<PreparedStatementObject>.execute", 4, "Value<PreparedStatementObject>.execute", "sql:insert into t", "sql:select v, n");
        // The caller's execute compiled with the statements' programs inlined into it.
        Matcher m = Pattern.compile("opt done .*Value<PreparedStatementObject>\\.execute .*\\|Inlined +([0-9]+)Y").matcher(log.toString(StandardCharsets.UTF_8));
        int mostInlined = 0;
        while (m.find()) {
            mostInlined = Math.max(mostInlined, Integer.parseInt(m.group(1)));
        }
        assertTrue(mostInlined >= 1, "no program inlined into the caller's execute:\n" + log.toString(StandardCharsets.UTF_8));
    }

    /** Under sql.Tier=auto a statement starts on SQLite's engine and moves to the Truffle tier: the call site follows it. */
    @Test
    void followsTheStatementFromSqlitesEngineToTheTruffleTier(@TempDir Path dir) {
        try (Context c = Context.newBuilder("sql").allowIO(IOAccess.ALL).option("sql.Database", dir.resolve("a.db").toString()).build()) {
            c.eval("sql", "create table t(k integer primary key, v)");
            Value connection = c.getBindings("sql");
            Value insert = connection.invokeMember("prepare", "insert into t(v) values (?)");
            Value sum = connection.invokeMember("prepare", "select sum(v), count(*) from t where v >= ?");
            long expected = 0;
            for (int i = 0; i < 300; i++) {
                assertEquals(1, insert.execute(i).asLong());
                expected += i;
                Value row = sum.execute(0).getIterator().getIteratorNextElement();
                assertEquals(expected, row.getArrayElement(0).asLong());
                assertEquals(i + 1, row.getArrayElement(1).asLong());
            }
            assertTrue(connection.getMember("nativeExecutions").asLong() > 0);
            assertTrue(connection.getMember("truffleExecutions").asLong() > 400);
        }
    }
}
