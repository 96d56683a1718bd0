package org.graalite.jmh.data;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One generated data set, as two files with the same rows: a SQLite database (read by Graalite,
 * sqlite-jdbc and the native C baseline) and an H2 database. Data sets live in the cache
 * directory ({@link #defaultDirectory()}) under their name, e.g. {@code tpch-sf0.01.db} and
 * {@code tpch-sf0.01.mv.db}, next to {@code tpch-sf0.01.properties} (row counts), which is
 * written last: a data set exists when its properties file does.
 */
public final class Dataset {
    /** H2 settings that make it do the work on every execution (RUNTIME-NOTES.md): no cached result reuse, lazy results (no spilling of large results to a temporary file). */
    public static final String H2_SETTINGS = ";LAZY_QUERY_EXECUTION=TRUE;OPTIMIZE_REUSE_RESULTS=FALSE";

    public final String name;
    public final Path sqlite;
    /** The H2 database as H2 names it: the path without ".mv.db". */
    public final Path h2;
    private final Map<String, Long> rowCounts;

    Dataset(String name, Path sqlite, Path h2, Map<String, Long> rowCounts) {
        this.name = name;
        this.sqlite = sqlite;
        this.h2 = h2;
        this.rowCounts = Collections.unmodifiableMap(rowCounts);
    }

    public static Path defaultDirectory() {
        String dir = System.getProperty("graalite.bench.data");
        return dir != null ? Path.of(dir) : Path.of(System.getProperty("user.home"), ".cache", "graalite", "bench");
    }

    public String h2Url() {
        return "jdbc:h2:file:" + h2.toAbsolutePath() + H2_SETTINGS;
    }

    public Path h2File() {
        return h2.resolveSibling(h2.getFileName() + ".mv.db");
    }

    public Map<String, Long> rowCounts() {
        return rowCounts;
    }

    /**
     * The number of rows of the largest table that {@code sql} names: the measure of work for
     * "rows per second" (a TPC-H query that reads lineitem counts lineitem's rows).
     */
    public long largestTableRows(String sql) {
        long max = 0;
        String lower = sql.toLowerCase(java.util.Locale.ROOT);
        for (Map.Entry<String, Long> e : rowCounts.entrySet()) {
            Matcher m = Pattern.compile("\\b" + Pattern.quote(e.getKey()) + "\\b").matcher(lower);
            if (m.find()) {
                max = Math.max(max, e.getValue());
            }
        }
        return max;
    }

    /** A private copy of both files in {@code directory}, for workloads that write. */
    public Dataset copyTo(Path directory) {
        try {
            Files.createDirectories(directory);
            Path s = directory.resolve(sqlite.getFileName());
            Path h = directory.resolve(h2.getFileName());
            Files.copy(sqlite, s, StandardCopyOption.REPLACE_EXISTING);
            for (String suffix : new String[]{"-wal", "-shm", "-journal"}) {
                Files.deleteIfExists(s.resolveSibling(s.getFileName() + suffix));
            }
            Files.copy(h2File(), h.resolveSibling(h.getFileName() + ".mv.db"), StandardCopyOption.REPLACE_EXISTING);
            return new Dataset(name, s, h, rowCounts);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Loads a complete data set, or null if it was never completed. */
    static Dataset load(Path directory, String name) {
        Path props = directory.resolve(name + ".properties");
        if (!Files.exists(props)) {
            return null;
        }
        Properties p = new Properties();
        try (InputStream in = Files.newInputStream(props)) {
            p.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Map<String, Long> counts = new LinkedHashMap<>();
        List<String> keys = new ArrayList<>(p.stringPropertyNames());
        Collections.sort(keys);
        for (String k : keys) {
            if (k.startsWith("rows.")) {
                counts.put(k.substring(5), Long.parseLong(p.getProperty(k)));
            }
        }
        Path sqlite = directory.resolve(name + ".db");
        Path h2 = directory.resolve(name);
        if (!Files.exists(sqlite) || !Files.exists(directory.resolve(name + ".mv.db"))) {
            return null;
        }
        return new Dataset(name, sqlite, h2, counts);
    }

    static void writeProperties(Path directory, String name, Map<String, Long> counts, String description) throws IOException {
        Properties p = new Properties();
        counts.forEach((k, v) -> p.setProperty("rows." + k, Long.toString(v)));
        p.setProperty("description", description);
        Path tmp = directory.resolve(name + ".properties.tmp");
        try (OutputStream out = Files.newOutputStream(tmp)) {
            p.store(out, "Graalite benchmark data set " + name);
        }
        Files.move(tmp, directory.resolve(name + ".properties"), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    @Override
    public String toString() {
        return name + " " + rowCounts;
    }
}
