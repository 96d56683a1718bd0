package org.graalite.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** examples/query.js and examples/query.py, run as {@code graalite --sql.Database=... run ...} would. */
class ExamplesTest {
    private static final String OUTPUT = """
                    inserted 4 rows
                    by price:
                      2: banana costs 0.25
                      1: apple costs 0.5
                      3: cherry costs %s
                      4: durian costs %s
                    2 fruits under 1.0, together 0.75
                    syntax error caught: near "SELEC": syntax error (SQLITE_ERROR)
                    """;

    @TempDir
    Path dir;

    private static String example(String name) {
        return Path.of(System.getProperty("user.dir")).getParent().resolve("examples").resolve(name).toString();
    }

    @Test
    void javaScriptExample() {
        Launch r = Launch.run("--sql.Database=" + dir.resolve("js.db"), "run", example("query.js"));
        assertEquals(OUTPUT.formatted("3", "null"), r.out(), r.err());
        assertEquals(0, r.code());
    }

    @Test
    void pythonExample() {
        Launch r = Launch.run("--sql.Database=" + dir.resolve("py.db"), "run", example("query.py"));
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("inserted 4 rows\nby price:\n") && r.out().endsWith("2 fruits under 1.0, together 0.75\nsyntax error caught: near \"SELEC\": syntax error (SQLITE_ERROR)\n"),
                        r.out());
        assertEquals(OUTPUT.formatted("3.0", "None"), r.out());
    }
}
