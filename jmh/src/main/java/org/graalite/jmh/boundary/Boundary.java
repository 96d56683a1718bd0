package org.graalite.jmh.boundary;

import java.util.concurrent.TimeUnit;

import org.graalite.jmh.data.Dataset;
import org.graalite.jmh.data.TpchData;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The boundary workloads of the SQPyte paper (ECOOP 2016) on TPC-H data: how much crossing
 * between the caller's language and the database costs. One operation runs the whole
 * workload once and returns its checksum; the setup compares the checksum with sqlite-jdbc's
 * and refuses to run on a difference.
 * <ul>
 * <li>{@code select}: iterate l_quantity, l_extendedprice, l_discount of lineitem, the caller summing;
 * <li>{@code innerjoin}: orders x customer x nation joined in SQL, returned into a hash map;
 * <li>{@code pythonjoin}: the same join by the caller, two parameterized lookups per order;
 * <li>{@code pyfunction}: SQL calls a caller-defined abs on every lineitem row;
 * <li>{@code pyaggregate}: a caller-defined sum aggregate over lineitem;
 * <li>{@code filltable}: {@code fillRows} single-row inserts through one prepared statement in
 * one transaction into an in-memory database, then read back.
 * </ul>
 * Systems: {@code graalite-js} (the loop in JavaScript, GraalJS + sql in one context),
 * {@code graalite-js-noinline} (the same with sql.InlineStatements=false), {@code graalite-java}
 * (the loop in Java through the polyglot Value API, context entered), {@code sqlite-jdbc},
 * {@code h2} (lazy, no result reuse; a private copy of the data set). Not in the default list,
 * for the write benchmark of the Truffle tier (filltable only, side by side with SQLite itself):
 * {@code graalite-jdbc-native} (Graalite's JDBC driver with sql.Tier=native) and {@code native-c}
 * (the loop in C on SQLite's API, {@link NativeFill}).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
public class Boundary {
    @Param({"select", "innerjoin", "pythonjoin", "pyfunction", "pyaggregate", "filltable"})
    public String workload;

    @Param({"graalite-js", "graalite-js-noinline", "graalite-java", "graalite-jdbc", "sqlite-jdbc", "h2"})
    public String system;

    @Param("0.01")
    public double sf;

    @Param("10000")
    public int fillRows;

    /** One system open for one workload. */
    public interface Run extends AutoCloseable {
        long run();

        /** For a Graalite system, how many executions each tier ran; null for the others. */
        default String tierStatistics() {
            return null;
        }

        @Override
        void close();
    }

    private Run run;
    private long expected;

    public static Run open(String system, String workload, Dataset data, int fillRows) {
        try {
            return switch (system) {
                case "graalite-js", "graalite-js-noinline", "graalite-java" -> new GraaliteBoundary(system, workload, data, fillRows);
                case "graalite-jdbc", "graalite-jdbc-native", "sqlite-jdbc", "h2" -> new JdbcBoundary(system, workload, data, fillRows);
                case "native-c" -> new NativeFill(workload, fillRows);
                default -> throw new IllegalArgumentException("unknown system " + system);
            };
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("cannot open " + system + " for " + workload + ": " + e.getMessage(), e);
        }
    }

    /** The checksum of one run of {@code workload} on {@code system}. */
    public static long checksum(String system, String workload, Dataset data, int fillRows) {
        try (Run r = open(system, workload, data, fillRows)) {
            return r.run();
        }
    }

    @Setup(Level.Trial)
    public void setup() {
        Dataset data = TpchData.ensure(sf, true);
        expected = checksum("sqlite-jdbc", workload, data, fillRows);
        run = open(system, workload, data, fillRows);
        long got = run.run();
        System.out.println("boundary " + workload + " on " + system + ": checksum " + got + " (sqlite-jdbc " + expected + ")");
        if (got != expected) {
            run.close();
            throw new IllegalStateException(system + " gives checksum " + got + " for " + workload + ", sqlite-jdbc " + expected + ": refusing to measure");
        }
    }

    @Benchmark
    public long run() {
        return run.run();
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        long got = run.run();
        String tiers = run.tierStatistics();
        if (tiers != null) {
            System.out.println("boundary " + workload + " on " + system + ": executions " + tiers);
        }
        run.close();
        if (got != expected) {
            throw new IllegalStateException(system + " checksum changed during the run: " + got + " instead of " + expected);
        }
    }
}
