package org.graalite.jdbc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What the differential scenarios cannot say: service loading, files, options, concurrency,
 * and the places where Graalite differs from sqlite-jdbc on purpose (the steps marked {@code ~}
 * in the scenarios).
 */
class GraaliteDriverTest {
    static {
        TestSupport.init();
    }

    private Path dir;
    private final List<Connection> open = new ArrayList<>();

    @BeforeEach
    void setUp() throws Exception {
        dir = TestSupport.tempDir();
    }

    @AfterEach
    void tearDown() throws SQLException {
        for (Connection c : open) {
            c.close();
        }
        TestSupport.deleteTree(dir);
    }

    private Connection connect(String url) throws SQLException {
        return connect(url, new Properties());
    }

    private Connection connect(String url, Properties extra) throws SQLException {
        Properties p = TestSupport.graaliteProperties();
        p.putAll(extra);
        Connection c = DriverManager.getConnection(url, p);
        open.add(c);
        return c;
    }

    private static long count(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            assertTrue(rs.next(), "a count query gives one row");
            return rs.getLong(1);
        }
    }

    @Test
    void serviceLoadingFindsTheDriver() throws SQLException {
        assertInstanceOf(GraaliteDriver.class, DriverManager.getDriver("jdbc:graalite::memory:"));
        Connection c = connect("jdbc:graalite::memory:");
        assertInstanceOf(GraaliteConnection.class, c);
        assertEquals(3, count(c, "select 1 + 2"));
        assertFalse(new GraaliteDriver().acceptsURL("jdbc:sqlite::memory:"), "sqlite-jdbc's URLs belong to sqlite-jdbc");
        assertNull(new GraaliteDriver().connect("jdbc:sqlite::memory:", new Properties()), "a driver answers null for URLs it does not accept");
    }

    @Test
    void inMemoryDatabasesArePrivate() throws SQLException {
        Connection a = connect("jdbc:graalite::memory:");
        Connection b = connect("jdbc:graalite:");
        a.createStatement().executeUpdate("create table t(x)");
        assertThrows(SQLException.class, () -> b.createStatement().executeQuery("select * from t"), "each in-memory connection has its own database");
    }

    @Test
    void connectionsShareOneEngine() throws SQLException {
        connect("jdbc:graalite::memory:");
        connect("jdbc:graalite::memory:");
        assertSame(GraaliteConnection.engine(), GraaliteConnection.engine(), "compiled code is shared through one engine");
    }

    @Test
    void fileDatabaseKeepsDataAcrossConnectionsAndDrivers() throws Exception {
        Path file = dir.resolve("app.db");
        String url = "jdbc:graalite:" + file;
        Connection c = connect(url);
        c.createStatement().executeUpdate("create table t(id integer primary key, s text)");
        try (PreparedStatement ps = c.prepareStatement("insert into t(s) values(?)")) {
            for (int i = 0; i < 10; i++) {
                ps.setString(1, "row " + i);
                ps.addBatch();
            }
            assertArrayEquals(new int[]{1, 1, 1, 1, 1, 1, 1, 1, 1, 1}, ps.executeBatch());
        }
        c.close();
        assertTrue(Files.size(file) > 0, "the database is a file");
        assertEquals(10, count(connect(url), "select count(*) from t"));
        try (Connection sqlite = DriverManager.getConnection("jdbc:sqlite:" + file)) {
            assertEquals(10, count(sqlite, "select count(*) from t"), "sqlite-jdbc reads what Graalite wrote");
        }
        assertEquals(file.toAbsolutePath().toString(), ((GraaliteConnection) connect(url)).path());
    }

    @Test
    void relativePathsAreAbsolute() {
        assertEquals(Path.of("x.db").toAbsolutePath().toString(), GraaliteDriver.databasePath("x.db"));
        assertEquals(":memory:", GraaliteDriver.databasePath(""));
        assertEquals("file:a.db?mode=ro", GraaliteDriver.databasePath("file:a.db?mode=ro"));
    }

    @Test
    void urlParametersAndPropertiesRunPragmas() throws SQLException {
        Connection c = connect("jdbc:graalite:" + dir.resolve("fk.db") + "?foreign_keys=on");
        assertEquals(1, count(c, "pragma foreign_keys"));
        Properties p = new Properties();
        p.setProperty("journal_mode", "wal");
        Connection w = connect("jdbc:graalite:" + dir.resolve("wal.db"), p);
        try (ResultSet rs = w.createStatement().executeQuery("pragma journal_mode")) {
            rs.next();
            assertEquals("wal", rs.getString(1));
        }
    }

    @Test
    void languageOptionsPassThrough() throws SQLException {
        Properties p = new Properties();
        p.setProperty("sql.Tier", "native");
        Connection c = connect("jdbc:graalite::memory:", p);
        assertEquals(1, count(c, "select 1"));
        long[] executions = ((GraaliteConnection) c).tierExecutions();
        assertEquals(0, executions[0], "sql.Tier=native runs nothing on the Truffle tier");
        assertTrue(executions[1] > 0, "the native tier ran the query");
        Properties bad = new Properties();
        bad.setProperty("sql.NoSuchOption", "1");
        assertThrows(SQLException.class, () -> connect("jdbc:graalite::memory:", bad));
    }

    @Test
    void errorsCarrySqliteCodesAndLeaveTheConnectionUsable() throws SQLException {
        Connection c = connect("jdbc:graalite::memory:");
        Statement s = c.createStatement();
        s.executeUpdate("create table t(id integer primary key, name text unique not null)");
        s.executeUpdate("insert into t values(1, 'a')");
        String[][] cases = {
                        {"insert into t values(2, 'a')", "19", "2067", "UNIQUE constraint failed: t.name"},
                        {"insert into t values(1, 'b')", "19", "1555", "UNIQUE constraint failed: t.id"},
                        {"insert into t values(3, null)", "19", "1299", "NOT NULL constraint failed: t.name"},
                        {"insert into t values('x', 'c')", "20", "20", "datatype mismatch"},
                        {"selec 1", "1", "1", "near \"selec\": syntax error"},
                        {"select * from nope", "1", "1", "no such table: nope"},
        };
        for (String[] k : cases) {
            GraaliteException e = assertThrows(GraaliteException.class, () -> s.executeUpdate(k[0]), k[0]);
            assertEquals(Integer.parseInt(k[1]), e.getErrorCode(), "getErrorCode is SQLite's primary result code, as in sqlite-jdbc: " + k[0]);
            assertEquals(Integer.parseInt(k[2]), e.getResultCode(), "getResultCode is the extended result code: " + k[0]);
            assertEquals(k[3], e.getSqliteMessage());
            assertTrue(e.getMessage().endsWith("(" + k[3] + ")"), e.getMessage());
            assertNull(e.getSQLState(), "sqlite-jdbc sets no SQL state");
            assertEquals(1, count(c, "select count(*) from t"), "the connection works after: " + k[0]);
        }
        assertTrue(c.isValid(1));
    }

    @Test
    void resultCodeNamesMatchSqliteJdbc() {
        StringBuilder expected = new StringBuilder();
        for (org.sqlite.SQLiteErrorCode code : org.sqlite.SQLiteErrorCode.values()) {
            if (code.code >= 0) {
                expected.append(code.code).append(' ').append(code.name()).append(' ').append(code.message).append('\n');
            }
        }
        assertEquals(expected.toString(), ResultCodeNames.describe(), "the message prefixes are sqlite-jdbc's");
        assertEquals("[UNKNOWN_ERROR] unknown error:99999 (x)", ResultCodeNames.format(99999, "x"));
    }

    /** Deviation: sqlite-jdbc throws ArrayIndexOutOfBoundsException here. */
    @Test
    void badParameterIndexIsAnSQLException() throws SQLException {
        Connection c = connect("jdbc:graalite::memory:");
        PreparedStatement ps = c.prepareStatement("select ?, ?");
        SQLException e = assertThrows(SQLException.class, () -> ps.setInt(3, 1));
        assertEquals("Parameter index is invalid", e.getMessage());
        assertThrows(SQLException.class, () -> ps.setString(0, "x"));
        ps.setInt(1, 1);
        ps.setInt(2, 2);
        try (ResultSet rs = ps.executeQuery()) {
            assertTrue(rs.next(), "the statement still works");
            assertEquals(3, rs.getInt(1) + rs.getInt(2));
        }
    }

    /** Deviation: sqlite-jdbc's metadata of a prepared statement throws until it has run. */
    @Test
    void preparedStatementMetadataBeforeExecution() throws SQLException {
        Connection c = connect("jdbc:graalite::memory:");
        c.createStatement().executeUpdate("create table t(id integer primary key, name varchar(10) not null)");
        PreparedStatement ps = c.prepareStatement("select id, name, 1 as one from t where id = ?");
        ResultSetMetaData md = ps.getMetaData();
        assertEquals(3, md.getColumnCount());
        assertEquals("name", md.getColumnName(2));
        assertEquals("VARCHAR", md.getColumnTypeName(2));
        assertEquals(Types.VARCHAR, md.getColumnType(2));
        assertEquals(10, md.getPrecision(2));
        assertEquals("t", md.getTableName(2));
        assertEquals(ResultSetMetaData.columnNoNulls, md.isNullable(2));
        assertEquals(ResultSetMetaData.columnNullable, md.isNullable(3));
        assertEquals(1, ps.getParameterMetaData().getParameterCount());
    }

    @Test
    void emptySqlIsAnError() throws SQLException {
        Connection c = connect("jdbc:graalite::memory:");
        Statement s = c.createStatement();
        assertThrows(SQLException.class, () -> s.execute("-- nothing"));
        assertThrows(SQLException.class, () -> s.executeQuery(""));
        assertEquals(0, s.executeUpdate("/* nothing */"), "executeUpdate runs nothing, as sqlite3_exec does");
        assertTrue(s.execute("select 1"), "the statement stays usable");
    }

    @Test
    void firstStatementOfAText() {
        assertEquals("select 1;", GraaliteConnection.firstStatement("select 1; select 2"));
        assertEquals("select ';';", GraaliteConnection.firstStatement("select ';'; select 2"));
        assertEquals("create trigger tr after insert on t begin insert into u values(1); insert into u values(2); end;",
                        GraaliteConnection.firstStatement("create trigger tr after insert on t begin insert into u values(1); insert into u values(2); end; select 1"));
        assertEquals("select 1", GraaliteConnection.firstStatement("select 1"));
    }

    @Test
    void closedObjectsThrowAndCloseIsIdempotent() throws SQLException {
        Connection c = connect("jdbc:graalite::memory:");
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("select 1 union all select 2");
        PreparedStatement ps = c.prepareStatement("select 1");
        c.close();
        c.close();
        assertTrue(c.isClosed());
        assertFalse(c.isValid(0));
        assertTrue(rs.isClosed(), "closing a connection closes its result sets");
        assertFalse(rs.next());
        assertThrows(SQLException.class, () -> rs.getInt(1));
        assertThrows(SQLException.class, () -> s.executeQuery("select 1"));
        assertThrows(SQLException.class, ps::executeQuery);
        assertThrows(SQLException.class, c::createStatement);
    }

    @Test
    void readingWhileWriting() throws SQLException {
        Connection c = connect("jdbc:graalite:" + dir.resolve("rw.db"));
        Statement s = c.createStatement();
        s.executeUpdate("create table t(x)");
        s.executeUpdate("insert into t values(1), (2), (3)");
        PreparedStatement insert = c.prepareStatement("insert into t values(?)");
        try (ResultSet rs = c.createStatement().executeQuery("select x from t order by x")) {
            int n = 0;
            while (rs.next()) {
                insert.setInt(1, rs.getInt(1) + 10);
                insert.executeUpdate();
                n++;
            }
            assertTrue(n >= 3, "the open query reads on while rows are inserted");
        }
        assertTrue(count(c, "select count(*) from t") >= 6);
    }

    @Test
    void connectionsWorkFromSeveralThreads() throws Exception {
        Connection shared = connect("jdbc:graalite:" + dir.resolve("mt.db"));
        shared.createStatement().executeUpdate("create table t(x)");
        AtomicReference<Throwable> failure = new AtomicReference<>();
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            Thread thread = new Thread(() -> {
                try {
                    for (int i = 0; i < 50; i++) {
                        try (PreparedStatement ps = shared.prepareStatement("insert into t values(?)")) {
                            ps.setInt(1, i);
                            ps.executeUpdate();
                        }
                        count(shared, "select count(*) from t");
                    }
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            });
            threads.add(thread);
            thread.start();
        }
        for (Thread thread : threads) {
            thread.join();
        }
        if (failure.get() != null) {
            throw new AssertionError("a thread failed", failure.get());
        }
        assertEquals(200, count(shared, "select count(*) from t"), "calls on one connection are serialized");
    }

    @Test
    void aConnectionUsedOnOneThreadClosesOnAnother() throws Exception {
        Connection c = connect("jdbc:graalite::memory:");
        Thread user = new Thread(() -> {
            try {
                assertEquals(1, count(c, "select 1"));
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
        });
        user.start();
        user.join();
        c.close();
        assertTrue(c.isClosed());
    }

    @Test
    void lockedDatabaseReportsBusyAfterTheTimeout() throws SQLException {
        String url = "jdbc:graalite:" + dir.resolve("busy.db");
        Properties immediate = new Properties();
        immediate.setProperty("transaction_mode", "IMMEDIATE");
        Connection writer = connect(url, immediate);
        writer.createStatement().executeUpdate("create table t(x)");
        Properties impatient = new Properties();
        impatient.setProperty("busy_timeout", "50");
        Connection other = connect(url, impatient);
        writer.setAutoCommit(false);
        writer.createStatement().executeUpdate("insert into t values(1)");
        GraaliteException e = assertThrows(GraaliteException.class, () -> other.createStatement().executeUpdate("insert into t values(2)"));
        assertEquals(5, e.getErrorCode(), "SQLITE_BUSY: " + e.getMessage());
        assertEquals("[SQLITE_BUSY] The database file is locked (database is locked)", e.getMessage());
        Statement patient = other.createStatement();
        patient.setQueryTimeout(1);
        long start = System.nanoTime();
        assertThrows(GraaliteException.class, () -> patient.executeUpdate("insert into t values(3)"));
        assertTrue(System.nanoTime() - start > 500_000_000L, "a query timeout of one second waits about a second for the lock");
        start = System.nanoTime();
        assertThrows(GraaliteException.class, () -> other.createStatement().executeUpdate("insert into t values(3)"));
        assertTrue(System.nanoTime() - start < 500_000_000L, "the connection's own busy timeout is back afterwards");
        writer.commit();
        writer.setAutoCommit(true);
        assertEquals(1, other.createStatement().executeUpdate("insert into t values(2)"), "the other connection writes once the lock is gone");
        assertEquals(2, count(writer, "select count(*) from t"));
    }

    @Test
    void generatedKeysFollowEachStatement() throws SQLException {
        Connection c = connect("jdbc:graalite::memory:");
        c.createStatement().executeUpdate("create table a(id integer primary key, s); create table b(id integer primary key, a_id)");
        PreparedStatement insertA = c.prepareStatement("insert into a(s) values(?)");
        PreparedStatement insertB = c.prepareStatement("insert into b(id, a_id) values(?, ?)");
        insertA.setString(1, "x");
        insertA.executeUpdate();
        insertB.setInt(1, 100);
        insertB.setInt(2, 1);
        insertB.executeUpdate();
        try (ResultSet keys = insertA.getGeneratedKeys()) {
            assertTrue(keys.next());
            assertEquals(1, keys.getLong(1), "A's key is the rowid of A's insert, read before B's insert ran");
            assertEquals("last_insert_rowid()", keys.getMetaData().getColumnName(1));
        }
        try (ResultSet keys = insertB.getGeneratedKeys()) {
            assertTrue(keys.next());
            assertEquals(100, keys.getLong(1));
        }
    }

    @Test
    void largeAndUnusualValuesRoundTrip() throws SQLException {
        Connection c = connect("jdbc:graalite::memory:");
        c.createStatement().executeUpdate("create table t(s text, b blob)");
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 100_000; i++) {
            text.append("ab\u00e9\u4e2d\ud83d\ude00");
        }
        text.append("\u0000end");
        byte[] blob = new byte[3_000_000];
        for (int i = 0; i < blob.length; i++) {
            blob[i] = (byte) (i * 31);
        }
        PreparedStatement ps = c.prepareStatement("insert into t values(?, ?)");
        ps.setString(1, text.toString());
        ps.setBytes(2, blob);
        ps.executeUpdate();
        try (ResultSet rs = c.createStatement().executeQuery("select s, b, length(s), length(b) from t")) {
            assertTrue(rs.next());
            assertEquals(text.toString(), rs.getString(1), "text with supplementary characters and NUL comes back whole");
            assertArrayEquals(blob, rs.getBytes(2));
            assertEquals(blob.length, rs.getLong(4));
        }
    }

    /**
     * Text and blobs bound to SQLite's VDBE go through one block of native memory per thread up
     * to its size and an Arena of their own beyond it: every length around that edge, and a
     * statement bound again with shorter values, must come back whole.
     */
    @Test
    void boundTextAndBlobsAroundTheScratchSize() throws SQLException {
        Properties nativeTier = new Properties();
        nativeTier.setProperty("sql.Tier", "native");
        Connection c = connect("jdbc:graalite::memory:", nativeTier);
        c.createStatement().executeUpdate("create table t(n integer, s text, b blob)");
        PreparedStatement insert = c.prepareStatement("insert into t values(?, ?, ?)");
        int[] lengths = {4097, 0, 1, 4095, 4096, 5000, 2};
        for (int n : lengths) {
            insert.setInt(1, n);
            insert.setString(2, textOfBytes(n));
            byte[] blob = new byte[n];
            for (int i = 0; i < n; i++) {
                blob[i] = (byte) (i * 7 + n);
            }
            insert.setBytes(3, blob);
            insert.executeUpdate();
        }
        try (ResultSet rs = c.createStatement().executeQuery("select n, s, b, typeof(s), typeof(b) from t order by rowid")) {
            for (int n : lengths) {
                assertTrue(rs.next());
                assertEquals(n, rs.getInt(1));
                assertEquals(textOfBytes(n), rs.getString(2));
                byte[] blob = rs.getBytes(3);
                assertEquals(n, blob.length);
                for (int i = 0; i < n; i++) {
                    assertEquals((byte) (i * 7 + n), blob[i]);
                }
                assertEquals("text", rs.getString(4), "an empty string binds as text, not NULL");
                assertEquals("blob", rs.getString(5));
            }
        }
    }

    /** Text of n UTF-8 bytes ending in a two-byte character (n >= 2), or n ASCII ones. */
    private static String textOfBytes(int n) {
        return n < 2 ? "x".repeat(n) : "x".repeat(n - 2) + "\u00e9";
    }

    @Test
    void savepointNamesAndIds() throws SQLException {
        Connection c = connect("jdbc:graalite::memory:");
        java.sql.Savepoint first = c.setSavepoint();
        java.sql.Savepoint named = c.setSavepoint("mine");
        assertEquals("SQLITE_SAVEPOINT_1", first.getSavepointName());
        assertEquals(2, named.getSavepointId());
        assertEquals("mine", named.getSavepointName());
        assertFalse(c.getAutoCommit(), "an outermost savepoint starts a transaction");
        c.rollback(first);
        c.commit();
    }

    @Test
    void metadataNames() throws SQLException {
        Connection c = connect("jdbc:graalite::memory:");
        var md = c.getMetaData();
        assertEquals("SQLite", md.getDatabaseProductName());
        assertEquals("3.54.1", md.getDatabaseProductVersion());
        assertEquals("Graalite", md.getDriverName());
        assertEquals("jdbc:graalite::memory:", md.getURL());
        assertNull(md.getUserName());
        assertNotNull(md.getDriverVersion());
        assertSame(c, md.getConnection());
    }
    /**
     * A query's rows are read ahead in growing batches (on the Truffle tier one call of the
     * program per batch): every value of every class arrives in order, and an error in the
     * middle of a batch comes after the rows before it, on both tiers.
     */
    /**
     * sqlite-jdbc's enable_load_extension property lets SQL's load_extension() load an extension
     * (src/test/c/half.c); without it SQLite refuses: the same on both drivers.
     */
    @Test
    void loadExtensionsWhenThePropertyAllows() throws Exception {
        String library = org.graalite.language.ExtensionTest.build();
        List<String> seen = new ArrayList<>();
        for (String driver : List.of("jdbc:sqlite:", "jdbc:graalite:")) {
            for (String enabled : List.of("false", "true")) {
                Properties properties = new Properties();
                properties.setProperty("enable_load_extension", enabled);
                try (Connection c = DriverManager.getConnection(driver + ":memory:", properties); Statement s = c.createStatement()) {
                    try (ResultSet rs = s.executeQuery("select load_extension('" + library + "')")) {
                        rs.next();
                        seen.add(driver + " loaded");
                    } catch (SQLException e) {
                        seen.add(driver + " " + e.getMessage());
                    }
                    try (ResultSet rs = s.executeQuery("select half(5)")) {
                        rs.next();
                        seen.add(driver + " half " + rs.getDouble(1));
                    } catch (SQLException e) {
                        seen.add(driver + " " + e.getMessage());
                    }
                }
            }
        }
        List<String> sqlite = seen.subList(0, seen.size() / 2).stream().map(line -> line.replace("jdbc:sqlite:", "")).toList();
        List<String> graalite = seen.subList(seen.size() / 2, seen.size()).stream().map(line -> line.replace("jdbc:graalite:", "")).toList();
        assertEquals(sqlite, graalite);
        assertEquals(List.of(" loaded", " half 2.5"), graalite.subList(2, 4));
    }

    /** sqlite-jdbc's "backup to" and "restore from" statements, on both drivers: the same copies and errors. */
    @Test
    void backupToAndRestoreFromFiles(@org.junit.jupiter.api.io.TempDir Path dir) throws SQLException {
        List<String> seen = new ArrayList<>();
        for (String driver : List.of("jdbc:sqlite:", "jdbc:graalite:")) {
            Path file = dir.resolve(driver.substring(5, driver.length() - 1) + ".db");
            try (Connection c = DriverManager.getConnection(driver + ":memory:"); Statement s = c.createStatement()) {
                s.executeUpdate("create table t(a integer primary key, b)");
                s.executeUpdate("insert into t(b) values ('one'), ('two'), (x'00ff')");
                seen.add(driver + " backup " + s.executeUpdate("backup to '" + file + "'"));
                s.executeUpdate("delete from t");
                seen.add(driver + " execute " + s.execute("restore main from \"" + file + "\""));
                seen.add(driver + " restored " + count(c, "select count(*) from t"));
                for (String bad : List.of("backup main", "restore from")) {
                    SQLException e = assertThrows(SQLException.class, () -> s.executeUpdate(bad));
                    seen.add(driver + " " + e.getMessage());
                }
            }
            try (Connection c = DriverManager.getConnection(driver + file)) {
                seen.add(driver + " file " + count(c, "select count(*) from t where b is not null"));
            }
        }
        List<String> sqlite = seen.subList(0, seen.size() / 2).stream().map(line -> line.replace("jdbc:sqlite:", "")).toList();
        List<String> graalite = seen.subList(seen.size() / 2, seen.size()).stream().map(line -> line.replace("jdbc:graalite:", "")).toList();
        assertEquals(sqlite, graalite);
        assertTrue(graalite.contains(" restored 3"), graalite.toString());
    }

    /** A Java collation orders, compares and indexes text; null removes it; what it throws fails the statement. */
    @Test
    void javaCollations() throws SQLException {
        GraaliteConnection c = connect("jdbc:graalite::memory:").unwrap(GraaliteConnection.class);
        c.createCollation("backwards", (a, b) -> b.compareTo(a));
        try (Statement s = c.createStatement()) {
            s.executeUpdate("create table t(k text collate backwards primary key)");
            s.executeUpdate("insert into t values ('a'), ('c'), ('b')");
            List<String> keys = new ArrayList<>();
            try (ResultSet rs = s.executeQuery("select k from t order by k")) {
                while (rs.next()) {
                    keys.add(rs.getString(1));
                }
            }
            assertEquals(List.of("c", "b", "a"), keys);
            assertEquals(1, count(c, "select 'a' > 'b' collate backwards"));
            c.createCollation("failing", (a, b) -> {
                throw new IllegalArgumentException("cannot compare " + a);
            });
            SQLException e = assertThrows(SQLException.class, () -> count(c, "select count(*) from (select k from t order by k collate failing)"));
            assertTrue(e.getMessage().contains("cannot compare"), e.getMessage());
            // The first comparison in a step after the first row (a DISTINCT's index), read ahead in a batch.
            s.executeUpdate("create table u(x)");
            s.executeUpdate("insert into u values ('a'), ('b')");
            SQLException later = assertThrows(SQLException.class, () -> {
                try (ResultSet rs = s.executeQuery("select distinct x collate failing from u")) {
                    while (rs.next()) {
                        rs.getString(1);
                    }
                }
            });
            assertTrue(later.getMessage().contains("cannot compare"), later.getMessage());
            assertEquals(3, count(c, "select count(*) from t"));
            c.createCollation("backwards", null);
            SQLException removed = assertThrows(SQLException.class, () -> count(c, "select 'a' < 'b' collate backwards"));
            assertTrue(removed.getMessage().contains("no such collation sequence: backwards"), removed.getMessage());
        }
        c.close();
    }

    /**
     * Statement.cancel() from another thread stops a long query (in compiled code, after the
     * loop's on-stack replacement, on the Truffle tier) with sqlite-jdbc's error, on both tiers,
     * and the connection goes on.
     */
    @Test
    void cancelFromAnotherThreadStopsARunningQuery() throws Exception {
        String endless = "with recursive n(i) as (select 1 union all select i + 1 from n where i < 200000000) select count(*) from n";
        List<String> outcomes = new ArrayList<>();
        java.util.concurrent.ExecutorService worker = java.util.concurrent.Executors.newSingleThreadExecutor();
        try {
            for (String system : List.of("sqlite-jdbc", "native", "truffle")) {
                Properties p = new Properties();
                p.setProperty("sql.Tier", system);
                Connection c = system.equals("sqlite-jdbc") ? DriverManager.getConnection("jdbc:sqlite::memory:") : connect("jdbc:graalite::memory:", p);
                try (Statement s = c.createStatement()) {
                    java.util.concurrent.Future<?> running = worker.submit(() -> s.executeQuery(endless));
                    // A cancel before the query started would be forgotten when it starts (SQLite
                    // clears the flag when no statement runs): cancel until it ends.
                    // The first after a second, when the Truffle tier runs the loop compiled.
                    Thread.sleep(1000);
                    long deadline = System.nanoTime() + 30_000_000_000L;
                    while (!running.isDone() && System.nanoTime() < deadline) {
                        Thread.sleep(100);
                        s.cancel();
                    }
                    java.util.concurrent.ExecutionException e = assertThrows(java.util.concurrent.ExecutionException.class, () -> running.get(1, java.util.concurrent.TimeUnit.SECONDS), system);
                    SQLException error = assertInstanceOf(SQLException.class, e.getCause(), system);
                    outcomes.add(error.getErrorCode() + " " + error.getMessage());
                    assertEquals(6, count(c, "select 1 + 2 + 3"), system);
                } finally {
                    c.close();
                }
            }
        } finally {
            worker.shutdownNow();
        }
        System.out.println("cancel: " + outcomes);
        assertTrue(outcomes.get(0).startsWith("9 "), outcomes.get(0));
        assertEquals(List.of(outcomes.get(0), outcomes.get(0), outcomes.get(0)), outcomes);
    }

    @Test
    void rowsReadInBatchesArriveInOrderAndAnErrorAfterThem() throws SQLException {
        for (String[] option : new String[][]{{"sql.Tier", "native"}, {"sql.Tier", "truffle"}}) {
            Properties p = new Properties();
            p.setProperty(option[0], option[1]);
            GraaliteConnection c = connect("jdbc:graalite::memory:", p).unwrap(GraaliteConnection.class);
            c.createFunction("failat", 2, false, args -> {
                if (((Number) args[0]).longValue() == ((Number) args[1]).longValue()) {
                    throw new IllegalStateException("stopped at " + args[0]);
                }
                return args[0];
            });
            String rows = "with recursive n(i) as (select 1 union all select i + 1 from n where i < 1000) "
                            + "select i, case i % 4 when 0 then null when 1 then i * 0.5 when 2 then 'r' || i else cast(printf('%04d', i) as blob) end from n";
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(rows)) {
                for (int i = 1; i <= 1000; i++) {
                    assertTrue(rs.next(), option[1] + ": row " + i);
                    assertEquals(i, rs.getLong(1));
                    Object v = rs.getObject(2);
                    switch (i % 4) {
                        case 0 -> assertEquals(null, v);
                        case 1 -> assertEquals(i * 0.5, v);
                        case 2 -> assertEquals("r" + i, v);
                        default -> assertEquals(String.format("%04d", i), new String((byte[]) v, java.nio.charset.StandardCharsets.US_ASCII));
                    }
                }
                assertFalse(rs.next());
            }
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(
                            "with recursive n(i) as (select 1 union all select i + 1 from n where i < 1000) select failat(i, 300) from n")) {
                for (int i = 1; i < 300; i++) {
                    assertTrue(rs.next(), option[1] + ": row " + i);
                    assertEquals(i, rs.getLong(1));
                }
                SQLException e = assertThrows(SQLException.class, rs::next);
                assertTrue(e.getMessage().contains("stopped at 300"), e.getMessage());
            }
            assertEquals(1000, count(c, "with recursive n(i) as (select 1 union all select i + 1 from n where i < 1000) select count(*) from n"));
        }
    }

    @Test
    void javaFunctionsAndAggregatesRunInSql() throws SQLException {
        // SQLite's VDBE calls them through the native callback, the Truffle tier directly.
        for (String tier : new String[]{"native", "auto"}) {
            Properties p = new Properties();
            p.setProperty("sql.Tier", tier);
            javaFunctionsAndAggregates(connect("jdbc:graalite::memory:", p).unwrap(GraaliteConnection.class));
        }
    }

    private static void javaFunctionsAndAggregates(GraaliteConnection c) throws SQLException {
        List<String> seen = new ArrayList<>();
        c.createFunction("kind", 1, true, args -> {
            Object a = args[0];
            seen.add(a == null ? "null" : a.getClass().getSimpleName());
            return a instanceof byte[] b ? new byte[]{(byte) b.length} : a;
        });
        c.createFunction("fail", 0, false, args -> {
            throw new IllegalArgumentException("no such luck");
        });
        c.createAggregate("product", 1, () -> new SqlAggregate() {
            private double product = 1;

            @Override
            public void step(Object[] args) {
                product *= ((Number) args[0]).doubleValue();
            }

            @Override
            public Object finish() {
                return product;
            }
        });
        try (Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery("select kind(2), typeof(kind(2)), kind(2.0), typeof(kind(2.0)), kind('x'), typeof(kind(x'0102')), hex(kind(x'0102')), kind(null) is null")) {
                assertTrue(rs.next());
                assertEquals(2L, rs.getLong(1));
                assertEquals("integer", rs.getString(2));
                assertEquals(2.0, rs.getDouble(3));
                assertEquals("real", rs.getString(4));
                assertEquals("x", rs.getString(5));
                assertEquals("blob", rs.getString(6));
                assertEquals("02", rs.getString(7));
                assertEquals(1, rs.getInt(8));
            }
            assertTrue(seen.containsAll(List.of("Long", "Double", "String", "byte[]", "null")), seen.toString());
            // A NaN, returned or bound, is NULL (sqlite3_result_double, sqlite3_bind_double).
            c.createFunction("nan", 0, false, args -> Double.NaN);
            try (PreparedStatement nan = c.prepareStatement("select typeof(nan()), typeof(?)")) {
                nan.setDouble(1, Double.NaN);
                try (ResultSet rs = nan.executeQuery()) {
                    assertTrue(rs.next());
                    assertEquals("null", rs.getString(1));
                    assertEquals("null", rs.getString(2));
                }
            }
            s.executeUpdate("create table t(g, x)");
            s.executeUpdate("insert into t values (1, 2), (1, 3.5), (2, 4), (2, null), (2, 5)");
            try (ResultSet rs = s.executeQuery("select g, product(x) from t where x is not null group by g order by g")) {
                assertTrue(rs.next());
                assertEquals(7.0, rs.getDouble(2));
                assertTrue(rs.next());
                assertEquals(20.0, rs.getDouble(2));
                assertFalse(rs.next());
            }
            // A function that runs SQL on the same connection: the driver's calls nest.
            c.createFunction("rows_below", 1, false, args -> {
                try (PreparedStatement inner = c.prepareStatement("select count(*) from t where x < ?")) {
                    inner.setObject(1, args[0]);
                    try (ResultSet rs = inner.executeQuery()) {
                        return rs.next() ? rs.getLong(1) : null;
                    }
                } catch (SQLException e) {
                    throw new IllegalStateException(e);
                }
            });
            try (ResultSet rs = s.executeQuery("select x, rows_below(x) from t where x is not null order by x")) {
                long[] expected = {0, 1, 2, 3};
                for (long below : expected) {
                    assertTrue(rs.next());
                    assertEquals(below, rs.getLong(2), "rows below " + rs.getObject(1));
                }
                assertFalse(rs.next());
            }
            SQLException e = assertThrows(SQLException.class, () -> s.executeQuery("select fail()"));
            assertTrue(e.getMessage().contains("no such luck"), e.getMessage());
            // the connection stays usable
            assertEquals(5, count(c, "select count(*) from t"));
        }
    }
}
