package org.graalite.jmh.boundary;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.graalite.jmh.data.Dataset;
import org.graalite.jmh.data.TpchData;

/**
 * Boundary workloads on several systems in turns in one JVM, a round of each system after the
 * other, and the fastest and median round of each: on a machine whose speed drifts from minute
 * to minute, turns compare systems where JMH's runs one after the other do not (JMH stays the
 * measurement the README's tables cite). Each system's checksum is checked against
 * sqlite-jdbc's before the turns begin. Run through {@code bin/jmh --turns}:
 * {@code bin/jmh --turns filltable graalite-jdbc,native-c [rounds] [sf] [fillRows]}.
 */
public final class Turns {
    private Turns() {
    }

    public static void main(String[] args) {
        if (args.length < 2) {
            System.err.println("usage: bin/jmh --turns WORKLOAD SYSTEM,SYSTEM,... [ROUNDS=40] [SF=0.01] [FILL_ROWS=100000]");
            System.exit(2);
        }
        String workload = args[0];
        String[] systems = args[1].split(",");
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 40;
        double sf = args.length > 3 ? Double.parseDouble(args[3]) : 0.01;
        int fillRows = args.length > 4 ? Integer.parseInt(args[4]) : 100_000;
        Dataset data = TpchData.ensure(sf, true);
        long expected = Boundary.checksum("sqlite-jdbc", workload, data, fillRows);
        List<Boundary.Run> runs = new ArrayList<>();
        try {
            for (String system : systems) {
                Boundary.Run run = Boundary.open(system, workload, data, fillRows);
                runs.add(run);
                long got = run.run();
                if (got != expected) {
                    throw new IllegalStateException(system + " gives checksum " + got + " for " + workload + ", sqlite-jdbc " + expected);
                }
            }
            double[][] times = new double[systems.length][rounds];
            for (int round = 0; round < rounds; round++) {
                for (int s = 0; s < systems.length; s++) {
                    long start = System.nanoTime();
                    runs.get(s).run();
                    times[s][round] = (System.nanoTime() - start) / 1e6;
                }
                if ((round + 1) % 10 == 0) {
                    System.out.printf("after %d rounds:%s%n", round + 1, summary(systems, times, round + 1));
                }
            }
        } finally {
            for (Boundary.Run run : runs) {
                run.close();
            }
        }
    }

    private static String summary(String[] systems, double[][] times, int rounds) {
        StringBuilder b = new StringBuilder();
        double first = 0;
        for (int s = 0; s < systems.length; s++) {
            double[] sorted = Arrays.copyOf(times[s], rounds);
            Arrays.sort(sorted);
            if (s == 0) {
                first = sorted[0];
            }
            b.append(String.format("  %s fastest %.2f ms (%.2fx the first), median %.2f;", systems[s], sorted[0], sorted[0] / first, sorted[rounds / 2]));
        }
        return b.toString();
    }
}
