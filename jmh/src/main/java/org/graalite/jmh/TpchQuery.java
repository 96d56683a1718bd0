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
 * One TPC-H query (src/main/resources/tpch/qNN.sql, the specification's default parameters)
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
public class TpchQuery extends QueryBenchmark {
    @Param({"graalite", "graalite-jdbc", "sqlite-jdbc", "h2", "native-c"})
    public String system;

    /** Graalite's sql.Tier: auto (Truffle where it can), truffle or native; the other systems ignore it. */
    @Param("auto")
    public String tier;

    @Param({"q01", "q02", "q03", "q04", "q05", "q06", "q07", "q08", "q09", "q10", "q11", "q12", "q13", "q14", "q15", "q16", "q17", "q18", "q19", "q20", "q21", "q22"})
    public String query;

    @Param("0.01")
    public double sf;

    @Param("true")
    public boolean indexes;

    @Override
    protected Workloads.Prepared prepare() {
        return new Workloads.Prepared(system, tier, TpchData.ensure(sf, indexes), "tpch", query);
    }
}
