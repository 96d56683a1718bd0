package org.graalite.jmh;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.graalite.jmh.data.Dataset;
import org.graalite.jmh.data.Rng;
import org.graalite.jmh.data.TatpData;
import org.graalite.jmh.systems.BenchSystem;
import org.graalite.jmh.systems.Digest;
import org.graalite.jmh.systems.Tatp;
import org.graalite.jmh.systems.Workloads;
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
 * TATP's transaction mix (80% reads, 20% writes; {@link Tatp}) on a private copy of the
 * generated TATP database. One operation runs {@code batch} transactions, each read in
 * auto-commit (JDBC: its own commit), each write between BEGIN and COMMIT; the score is
 * seconds per batch. SQLite systems run with {@link BenchSystem#WRITE_PRAGMAS} (WAL,
 * synchronous=NORMAL), H2 with its defaults. The setup runs a first batch on a fresh copy and
 * checks its digest against the native C baseline's on another fresh copy.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 10, time = 2)
@Measurement(iterations = 5, time = 2)
public class TatpMix {
    /** How many distinct batches are drawn (then replayed in turn). */
    private static final int BATCHES = 64;

    @Param({"graalite", "graalite-jdbc", "sqlite-jdbc", "h2", "native-c"})
    public String system;

    @Param("auto")
    public String tier;

    @Param("10000")
    public int subscribers;

    @Param("1000")
    public int batch;

    private Path directory;
    private BenchSystem sut;
    private Tatp tatp;
    private long[][] batches;
    private int next;
    private final Digest digest = new Digest();

    @Setup(Level.Trial)
    public void setup() throws IOException {
        Dataset data = TatpData.ensure(subscribers);
        directory = Files.createTempDirectory("graalite-tatp");
        Rng rng = new Rng(TatpData.SEED + 1);
        batches = new long[BATCHES][];
        for (int i = 0; i < BATCHES; i++) {
            batches[i] = Tatp.mix(rng, subscribers, batch);
        }
        Digest expected = new Digest();
        try (BenchSystem c = BenchSystem.open("native-c", "native", data.copyTo(directory.resolve("reference")), true)) {
            new Tatp(c).run(batches[0], expected);
        }
        sut = BenchSystem.open(system, tier, data.copyTo(directory.resolve("run")), true);
        tatp = new Tatp(sut);
        tatp.run(batches[0], digest);
        try {
            Workloads.check(data.name + "/mix", system, digest, expected);
        } catch (RuntimeException e) {
            tearDown();
            throw e;
        }
        Workloads.CHECKED.put("tatp/mix", new Digest(digest.rows, digest.sum, digest.hash));
        Workloads.WORK.put("tatp/mix", (long) batch);
        next = 1;
        System.out.println(System.lineSeparator() + "# " + system + ": " + sut.describe() + "; " + data.name + " first batch: " + digest);
    }

    @Benchmark
    public long run() {
        digest.clear();
        tatp.run(batches[next], digest);
        next = (next + 1) % BATCHES;
        return digest.rows;
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        if (sut != null) {
            String stats = sut.tierStatistics();
            if (stats != null) {
                System.out.println("# graalite executions by tier: " + stats);
                Workloads.TIERS.put("tatp/mix", stats);
            }
            sut.close();
            sut = null;
        }
        if (directory != null) {
            try (Stream<Path> files = Files.walk(directory)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> {
                    try {
                        Files.delete(p);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                });
            }
            directory = null;
        }
    }
}
