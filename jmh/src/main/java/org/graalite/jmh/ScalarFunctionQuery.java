package org.graalite.jmh;

import java.util.concurrent.TimeUnit;

import org.graalite.jmh.data.TpchData;
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
 * A query that calls one of SQLite's scalar functions (dates, printf, replace, instr) once per row (src/main/resources/functions/fN.sql; the Truffle tier calls them natively) over the TPC-H tables
 * on one system, over the generated TPC-H database of scale factor {@code sf} (with the usual
 * secondary indexes unless {@code indexes} is false). One operation runs the query to its last
 * row and reads every value; the score is seconds per query. The setup checks the result
 * against the native C baseline and fails on a difference.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 10, time = 2)
@Measurement(iterations = 5, time = 2)
public class ScalarFunctionQuery extends QueryBenchmark {
    @Param({"graalite", "native-c", "sqlite-jdbc"})
    public String system;

    /** Graalite's sql.Tier: auto (Truffle where it can), truffle or native; the other systems ignore it. */
    @Param("auto")
    public String tier;

    @Param({"f1", "f2", "f3", "f4", "f5"}) // Workloads.FUNCTIONS
    public String query;

    @Param("0.01")
    public double sf;

    @Param("true")
    public boolean indexes;

    @Override
    protected Workloads.Prepared prepare() {
        return new Workloads.Prepared(system, tier, TpchData.ensure(sf, indexes), "functions", query);
    }
}
