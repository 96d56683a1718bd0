package org.graalite.jmh;

import java.util.concurrent.TimeUnit;

import org.graalite.jmh.data.SsbData;
import org.graalite.jmh.systems.Workloads;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One Star Schema Benchmark query (src/main/resources/ssb/qN.N.sql) on one system, over the
 * generated SSB database of scale factor {@code sf} (primary keys only, as the specification
 * defines the schema). One operation runs the query to its last
 * row and reads every value; the score is seconds per query. The setup checks the result
 * against the native C baseline and fails on a difference.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 10, time = 2)
@Measurement(iterations = 5, time = 2)
public class SsbQuery extends QueryBenchmark {
    @Param({"graalite", "graalite-jdbc", "sqlite-jdbc", "h2", "native-c"})
    public String system;

    /** Graalite's sql.Tier: auto (Truffle where it can), truffle or native; the other systems ignore it. */
    @Param("auto")
    public String tier;

    @Param({"q1.1", "q1.2", "q1.3", "q2.1", "q2.2", "q2.3", "q3.1", "q3.2", "q3.3", "q3.4", "q4.1", "q4.2", "q4.3"})
    public String query;

    @Param("0.01")
    public double sf;

    @Override
    protected Workloads.Prepared prepare() {
        return new Workloads.Prepared(system, tier, SsbData.ensure(sf), "ssb", query);
    }
}
