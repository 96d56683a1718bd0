package org.graalite.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;

import org.graalite.jmh.data.Dataset;
import org.graalite.jmh.data.SsbData;
import org.graalite.jmh.data.TpchData;
import org.graalite.jmh.systems.Workloads;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Engine;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.io.IOAccess;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The 22 TPC-H queries at scale factor 0.01 (without and with the secondary indexes), the 13
 * SSB queries at scale factor 0.01 and WindowQuery's window functions over TPC-H, each run
 * through Graalite with {@code sql.Tier=native} (the oracle: SQLite's own VDBE) and with
 * {@code sql.Tier=auto}: results must be identical, values
 * and storage classes (INTEGER, REAL, TEXT, BLOB, NULL) and row order. Each query also runs
 * with {@code sql.Tier=truffle}: where it runs, its results must match too; where it cannot,
 * the error naming the missing opcodes is recorded. The report (which queries run entirely on
 * the Truffle tier, and what the others miss) goes to target/tier-report.md and the test log.
 *
 * <p>Differences are Graalite bugs; known ones are listed in
 * src/test/resources/tier-known-failures.txt and expected to fail (a listed query that agrees
 * fails the test, so the list stays current). Data sets are generated once and cached
 * ({@link Dataset#defaultDirectory()}).
 */
class TiersTest {
    private static Engine engine;
    private static final Map<String, String> REPORT = new LinkedHashMap<>();
    private static final Map<String, String> KNOWN = knownFailures();

    @BeforeAll
    static void engine() {
        engine = Engine.newBuilder("sql").option("engine.WarnInterpreterOnly", "false").build();
    }

    @AfterAll
    static void report() throws IOException {
        StringBuilder md = new StringBuilder("# Graalite tiers on TPC-H and SSB (TiersTest)\n\n| query | sql.Tier=auto ran on | sql.Tier=truffle |\n|---|---|---|\n");
        REPORT.forEach((k, v) -> md.append("| ").append(k).append(" | ").append(v).append(" |\n"));
        Path out = Path.of("target", "tier-report.md");
        Files.createDirectories(out.getParent());
        Files.writeString(out, md.toString(), StandardCharsets.UTF_8);
        System.out.println(md);
        if (engine != null) {
            engine.close();
        }
    }

    @TestFactory
    Stream<DynamicTest> tpchWithoutIndexes() {
        return queries(TpchData.ensure(0.01, false), "tpch", Workloads.TPCH);
    }

    @TestFactory
    Stream<DynamicTest> tpchWithIndexes() {
        return queries(TpchData.ensure(0.01, true), "tpch", Workloads.TPCH);
    }

    @TestFactory
    Stream<DynamicTest> ssb() {
        return queries(SsbData.ensure(0.01), "ssb", Workloads.SSB);
    }

    /** WindowQuery's window functions: their state in Java on the Truffle tier (sql.Tier=auto runs them natively). */
    @TestFactory
    Stream<DynamicTest> windowFunctions() {
        return queries(TpchData.ensure(0.01, true), "window", Workloads.WINDOW);
    }

    /** ScalarFunctionQuery's calls of SQLite's own scalar functions (dates, printf, replace, instr) once per row, made from the Truffle tier. */
    @TestFactory
    Stream<DynamicTest> scalarFunctions() {
        return queries(TpchData.ensure(0.01, true), "functions", Workloads.FUNCTIONS);
    }

    /** The storage classes come through: INTEGER as Long, REAL as Double even when whole. */
    @Test
    void storageClassesAreDistinguished() {
        try (Context c = Context.newBuilder("sql").engine(engine).allowNativeAccess(true).option("sql.Tier", "native").build()) {
            List<List<Object>> rows = rows(c.getBindings("sql").invokeMember("prepare", "SELECT 3, 3.0, 'x', NULL, x'00'").execute());
            assertEquals(List.of(Arrays.asList(3L, 3.0, "x", null, "BLOB 00")), rows);
            assertEquals(Long.class, rows.get(0).get(0).getClass());
            assertEquals(Double.class, rows.get(0).get(1).getClass());
        }
    }

    private Stream<DynamicTest> queries(Dataset data, String family, List<String> queries) {
        return queries.stream().map(q -> DynamicTest.dynamicTest(data.name + "/" + q, () -> check(data, family, q)));
    }

    private static Context open(Dataset data, String tier) {
        return Context.newBuilder("sql").engine(engine).allowNativeAccess(true).allowIO(IOAccess.ALL).option("sql.Database", data.sqlite.toAbsolutePath().toString()).option("sql.Tier", tier)
                        .option("sql.ReadOnly", "true").build();
    }

    private static void check(Dataset data, String family, String query) {
        String key = data.name + "/" + query;
        String sql = Workloads.sql(family, query, false);
        List<List<Object>> expected;
        try (Context c = open(data, "native")) {
            expected = rows(c.getBindings("sql").invokeMember("prepare", sql).execute());
        }
        String autoTier;
        String difference = null;
        try (Context c = open(data, "auto")) {
            Value db = c.getBindings("sql");
            List<List<Object>> got = rows(db.invokeMember("prepare", sql).execute());
            long truffle = db.getMember("truffleExecutions").asLong();
            long nativeRuns = db.getMember("nativeExecutions").asLong();
            autoTier = nativeRuns == 0 && truffle > 0 ? "truffle" : truffle == 0 ? "native" : "mixed (native " + nativeRuns + ", truffle " + truffle + ")";
            difference = difference(expected, got);
        } catch (PolyglotException e) {
            autoTier = "error";
            difference = "sql.Tier=auto failed: " + e.getMessage();
        }
        String truffleResult;
        try (Context c = open(data, "truffle")) {
            List<List<Object>> got = rows(c.getBindings("sql").invokeMember("prepare", sql).execute());
            String d = difference(expected, got);
            truffleResult = d == null ? "runs, same results" : "runs, DIFFERENT results: " + d;
            if (d != null && difference == null) {
                difference = "sql.Tier=truffle: " + d;
            }
        } catch (PolyglotException e) {
            truffleResult = "cannot run: " + oneLine(e.getMessage());
        }
        REPORT.put(key, autoTier + " | " + truffleResult);
        System.out.println("[tiers] " + key + ": auto on " + autoTier + "; truffle " + truffleResult);
        String known = KNOWN.get(key);
        if (difference != null && known == null) {
            fail(key + ": sql.Tier=auto (or truffle) differs from sql.Tier=native: " + difference + "\nSQL:\n" + sql);
        }
        if (difference == null && known != null) {
            fail(key + " is listed in tier-known-failures.txt (" + known + ") but now agrees: remove its line");
        }
    }

    private static String oneLine(String s) {
        String t = String.valueOf(s).replace('\n', ' ');
        return t.length() > 300 ? t.substring(0, 300) + "..." : t;
    }

    /** Rows with their values as Long, Double, String, "BLOB hex" or null: the storage class is the Java class. */
    static List<List<Object>> rows(Value result) {
        List<List<Object>> rows = new ArrayList<>();
        while (result.hasIteratorNextElement()) {
            Value row = result.getIteratorNextElement();
            List<Object> r = new ArrayList<>();
            for (long i = 0; i < row.getArraySize(); i++) {
                Value v = row.getArrayElement(i);
                if (v.isNull()) {
                    r.add(null);
                } else if (v.isString()) {
                    r.add(v.asString());
                } else if (v.hasBufferElements()) {
                    byte[] b = new byte[(int) v.getBufferSize()];
                    v.readBuffer(0, b, 0, b.length);
                    StringBuilder hex = new StringBuilder("BLOB ");
                    for (byte x : b) {
                        hex.append(String.format("%02x", x & 0xff));
                    }
                    r.add(hex.toString());
                } else {
                    Object o = v.as(Object.class);
                    r.add(o);
                }
            }
            rows.add(r);
        }
        return rows;
    }

    /** Null if equal (values and classes, in order), else the first difference. */
    static String difference(List<List<Object>> expected, List<List<Object>> got) {
        if (expected.size() != got.size()) {
            return "native returned " + expected.size() + " rows, this tier " + got.size();
        }
        for (int i = 0; i < expected.size(); i++) {
            List<Object> e = expected.get(i);
            List<Object> g = got.get(i);
            if (e.size() != g.size()) {
                return "row " + i + ": " + e.size() + " columns vs " + g.size();
            }
            for (int j = 0; j < e.size(); j++) {
                Object a = e.get(j);
                Object b = g.get(j);
                if (!Objects.equals(a, b) || (a != null && b != null && a.getClass() != b.getClass())) {
                    return "row " + i + " column " + j + ": native " + describe(a) + ", this tier " + describe(b) + " (native row " + e + ", this tier " + g + ")";
                }
            }
        }
        return null;
    }

    private static String describe(Object o) {
        return o == null ? "NULL" : o.getClass().getSimpleName() + " " + o;
    }

    private static Map<String, String> knownFailures() {
        Map<String, String> m = new LinkedHashMap<>();
        try (InputStream in = TiersTest.class.getClassLoader().getResourceAsStream("tier-known-failures.txt")) {
            if (in != null) {
                for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                    String l = line.strip();
                    if (!l.isEmpty() && !l.startsWith("#")) {
                        String[] p = l.split("\\s+", 2);
                        m.put(p[0], p.length > 1 ? p[1] : "");
                    }
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return m;
    }
}
