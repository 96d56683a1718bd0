package org.graalite.language;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Value;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Loadable extensions: src/test/c/half.c built with gcc against the amalgamation's
 * sqlite3ext.h, loaded through the connection object and through SQL's load_extension(). Off
 * until enabled, as in SQLite; a function an extension defines runs on both tiers.
 */
public class ExtensionTest {
    private static String library;

    @BeforeAll
    static void buildTheExtension() throws IOException, InterruptedException {
        library = build();
    }

    /** Builds half.c (once per build directory) and answers the library's path. */
    public static String build() throws IOException, InterruptedException {
        Path here = Path.of("").toAbsolutePath();
        Path script = here.resolve("src/test/c/build-test-extension.sh");
        if (!script.toFile().exists()) {
            script = here.resolve("../language/src/test/c/build-test-extension.sh");
        }
        Process p = new ProcessBuilder("bash", script.toString(), here.resolve("target/test-extension").toString()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        if (p.waitFor() != 0) {
            throw new IllegalStateException("building the test extension failed: " + out);
        }
        return out.substring(out.lastIndexOf('\n') + 1);
    }

    @Test
    void loadingIsRefusedUntilEnabled() {
        try (Context c = SqlContexts.create("auto")) {
            Value db = c.getBindings("sql");
            PolyglotException e = assertThrows(PolyglotException.class, () -> db.invokeMember("loadExtension", library));
            assertEquals("not authorized", e.getMessage());
            e = assertThrows(PolyglotException.class, () -> SqlContexts.rows(db.invokeMember("execute", "select load_extension(?)", library)));
            assertEquals("not authorized", e.getMessage());
            e = assertThrows(PolyglotException.class, () -> SqlContexts.rows(db.invokeMember("execute", "select half(3)")));
            assertEquals("no such function: half", e.getMessage());
        }
    }

    @Test
    void functionsOfALoadedExtensionRunOnBothTiers() {
        for (String tier : List.of("native", "truffle")) {
            try (Context c = SqlContexts.create(tier)) {
                Value db = c.getBindings("sql");
                db.invokeMember("enableLoadExtension", true);
                db.invokeMember("loadExtension", library);
                db.invokeMember("loadExtension", library, "sqlite3_twice_init");
                db.invokeMember("execute", "create table t(x)");
                db.invokeMember("execute", "insert into t values (1), (4), (null), (7)");
                assertEquals(List.of(List.of(0.5, 2L), List.of(2.0, 8L), java.util.Arrays.asList(null, 0L), List.of(3.5, 14L)),
                                SqlContexts.rows(db.invokeMember("execute", "select half(x), twice(x) from t order by rowid")), tier);
                assertEquals(List.of(List.of(28.0, 3.5)), SqlContexts.rows(db.invokeMember("execute", "select product(x), product(half(x)) from t")), tier);
                assertEquals(List.of(List.of(0L, 28.0), java.util.Arrays.asList(1L, null)),
                                SqlContexts.rows(db.invokeMember("execute", "select x is null, product(x) from t group by 1 order by 1")), tier);
                if (tier.equals("truffle")) {
                    assertEquals(0, db.getMember("nativeExecutions").asLong());
                }
            }
        }
    }

    /**
     * A function is the one its last definition made, whoever made it (a guest, an extension),
     * also for a statement prepared before: SQLite prepares it again, and the Truffle tier then
     * builds nodes that call the new definition (it kept calling the first one, and it took an
     * extension's function of a guest function's name for the guest's).
     */
    @Test
    void theLastDefinitionOfAFunctionIsTheOneCalled() {
        for (String tier : List.of("native", "truffle")) {
            try (Context c = SqlContexts.create(tier)) {
                Value db = c.getBindings("sql");
                db.invokeMember("createFunction", "half", 1, (org.graalvm.polyglot.proxy.ProxyExecutable) a -> "first guest");
                Value call = db.invokeMember("prepare", "select half(8)");
                assertEquals(List.of(List.of("first guest")), SqlContexts.rows(call.execute()), tier);
                db.invokeMember("createFunction", "half", 1, (org.graalvm.polyglot.proxy.ProxyExecutable) a -> "second guest");
                assertEquals(List.of(List.of("second guest")), SqlContexts.rows(call.execute()), tier);
                db.invokeMember("enableLoadExtension", true);
                db.invokeMember("loadExtension", library);
                assertEquals(List.of(List.of(4.0)), SqlContexts.rows(call.execute()), tier);
                assertEquals(List.of(List.of(4.0)), SqlContexts.rows(db.invokeMember("execute", "select half(8)")), tier);
                db.invokeMember("createFunction", "half", 1, (org.graalvm.polyglot.proxy.ProxyExecutable) a -> "third guest");
                assertEquals(List.of(List.of("third guest")), SqlContexts.rows(call.execute()), tier);
            }
        }
    }

    @Test
    void sqlFunctionLoadsWhenEnabledWithIt() {
        try (Context c = SqlContexts.create("auto")) {
            Value db = c.getBindings("sql");
            db.invokeMember("enableLoadExtension", true);
            SqlContexts.rows(db.invokeMember("execute", "select load_extension(?, 'sqlite3_twice_init')", library));
            assertEquals(List.of(List.of(42L)), SqlContexts.rows(db.invokeMember("execute", "select twice(21)")));
            // Off again: loading is refused, what was loaded stays.
            db.invokeMember("enableLoadExtension", false);
            PolyglotException e = assertThrows(PolyglotException.class, () -> db.invokeMember("loadExtension", library));
            assertEquals("not authorized", e.getMessage());
            assertEquals(List.of(List.of(42L)), SqlContexts.rows(db.invokeMember("execute", "select twice(21)")));
        }
    }

    /** better-sqlite3's setting: the C API loads, SQL's load_extension() stays refused. */
    @Test
    void apiOnlyLeavesTheSqlFunctionRefused() {
        try (Context c = SqlContexts.create("auto")) {
            Value db = c.getBindings("sql");
            db.invokeMember("enableLoadExtension", true, false);
            PolyglotException e = assertThrows(PolyglotException.class, () -> SqlContexts.rows(db.invokeMember("execute", "select load_extension(?)", library)));
            assertEquals("not authorized", e.getMessage());
            db.invokeMember("loadExtension", library);
            assertEquals(List.of(List.of(1.5)), SqlContexts.rows(db.invokeMember("execute", "select half(3)")));
        }
    }

    @Test
    void failuresCarrySqlitesMessageAndTheConnectionStaysUsable() {
        try (Context c = SqlContexts.create("auto")) {
            Value db = c.getBindings("sql");
            db.invokeMember("enableLoadExtension", true);
            PolyglotException e = assertThrows(PolyglotException.class, () -> db.invokeMember("loadExtension", "/nonexistent/graalite-extension.so"));
            assertTrue(e.getMessage().contains("cannot open shared object file"), e.getMessage());
            e = assertThrows(PolyglotException.class, () -> db.invokeMember("loadExtension", library, "no_such_entry_point"));
            assertTrue(e.getMessage().contains("no_such_entry_point"), e.getMessage());
            assertEquals(List.of(List.of(2L)), SqlContexts.rows(db.invokeMember("execute", "select 1 + 1")));
        }
    }

    /** An extension is native code: a context without native access may not load one. */
    @Test
    void contextsWithoutNativeAccessCannotLoad() {
        try (Context c = Context.newBuilder("sql").option("sql.Database", ":memory:").build()) {
            Value db = c.getBindings("sql");
            PolyglotException e = assertThrows(PolyglotException.class, () -> db.invokeMember("enableLoadExtension", true));
            assertTrue(e.getMessage().contains("must allow native access"), e.getMessage());
            e = assertThrows(PolyglotException.class, () -> db.invokeMember("loadExtension", library));
            assertTrue(e.getMessage().contains("must allow native access"), e.getMessage());
        }
    }
}
