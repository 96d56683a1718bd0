package org.graalite.language;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;

import org.graalite.nativeapi.NativeConnection;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Value;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Differential tests: each case file's statements run through Graalite and through
 * sqlite-jdbc (SQLite 3.54.1, the oracle); the transcripts (every row's values with their
 * storage classes, change counts, error messages) must be identical.
 *
 * <p>The Graalite side runs once per tier that can run statements today.
 */
class DifferentialTest {
    static final String[] CASES = {"types-and-affinity.sql", "queries.sql", "writes.sql", "numbers-and-text.sql", "text-functions.sql", "window-functions.sql", "misc-opcodes.sql", "deferred-seeks.sql", "in-lists.sql", "column-comparisons.sql", "leaf-steps.sql", "records-in-place.sql", "leaf-seeks.sql", "column-runs.sql", "like-patterns.sql", "json-functions.sql", "replace-with-triggers.sql", "virtual-tables.sql", "invalid-utf8.sql", "index-text-ranges.sql", "fts3-and-options.sql", "extension-functions.sql", "insert-select-transfer.sql", "stat4-plans.sql", "arithmetic-in-place.sql", "text-reuse.sql", "records-in-buffer.sql"};
    static final String[] TIERS = {"native", "auto"};
    /**
     * Cases that run whole on the Truffle tier, so they also run with sql.Tier=truffle (where a
     * statement it cannot run fails, and the transcripts differ).
     */
    static final java.util.Set<String> TRUFFLE_TIER_CASES = java.util.Set.of("json-functions.sql", "window-functions.sql", "replace-with-triggers.sql", "invalid-utf8.sql", "index-text-ranges.sql", "in-lists.sql", "fts3-and-options.sql", "extension-functions.sql", "insert-select-transfer.sql", "stat4-plans.sql", "arithmetic-in-place.sql", "text-reuse.sql", "records-in-buffer.sql");

    @TestFactory
    List<DynamicTest> graaliteMatchesSqlite() {
        List<DynamicTest> tests = new ArrayList<>();
        for (String name : CASES) {
            List<String> tiers = new ArrayList<>(List.of(TIERS));
            if (TRUFFLE_TIER_CASES.contains(name)) {
                tiers.add("truffle");
            }
            for (String tier : tiers) {
                tests.add(DynamicTest.dynamicTest(name + " on the " + tier + " tier", () -> {
                    List<String> statements = statements(name);
                    assertTrue(statements.size() > 10);
                    String expected = String.join("\n", oracle(statements));
                    // A case whose tables or functions SQLite lacks (generate_series is not
                    // compiled in) fails the same way on both sides and tests nothing.
                    assertTrue(!expected.contains("no such table") && !expected.contains("no such function"), name + ": the oracle lacks a table or function the case uses");
                    String actual = String.join("\n", graalite(statements, tier));
                    // Kept for reading when a case fails: target/differential/<case>.<tier>.txt
                    java.nio.file.Path out = java.nio.file.Path.of("target", "differential");
                    java.nio.file.Files.createDirectories(out);
                    java.nio.file.Files.writeString(out.resolve(name + ".sqlite-jdbc.txt"), expected);
                    java.nio.file.Files.writeString(out.resolve(name + "." + tier + ".txt"), actual);
                    assertEquals(expected, actual);
                }));
            }
        }
        return tests;
    }

    /** The case file's statements: comment lines dropped, split where sqlite3_complete says a statement ends. */
    static List<String> statements(String name) throws IOException {
        String text;
        try (InputStream in = DifferentialTest.class.getResourceAsStream("/differential/" + name)) {
            text = new String(Objects.requireNonNull(in, name).readAllBytes(), StandardCharsets.UTF_8);
        }
        List<String> statements = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        for (String line : text.split("\n")) {
            if (line.startsWith("--") || line.isBlank()) {
                continue;
            }
            current.append(line).append('\n');
            if (NativeConnection.isComplete(current.toString())) {
                statements.add(current.toString().strip());
                current.setLength(0);
            }
        }
        return statements;
    }

    static List<String> graalite(List<String> statements, String tier) {
        List<String> transcript = new ArrayList<>();
        try (Context context = SqlContexts.create(tier)) {
            // The oracle, sqlite-jdbc, has its own SQL functions beside SQLite's; Graalite's JDBC
            // driver adds the same ones to its connections (extension-functions.sql).
            context.getBindings("sql").invokeMember("addExtensionFunctions");
            for (String sql : statements) {
                transcript.add("> " + sql);
                try {
                    Value result = context.eval("sql", sql);
                    if (result.hasIterator()) {
                        for (List<Object> row : SqlContexts.rows(result)) {
                            transcript.add(render(row));
                        }
                    } else if (isDataChange(sql)) {
                        transcript.add("changes " + result.asLong());
                    }
                } catch (PolyglotException e) {
                    if (!e.isGuestException()) {
                        throw e;
                    }
                    transcript.add("error " + e.getMessage());
                }
            }
        }
        return transcript;
    }

    static List<String> oracle(List<String> statements) throws SQLException {
        List<String> transcript = new ArrayList<>();
        try (Connection c = DriverManager.getConnection("jdbc:sqlite::memory:"); java.sql.Statement s = c.createStatement()) {
            for (String sql : statements) {
                transcript.add("> " + sql);
                try {
                    if (s.execute(sql)) {
                        try (ResultSet rs = s.getResultSet()) {
                            int n = rs.getMetaData().getColumnCount();
                            while (rs.next()) {
                                List<Object> row = new ArrayList<>();
                                for (int i = 1; i <= n; i++) {
                                    Object o = rs.getObject(i);
                                    row.add(o instanceof Integer v ? Long.valueOf(v) : o);
                                }
                                transcript.add(render(row));
                            }
                        }
                    } else if (isDataChange(sql)) {
                        transcript.add("changes " + s.getUpdateCount());
                    }
                } catch (SQLException e) {
                    transcript.add("error " + sqliteMessage(e));
                }
            }
        }
        return transcript;
    }

    /** sqlite-jdbc wraps SQLite's message as "[CODE] description (message)". */
    static String sqliteMessage(SQLException e) {
        String m = e.getMessage();
        int open = m.indexOf(" (");
        return open >= 0 && m.endsWith(")") ? m.substring(open + 2, m.length() - 1) : m;
    }

    static boolean isDataChange(String sql) {
        String s = sql.stripLeading().toLowerCase();
        return (s.startsWith("insert") || s.startsWith("update") || s.startsWith("delete") || s.startsWith("replace")) && !s.contains("returning");
    }

    /** A row with each value's storage class: i:1 r:2.5 t:'x' b:01ff null. */
    static String render(List<Object> row) {
        StringBuilder sb = new StringBuilder();
        for (Object v : row) {
            if (!sb.isEmpty()) {
                sb.append(" | ");
            }
            if (v == null) {
                sb.append("null");
            } else if (v instanceof Long l) {
                sb.append("i:").append(l);
            } else if (v instanceof Double d) {
                sb.append("r:").append(d);
            } else if (v instanceof String s) {
                sb.append("t:'").append(s).append('\'');
            } else if (v instanceof byte[] b) {
                sb.append("b:").append(HexFormat.of().formatHex(b));
            } else {
                sb.append("?").append(v.getClass().getSimpleName()).append(':').append(v);
            }
        }
        return sb.toString();
    }
}
