package org.graalite.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

import org.graalite.language.SqlContexts;
import org.graalvm.polyglot.Context;
import org.junit.jupiter.api.Test;

/**
 * What callers receive for TEXT whose bytes are not valid UTF-8: on the Truffle tier (which
 * holds it as an InvalidText) the same String as on SQLite's VDBE, whose sqlite3_column_text
 * bytes become a String with U+FFFD for each malformed sequence; Java functions and aggregates
 * take that String as their argument too, and the bytes stay in the database.
 */
class InvalidUtf8CallersTest {
    private static final String QUERY = "select cast(x'41ff' as text), a, hex(a), javaText(a), hex(javaText(a)) from t order by rowid limit 1";

    @Test
    void rowsAndJavaFunctionsGetTheNativeTiersStrings() throws SQLException {
        List<String> native_ = run("native");
        List<String> truffle = run("truffle");
        assertEquals(native_, truffle);
        // Row 1 (x'41ff'): the caller's String has U+FFFD; the function got it so, and its result is that String's UTF-8.
        assertEquals("A\uFFFD|A\uFFFD|41FF|String:A\uFFFD|537472696E673A41EFBFBD|A\uFFFD," + decoded(0xed, 0xa0, 0x80) + ",€", native_.get(0));
    }

    private static List<String> run(String tier) throws SQLException {
        Properties p = new Properties();
        p.setProperty("sql.Tier", tier);
        List<String> rows = new ArrayList<>();
        try (Connection connection = DriverManager.getConnection("jdbc:graalite::memory:", p); Statement s = connection.createStatement()) {
            GraaliteConnection c = connection.unwrap(GraaliteConnection.class);
            c.createFunction("javaText", 1, true, args -> args[0].getClass().getSimpleName() + ":" + args[0]);
            c.createAggregate("javaConcat", 1, () -> new SqlAggregate() {
                private final List<String> seen = new ArrayList<>();

                @Override
                public void step(Object[] args) {
                    seen.add((String) args[0]);
                }

                @Override
                public Object finish() {
                    return String.join(",", seen);
                }
            });
            s.executeUpdate("create table t(a text)");
            s.executeUpdate("insert into t select cast(x'41ff' as text) union all select cast(x'eda080' as text) union all select '€'");
            try (ResultSet rs = s.executeQuery(QUERY)) {
                assertTrue(rs.next());
                StringBuilder row = new StringBuilder();
                for (int i = 1; i <= 5; i++) {
                    row.append(i > 1 ? "|" : "").append(rs.getString(i));
                }
                try (ResultSet all = connection.createStatement().executeQuery("select javaConcat(a) from t")) {
                    assertTrue(all.next());
                    row.append('|').append(all.getString(1));
                }
                rows.add(row.toString());
            }
            try (ResultSet rs = s.executeQuery("select hex(a) from t order by rowid")) {
                List<String> stored = new ArrayList<>();
                while (rs.next()) {
                    stored.add(rs.getString(1));
                }
                assertEquals(List.of("41FF", "EDA080", "E282AC"), stored, tier);
            }
        }
        return rows;
    }

    /** The String Java's decoder makes of these bytes, as sqlite3_column_text's become one. */
    private static String decoded(int... bytes) {
        byte[] b = new byte[bytes.length];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) bytes[i];
        }
        return new String(b, java.nio.charset.StandardCharsets.UTF_8);
    }

    /**
     * The JDBC getters on TEXT that is not valid UTF-8 answer as sqlite-jdbc's: getString and
     * getObject the String Java decodes, getBytes the stored bytes (sqlite3_column_blob), getInt
     * and getDouble the number the text starts with; on both tiers.
     */
    @Test
    void jdbcGettersAnswerAsSqliteJdbc() throws SQLException {
        String query = "select cast(x'61ff62' as text), cast(x'3132ff' as text), cast(x'eda080' as text), cast(x'2d342e35c0' as text) || 'z'";
        List<String> expected = getters("jdbc:sqlite::memory:", new Properties(), query);
        for (String tier : new String[]{"native", "truffle"}) {
            Properties p = new Properties();
            p.setProperty("sql.Tier", tier);
            assertEquals(expected, getters("jdbc:graalite::memory:", p, query), tier);
        }
        assertEquals("[97, -1, 98]", expected.get(1), "sqlite-jdbc's getBytes of the first column");
    }

    private static List<String> getters(String url, Properties p, String query) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Connection connection = DriverManager.getConnection(url, p); Statement s = connection.createStatement(); ResultSet rs = s.executeQuery(query)) {
            assertTrue(rs.next());
            for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
                out.add(rs.getString(i));
                out.add(java.util.Arrays.toString(rs.getBytes(i)));
                Object o = rs.getObject(i);
                out.add(o.getClass().getSimpleName() + ":" + o);
                out.add(rs.getInt(i) + " " + rs.getLong(i) + " " + rs.getDouble(i));
            }
        }
        return out;
    }

    @Test
    void polyglotRowsGetTheNativeTiersStrings() {
        List<List<Object>> expected = null;
        for (String tier : new String[]{"native", "truffle"}) {
            try (Context c = SqlContexts.create(tier)) {
                c.eval("sql", "create table t(a text, b)");
                c.eval("sql", "insert into t select cast(x'ff00fe' as text), cast(x'c0af' as text) || 'x'");
                List<List<Object>> rows = SqlContexts.rows(c.eval("sql", "select a, b, typeof(a), typeof(b), a || b from t"));
                String a = decoded(0xff, 0x00, 0xfe);
                String b = decoded(0xc0, 0xaf, 'x');
                assertEquals(List.of(List.of(a, b, "text", "text", a + b)), rows, tier);
                if (expected != null) {
                    assertEquals(expected, rows);
                }
                expected = rows;
            }
        }
    }
}
