package org.graalite.polyglot.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Engine;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Source;

/**
 * Runs the programs of {@code src/test/resources/api} against Graalite's guest APIs, the
 * Python module {@code graalite.sqlite3} ({@code guest/python}) and the JavaScript module
 * {@code graalite} ({@code guest/js/graalite.js}), and compares what each prints with its
 * {@code .out} file.
 *
 * <p>The programs are ordinary sqlite3 and better-sqlite3 programs whose only change is the
 * import line, and their {@code .out} files are what the originals print under CPython's
 * sqlite3 and Node.js with better-sqlite3: the whole output must match, so a program that
 * stopped early, or printed anything different, fails.
 */
final class GuestApis {
    /** The repository's {@code guest} directory (the tests run in the module directory). */
    static final Path GUEST = Path.of("..", "guest").toAbsolutePath().normalize();

    /** One engine for the contexts of these tests (a warm engine starts GraalPy much faster). */
    private static final Engine ENGINE = Engine.newBuilder("python", "js", "sql").option("engine.WarnInterpreterOnly", "true").build();

    /** The sql.Tier of the contexts (system property graalite.test.tier, default native). */
    private static final String TIER = System.getProperty("graalite.test.tier", "native");

    private GuestApis() {
    }

    /**
     * A context that reaches the guest APIs the way {@code bin/graalite run} sets them up:
     * {@code guest/python} on GraalPy's path, {@code guest/js/graalite.js} as the CommonJS and
     * ES module {@code graalite}; its current directory (relative database paths) is {@code cwd}.
     */
    static Context newContext(Path cwd, ByteArrayOutputStream out) {
        return newContext(cwd, out, TIER);
    }

    /** As {@link #newContext(Path, ByteArrayOutputStream)}, on the tier {@code tier}. */
    static Context newContext(Path cwd, ByteArrayOutputStream out, String tier) {
        return Context.newBuilder("python", "js", "sql").engine(ENGINE).allowAllAccess(true).allowExperimentalOptions(true)
                        .currentWorkingDirectory(cwd).out(out).err(out)
                        .option("sql.Tier", tier)
                        .option("python.PythonPath", GUEST.resolve("python").toString())
                        .option("js.commonjs-require", "true")
                        .option("js.commonjs-core-modules-replacements", "graalite:" + GUEST.resolve("js").resolve("graalite.js"))
                        .build();
    }

    /** The programs of a resource directory ({@code api/python}, {@code api/js}), by name. */
    static List<String> programs(String directory, String extension) {
        URL url = GuestApis.class.getClassLoader().getResource(directory);
        assertTrue(url != null, "missing test resource directory " + directory);
        try (Stream<Path> files = Files.list(Path.of(url.toURI()))) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(extension)).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static String resource(String path) {
        try (InputStream in = GuestApis.class.getClassLoader().getResourceAsStream(path)) {
            assertTrue(in != null, "missing test resource " + path);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Runs {@code directory/name} in a fresh context whose current directory is a fresh
     * temporary directory, and asserts that it prints exactly {@code directory/<name>.out}.
     */
    static void runAndCompare(String language, String directory, String name) throws IOException {
        runAndCompare(language, directory, name, TIER);
    }

    /** As {@link #runAndCompare(String, String, String)}, on the tier {@code tier}. */
    static void runAndCompare(String language, String directory, String name, String tier) throws IOException {
        String expected = resource(directory + "/" + name.substring(0, name.lastIndexOf('.')) + ".out");
        Path cwd = Files.createTempDirectory("graalite-api-");
        // half.so, the test extension that load_extension.py and loadExtension.js load.
        Files.copy(testExtension(), cwd.resolve("half.so"));
        Set<Path> before = entries(PROCESS_DIRECTORY);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (Context context = newContext(cwd, out, tier)) {
            context.eval(Source.newBuilder(language, resource(directory + "/" + name), name).build());
        } catch (PolyglotException e) {
            throw new AssertionError(name + " failed after printing:\n" + out.toString(StandardCharsets.UTF_8) + "\n" + e.getMessage(), e);
        } finally {
            deleteTree(cwd);
            // The sql language opens a relative database path against the process's working
            // directory, not the context's (the JavaScript module cannot make it absolute, as
            // the Python one does): remove what a program created there (readme.js's
            // foobar.db) until the language resolves it with the context's file system.
            for (Path created : entries(PROCESS_DIRECTORY)) {
                if (!before.contains(created) && created.getFileName().toString().matches("[a-z]+\\.db(-wal|-shm|-journal)?")) {
                    Files.deleteIfExists(created);
                }
            }
        }
        assertEquals(expected, out.toString(StandardCharsets.UTF_8), name + " printed something else than its .out file");
    }

    private static final Path PROCESS_DIRECTORY = Path.of("").toAbsolutePath();

    private static Path testExtension;

    /** The test extension of the language module (src/test/c/half.c), built on first use. */
    private static synchronized Path testExtension() throws IOException {
        if (testExtension == null) {
            Path script = GUEST.resolveSibling("language").resolve("src/test/c/build-test-extension.sh");
            Process p = new ProcessBuilder("bash", script.toString(), PROCESS_DIRECTORY.resolve("target/test-extension").toString()).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            try {
                if (p.waitFor() != 0) {
                    throw new IllegalStateException("building the test extension failed: " + out);
                }
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
            testExtension = Path.of(out.substring(out.lastIndexOf('\n') + 1));
        }
        return testExtension;
    }

    private static Set<Path> entries(Path dir) throws IOException {
        try (Stream<Path> paths = Files.list(dir)) {
            return paths.collect(Collectors.toSet());
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted((a, b) -> b.getNameCount() - a.getNameCount()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
