package org.graalite.jdbc;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** Shared set-up of the JDBC tests. */
final class TestSupport {
    private TestSupport() {
    }

    /** Called by every JDBC test class before it connects (kept as the one place for set-up). */
    static void init() {
    }

    /**
     * Properties every Graalite connection of the tests gets: the tier, from the system property
     * {@code graalite.test.tier} (auto, truffle or native; default native). These tests check
     * the driver against sqlite-jdbc, so they run on SQLite's own VDBE unless asked otherwise;
     * the language's own differential tests compare the tiers.
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
