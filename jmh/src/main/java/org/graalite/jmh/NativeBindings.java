package org.graalite.jmh;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.graalite.jmh.data.TpchData;
import org.graalite.jmh.systems.Workloads;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.io.IOAccess;
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
 * The two bindings of the Truffle tier's hot B-tree calls (option {@code sql.NativeBinding}),
 * side by side: FFM downcalls behind boundaries against Truffle NFI (panama backend) called
 * from compiled code. The workloads are statements dominated by those calls; each returns one
 * row, so the crossing to the caller does not count.
 * <ul>
 * <li>{@code scan}: {@code sum(x)} over the 1,000,000 rows of testdata: a Next and a payload
 * lookup per row.
 * <li>{@code rowid}: for each of the first 100,000 rows a lookup of another row by rowid
 * (scattered over the table) and its y: a seek by rowid and a payload lookup per row, next to
 * a Next.
 * <li>{@code q06}: TPC-H Q6 at scale factor 0.01 with the usual indexes (an index range on
 * l_shipdate, a rowid seek per entry into lineitem, Columns).
 * </ul>
 * One operation runs the statement once; the score is seconds per statement. SQLite's page
 * cache holds the whole database, so after the first run no call reads the file. The setup checks
 * the result against SQLite's own VDBE (sql.Tier=native) in the same fork. Each binding runs in
 * its own fork: a language instance serves one binding.
 *
 * <p>Run: {@code bin/jmh NativeBindings -f 1 -wi 12 -w 2s -i 6 -r 2s}; compare ffm and nfi
 * within one run (the machine is shared).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.SECONDS)
@State(Scope.Benchmark)
@Fork(1)
// On the shared 2-core machine the compilation of Q6 alone took 2 to 6 s of wall time: with
// fewer than about 10 warm-up iterations the nfi forks measured partly interpreted code.
@Warmup(iterations = 12, time = 2)
@Measurement(iterations = 6, time = 2)
public class NativeBindings {
    @Param({"ffm", "nfi"})
    public String binding;

    @Param({"scan", "rowid", "q06"})
    public String workload;

    /** How many rows the rowid workload looks up. */
    static final int LOOKUPS = 100_000;

    /** SQLite's page cache of the measured connection, in KiB. */
    static final int CACHE_KIB = 128 * 1024;

    /** Where testdata lives; null for {@link TestData#defaultDirectory()}. */
    public Path dataDirectory;

    private Context context;
    private Value statement;

    @Setup(Level.Trial)
    public void setup() {
        Path database;
        String sql;
        switch (workload) {
            case "scan" -> {
                database = testData().sqlite;
                sql = "SELECT sum(x) FROM testdata";
            }
            case "rowid" -> {
                TestData data = testData();
                database = data.sqlite;
                // 7919 is prime and does not divide the row count: distinct ids, scattered over the table.
                sql = "SELECT sum(t.y) FROM testdata s JOIN testdata t ON t.id = (s.id * 7919) % " + data.rows + " + 1 WHERE s.id <= " + LOOKUPS;
            }
            case "q06" -> {
                database = TpchData.ensure(0.01, true).sqlite;
                sql = Workloads.sql("tpch", "q06", false);
            }
            default -> throw new IllegalArgumentException("workload must be scan, rowid or q06, not " + workload);
        }
        double expected;
        try (Context reference = open(database, "native", "ffm")) {
            expected = run(reference.getBindings("sql").invokeMember("prepare", sql));
        }
        // auto: the PRAGMA below runs on SQLite's VDBE; the check below asserts the statement does not.
        context = open(database, "auto", binding);
        if (context.getEngine().getImplementationName().equals("Interpreted")) {
            throw new IllegalStateException("the Truffle runtime is the fallback one (Interpreted): start the JVM with the Graal flags (bin/jmh does)");
        }
        // A page cache that holds the whole file (testdata is 23 MB): the statements then
        // measure B-tree work and the calls into it, not reads through the file system.
        context.eval("sql", "PRAGMA cache_size = -" + CACHE_KIB);
        statement = context.getBindings("sql").invokeMember("prepare", sql);
        long truffle = context.getBindings("sql").getMember("truffleExecutions").asLong();
        double actual = run(statement);
        if (context.getBindings("sql").getMember("truffleExecutions").asLong() != truffle + 1) {
            throw new IllegalStateException(workload + " did not run on the Truffle tier, which is what sql.NativeBinding changes");
        }
        // A wrong answer must not produce a figure.
        if (Math.abs(actual - expected) > 1e-9 * Math.abs(expected)) {
            throw new IllegalStateException(workload + " through " + binding + " gave " + actual + ", SQLite's VDBE " + expected);
        }
        System.out.println(System.lineSeparator() + "# sql.NativeBinding=" + binding + ", " + workload + ": " + sql + " = " + actual);
    }

    private TestData testData() {
        return TestData.ensure(dataDirectory != null ? dataDirectory : TestData.defaultDirectory(), 1_000_000);
    }

    /** Experimental options allowed: engine tracing can be switched on with -jvmArgsAppend -Dpolyglot.engine.... */
    private static Context open(Path database, String tier, String binding) {
        return Context.newBuilder("sql").allowIO(IOAccess.ALL).allowNativeAccess(true).allowExperimentalOptions(true).option("sql.Database", database.toAbsolutePath().toString())
                        .option("sql.Tier", tier).option("sql.TruffleTierAfter", "0").option("sql.NativeBinding", binding).build();
    }

    private static double run(Value statement) {
        Value result = statement.execute();
        double value = 0;
        while (result.hasIteratorNextElement()) {
            value += result.getIteratorNextElement().getArrayElement(0).asDouble();
        }
        return value;
    }

    @Benchmark
    public double run() {
        context.enter();
        try {
            return run(statement);
        } finally {
            context.leave();
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        Value db = context.getBindings("sql");
        System.out.println("# graalite executions by tier: native " + db.getMember("nativeExecutions").asLong() + ", truffle " + db.getMember("truffleExecutions").asLong());
        context.close();
    }
}
