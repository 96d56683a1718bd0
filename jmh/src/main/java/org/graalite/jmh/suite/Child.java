package org.graalite.jmh.suite;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.graalite.jmh.systems.Digest;
import org.graalite.jmh.systems.Workloads;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;
import org.openjdk.jmh.util.Statistics;

/**
 * One JVM of the suite: one system (and tier) on one family of workloads, run by JMH inside
 * this JVM (forks = 0), so the systems never share a JVM while the queries of one system do,
 * as in an application. {@link Bench} starts one per system and family with the same JVM flags
 * as itself.
 *
 * <p>Arguments: {@code benchmarkClass family system tier warmupIterations warmupTime
 * iterations iterationTime outputTsv logFile jsonFile name=value...} (JMH parameters; a
 * comma-separated value gives several). Standard output carries only progress lines
 * ({@code @@start QUERY}, {@code @@end QUERY}) for {@link Bench}; JMH's report and the
 * benchmarks' own output go to the log file.
 */
public final class Child {
    public static void main(String[] args) throws IOException, RunnerException {
        String benchmark = args[0];
        String family = args[1];
        String system = args[2];
        String tier = args[3];
        int wi = Integer.parseInt(args[4]);
        TimeValue w = TimeValue.fromString(args[5]);
        int mi = Integer.parseInt(args[6]);
        TimeValue r = TimeValue.fromString(args[7]);
        Path out = Path.of(args[8]);
        Path log = Path.of(args[9]);
        Path json = Path.of(args[10]);
        List<String> queries = new ArrayList<>();
        Map<String, String[]> params = new LinkedHashMap<>();
        for (int i = 11; i < args.length; i++) {
            int eq = args[i].indexOf('=');
            String[] values = args[i].substring(eq + 1).split(",");
            if (args[i].startsWith("query=")) {
                queries.addAll(List.of(values));
            } else {
                params.put(args[i].substring(0, eq), values);
            }
        }
        PrintStream progress = new PrintStream(new FileOutputStream(java.io.FileDescriptor.out), true, StandardCharsets.UTF_8);
        PrintStream logStream = new PrintStream(new FileOutputStream(log.toFile(), true), true, StandardCharsets.UTF_8);
        System.setOut(logStream);
        System.setErr(logStream);
        Progress format = new Progress(OutputFormatFactory.createFormatInstance(logStream, VerboseMode.NORMAL), progress);
        // One JMH run per query, all in this JVM: a failing query (JMH's embedded runner gives
        // up on the rest of a run after a failure in a measurement) costs only its own result.
        List<RunResult> results = new ArrayList<>();
        List<String> runs = queries.isEmpty() ? java.util.Collections.singletonList(null) : queries;
        for (String query : runs) {
            ChainedOptionsBuilder options = new OptionsBuilder().include("^" + benchmark.replace(".", "\\.") + "\\.").forks(0).warmupIterations(wi).warmupTime(w)
                            .measurementIterations(mi).measurementTime(r).param("system", system).param("tier", tier).shouldFailOnError(false).timeout(TimeValue.minutes(10))
                            .resultFormat(ResultFormatType.JSON).result(json.toString().replace(".json", query == null ? ".json" : "-" + query + ".json")).verbosity(VerboseMode.NORMAL);
            params.forEach(options::param);
            if (query != null) {
                options.param("query", query);
            }
            try {
                results.addAll(new Runner(options.build(), format).run());
            } catch (RunnerException | RuntimeException e) {
                logStream.println("JMH run of " + query + " failed: " + e);
                e.printStackTrace(logStream);
                format.failed(query == null ? "run" : query, e.toString());
            }
        }

        Map<String, String> lines = new LinkedHashMap<>();
        for (RunResult rr : results) {
            String query = rr.getParams().getParam("query");
            String workload = family + "/" + (query != null ? query : family.equals("tatp") ? "mix" : "scan");
            Statistics stats = rr.getPrimaryResult().getStatistics();
            Digest d = Workloads.CHECKED.get(workload);
            Long work = Workloads.WORK.get(workload);
            lines.put(workload, String.join("\t", workload, system, tier, fmt(rr.getPrimaryResult().getScore()), fmt(rr.getPrimaryResult().getScoreError()), fmt(stats.getMin()),
                            fmt(stats.getPercentile(50)), Long.toString(stats.getN()), d == null ? "" : d.serialize(), work == null ? "" : Long.toString(work), "ok", Workloads.TIERS.getOrDefault(workload, "")));
        }
        // A workload without a result failed (its setup threw: wrong result, or an error).
        for (Map.Entry<String, String> e : format.failures.entrySet()) {
            String workload = family + "/" + e.getKey();
            lines.putIfAbsent(workload, String.join("\t", workload, system, tier, "", "", "", "", "0", "", "", "FAILED", e.getValue()));
        }
        for (String q : queries) {
            lines.putIfAbsent(family + "/" + q, String.join("\t", family + "/" + q, system, tier, "", "", "", "", "0", "", "", "FAILED", "no result (see the log)"));
        }
        Files.write(out, lines.values(), StandardCharsets.UTF_8);
        progress.flush();
        System.exit(0);
    }

    private static String fmt(double v) {
        return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%.6g", v);
    }

    /** JMH's normal output to the log, and one line per benchmark start and end on the progress stream. */
    static final class Progress implements OutputFormat {
        private final OutputFormat log;
        private final PrintStream progress;
        private String current = "";
        private final StringBuilder text = new StringBuilder();
        final Map<String, String> failures = new LinkedHashMap<>();

        void failed(String query, String message) {
            closeFailed();
            failures.putIfAbsent(query, message.replace('\t', ' ').replace('\n', ' '));
        }

        Progress(OutputFormat log, PrintStream progress) {
            this.log = log;
            this.progress = progress;
        }

        private boolean open;

        /** A benchmark that started and never ended normally failed: records why, from what JMH printed. */
        private void closeFailed() {
            if (open) {
                open = false;
                String message = "error";
                int i = text.indexOf("RESULT MISMATCH");
                if (i < 0) {
                    i = text.indexOf("Exception");
                }
                if (i >= 0) {
                    int end = text.indexOf("\n", i);
                    message = text.substring(Math.max(0, text.lastIndexOf("\n", i) + 1), end < 0 ? text.length() : end).strip();
                }
                failures.put(current.isEmpty() ? "run" : current, message.replace('\t', ' '));
                progress.println("@@end " + current + " FAILED");
            }
        }

        @Override
        public void startBenchmark(BenchmarkParams params) {
            closeFailed();
            open = true;
            String q = params.getParam("query");
            current = q != null ? q : "";
            text.setLength(0);
            progress.println("@@start " + current);
            log.startBenchmark(params);
        }

        @Override
        public void endBenchmark(BenchmarkResult result) {
            if (result == null) {
                closeFailed();
            } else {
                open = false;
                progress.println("@@end " + current);
            }
            log.endBenchmark(result);
        }

        @Override
        public void iteration(BenchmarkParams benchParams, IterationParams params, int iteration) {
            log.iteration(benchParams, params, iteration);
        }

        @Override
        public void iterationResult(BenchmarkParams benchParams, IterationParams params, int iteration, IterationResult data) {
            log.iterationResult(benchParams, params, iteration, data);
        }

        @Override
        public void startRun() {
            log.startRun();
        }

        @Override
        public void endRun(Collection<RunResult> result) {
            closeFailed();
            log.endRun(result);
        }

        @Override
        public void print(String s) {
            text.append(s);
            log.print(s);
        }

        @Override
        public void println(String s) {
            text.append(s).append('\n');
            log.println(s);
        }

        @Override
        public void flush() {
            log.flush();
        }

        @Override
        public void close() {
            log.close();
        }

        @Override
        public void verbosePrintln(String s) {
            log.verbosePrintln(s);
        }

        @Override
        public void write(int b) {
            log.write(b);
        }

        @Override
        public void write(byte[] b) throws IOException {
            log.write(b);
        }
    }
}
