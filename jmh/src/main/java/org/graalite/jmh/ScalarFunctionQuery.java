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
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Warmup;

/**
 * SQLite's own scalar functions (dates, printf, replace, instr) called once per order of the
 * TPC-H tables (src/main/resources/functions/fN.sql, {@link Workloads#FUNCTIONS}): what each
 * call costs Graalite's Truffle tier, which calls them natively, against SQLite's VDBE
 * (Graalite's native tier) and the native C baseline. One operation runs the query to its last
 * row; the setup checks the result against native C.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 6, time = 2)
@Measurement(iterations = 5, time = 2)
public class ScalarFunctionQuery extends QueryBenchmark {
    @Param({"graalite", "native-c"})
    public String system;

    /** Graalite's sql.Tier; native C ignores it. */
    @Param({"truffle", "native"})
    public String tier;

    @Param({"f1", "f2", "f3", "f4", "f5"})
    public String query;

    @Param("0.1")
    public double sf;

    @Override
    protected Workloads.Prepared prepare() {
        return new Workloads.Prepared(system, tier, TpchData.ensure(sf, true), "functions", query);
    }
}
