package org.graalite.program;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import org.graalite.nativeapi.NativeConnection;
import org.graalite.nativeapi.NativeStatement;
import org.graalite.nativeapi.ProgramReader;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The program reader against SQLite's own EXPLAIN: for every statement of the corpus, the
 * listing Graalite reads out of the prepared statement's memory must equal, row by row and
 * column by column, what {@code EXPLAIN <statement>} returns.
 */
class ProgramReaderTest {
    private static NativeConnection connection;

    @BeforeAll
    static void schema() throws IOException {
        connection = NativeConnection.open(":memory:", false);
        for (String ddl : resource("schema.sql").split(";\n")) {
            if (!ddl.isBlank()) {
                try (NativeStatement s = connection.prepareOne(ddl)) {
                    while (s.step()) {
                        // DDL has no rows
                    }
                }
            }
        }
    }

    @AfterAll
    static void close() {
        connection.close();
    }

    static String resource(String name) throws IOException {
        try (InputStream in = ProgramReaderTest.class.getResourceAsStream("/program-reader/" + name)) {
            return new String(Objects.requireNonNull(in, name).readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** The hand-written corpus plus generated combinations of projections, filters and orders. */
    static List<String> statements() throws IOException {
        List<String> all = new ArrayList<>();
        for (String line : resource("statements.sql").split("\n")) {
            if (!line.isBlank()) {
                all.add(line.strip());
            }
        }
        String[] projections = {"*", "a, b", "count(*)", "b, sum(c)", "DISTINCT e"};
        String[] filters = {"", " WHERE a = 3", " WHERE b = 'x'", " WHERE c > 2.5 AND b IS NOT NULL", " WHERE a IN (1, 5, 9)", " WHERE b LIKE '%z%'",
                        " WHERE e IS NULL OR c < 0", " WHERE a BETWEEN 2 AND 8", " WHERE b COLLATE NOCASE = 'Q'", " WHERE length(b) > 2", " WHERE d IS NOT NULL",
                        " WHERE rowid > 10", " WHERE c = (SELECT max(z) FROM t2)", " WHERE a NOT IN (SELECT ref FROM t3 WHERE ref IS NOT NULL)"};
        String[] endings = {"", " ORDER BY 1 DESC LIMIT 3"};
        for (String p : projections) {
            for (String f : filters) {
                for (String e : endings) {
                    String group = p.startsWith("b, sum") ? " GROUP BY b" : "";
                    all.add("SELECT " + p + " FROM t1" + f + group + e);
                }
            }
        }
        return all;
    }

    @TestFactory
    List<DynamicTest> listingEqualsExplain() throws IOException {
        List<String> statements = statements();
        assertTrue(statements.size() >= 300, "the corpus should hold a few hundred statements, it holds " + statements.size());
        List<DynamicTest> tests = new ArrayList<>();
        for (String sql : statements) {
            tests.add(DynamicTest.dynamicTest(sql, () -> compare(sql)));
        }
        return tests;
    }

    private static void compare(String sql) {
        List<String> expected = new ArrayList<>();
        try (NativeStatement explain = connection.prepareOne("EXPLAIN " + sql)) {
            while (explain.step()) {
                // VCheck is the opcode whose p4 is a P4_TABLEREF (see below); its raw bytes may
                // hold any character, '|' included, so the column is replaced before joining.
                boolean tableReference = "VCheck".equals(explain.columnText(1));
                StringBuilder row = new StringBuilder();
                for (int c = 0; c < 8; c++) {
                    String text = explain.columnType(c) == NativeStatement.NULL ? "NULL" : explain.columnText(c);
                    if (c == 5 && tableReference) {
                        text = "<tableref>";
                    }
                    row.append(c == 0 ? "" : "|").append(text);
                }
                String line = row.toString();
                expected.add(line);
            }
        }
        List<String> actual = new ArrayList<>();
        try (NativeStatement statement = connection.prepareOne(sql)) {
            Program program = ProgramReader.read(statement);
            for (Instruction i : program.explainRows()) {
                String p4 = i.p4Display();
                if (i.p4() instanceof P4.Table t && t.reference()) {
                    // SQLite's EXPLAIN does not decode P4_TABLEREF: it prints the bytes of the
                    // Table structure as if they were a string. Compare the other columns only.
                    p4 = "<tableref>";
                }
                // EXPLAIN's last column is the comment, NULL without SQLITE_ENABLE_EXPLAIN_COMMENTS.
                actual.add(i.address() + "|" + i.opcodeName() + "|" + i.p1() + "|" + i.p2() + "|" + i.p3() + "|" + (p4 == null ? "NULL" : p4) + "|" + i.p5() + "|NULL");
            }
        }
        assertEquals(String.join("\n", expected), String.join("\n", actual), "listing of: " + sql);
    }
}
