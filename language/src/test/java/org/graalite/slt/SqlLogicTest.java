package org.graalite.slt;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.JarURLConnection;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.jar.JarFile;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * SQLite's sqllogictest corpus (net.hydromatic:sql-logic-test, its files under {@code test/} in
 * the jar), one dynamic test per file, run by {@link SltRunner}.
 *
 * <p>{@code -Dgraalite.slt} chooses the files: {@code ci} (the default) is every query of
 * {@code select1} to {@code select5} and of the small {@code evidence/} files, and a fixed
 * sample of {@code random/} and {@code index/};
 * {@code all} is the whole corpus; anything else is a comma-separated list of path prefixes
 * under {@code test/} (for example {@code random/expr,index/in/10/slt_good_0.test}).
 *
 * <p>A file fails on a record whose result differs from the file's expectation or from the
 * native tier, unless {@code slt/known-failures.txt} lists it; a listed record that passes fails
 * too, so the list only shrinks. Figures go to {@code target/slt/summary.txt}, every failure to
 * {@code target/slt/failures.txt}, and the same failures as list entries to
 * {@code target/slt/known-failures.txt}.
 */
class SqlLogicTest {
    private static final String CORPUS = "test/";

    /**
     * The CI sample of random/ and index/: the first file of each generator (the files of a
     * directory come from one generator with different seeds), for index/ with tables of 10 and
     * of 100 rows (index/view/10/slt_good_0.test is empty).
     */
    private static final List<String> CI_SAMPLE = List.of(
                    "random/aggregates/slt_good_0.test",
                    "random/expr/slt_good_0.test",
                    "random/groupby/slt_good_0.test",
                    "random/select/slt_good_0.test",
                    "index/between/10/slt_good_0.test",
                    "index/between/100/slt_good_0.test",
                    "index/commute/10/slt_good_0.test",
                    "index/commute/100/slt_good_0.test",
                    "index/delete/10/slt_good_0.test",
                    "index/delete/100/slt_good_0.test",
                    "index/in/10/slt_good_0.test",
                    "index/in/100/slt_good_0.test",
                    "index/orderby/10/slt_good_0.test",
                    "index/orderby/100/slt_good_0.test",
                    "index/orderby_nosort/10/slt_good_0.test",
                    "index/orderby_nosort/100/slt_good_0.test",
                    "index/random/10/slt_good_0.test",
                    "index/random/100/slt_good_0.test",
                    "index/view/10/slt_good_1.test",
                    "index/view/100/slt_good_0.test");

    /** Where the figures go; {@code -Dgraalite.slt.output} moves them (for runs outside Maven). */
    private static final Path OUTPUT = Path.of(System.getProperty("graalite.slt.output", "target/slt"));

    private static final SltRunner.Counts TOTAL = new SltRunner.Counts();
    private static final Map<String, SltRunner.Counts> BY_AREA = new TreeMap<>();
    private static final Map<SltRunner.Kind, Integer> UNEXPECTED = new EnumMap<>(SltRunner.Kind.class);
    private static int knownFailuresSeen;
    private static String selection;

    @TestFactory
    Stream<DynamicTest> corpus() throws IOException {
        selection = System.getProperty("graalite.slt", "ci");
        List<String> files = select(selection);
        Map<String, String> known = knownFailures();
        Files.createDirectories(OUTPUT);
        Files.writeString(OUTPUT.resolve("progress.txt"), "");
        Files.writeString(OUTPUT.resolve("failures.txt"), "");
        Files.writeString(OUTPUT.resolve("known-failures.txt"), "");
        int[] done = {0};
        return files.stream().map(file -> DynamicTest.dynamicTest(file, () -> {
            SltRunner.FileResult result = SltRunner.run(file, read(file));
            done[0]++;
            record(result, known, done[0], files.size());
            check(result, known);
        }));
    }

    /** Fails on the failures that are not known, and on known failures that pass now. */
    private static void check(SltRunner.FileResult result, Map<String, String> known) {
        List<String> problems = new ArrayList<>();
        Set<String> failed = new TreeSet<>();
        for (SltRunner.Failure f : result.failures()) {
            failed.add(f.location());
            if (!known.containsKey(f.location())) {
                problems.add(f.toString());
            }
        }
        for (String location : known.keySet()) {
            if (location.startsWith(result.file() + ":") && !failed.contains(location)) {
                problems.add(location + " is listed in slt/known-failures.txt (" + known.get(location) + ") but passes now: remove it from the list");
            }
        }
        if (!problems.isEmpty()) {
            int shown = Math.min(problems.size(), 20);
            fail(problems.size() + " problems in " + result.file() + (shown < problems.size() ? " (the first " + shown + ")" : "") + ":\n" + String.join("\n", problems.subList(0, shown)));
        }
    }

    private static synchronized void record(SltRunner.FileResult result, Map<String, String> known, int done, int total) throws IOException {
        SltRunner.Counts c = result.counts();
        TOTAL.add(c);
        BY_AREA.computeIfAbsent(area(result.file()), a -> new SltRunner.Counts()).add(c);
        for (SltRunner.Failure f : result.failures()) {
            if (known.containsKey(f.location())) {
                knownFailuresSeen++;
            } else {
                UNEXPECTED.merge(f.kind(), 1, Integer::sum);
            }
        }
        String line = String.format("[%d/%d] %s: %d queries, %s on the Truffle tier, %s passed, %d failures, %.1f s%n", done, total, result.file(), c.queries,
                        percent(c.truffleQueries, c.queries), percent(c.passed(), c.queries), result.failures().size(), c.nanos / 1e9);
        System.out.print(line);
        Files.writeString(OUTPUT.resolve("progress.txt"), line, StandardOpenOption.APPEND);
        StringBuilder failures = new StringBuilder();
        for (SltRunner.Failure f : result.failures()) {
            failures.append(known.containsKey(f.location()) ? "(known) " : "").append(f).append('\n');
        }
        Files.writeString(OUTPUT.resolve("failures.txt"), failures, StandardOpenOption.APPEND);
        // The failures in the form of slt/known-failures.txt, to review and copy there.
        StringBuilder entries = new StringBuilder();
        for (SltRunner.Failure f : result.failures()) {
            String reason = f.kind() + (f.onTruffle() ? " (Truffle tier): " : " (native tier): ") + f.detail();
            entries.append(f.location()).append(' ').append(reason.length() > 160 ? reason.substring(0, 160) + "..." : reason).append('\n');
        }
        Files.writeString(OUTPUT.resolve("known-failures.txt"), entries, StandardOpenOption.APPEND);
    }

    @AfterAll
    static void summary() throws IOException {
        if (TOTAL.files == 0) {
            return;
        }
        StringBuilder s = new StringBuilder();
        SltRunner.Counts t = TOTAL;
        s.append(String.format("sqllogictest on Graalite (-Dgraalite.slt=%s)%n", selection));
        s.append(String.format("files: %d, records: %d, statements: %d, queries run: %d (%d more skipped by skipif/onlyif), time: %.1f s%n", t.files, t.records, t.statements, t.queries,
                        t.skipped, t.nanos / 1e9));
        s.append(String.format("queries on the Truffle tier: %d (%s), passed %d (%s of them)%n", t.truffleQueries, percent(t.truffleQueries, t.queries), t.trufflePassed,
                        percent(t.trufflePassed, t.truffleQueries)));
        s.append(String.format("queries on the native tier:  %d (%s), passed %d (%s of them)%n", t.nativeQueries, percent(t.nativeQueries, t.queries), t.nativePassed,
                        percent(t.nativePassed, t.nativeQueries)));
        s.append(String.format("queries passed: %d of %d (%s)%n", t.passed(), t.queries, percent(t.passed(), t.queries)));
        s.append(String.format("time of the Truffle-tier queries: %.1f s; the same queries on the native tier: %.1f s (first executions included, mostly interpreted)%n",
                        t.truffleQueryNanos / 1e9, t.sameQueriesNativeNanos / 1e9));
        s.append(String.format("failures: %d known (slt/known-failures.txt), unexpected: %s%n", knownFailuresSeen, UNEXPECTED.isEmpty() ? "none" : UNEXPECTED));
        if (SltRunner.enginesReplaced > 0) {
            s.append(String.format("engines replaced to bound the memory of Graalite's program cache: %d%n", SltRunner.enginesReplaced));
        }
        s.append(String.format("%nby area:                          files   queries  Truffle tier   passed%n"));
        BY_AREA.forEach((area, c) -> s.append(String.format("  %-30s %6d %9d %13s %8s%n", area, c.files, c.queries, percent(c.truffleQueries, c.queries), percent(c.passed(), c.queries))));
        s.append(String.format("%nopcodes the Truffle tier lacks, by the number of natively run queries that need them (of %d; 'alone': the only one missing):%n", t.nativeQueries));
        t.missingOpcodes.entrySet().stream().sorted(Map.Entry.<String, Long> comparingByValue().reversed()).limit(25)
                        .forEach(e -> s.append(String.format("  %-32s %9d  %6s   alone %-9d e.g. %s%n", e.getKey(), e.getValue(), percent(e.getValue(), t.nativeQueries),
                                        t.soleMissingOpcode.getOrDefault(e.getKey(), 0L), t.opcodeExamples.get(e.getKey()))));
        s.append(String.format("%nslowest queries (auto context):%n"));
        for (SltRunner.Slow slow : t.slowest) {
            String tier = slow.onTruffle() ? String.format("Truffle tier (native tier: %.1f ms)", slow.nativeNanos() / 1e6) : "native tier";
            s.append(String.format("  %8.1f ms  %-40s %s%n", slow.nanos() / 1e6, slow.location(), tier));
        }
        Files.createDirectories(OUTPUT);
        Files.writeString(OUTPUT.resolve("summary.txt"), s);
        System.out.print(s);
    }

    private static String percent(long part, long whole) {
        return whole == 0 ? "-" : String.format("%.1f%%", 100.0 * part / whole);
    }

    /** select1.test, random/expr, index/between/10 ... */
    private static String area(String file) {
        int slash = file.lastIndexOf('/');
        return slash < 0 ? file : file.substring(0, slash);
    }

    /** The corpus files of a selection, relative to test/, in a stable order. */
    static List<String> select(String selection) throws IOException {
        List<String> all = corpusFiles();
        List<String> chosen = new ArrayList<>();
        if (selection.equals("ci")) {
            for (String f : all) {
                if (f.matches("select\\d\\.test") || f.startsWith("evidence/")) {
                    chosen.add(f);
                }
            }
            chosen.addAll(CI_SAMPLE);
        } else if (selection.equals("all")) {
            chosen.addAll(all);
        } else {
            for (String prefix : selection.split(",")) {
                for (String f : all) {
                    if (f.startsWith(prefix.strip()) && !chosen.contains(f)) {
                        chosen.add(f);
                    }
                }
            }
        }
        if (!all.containsAll(chosen) || chosen.isEmpty()) {
            throw new IllegalArgumentException("-Dgraalite.slt=" + selection + " selects no corpus file, or one that does not exist: " + chosen);
        }
        return chosen;
    }

    /** Every *.test file under test/ in the sql-logic-test jar, relative to test/. */
    private static List<String> corpusFiles() throws IOException {
        URL url = SqlLogicTest.class.getClassLoader().getResource(CORPUS + "select1.test");
        if (url == null) {
            throw new IllegalStateException("the sqllogictest corpus (net.hydromatic:sql-logic-test) is not on the test class path");
        }
        List<String> files = new ArrayList<>();
        if (url.getProtocol().equals("jar")) {
            JarURLConnection connection = (JarURLConnection) url.openConnection();
            connection.setUseCaches(false);
            try (JarFile jar = connection.getJarFile()) {
                jar.stream().map(e -> e.getName()).filter(n -> n.startsWith(CORPUS) && n.endsWith(".test")).forEach(n -> files.add(n.substring(CORPUS.length())));
            }
        } else {
            try {
                Path root = Path.of(url.toURI()).getParent();
                try (Stream<Path> paths = Files.walk(root)) {
                    paths.filter(p -> p.toString().endsWith(".test")).forEach(p -> files.add(root.relativize(p).toString().replace('\\', '/')));
                }
            } catch (URISyntaxException e) {
                throw new IOException(e);
            }
        }
        // Natural order: slt_good_2 before slt_good_10.
        files.sort(SqlLogicTest::compareNatural);
        return files;
    }

    private static int compareNatural(String a, String b) {
        String[] x = a.split("(?<=\\D)(?=\\d)|(?<=\\d)(?=\\D)");
        String[] y = b.split("(?<=\\D)(?=\\d)|(?<=\\d)(?=\\D)");
        for (int i = 0; i < Math.min(x.length, y.length); i++) {
            int c = Character.isDigit(x[i].charAt(0)) && Character.isDigit(y[i].charAt(0)) ? Long.compare(Long.parseLong(x[i]), Long.parseLong(y[i])) : x[i].compareTo(y[i]);
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(x.length, y.length);
    }

    private static String read(String file) {
        try (InputStream in = SqlLogicTest.class.getClassLoader().getResourceAsStream(CORPUS + file)) {
            if (in == null) {
                throw new IllegalStateException("no corpus file " + file);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** slt/known-failures.txt: "file:line reason" per line; '#' starts a comment. */
    private static Map<String, String> knownFailures() throws IOException {
        Map<String, String> known = new LinkedHashMap<>();
        try (InputStream in = SqlLogicTest.class.getClassLoader().getResourceAsStream("slt/known-failures.txt")) {
            if (in == null) {
                return known;
            }
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                String l = line.strip();
                if (l.isEmpty() || l.startsWith("#")) {
                    continue;
                }
                String[] parts = l.split("\\s+", 2);
                known.put(parts[0], parts.length > 1 ? parts[1] : "");
            }
        }
        return known;
    }
}
