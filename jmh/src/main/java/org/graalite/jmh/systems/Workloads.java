package org.graalite.jmh.systems;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.graalite.jmh.data.Dataset;

/**
 * The query workloads: TPC-H's 22 queries ({@code tpch/q01.sql} ...) and SSB's 13
 * ({@code ssb/q1.1.sql} ...) in SQLite's dialect, as resources of this module; H2 runs a file
 * of {@code tpch/h2/} where one exists, and SSB with its table {@code date} quoted (a keyword
 * in H2).
 */
public final class Workloads {
    public static final List<String> TPCH = List.of("q01", "q02", "q03", "q04", "q05", "q06", "q07", "q08", "q09", "q10", "q11", "q12", "q13", "q14", "q15", "q16", "q17", "q18", "q19",
                    "q20", "q21", "q22");
    /** Window functions over the TPC-H tables (WindowQuery). */
    public static final List<String> WINDOW = List.of("w1", "w2", "w3", "w4", "w5", "w6");
    /** Calls of SQLite's own scalar functions once per row over the TPC-H tables (ScalarFunctionQuery). */
    public static final List<String> FUNCTIONS = List.of("f1", "f2", "f3", "f4", "f5");
    public static final List<String> SSB = List.of("q1.1", "q1.2", "q1.3", "q2.1", "q2.2", "q2.3", "q3.1", "q3.2", "q3.3", "q3.4", "q4.1", "q4.2", "q4.3");

    /** Digests of the native C baseline, by data set and SQL, computed once per JVM. */
    private static final Map<String, Digest> REFERENCES = new ConcurrentHashMap<>();

    /** The digest each setup of this JVM checked, by "family/query" (for the suite's report). */
    public static final Map<String, Digest> CHECKED = new ConcurrentHashMap<>();

    /** The work of one operation, by "family/query": rows of the largest table read (queries), transactions (TATP). */
    public static final Map<String, Long> WORK = new ConcurrentHashMap<>();

    /** Graalite's executions by tier at the end of each workload ("native N, truffle M"), by "family/query". */
    public static final Map<String, String> TIERS = new ConcurrentHashMap<>();

    private Workloads() {
    }

    /** The SQL text of {@code family}'s query for SQLite ({@code h2} false) or H2. */
    public static String sql(String family, String query, boolean h2) {
        if (h2) {
            String own = resource(family + "/h2/" + query + ".sql");
            if (own != null) {
                return own;
            }
        }
        String sql = resource(family + "/" + query + ".sql");
        if (sql == null) {
            throw new IllegalArgumentException("no query " + family + "/" + query + ".sql");
        }
        if (h2 && family.equals("ssb")) {
            sql = sql.replaceAll("(?i)\\bdate\\b", "\"DATE\"");
        }
        return sql;
    }

    private static String resource(String path) {
        try (InputStream in = Workloads.class.getClassLoader().getResourceAsStream(path)) {
            return in == null ? null : new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** What the native C baseline returns for {@code sql} on {@code data}: the oracle of every check. */
    public static Digest reference(Dataset data, String sql) {
        return REFERENCES.computeIfAbsent(data.name + "\n" + sql, k -> {
            try (BenchSystem c = BenchSystem.open("native-c", "native", data); BenchSystem.Query q = c.prepare(sql)) {
                Digest d = new Digest();
                q.run(d);
                return d;
            }
        });
    }

    /** Fails unless {@code got} agrees with {@code expected}: a wrong answer must not produce a figure. */
    public static void check(String what, String system, Digest got, Digest expected) {
        if (!got.agrees(expected)) {
            throw new IllegalStateException("RESULT MISMATCH: " + what + " on " + system + " returned " + got + ", the native C baseline " + expected);
        }
    }

    /** One query, prepared on one system, checked against the C baseline once at setup. */
    public static final class Prepared implements AutoCloseable {
        public final BenchSystem system;
        public final BenchSystem.Query query;
        public final Digest digest = new Digest();
        public final Digest checked;
        public final long workRows;
        private final String workload;

        public Prepared(String systemName, String tier, Dataset data, String family, String queryName) {
            String sqliteSql = sql(family, queryName, false);
            Digest expected = reference(data, sqliteSql);
            system = BenchSystem.open(systemName, tier, data);
            try {
                query = system.prepare(sql(family, queryName, system.isH2()));
                query.run(digest);
                check(data.name + "/" + queryName, systemName, digest, expected);
            } catch (RuntimeException e) {
                system.close();
                throw e;
            }
            checked = new Digest(digest.rows, digest.sum, digest.hash);
            workRows = data.largestTableRows(sqliteSql);
            workload = family + "/" + queryName;
            CHECKED.put(family + "/" + queryName, checked);
            WORK.put(family + "/" + queryName, workRows);
            System.out.println(System.lineSeparator() + "# " + systemName + ": " + system.describe() + "; " + data.name + "/" + queryName + ": " + checked);
        }

        /** Runs the query once; the number of rows it returned. */
        public long run() {
            digest.clear();
            query.run(digest);
            return digest.rows;
        }

        @Override
        public void close() {
            String stats = system.tierStatistics();
            if (stats != null) {
                System.out.println("# graalite executions by tier: " + stats);
                TIERS.put(workload, stats);
            }
            query.close();
            system.close();
        }
    }
}
