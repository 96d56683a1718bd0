package org.graalite.nodes;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import org.graalite.language.SqlContexts;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Value;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * The Truffle tier against SQLite's VDBE in one process, run on demand only: each query of
 * {@code -Dgraalite.tierPair.queries} (files of SQL, comma-separated; a relative path starts
 * in {@code language/}, the tests' working directory), after the statements of
 * {@code -Dgraalite.tierPair.setup} (semicolon-separated, run first on both connections), on database
 * {@code -Dgraalite.tierPair.db}, executed in turn on a context of each tier (one engine),
 * {@code -Dgraalite.tierPair.rounds} times (default 40) after untimed turns for
 * {@code -Dgraalite.tierPair.warmupSeconds} (default 0); prints the fastest and the median
 * time of each. On a machine whose speed drifts from minute to minute, turns taken in one
 * process compare the tiers where runs one after the other do not. Surefire enables Java
 * assertions, which compiled Truffle code then checks too (TPC-H q10 took 1.85 times SQLite's
 * time with them, 1.38 without, in one session): the probe refuses to run with them, so add
 * {@code -DenableAssertions=false}. For example:
 * {@code bin/mvn -q -pl language test -Dtest=TierPairProbe -DenableAssertions=false
 * -Dgraalite.tierPair.db=/dev/shm/tpch.db -Dgraalite.tierPair.queries=../jmh/src/main/resources/window/w1.sql}.
 */
@EnabledIfSystemProperty(named = "graalite.tierPair.queries", matches = ".+")
class TierPairProbe {
    @Test
    void compareTiers() throws Exception {
        boolean assertions = false;
        assert assertions = true;
        if (assertions) {
            throw new IllegalStateException("TierPairProbe measures with Java assertions off: add -DenableAssertions=false");
        }
        String database = System.getProperty("graalite.tierPair.db");
        int rounds = Integer.getInteger("graalite.tierPair.rounds", 40);
        // Untimed turns first: on two cores Graal's compilations of a statement take seconds
        // and slow every turn they overlap.
        double warmupSeconds = Double.parseDouble(System.getProperty("graalite.tierPair.warmupSeconds", "0"));
        try (Context truffle = SqlContexts.create("truffle", database); Context sqlite = SqlContexts.create("native", database)) {
            // Statements run first on both connections, e.g. a page cache that holds the tables
            // (PRAGMA cache_size), so that the turns time the engines rather than page copies.
            for (String setup : System.getProperty("graalite.tierPair.setup", "").split(";")) {
                if (!setup.isBlank()) {
                    SqlContexts.step(truffle, setup);
                    SqlContexts.step(sqlite, setup);
                }
            }
            for (String file : System.getProperty("graalite.tierPair.queries").split(",")) {
                String sql = Files.readString(Path.of(file));
                Value onTruffle = truffle.getBindings("sql").invokeMember("prepare", sql);
                Value onSqlite = sqlite.getBindings("sql").invokeMember("prepare", sql);
                long warmupEnd = System.nanoTime() + (long) (warmupSeconds * 1e9);
                while (System.nanoTime() < warmupEnd) {
                    time(onTruffle);
                    time(onSqlite);
                }
                double[] truffleTimes = new double[rounds];
                double[] sqliteTimes = new double[rounds];
                for (int round = 0; round < rounds; round++) {
                    truffleTimes[round] = time(onTruffle);
                    sqliteTimes[round] = time(onSqlite);
                }
                System.out.printf("%s: Truffle tier fastest %.1f ms, median %.1f; SQLite's VDBE fastest %.1f, median %.1f (%d rounds)%n", Path.of(file).getFileName(), min(truffleTimes),
                                median(truffleTimes), min(sqliteTimes), median(sqliteTimes), rounds);
            }
        }
    }

    private static double time(Value statement) {
        long start = System.nanoTime();
        SqlContexts.rows(statement.execute());
        return (System.nanoTime() - start) / 1e6;
    }

    private static double min(double[] times) {
        return Arrays.stream(times).min().orElseThrow();
    }

    private static double median(double[] times) {
        double[] sorted = times.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }
}
