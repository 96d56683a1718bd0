package org.graalite.jmh;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.graalite.jmh.data.Dataset;
import org.graalite.jmh.data.SsbData;
import org.graalite.jmh.data.TpchData;
import org.graalite.jmh.systems.Workloads;

/**
 * TPC-H or SSB queries on several systems in turns in one JVM: per query, each system's run
 * after the other's, for a warm-up time and then a number of rounds, and each system's fastest
 * and median round against the first system's. On a machine whose speed drifts from minute to
 * minute (runs of one statement here move between plateaus up to 1.5 times apart), JMH's runs of
 * one system after the other compare badly; turns slow every system alike. JMH stays the
 * measurement the README's tables cite; this is for telling a change's effect. Every system's
 * result is checked against SQLite's (Workloads.Prepared) before its turns begin.
 *
 * <p>Run through {@code bin/jmh --query-turns FAMILY QUERIES SYSTEMS [ROUNDS=10] [SF=0.1]
 * [WARMUP_SECONDS=10]}, e.g. {@code bin/jmh --query-turns tpch q01,q12 graalite:truffle,native-c}:
 * a system is named as in the benchmarks' {@code system} parameter, Graalite's with its
 * {@code sql.Tier} after a colon (auto when none).
 */
public final class QueryTurns {
    private QueryTurns() {
    }

    public static void main(String[] args) {
        if (args.length < 3) {
            System.err.println("usage: bin/jmh --query-turns tpch|ssb QUERY,QUERY,... SYSTEM[:TIER],SYSTEM[:TIER],... [ROUNDS=10] [SF=0.1] [WARMUP_SECONDS=10]");
            System.exit(2);
        }
        String family = args[0];
        String[] queries = args[1].split(",");
        String[] systems = args[2].split(",");
        int rounds = args.length > 3 ? Integer.parseInt(args[3]) : 10;
        double sf = args.length > 4 ? Double.parseDouble(args[4]) : 0.1;
        double warmupSeconds = args.length > 5 ? Double.parseDouble(args[5]) : 10;
        double[] means = geometricMeans(family, queries, systems, rounds, sf, warmupSeconds);
        StringBuilder b = new StringBuilder("geometric mean of the median ratios over " + queries.length + " queries:");
        for (int s = 1; s < systems.length; s++) {
            b.append(String.format(" %s %.3fx %s;", systems[s], means[s], systems[0]));
        }
        System.out.println(b);
    }

    /**
     * Runs the turns of every query (printing a line for each) and answers, per system, the
     * geometric mean over the queries of its median round over the first system's (1 for the
     * first system itself).
     */
    static double[] geometricMeans(String family, String[] queries, String[] systems, int rounds, double sf, double warmupSeconds) {
        Dataset data = switch (family) {
            case "tpch" -> TpchData.ensure(sf, true);
            case "ssb" -> SsbData.ensure(sf);
            default -> throw new IllegalArgumentException("family tpch or ssb, not " + family);
        };
        double[] logMedianRatios = new double[systems.length];
        for (String query : queries) {
            double[] medians = turns(family, query, systems, data, rounds, warmupSeconds);
            for (int s = 1; s < systems.length; s++) {
                logMedianRatios[s] += Math.log(medians[s] / medians[0]);
            }
        }
        double[] means = new double[systems.length];
        for (int s = 0; s < systems.length; s++) {
            means[s] = Math.exp(logMedianRatios[s] / queries.length);
        }
        return means;
    }

    /** One query's turns; prints its line and answers each system's median round in ms. */
    private static double[] turns(String family, String query, String[] systems, Dataset data, int rounds, double warmupSeconds) {
        List<Workloads.Prepared> prepared = new ArrayList<>();
        try {
            for (String system : systems) {
                String[] nameAndTier = system.split(":", 2);
                prepared.add(new Workloads.Prepared(nameAndTier[0], nameAndTier.length > 1 ? nameAndTier[1] : "auto", data, family, query));
            }
            long warmupEnd = System.nanoTime() + (long) (warmupSeconds * 1e9);
            while (System.nanoTime() < warmupEnd) {
                for (Workloads.Prepared p : prepared) {
                    p.run();
                }
            }
            double[][] times = new double[systems.length][rounds];
            for (int round = 0; round < rounds; round++) {
                for (int s = 0; s < systems.length; s++) {
                    long start = System.nanoTime();
                    prepared.get(s).run();
                    times[s][round] = (System.nanoTime() - start) / 1e6;
                }
            }
            double[] medians = new double[systems.length];
            StringBuilder b = new StringBuilder(String.format("%s/%s:", family, query));
            double firstFastest = 0;
            for (int s = 0; s < systems.length; s++) {
                double[] sorted = times[s].clone();
                Arrays.sort(sorted);
                medians[s] = sorted[rounds / 2];
                if (s == 0) {
                    firstFastest = sorted[0];
                    b.append(String.format(" %s fastest %.2f ms, median %.2f;", systems[s], sorted[0], medians[s]));
                } else {
                    b.append(String.format(" %s fastest %.2f ms (%.3fx), median %.2f (%.3fx);", systems[s], sorted[0], sorted[0] / firstFastest, medians[s], medians[s] / medians[0]));
                }
            }
            System.out.println(b);
            return medians;
        } finally {
            for (Workloads.Prepared p : prepared) {
                p.close();
            }
        }
    }
}
