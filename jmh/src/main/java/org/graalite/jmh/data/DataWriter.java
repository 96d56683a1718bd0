package org.graalite.jmh.data;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes the same rows into a new SQLite file (through sqlite-jdbc) and a new H2 file, in one
 * pass over a generator. Values: Integer/Long, Double (DECIMAL columns, two decimals), String,
 * LocalDate (ISO text in SQLite, DATE in H2).
 */
public final class DataWriter implements AutoCloseable {
    private static final int BATCH = 2000;

    private final Connection sqlite;
    private final Connection h2;
    private final Map<Table, PreparedStatement[]> inserts = new HashMap<>();
    private final Map<Table, Integer> pending = new HashMap<>();
    private final Map<String, Long> counts = new LinkedHashMap<>();

    private DataWriter(Connection sqlite, Connection h2) {
        this.sqlite = sqlite;
        this.h2 = h2;
    }

    /** What a data set's content is, written by {@link #insert}. */
    @FunctionalInterface
    public interface Generator {
        void generate(DataWriter out) throws SQLException;
    }

    /**
     * The data set {@code name} in {@code directory}: loaded if complete, otherwise generated
     * (tables, rows, then the statements of {@code afterLoad}, e.g. indexes, in both databases).
     */
    public static synchronized Dataset ensure(Path directory, String name, String description, List<Table> tables, Generator generator, List<String> afterLoad) {
        Dataset existing = Dataset.load(directory, name);
        if (existing != null) {
            return existing;
        }
        try {
            Files.createDirectories(directory);
            Path sqliteTmp = directory.resolve(name + ".db.tmp");
            Path h2TmpBase = directory.resolve(name + "-tmp");
            Path h2TmpFile = directory.resolve(name + "-tmp.mv.db");
            Files.deleteIfExists(sqliteTmp);
            Files.deleteIfExists(h2TmpFile);
            long start = System.nanoTime();
            System.err.println("[graalite bench] generating " + name + " (" + description + ") in " + directory);
            Map<String, Long> counts;
            try (Connection s = DriverManager.getConnection("jdbc:sqlite:" + sqliteTmp.toAbsolutePath()); Connection h = DriverManager.getConnection("jdbc:h2:file:" + h2TmpBase.toAbsolutePath());
                            DataWriter w = new DataWriter(s, h)) {
                try (Statement st = s.createStatement()) {
                    st.execute("PRAGMA journal_mode=OFF");
                    st.execute("PRAGMA synchronous=OFF");
                }
                s.setAutoCommit(false);
                h.setAutoCommit(false);
                for (Table t : tables) {
                    w.create(t);
                }
                generator.generate(w);
                w.flushAll();
                s.commit();
                h.commit();
                counts = w.counts;
                try (Statement ss = s.createStatement(); Statement hs = h.createStatement()) {
                    for (String sql : afterLoad) {
                        ss.execute(sql);
                        hs.execute(sql);
                    }
                    s.commit();
                    h.commit();
                    s.setAutoCommit(true);
                    ss.execute("ANALYZE");
                    hs.execute("ANALYZE");
                    h.commit();
                    hs.execute("SHUTDOWN COMPACT");
                }
            }
            Files.move(sqliteTmp, directory.resolve(name + ".db"), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            Files.move(h2TmpFile, directory.resolve(name + ".mv.db"), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            Dataset.writeProperties(directory, name, counts, description);
            System.err.printf("[graalite bench] generated %s in %.1f s: %s%n", name, (System.nanoTime() - start) / 1e9, counts);
            return Dataset.load(directory, name);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot generate " + name + " in " + directory, e);
        }
    }

    /**
     * A data set derived from {@code base} by copying its files and running {@code statements}
     * (e.g. CREATE INDEX) in both databases, then ANALYZE.
     */
    public static synchronized Dataset derive(Dataset base, String name, String description, List<String> statements) {
        Path directory = base.sqlite.getParent();
        Dataset existing = Dataset.load(directory, name);
        if (existing != null) {
            return existing;
        }
        try {
            Path sqliteTmp = directory.resolve(name + ".db.tmp");
            Path h2TmpBase = directory.resolve(name + "-tmp");
            Path h2TmpFile = directory.resolve(name + "-tmp.mv.db");
            Files.copy(base.sqlite, sqliteTmp, StandardCopyOption.REPLACE_EXISTING);
            Files.copy(base.h2File(), h2TmpFile, StandardCopyOption.REPLACE_EXISTING);
            long start = System.nanoTime();
            System.err.println("[graalite bench] deriving " + name + " (" + description + ") from " + base.name);
            try (Connection s = DriverManager.getConnection("jdbc:sqlite:" + sqliteTmp.toAbsolutePath()); Connection h = DriverManager.getConnection("jdbc:h2:file:" + h2TmpBase.toAbsolutePath());
                            Statement ss = s.createStatement(); Statement hs = h.createStatement()) {
                ss.execute("PRAGMA journal_mode=OFF");
                for (String sql : statements) {
                    ss.execute(sql);
                    hs.execute(sql);
                }
                ss.execute("ANALYZE");
                hs.execute("ANALYZE");
                hs.execute("SHUTDOWN COMPACT");
            }
            Files.move(sqliteTmp, directory.resolve(name + ".db"), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            Files.move(h2TmpFile, directory.resolve(name + ".mv.db"), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            Dataset.writeProperties(directory, name, base.rowCounts(), description);
            System.err.printf("[graalite bench] derived %s in %.1f s%n", name, (System.nanoTime() - start) / 1e9);
            return Dataset.load(directory, name);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot derive " + name, e);
        }
    }

    private void create(Table t) throws SQLException {
        try (Statement s = sqlite.createStatement(); Statement h = h2.createStatement()) {
            s.execute(t.sqliteDdl());
            h.execute(t.h2Ddl());
        }
        inserts.put(t, new PreparedStatement[]{sqlite.prepareStatement(t.insertSql(false)), h2.prepareStatement(t.insertSql(true))});
        pending.put(t, 0);
        counts.put(t.name(), 0L);
    }

    /** Adds one row of {@code table}, values in column order. */
    public void insert(Table table, Object... values) throws SQLException {
        PreparedStatement[] ps = inserts.get(table);
        for (int i = 0; i < values.length; i++) {
            Object v = values[i];
            int p = i + 1;
            switch (v) {
                case Integer n -> {
                    ps[0].setInt(p, n);
                    ps[1].setInt(p, n);
                }
                case Long n -> {
                    ps[0].setLong(p, n);
                    ps[1].setLong(p, n);
                }
                case Double d -> {
                    ps[0].setDouble(p, d);
                    ps[1].setBigDecimal(p, BigDecimal.valueOf(d).setScale(2, RoundingMode.HALF_EVEN));
                }
                case String s -> {
                    ps[0].setString(p, s);
                    ps[1].setString(p, s);
                }
                case LocalDate d -> {
                    ps[0].setString(p, d.toString());
                    ps[1].setObject(p, d);
                }
                default -> throw new IllegalArgumentException("unsupported value " + v + " for " + table.name());
            }
        }
        ps[0].addBatch();
        ps[1].addBatch();
        counts.merge(table.name(), 1L, Long::sum);
        int n = pending.merge(table, 1, Integer::sum);
        if (n >= BATCH) {
            flush(table);
        }
    }

    private void flush(Table t) throws SQLException {
        if (pending.get(t) > 0) {
            PreparedStatement[] ps = inserts.get(t);
            ps[0].executeBatch();
            ps[1].executeBatch();
            pending.put(t, 0);
        }
    }

    private void flushAll() throws SQLException {
        for (Table t : inserts.keySet()) {
            flush(t);
        }
    }

    @Override
    public void close() throws SQLException {
        for (PreparedStatement[] ps : inserts.values()) {
            ps[0].close();
            ps[1].close();
        }
    }
}
