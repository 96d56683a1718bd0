package org.graalite.jmh.suite;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.graalite.jmh.systems.Digest;

/**
 * The suite's report: results.csv (one row per workload and system), results.md (a summary
 * table and a table per workload: seconds, rows per second, time relative to Graalite) and
 * ratios.png ({@link Chart}). Also the final check: every system's result digest must agree
 * with the native C baseline's (or sqlite-jdbc's if the baseline has none).
 */
final class Report {
    /** The system every other is compared with. */
    static final String REFERENCE = "graalite";

    record Row(String workload, String system, String tier, double seconds, double error, double min, double median, long samples, Digest digest, long work, String status,
                    String message) {
        boolean ok() {
            return status.equals("ok") && !Double.isNaN(seconds);
        }

        String family() {
            return workload.substring(0, workload.indexOf('/'));
        }
    }

    final List<Row> rows = new ArrayList<>();
    final List<String> systems;
    final List<String> workloads = new ArrayList<>();
    final List<String> failures = new ArrayList<>();
    private final String mode;
    private final LocalDateTime time;
    private final Map<String, String> settings;

    Report(List<String> lines, List<String> systems, String mode, LocalDateTime time, Map<String, String> settings) {
        this.systems = systems;
        this.mode = mode;
        this.time = time;
        this.settings = settings;
        for (String l : lines) {
            String[] f = l.split("\t", -1);
            Row r = new Row(f[0], f[1], f[2], num(f[3]), num(f[4]), num(f[5]), num(f[6]), f[7].isEmpty() ? 0 : Long.parseLong(f[7]), f[8].isEmpty() ? null : Digest.parse(f[8]),
                            f[9].isEmpty() ? 0 : Long.parseLong(f[9]), f[10], f.length > 11 ? f[11] : "");
            rows.add(r);
            if (!workloads.contains(r.workload())) {
                workloads.add(r.workload());
            }
        }
        check();
    }

    private static double num(String s) {
        return s.isEmpty() ? Double.NaN : Double.parseDouble(s);
    }

    Row row(String workload, String system) {
        for (Row r : rows) {
            if (r.workload().equals(workload) && r.system().equals(system)) {
                return r;
            }
        }
        return null;
    }

    /** Marks rows whose digest differs from the reference digest of their workload. */
    private void check() {
        for (String w : workloads) {
            Row ref = row(w, "native-c");
            if (ref == null || ref.digest() == null) {
                ref = row(w, "sqlite-jdbc");
            }
            for (int i = 0; i < rows.size(); i++) {
                Row r = rows.get(i);
                if (!r.workload().equals(w)) {
                    continue;
                }
                if (!r.ok()) {
                    failures.add(w + " on " + r.system() + ": " + r.status() + " " + r.message());
                } else if (ref != null && ref.digest() != null && r.digest() != null && !r.digest().agrees(ref.digest())) {
                    failures.add(w + " on " + r.system() + ": result " + r.digest() + " differs from " + ref.system() + "'s " + ref.digest());
                    rows.set(i, new Row(r.workload(), r.system(), r.tier(), r.seconds(), r.error(), r.min(), r.median(), r.samples(), r.digest(), r.work(), "MISMATCH", r.message()));
                }
            }
        }
    }

    /** The time of {@code r} relative to Graalite's on the same workload (NaN without both). */
    double ratio(Row r) {
        Row g = row(r.workload(), REFERENCE);
        return g == null || !g.ok() || !r.ok() ? Double.NaN : r.seconds() / g.seconds();
    }

    void write(Path dir) throws IOException {
        writeCsv(dir.resolve("results.csv"));
        writeMarkdown(dir.resolve("results.md"));
        try {
            new Chart(this).write(dir.resolve("ratios.png"), "Time relative to Graalite (" + mode + ", " + time.format(DateTimeFormatter.ISO_LOCAL_DATE) + "): below 1 = faster than Graalite");
        } catch (IOException | RuntimeException | Error e) {
            // A JDK without fonts cannot draw text; the figures are in the other two files.
            failures.add("ratios.png could not be drawn: " + e);
        }
    }

    private void writeCsv(Path file) throws IOException {
        List<String> out = new ArrayList<>();
        out.add("date,mode,workload,system,tier,seconds,error,min_seconds,median_seconds,samples,result_rows,checksum,work_rows,work_rows_per_second,time_vs_graalite,status,message");
        for (Row r : rows) {
            out.add(String.join(",", time.format(DateTimeFormatter.ISO_LOCAL_DATE_TIME), mode, r.workload(), r.system(), r.tier(), g(r.seconds()), g(r.error()), g(r.min()), g(r.median()),
                            Long.toString(r.samples()), r.digest() == null ? "" : Long.toString(r.digest().rows), r.digest() == null ? "" : r.digest().checksum(), Long.toString(r.work()),
                            r.ok() && r.work() > 0 ? g(r.work() / r.seconds()) : "", g(ratio(r)), r.status(), csv(r.message())));
        }
        Files.write(file, out, StandardCharsets.UTF_8);
    }

    private static String csv(String s) {
        return s.contains(",") || s.contains("\"") ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
    }

    private static String g(double v) {
        return Double.isNaN(v) || Double.isInfinite(v) ? "" : String.format(Locale.ROOT, "%.4g", v);
    }

    private static String secs(double v) {
        if (Double.isNaN(v)) {
            return "-";
        }
        return v >= 1 ? String.format(Locale.ROOT, "%.2f", v) : v >= 0.001 ? String.format(Locale.ROOT, "%.4f", v) : String.format(Locale.ROOT, "%.2e", v);
    }

    private static String ratioText(double v) {
        return Double.isNaN(v) ? "-" : v >= 10 ? String.format(Locale.ROOT, "%.0fx", v) : String.format(Locale.ROOT, "%.2fx", v);
    }

    private static String perSecond(double v) {
        if (Double.isNaN(v) || v <= 0) {
            return "-";
        }
        return v >= 1e6 ? String.format(Locale.ROOT, "%.1f M", v / 1e6) : v >= 1e3 ? String.format(Locale.ROOT, "%.1f k", v / 1e3) : String.format(Locale.ROOT, "%.0f", v);
    }

    /** The geometric mean of the ratios of {@code system} over a family's workloads. */
    double geomean(String family, String system) {
        double log = 0;
        int n = 0;
        for (Row r : rows) {
            if (r.system().equals(system) && (family == null || r.family().equals(family))) {
                double x = ratio(r);
                if (!Double.isNaN(x) && x > 0) {
                    log += Math.log(x);
                    n++;
                }
            }
        }
        return n == 0 ? Double.NaN : Math.exp(log / n);
    }

    private void writeMarkdown(Path file) throws IOException {
        StringBuilder md = new StringBuilder();
        md.append("# Graalite benchmark results: ").append(time.format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm"))).append(" (`bin/bench --").append(mode).append("`)\n\n");
        md.append(failures.isEmpty() ? "All systems returned the same results on every workload (checked against the native C baseline).\n\n"
                        : "**" + failures.size() + " failures** (see the end of this file).\n\n");
        for (Map.Entry<String, String> e : settings.entrySet()) {
            md.append("- ").append(e.getKey()).append(": ").append(e.getValue()).append('\n');
        }
        md.append("\n\"vs Graalite\" is a system's time divided by Graalite's (polyglot API, sql.Tier=auto) on the same workload in this run: below 1 is faster than Graalite, above 1 slower. ");
        md.append("Seconds are JMH's mean time per operation (one query to its last row with every value read; for TATP a batch of 1,000 transactions; for select-id a scan of all rows). ");
        md.append("Rows/s counts the rows of the largest table the query names (TATP: transactions) per second.\n\n");
        md.append("## Summary: time relative to Graalite\n\n");
        md.append("| workload |");
        for (String s : systems) {
            md.append(' ').append(s).append(s.equals(REFERENCE) ? " (s)" : "").append(" |");
        }
        md.append(" graalite tier |\n|---|");
        md.append("---:|".repeat(systems.size())).append("---|\n");
        for (String w : workloads) {
            md.append("| ").append(w).append(" |");
            for (String s : systems) {
                Row r = row(w, s);
                md.append(' ').append(r == null ? "" : !r.ok() ? r.status() : s.equals(REFERENCE) ? secs(r.seconds()) : ratioText(ratio(r))).append(" |");
            }
            Row g = row(w, REFERENCE);
            md.append(' ').append(g == null ? "" : tierOf(g.message())).append(" |\n");
        }
        List<String> families = new ArrayList<>();
        for (Row r : rows) {
            if (!families.contains(r.family())) {
                families.add(r.family());
            }
        }
        for (String f : families) {
            md.append("| **geometric mean, ").append(f).append("** |");
            for (String s : systems) {
                md.append(' ').append(s.equals(REFERENCE) ? "1" : ratioText(geomean(f, s))).append(" |");
            }
            md.append(" |\n");
        }
        md.append("\n![time relative to Graalite](ratios.png)\n\n## Per workload\n");
        for (String w : workloads) {
            Row any = rows.stream().filter(r -> r.workload().equals(w) && r.digest() != null).findFirst().orElse(null);
            md.append("\n### ").append(w).append('\n');
            if (any != null) {
                md.append("\nresult: ").append(any.digest().rows).append(" rows, checksum ").append(any.digest().checksum()).append("; work per operation: ").append(any.work())
                                .append(w.startsWith("tatp") ? " transactions" : " rows").append('\n');
            }
            md.append("\n| system | seconds | ± (99.9%) | min | rows/s | vs Graalite | check |\n|---|---:|---:|---:|---:|---:|---|\n");
            for (String s : systems) {
                Row r = row(w, s);
                if (r == null) {
                    continue;
                }
                md.append("| ").append(s).append(" | ").append(secs(r.seconds())).append(" | ").append(secs(r.error())).append(" | ").append(secs(r.min())).append(" | ")
                                .append(r.ok() && r.work() > 0 ? perSecond(r.work() / r.seconds()) : "-").append(" | ").append(ratioText(ratio(r))).append(" | ")
                                .append(r.status()).append(r.ok() ? "" : " " + r.message()).append(" |\n");
            }
        }
        if (!failures.isEmpty()) {
            md.append("\n## Failures\n\n");
            for (String f : failures) {
                md.append("- ").append(f).append('\n');
            }
        }
        Files.writeString(file, md.toString(), StandardCharsets.UTF_8);
    }

    /** "truffle", "native" or "mixed" from "native N, truffle M". */
    static String tierOf(String stats) {
        Map<String, Long> m = new LinkedHashMap<>();
        for (String part : stats.split(",")) {
            String[] kv = part.strip().split(" ");
            if (kv.length == 2) {
                try {
                    m.put(kv[0], Long.parseLong(kv[1]));
                } catch (NumberFormatException e) {
                    return "";
                }
            }
        }
        long n = m.getOrDefault("native", 0L);
        long t = m.getOrDefault("truffle", 0L);
        return n == 0 && t == 0 ? "" : n == 0 ? "truffle" : t == 0 ? "native" : "mixed (" + stats + ")";
    }
}
