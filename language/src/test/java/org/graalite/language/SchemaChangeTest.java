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
        Path dir = Files.createTempDirectory("graalite-schema");
        String file = dir.resolve("db").toString();
        try (Context reader = SqlContexts.create(tier, file); Context writer = SqlContexts.create("native", file)) {
            writer.eval("sql", "create table t(a); insert into t values (1)");
            var prepared = reader.getBindings("sql").invokeMember("prepare", "select a from t");
            assertEquals(List.of(List.of(1L)), SqlContexts.rows(prepared.invokeMember("execute")));
            writer.eval("sql", "create table u(b)");
            assertEquals(List.of(List.of(1L)), SqlContexts.rows(prepared.invokeMember("execute")));
            // A statement prepared again after the change is also fine, on any tier.
            assertEquals(List.of(List.of(1L)), SqlContexts.rows(reader.eval("sql", "select a from t")));
        } finally {
            for (String name : new String[]{"db", "db-journal"}) {
                Files.deleteIfExists(dir.resolve(name));
            }
            Files.deleteIfExists(dir);
        }
    }
}
