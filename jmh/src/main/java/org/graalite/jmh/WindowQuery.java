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
 * Window functions (src/main/resources/window/wN.sql) over the TPC-H tables: Graalite's
 * Truffle tier (sql.Tier=truffle: frames read and written through SQLite's ephemeral table,
 * the aggregates' state in Java where the tier has them) against SQLite's VDBE (Graalite's
 * native tier, which sql.Tier=auto picks for such statements) and the native C baseline. One
 * operation runs the query to its last row; the setup checks the result against native C.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 8, time = 2)
@Measurement(iterations = 5, time = 2)
public class WindowQuery extends QueryBenchmark {
    @Param({"graalite", "native-c"})
    public String system;

    /** Graalite's sql.Tier; native C ignores it. */
    @Param({"truffle", "native"})
    public String tier;

    @Param({"w1", "w2", "w3", "w4", "w5", "w6"})
    public String query;

    @Param("0.1")
    public double sf;

    @Override
    protected Workloads.Prepared prepare() {
        return new Workloads.Prepared(system, tier, TpchData.ensure(sf, true), "window", query);
    }
}
