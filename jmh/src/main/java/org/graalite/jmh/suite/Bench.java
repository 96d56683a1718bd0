package org.graalite.jmh.suite;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

import org.graalite.jmh.SelectIdSum;
import org.graalite.jmh.SsbQuery;
import org.graalite.jmh.TatpMix;
import org.graalite.jmh.TestData;
import org.graalite.jmh.TpchQuery;
import org.graalite.jmh.data.SsbData;
import org.graalite.jmh.data.TatpData;
import org.graalite.jmh.data.TpchData;
import org.graalite.jmh.systems.BenchSystem;
import org.graalite.jmh.systems.Workloads;

/**
 * The benchmark suite ({@code bin/bench}): generates (or finds in the cache) the data sets,
 * then runs every system on every workload family in a JVM of its own ({@link Child}: JMH
 * inside, forks = 0, with this JVM's flags), and writes {@code results.csv},
 * {@code results.md} and {@code ratios.png} into {@code bench/results/<date>/}. Exits with 1
 * when a system's results differ from the native C baseline's or a workload failed.
 *
 * <p>Options: {@code --quick} (default: scale factor 0.01, short iterations), {@code --full}
 * (scale factor 1 for TPC-H and SSB, long iterations), {@code --sf SCALE} (another scale factor for
 * TPC-H and SSB with the mode's iterations), {@code --only REGEX} (workloads whose
 * name, e.g. {@code tpch/q07}, {@code ssb/q2.1}, {@code tatp/mix}, {@code select-id/scan},
 * contains a match), {@code --systems a,b} (default all; {@code graalite-native} is Graalite
 * with sql.Tier=native), {@code --out DIR}.
 */
public final class Bench {
    /** A family of workloads: one JMH benchmark class with its parameters. */
    record Family(String name, String benchmark, List<String> queries, Map<String, String> params) {
    }

    /** A system as the suite runs it: the benchmark's system parameter and Graalite's tier. */
    record Sut(String label, String system, String tier) {
    }

    static final List<Sut> ALL_SYSTEMS = List.of(new Sut("native-c", "native-c", "native"), new Sut("graalite", "graalite", "auto"), new Sut("graalite-jdbc", "graalite-jdbc", "auto"),
                    new Sut("sqlite-jdbc", "sqlite-jdbc", "native"), new Sut("h2", "h2", "native"), new Sut("graalite-native", "graalite", "native"));
    static final List<String> DEFAULT_SYSTEMS = List.of("native-c", "graalite", "graalite-jdbc", "sqlite-jdbc", "h2");

    public static void main(String[] args) throws Exception {
        boolean full = false;
        String only = null;
        List<String> systems = null;
        Path out = null;
        Double scale = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--quick" -> full = false;
                case "--full" -> full = true;
                case "--only" -> only = args[++i];
                case "--systems" -> systems = List.of(args[++i].split(","));
                case "--out" -> out = Path.of(args[++i]);
                case "--sf" -> scale = Double.parseDouble(args[++i]);
                default -> {
                    System.err.println("usage: bin/bench [--quick|--full] [--sf SCALE] [--only REGEX] [--systems " + String.join(",", ALL_SYSTEMS.stream().map(Sut::label).toList()) + "] [--out DIR]");
                    System.exit(2);
                }
            }
        }
        String mode = full ? "full" : "quick";
        // --sf: TPC-H and SSB at another scale factor with the mode's iterations (e.g. --full --sf 0.1).
        double sf = scale != null ? scale : full ? 1 : 0.01;
        int subscribers = full ? 100_000 : 10_000;
        int testRows = 1_000_000;
        // Iterations: warm-up count and time, measurement count and time (per workload, in each
        // system's JVM). Graalite gets a longer warm-up: Graal compiles its statements in the
        // background, 1 to 2.5 s per compilation on 2 cores (RUNTIME-NOTES.md), and a large
        // program's first-tier and then last-tier compilations took 5 to 9 s each on a slower
        // machine; the others reach their steady state sooner (C2 compiles the JDBC drivers' and
        // H2's code in the first workloads of their JVM).
        String[] iterations = full ? new String[]{"5", "2s", "5", "2s"} : new String[]{"2", "500ms", "3", "400ms"};
        String[] graaliteIterations = full ? new String[]{"15", "2s", "5", "2s"} : new String[]{"5", "1s", "3", "400ms"};
        if (systems == null) {
            systems = full ? List.of("native-c", "graalite", "graalite-native", "graalite-jdbc", "sqlite-jdbc", "h2") : DEFAULT_SYSTEMS;
        }
        Path root = Path.of(System.getProperty("graalite.root", ".")).toAbsolutePath().normalize();
        if (out == null) {
            out = root.resolve("bench/results/" + LocalDate.now());
        }
        Files.createDirectories(out.resolve("logs"));

        List<Family> families = new ArrayList<>();
        families.add(new Family("select-id", SelectIdSum.class.getName(), List.of("scan"), Map.of("rows", Integer.toString(testRows))));
        families.add(new Family("tpch", TpchQuery.class.getName(), Workloads.TPCH, Map.of("sf", TpchData.scaleName(sf), "indexes", "true")));
        families.add(new Family("ssb", SsbQuery.class.getName(), Workloads.SSB, Map.of("sf", TpchData.scaleName(sf))));
        families.add(new Family("tatp", TatpMix.class.getName(), List.of("mix"), Map.of("subscribers", Integer.toString(subscribers), "batch", "1000")));
        Pattern pattern = only == null ? null : Pattern.compile(only);
        List<Family> selected = new ArrayList<>();
        for (Family f : families) {
            List<String> qs = f.queries().stream().filter(q -> pattern == null || pattern.matcher(f.name() + "/" + q).find()).toList();
            if (!qs.isEmpty()) {
                selected.add(new Family(f.name(), f.benchmark(), qs, f.params()));
            }
        }
        List<Sut> suts = new ArrayList<>();
        for (String s : systems) {
            suts.add(ALL_SYSTEMS.stream().filter(x -> x.label().equals(s)).findFirst().orElseThrow(() -> new IllegalArgumentException("unknown system " + s)));
        }

        // The data, generated once and cached (not timed).
        long t0 = System.nanoTime();
        for (Family f : selected) {
            switch (f.name()) {
                case "select-id" -> TestData.ensure(TestData.defaultDirectory(), testRows);
                case "tpch" -> TpchData.ensure(sf, true);
                case "ssb" -> SsbData.ensure(sf);
                case "tatp" -> TatpData.ensure(subscribers);
                default -> throw new IllegalStateException(f.name());
            }
        }
        System.out.printf(Locale.ROOT, "[bench] data ready in %.0f s (%s)%n", (System.nanoTime() - t0) / 1e9, org.graalite.jmh.data.Dataset.defaultDirectory());

        int total = 0;
        for (Family f : selected) {
            total += f.queries().size() * suts.size();
        }
        List<String> command = javaCommand();
        List<String> rows = new ArrayList<>();
        long start = System.nanoTime();
        int done = 0;
        for (Sut sut : suts) {
            for (Family f : selected) {
                String tag = sut.label() + "-" + f.name();
                Path tsv = out.resolve("logs/" + tag + ".tsv");
                Files.deleteIfExists(tsv);
                Path log = out.resolve("logs/" + tag + ".log");
                Files.deleteIfExists(log);
                List<String> cmd = new ArrayList<>(command);
                String[] it = sut.system().startsWith("graalite") ? graaliteIterations : iterations;
                cmd.addAll(List.of(Child.class.getName(), f.benchmark(), f.name(), sut.system(), sut.tier(), it[0], it[1], it[2], it[3], tsv.toString(),
                                log.toString(), out.resolve("logs/" + tag + ".json").toString()));
                if (!f.name().equals("select-id") && !f.name().equals("tatp")) {
                    cmd.add("query=" + String.join(",", f.queries()));
                }
                f.params().forEach((k, v) -> cmd.add(k + "=" + v));
                int doneBefore = done;
                Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
                try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                    String line;
                    while ((line = r.readLine()) != null) {
                        if (line.startsWith("@@start")) {
                            String q = line.substring(7).strip();
                            String workload = f.name() + "/" + (q.isEmpty() ? f.queries().get(0) : q);
                            double elapsed = (System.nanoTime() - start) / 1e9;
                            String eta = done == 0 ? "?" : String.format(Locale.ROOT, "%.0f min", elapsed / done * (total - done) / 60);
                            System.out.printf(Locale.ROOT, "[bench %3d/%d] %-16s %-15s | %s elapsed, %d left (~%s)%n", done + 1, total, sut.label(), workload, clock(elapsed), total - done - 1, eta);
                        } else if (line.startsWith("@@end")) {
                            done++;
                            if (line.endsWith("FAILED")) {
                                System.out.println("[bench]   FAILED: see " + log);
                            }
                        } else {
                            Files.writeString(log, line + "\n", StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
                        }
                    }
                }
                int rc = p.waitFor();
                done = doneBefore + f.queries().size();
                if (Files.exists(tsv)) {
                    for (String l : Files.readAllLines(tsv)) {
                        rows.add(l.replaceFirst("\t" + Pattern.quote(sut.system()) + "\t", "\t" + sut.label() + "\t"));
                    }
                } else {
                    System.out.println("[bench]   " + tag + ": the JVM exited with " + rc + " without results; see " + log);
                    for (String q : f.queries()) {
                        rows.add(String.join("\t", f.name() + "/" + q, sut.label(), sut.tier(), "", "", "", "", "0", "", "", "FAILED", "JVM exited with " + rc));
                    }
                }
            }
        }
        Report report = new Report(rows, suts.stream().map(Sut::label).toList(), mode, LocalDateTime.now(), settings(mode, sf, subscribers, testRows, iterations, graaliteIterations));
        report.write(out);
        System.out.printf(Locale.ROOT, "[bench] %s in %s: %s%n", report.failures.isEmpty() ? "done" : "FAILED", clock((System.nanoTime() - start) / 1e9), out);
        for (String failure : report.failures) {
            System.out.println("[bench]   " + failure);
        }
        System.exit(report.failures.isEmpty() ? 0 : 1);
    }

    static String clock(double seconds) {
        long s = Math.round(seconds);
        return String.format(Locale.ROOT, "%d:%02d", s / 60, s % 60);
    }

    static Map<String, String> settings(String mode, double sf, int subscribers, int testRows, String[] iterations, String[] graaliteIterations) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("mode", mode);
        m.put("data", "TPC-H scale factor " + TpchData.scaleName(sf) + " (io.trino.tpch 1.4, with the usual secondary indexes), SSB scale factor " + TpchData.scaleName(sf) +
                        ", TATP " + subscribers + " subscribers (batches of 1,000 transactions), testdata " + testRows + " rows");
        m.put("iterations", "per workload and system: " + iterations[0] + " warm-up iterations of " + iterations[1] + " (Graalite: " + graaliteIterations[0] + " of " +
                        graaliteIterations[1] + (mode.equals("quick") ? "; too short for Graal to compile every statement of the heavier workloads on a loaded 2-core machine: --full gives steady-state figures" : "") +
                        "), " + iterations[2] + " measured iterations of " + iterations[3] +
                        "; one JVM per system and family (JMH inside it, forks=0): no system shares a JVM with another, the workloads of one family share their system's JVM");
        m.put("machine", cpu() + ", " + Runtime.getRuntime().availableProcessors() + " cores");
        m.put("jvm", System.getProperty("java.vm.name") + " " + System.getProperty("java.vm.version") + ", Graal compiler on the upgrade module path (optimizing Truffle runtime)");
        m.put("graalite", "polyglot API from Java (Value API, context entered per operation), sql.Tier=auto unless the system says native; graalite-jdbc: its JDBC driver, sql.Tier=auto");
        m.put("native-c", "SQLite 3.54.1 amalgamation, -O2 with Graalite's options (" + org.graalite.jmh.NativeBaseline.compileOptions() + "), sqlite3_step/sqlite3_column_* loop, one FFM downcall per operation");
        m.put("sqlite-jdbc", "org.xerial sqlite-jdbc 3.54.1.0 (its bundled SQLite 3.54.1, THREADSAFE=1), jdbc.get_generated_keys=false");
        m.put("h2", "H2 " + org.h2.engine.Constants.FULL_VERSION + " embedded, file" + org.graalite.jmh.data.Dataset.H2_SETTINGS + "; DECIMAL and DATE columns; H2 variants of TPC-H q11, q19 (jmh/src/main/resources/tpch/h2)");
        m.put("tatp", "SQLite systems: " + BenchSystem.WRITE_PRAGMAS + "; H2 defaults; each system on a fresh copy of the database");
        m.put("checks", "every workload's result (rows, numeric sum, hash of text) is compared with the native C baseline's at setup and again here; REAL sums with a relative tolerance of 1e-9");
        return m;
    }

    private static String cpu() {
        try {
            for (String l : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (l.startsWith("model name")) {
                    return l.substring(l.indexOf(':') + 1).strip();
                }
            }
        } catch (IOException e) {
            // not Linux
        }
        return System.getProperty("os.arch");
    }

    /** This JVM's java command, flags and class path: every child gets the same. */
    static List<String> javaCommand() {
        List<String> cmd = new ArrayList<>();
        cmd.add(ProcessHandle.current().info().command().orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        cmd.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        return cmd;
    }
}
