package org.graalite.writes;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Known failures of the write path: {@code writes/known-failures.txt}, one line each,
 * {@code id | feature | what goes wrong}. Each has a minimal reproduction
 * {@code writes/known-failures/<id>.sql} that {@link WriteDifferentialTest} runs on both
 * tiers and expects to differ (so the list fails when a case starts passing), and
 * {@code feature} (or {@code -}) names what {@link WriteWorkload} leaves out of its random
 * stream while the defect stands, so the random runs stay meaningful.
 */
record KnownFailures(List<Entry> entries) {
    record Entry(String id, String feature, String description) {
    }

    static KnownFailures load() throws IOException {
        List<Entry> entries = new ArrayList<>();
        for (String line : resource("known-failures.txt").split("\n")) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] parts = line.split("\\|", 3);
            if (parts.length != 3) {
                throw new IllegalStateException("known-failures.txt: expected 'id | feature | description': " + line);
            }
            Entry e = new Entry(parts[0].strip(), parts[1].strip(), parts[2].strip());
            if (!e.feature().equals("-") && !WriteWorkload.FEATURES.contains(e.feature())) {
                throw new IllegalStateException("known-failures.txt: " + e.id() + " names feature '" + e.feature() + "'; the generator knows " + WriteWorkload.FEATURES);
            }
            entries.add(e);
        }
        return new KnownFailures(entries);
    }

    Set<String> avoidedFeatures() {
        Set<String> features = new HashSet<>();
        for (Entry e : entries) {
            if (!e.feature().equals("-")) {
                features.add(e.feature());
            }
        }
        return features;
    }

    static String resource(String name) throws IOException {
        try (InputStream in = KnownFailures.class.getResourceAsStream("/writes/" + name)) {
            return new String(Objects.requireNonNull(in, "missing test resource writes/" + name).readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
