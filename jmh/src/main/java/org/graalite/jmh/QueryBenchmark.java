package org.graalite.jmh;

import org.graalite.jmh.systems.Workloads;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * What the query benchmarks (TpchQuery, SsbQuery, JsonQuery, WindowQuery, ScalarFunctionQuery) share: a trial
 * prepares one query of a family on one system, checked against the native C baseline (see
 * {@link Workloads.Prepared}); an operation runs it to its last row and reads every value.
 * Each subclass names its family, its queries and its systems as JMH parameters; JMH runs this
 * class's benchmark method under each subclass's name ({@code TpchQuery.run}, ...).
 */
@State(Scope.Benchmark)
public abstract class QueryBenchmark {
    private Workloads.Prepared prepared;

    /** The query of this trial, prepared on its system from the subclass's parameters. */
    protected abstract Workloads.Prepared prepare();

    @Setup(Level.Trial)
    public void setup() {
        prepared = prepare();
    }

    @Benchmark
    public long run() {
        return prepared.run();
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        prepared.close();
    }
}
