package org.graalite.polyglot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Engine;
import org.graalvm.polyglot.Source;
import org.graalvm.polyglot.Value;

/**
 * What the polyglot tests share: one {@link Engine} for every context of the test JVM (a
 * GraalPy context costs 1 to 2 s to start on a fresh engine and much less on a warm one), and
 * a runner for the Python and JavaScript programs under {@code src/test/resources}.
 */
final class Polyglot {
    /** Never closed: it lives as long as the test JVM, and contexts close themselves. */
    static final Engine ENGINE = Engine.newBuilder("python", "js", "sql").option("engine.WarnInterpreterOnly", "true").build();

    /** The sql.Tier of every test context (system property graalite.test.tier, default native). */
    static final String TIER = System.getProperty("graalite.test.tier", "native");

    private Polyglot() {
    }

    /**
     * A context in which Python, JavaScript and sql code runs, each test with its own in-memory
     * database. The connection object (the sql bindings) is exported to the polyglot bindings
     * as {@code db}, so programs reach it with {@code polyglot.import_value("db")} or
     * {@code Polyglot.import("db")}.
     *
     * <p>The tier is {@code sql.Tier=native} (every statement on SQLite's own VDBE, the tier
     * that runs everything today); {@code -Dgraalite.test.tier=auto} runs the same tests on the
     * default tier, which sends the statements the Truffle tier supports there.
     */
    static Context newContext() {
        Context context = Context.newBuilder("python", "js", "sql").engine(ENGINE).allowAllAccess(true).option("sql.Tier", TIER).build();
        context.getPolyglotBindings().putMember("db", context.getBindings("sql"));
        return context;
    }

    /** The text of a resource of this test module, e.g. {@code python/basic.py}. */
    static String resource(String path) {
        try (InputStream in = Polyglot.class.getClassLoader().getResourceAsStream(path)) {
            assertTrue(in != null, "missing test resource " + path);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Runs the programs {@code language/<name>} in order in one fresh context. The last one
     * asserts its own results (a failed Python {@code assert} or a JavaScript {@code throw}
     * surfaces here as a PolyglotException) and ends by setting the global {@code RESULT} to
     * {@code "done: <its name>"}, so a program that stopped early cannot pass.
     */
    static void run(String language, String directory, String... names) {
        try (Context context = newContext()) {
            for (String name : names) {
                context.eval(Source.newBuilder(language, resource(directory + "/" + name), name).buildLiteral());
            }
            String last = names[names.length - 1];
            Value result = context.getBindings(language).getMember("RESULT");
            assertEquals("done: " + last, result != null && result.isString() ? result.asString() : String.valueOf(result), last + " did not run to its end");
        }
    }
}
