package org.graalite.language;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.graalvm.polyglot.Context;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A statement prepared before another connection changed the schema runs as it does on SQLite:
 * sqlite3_step prepares it again. The Truffle tier hands such an execution to the native tier.
 */
class SchemaChangeTest {
    @ParameterizedTest
    @ValueSource(strings = {"auto", "truffle", "native"})
    void anotherConnectionsSchemaChangeIsTransparent(String tier) throws Exception {
        withReaderAndWriter(tier, (reader, writer) -> {
            writer.eval("sql", "create table t(a); insert into t values (1)");
            var prepared = reader.getBindings("sql").invokeMember("prepare", "select a from t");
            assertEquals(List.of(List.of(1L)), SqlContexts.rows(prepared.invokeMember("execute")));
            writer.eval("sql", "create table u(b)");
            assertEquals(List.of(List.of(1L)), SqlContexts.rows(prepared.invokeMember("execute")));
            // A statement prepared again after the change is also fine, on any tier.
            assertEquals(List.of(List.of(1L)), SqlContexts.rows(reader.eval("sql", "select a from t")));
            // Parameters, which the Truffle tier keeps in Java, reach SQLite when it prepares the
            // statement again: with the same program, and with another one (an index to use).
            var withParameter = reader.getBindings("sql").invokeMember("prepare", "select a from t where a > ?");
            assertEquals(List.of(List.of(1L)), SqlContexts.rows(withParameter.invokeMember("execute", 0)));
            writer.eval("sql", "create table v(c)");
            assertEquals(List.of(List.of(1L)), SqlContexts.rows(withParameter.invokeMember("execute", 0)));
            assertEquals(List.of(), SqlContexts.rows(withParameter.invokeMember("execute", 1)));
            writer.eval("sql", "insert into t values (5); create index t_a on t(a)");
            assertEquals(List.of(List.of(5L)), SqlContexts.rows(withParameter.invokeMember("execute", 1)));
            assertEquals(List.of(List.of(1L), List.of(5L)), SqlContexts.rows(withParameter.invokeMember("execute", 0)));
        });
    }

    /**
     * A {@code SELECT *} prepared before another connection adds or renames a column returns
     * what SQLite's sqlite3_step gives after preparing it again: the new columns, by their new
     * names (they were fixed at prepare).
     */
    @ParameterizedTest
    @ValueSource(strings = {"auto", "truffle", "native"})
    void selectStarSeesColumnsAnotherConnectionAdded(String tier) throws Exception {
        withReaderAndWriter(tier, (reader, writer) -> {
            writer.eval("sql", "create table t(a); insert into t values (1)");
            var prepared = reader.getBindings("sql").invokeMember("prepare", "select * from t");
            for (int i = 0; i < 3; i++) {
                assertEquals(List.of(List.of(1L)), SqlContexts.rows(prepared.invokeMember("execute")));
            }
            writer.eval("sql", "alter table t add column b default 7");
            var result = prepared.invokeMember("execute");
            assertEquals(List.of("a", "b"), result.getMember("columns").as(List.class));
            assertEquals(List.of(List.of(1L, 7L)), SqlContexts.rows(result));
            assertEquals(List.of("a", "b"), prepared.getMember("columns").as(List.class));
            writer.eval("sql", "alter table t rename column b to c");
            result = prepared.invokeMember("execute");
            assertEquals(List.of(List.of(1L, 7L)), SqlContexts.rows(result));
            assertEquals(List.of("a", "c"), prepared.getMember("columns").as(List.class));
            assertEquals(7L, reader.eval("sql", "select * from t").getIterator().getIteratorNextElement().getMember("c").asLong());
        });
    }

    /**
     * BEGIN and COMMIT prepared before the connection first reads its schema expire when it does;
     * prepared again, their programs are the same, so they stay on the Truffle tier (they had
     * moved to the native tier for good: 6.6% of TATP's executions).
     */
    @org.junit.jupiter.api.Test
    void statementsThatExpireWithTheSameProgramStayOnTheTruffleTier() throws Exception {
        Path dir = Files.createTempDirectory("graalite-schema");
        String file = dir.resolve("db").toString();
        try (Context setup = SqlContexts.create("native", file)) {
            setup.eval("sql", "create table t(a); insert into t values (1)");
        }
        try (Context c = SqlContexts.create("auto", file)) {
            var connection = c.getBindings("sql");
            var begin = connection.invokeMember("prepare", "BEGIN");
            var commit = connection.invokeMember("prepare", "COMMIT");
            var insert = connection.invokeMember("prepare", "insert into t values (?)");
            long nativeBefore = connection.getMember("nativeExecutions").asLong();
            for (int i = 0; i < 3; i++) {
                begin.invokeMember("execute");
                insert.invokeMember("execute", i);
                commit.invokeMember("execute");
            }
            assertEquals(nativeBefore, connection.getMember("nativeExecutions").asLong(), "executions on the native tier");
            assertEquals(List.of(List.of(4L)), SqlContexts.rows(c.eval("sql", "select count(*) from t")));
        } finally {
            for (String name : new String[]{"db", "db-journal"}) {
                Files.deleteIfExists(dir.resolve(name));
            }
            Files.deleteIfExists(dir);
        }
    }
    /**
     * A statement whose plan depends on a bound value (here: whether a partial index applies)
     * is expired by SQLite at each bind and prepared again at each execution. While the plan
     * stays the same it stays on the Truffle tier (the shim compares the programs); when the
     * value changes the plan, that execution runs SQLite's new program natively. Results are
     * right either way.
     */
    @org.junit.jupiter.api.Test
    void statementsPreparedAgainAtEachBindStayOnTheTruffleTierWhileThePlanHolds() throws Exception {
        try (Context c = SqlContexts.create("auto", ":memory:")) {
            var connection = c.getBindings("sql");
            c.eval("sql", "create table t(a, b); create index t_a_active on t(a) where b = 1;"
                            + "with recursive n(i) as (select 1 union all select i + 1 from n where i < 100) insert into t select i, i % 2 from n");
            var count = connection.invokeMember("prepare", "select count(*) from t where b = ? and a > ?");
            long truffleBefore = connection.getMember("truffleExecutions").asLong();
            long nativeBefore = connection.getMember("nativeExecutions").asLong();
            for (int i = 0; i < 5; i++) {
                assertEquals(List.of(List.of(50L - (10 * i + 1) / 2)), SqlContexts.rows(count.invokeMember("execute", 1, 10 * i)));
            }
            assertEquals(truffleBefore + 5, connection.getMember("truffleExecutions").asLong(), "executions on the Truffle tier");
            assertEquals(nativeBefore, connection.getMember("nativeExecutions").asLong(), "executions on the native tier");
            // Another plan (no partial index for b = 0): SQLite's new program, still the right count.
            assertEquals(List.of(List.of(45L)), SqlContexts.rows(count.invokeMember("execute", 0, 10)));
        }
    }

    interface TwoConnections {
        void run(Context reader, Context writer) throws Exception;
    }

    /** Runs {@code test} with two contexts on one new database file: the reader on {@code tier}, the writer on the native tier. */
    private static void withReaderAndWriter(String tier, TwoConnections test) throws Exception {
        Path dir = Files.createTempDirectory("graalite-schema");
        String file = dir.resolve("db").toString();
        try (Context reader = SqlContexts.create(tier, file); Context writer = SqlContexts.create("native", file)) {
            test.run(reader, writer);
        } finally {
            for (String name : new String[]{"db", "db-journal"}) {
                Files.deleteIfExists(dir.resolve(name));
            }
            Files.deleteIfExists(dir);
        }
    }
}
