package org.graalite.jmh;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

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
 * {@code SELECT id FROM testdata} over all rows (1,000,000 by default), the caller summing
 * the ids: the cost of scanning a table and handing each row to the caller. One operation
 * is one full scan; the score is seconds per scan.
 *
 * <p>Systems ({@code system}): Graalite from Java through the polyglot API
 * ({@code tier}: its {@code sql.Tier}), Graalite's JDBC driver (same tier), sqlite-jdbc, H2 (embedded, file,
 * {@link TestData#H2_SETTINGS}), and SQLite's C API loop built from the same amalgamation
 * with the same options as Graalite's native library. Each system runs in its own fork; the
 * forks inherit this JVM's flags (JMH passes the launching JVM's input arguments to forks
 * unless {@code -jvmArgs} replaces them; add flags with {@code -jvmArgsAppend}).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.SECONDS)
@State(Scope.Benchmark)
@Fork(1)
// Graalite needs about 8 s on 2 cores before its scan is compiled (first iteration 0.3 to
// 0.6 s/op, then 0.06 to 0.07): 10 x 2 s of warm-up by default.
@Warmup(iterations = 10, time = 2)
@Measurement(iterations = 5, time = 2)
public class SelectIdSum {
    public static final String SQL = "SELECT id FROM testdata";

    @Param({"graalite", "graalite-jdbc", "sqlite-jdbc", "h2", "native-c"})
    public String system;

    /**
     * Graalite's sql.Tier: native (default: every statement on SQLite's VDBE), truffle (fails
     * if the Truffle tier lacks an opcode of the statement) or auto. The other systems ignore it.
     */
    @Param("native")
    public String tier;

    @Param("1000000")
    public int rows;

    /** Where the data lives; null for {@link TestData#defaultDirectory()} (the unit test sets a temporary one). */
    public Path dataDirectory;

    private TestData data;
    private QueryLoop loop;

    @Setup(Level.Trial)
    public void setup() {
        data = TestData.ensure(dataDirectory != null ? dataDirectory : TestData.defaultDirectory(), rows);
        loop = QueryLoop.open(system, data, SQL, tier);
        // A wrong answer must not produce a figure.
        long sum = loop.sumFirstColumn();
        if (sum != data.idSum()) {
            throw new IllegalStateException(system + " summed " + sum + ", expected " + data.idSum());
        }
        System.out.println(System.lineSeparator() + "# " + system + ": " + loop.describe());
        org.graalite.jmh.systems.Workloads.CHECKED.put("select-id/scan", new org.graalite.jmh.systems.Digest(data.rows, sum, 0));
        org.graalite.jmh.systems.Workloads.WORK.put("select-id/scan", (long) data.rows);
    }

    @Benchmark
    public long sum() {
        return loop.sumFirstColumn();
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        if (loop instanceof QueryLoop.Graalite g) {
            System.out.println("# graalite executions by tier: " + g.tierStatistics());
            org.graalite.jmh.systems.Workloads.TIERS.put("select-id/scan", g.tierStatistics());
        }
        loop.close();
        loop = null;
    }
}
