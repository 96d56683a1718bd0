package org.graalite.jmh;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The benchmarks' data: {@code testdata(id INTEGER PRIMARY KEY, x REAL, y REAL)} with ids
 * 1..rows, once as a SQLite file (read by Graalite, sqlite-jdbc and the native C baseline) and
 * once as an H2 file database. Both are created on first use (SQLite through sqlite-jdbc) and
 * reused afterwards; a file appears under its final name only when it is complete.
 *
 * <p>Directory: the system property {@code graalite.bench.data}, by default
 * {@code ~/.cache/graalite/bench} (outside target/, so {@code mvn clean} keeps it).
 */
public final class TestData {
    /** Bump when the table's shape or content changes, so stale files are not reused. */
    private static final String VERSION = "v1";

    /** H2 settings that make it do the work on every execution (RUNTIME-NOTES.md): no cached result reuse, no spilling of large results to a temporary file. */
    public static final String H2_SETTINGS = ";LAZY_QUERY_EXECUTION=TRUE;OPTIMIZE_REUSE_RESULTS=FALSE";

    public final int rows;
    /** The SQLite database file. */
    public final Path sqlite;
    /** The H2 database, as H2 names it: the path without its ".mv.db" suffix. */
    public final Path h2;

    private TestData(int rows, Path sqlite, Path h2) {
        this.rows = rows;
        this.sqlite = sqlite;
        this.h2 = h2;
    }

    public static Path defaultDirectory() {
        String dir = System.getProperty("graalite.bench.data");
        return dir != null ? Path.of(dir) : Path.of(System.getProperty("user.home"), ".cache", "graalite", "bench");
    }

    /** The sum of the ids 1..rows, what {@code SELECT id FROM testdata} sums to. */
    public long idSum() {
        return (long) rows * (rows + 1) / 2;
    }

    /** The JDBC URL of the H2 database, with {@link #H2_SETTINGS}. */
    public String h2Url() {
        return "jdbc:h2:file:" + h2.toAbsolutePath() + H2_SETTINGS;
    }

    /** Finds or creates both databases with {@code rows} rows in {@code directory}. */
    public static synchronized TestData ensure(Path directory, int rows) {
        try {
            Files.createDirectories(directory);
            String base = "testdata-" + VERSION + "-" + rows;
            Path sqlite = directory.resolve(base + ".sqlite");
            Path h2 = directory.resolve(base);
            if (!Files.exists(sqlite)) {
                createSqlite(sqlite, rows);
            }
            if (!Files.exists(directory.resolve(base + ".mv.db"))) {
                createH2(directory, base, rows);
            }
            return new TestData(rows, sqlite, h2);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot create the benchmark data in " + directory, e);
        }
    }

    private static void createSqlite(Path file, int rows) throws IOException, SQLException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.deleteIfExists(tmp);
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + tmp.toAbsolutePath()); Statement s = c.createStatement()) {
            s.execute("PRAGMA journal_mode=OFF");
            s.execute("CREATE TABLE testdata(id INTEGER PRIMARY KEY, x REAL, y REAL)");
            try (PreparedStatement insert = c.prepareStatement(
                            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?) INSERT INTO testdata SELECT i, i * 0.5, (i % 1000) / 8.0 FROM n")) {
                insert.setInt(1, rows);
                insert.executeUpdate();
            }
        }
        Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE);
    }

    private static void createH2(Path directory, String base, int rows) throws IOException, SQLException {
        Path tmpBase = directory.resolve(base + "-tmp");
        Files.deleteIfExists(directory.resolve(base + "-tmp.mv.db"));
        try (Connection c = DriverManager.getConnection("jdbc:h2:file:" + tmpBase.toAbsolutePath()); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE testdata(id BIGINT PRIMARY KEY, x DOUBLE PRECISION, y DOUBLE PRECISION)");
            try (PreparedStatement insert = c.prepareStatement("INSERT INTO testdata SELECT X, X * 0.5, MOD(X, 1000) / 8.0 FROM SYSTEM_RANGE(1, ?)")) {
                insert.setInt(1, rows);
                insert.executeUpdate();
            }
            s.execute("SHUTDOWN COMPACT");
        }
        Files.move(directory.resolve(base + "-tmp.mv.db"), directory.resolve(base + ".mv.db"), StandardCopyOption.ATOMIC_MOVE);
    }
}
