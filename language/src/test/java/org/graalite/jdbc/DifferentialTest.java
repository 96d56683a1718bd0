package org.graalite.jdbc;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Runs every scenario in {@code src/test/resources/jdbc/*.jdbc} (see {@link Scenario}) on
 * sqlite-jdbc and on Graalite and requires identical transcripts: values with their Java types,
 * update counts, generated keys, metadata, error kinds, codes and messages. A scenario that
 * reopens its database runs with every mix of the two drivers, so what one writes the other
 * must read the same way.
 */
class DifferentialTest {
    static {
        TestSupport.init();
    }

    @TestFactory
    Stream<DynamicTest> scenarios() throws IOException, URISyntaxException {
        Path dir = Path.of(DifferentialTest.class.getResource("/jdbc").toURI());
        List<Path> files;
        try (Stream<Path> list = Files.list(dir)) {
            files = list.filter(p -> p.toString().endsWith(".jdbc")).sorted().toList();
        }
        return files.stream().map(file -> DynamicTest.dynamicTest(file.getFileName().toString(), () -> check(file)));
    }

    private static void check(Path file) throws IOException {
        Scenario scenario = new Scenario(file.getFileName().toString(), Files.readAllLines(file, StandardCharsets.UTF_8));
        int connections = scenario.reopens() + 1;
        List<String> reference = runIn(scenario, drivers(connections, -1));
        List<String[]> mixes = new ArrayList<>();
        mixes.add(drivers(connections, connections));
        if (connections > 1) {
            mixes.add(alternating(connections, 0));
            mixes.add(alternating(connections, 1));
        }
        if (Boolean.getBoolean("graalite.jdbc.transcripts")) {
            Path dump = Path.of("target", "jdbc-transcripts");
            Files.createDirectories(dump);
            Files.write(dump.resolve(scenario.name + ".transcript"), reference);
        }
        for (String[] mix : mixes) {
            List<String> candidate = runIn(scenario, mix);
            compare(scenario.name + " with " + Arrays.toString(mix), reference, candidate);
        }
    }

    /** The first {@code graalite} connections on Graalite, the rest on sqlite-jdbc. */
    private static String[] drivers(int n, int graalite) {
        String[] d = new String[n];
        for (int i = 0; i < n; i++) {
            d[i] = i < graalite ? Scenario.GRAALITE : Scenario.SQLITE;
        }
        return d;
    }

    private static String[] alternating(int n, int start) {
        String[] d = new String[n];
        for (int i = 0; i < n; i++) {
            d[i] = (i + start) % 2 == 0 ? Scenario.GRAALITE : Scenario.SQLITE;
        }
        return d;
    }

    private static List<String> runIn(Scenario scenario, String[] drivers) throws IOException {
        Path dir = TestSupport.tempDir();
        try {
            return scenario.run(dir.resolve("test.db").toString(), drivers);
        } finally {
            TestSupport.deleteTree(dir);
        }
    }

    /** Fails with the lines around the first difference and the number of differing lines. */
    static void compare(String what, List<String> expected, List<String> actual) {
        int n = Math.max(expected.size(), actual.size());
        int first = -1;
        int differences = 0;
        for (int i = 0; i < n; i++) {
            String e = i < expected.size() ? expected.get(i) : "<none>";
            String a = i < actual.size() ? actual.get(i) : "<none>";
            if (!e.equals(a)) {
                differences++;
                if (first < 0) {
                    first = i;
                }
            }
        }
        if (first < 0) {
            return;
        }
        try {
            Path dump = Path.of("target", "jdbc-transcripts");
            Files.createDirectories(dump);
            String file = what.replaceAll("[^A-Za-z0-9.-]+", "_");
            Files.write(dump.resolve(file + ".expected"), expected);
            Files.write(dump.resolve(file + ".actual"), actual);
        } catch (IOException e) {
            // the message below says enough
        }
        StringBuilder sb = new StringBuilder(what + ": " + differences + " lines differ; first at line " + (first + 1) + "\n");
        for (int i = Math.max(0, first - 6); i < Math.min(n, first + 4); i++) {
            String e = i < expected.size() ? expected.get(i) : "<none>";
            String a = i < actual.size() ? actual.get(i) : "<none>";
            if (e.equals(a)) {
                sb.append("    ").append(e).append('\n');
            } else {
                sb.append("  - ").append(e).append('\n').append("  + ").append(a).append('\n');
            }
        }
        fail(sb.toString());
    }
}
