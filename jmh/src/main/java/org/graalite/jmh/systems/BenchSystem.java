package org.graalite.jmh.systems;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Properties;

import org.graalite.jmh.NativeBaseline;
import org.graalite.jmh.data.Dataset;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Engine;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.io.IOAccess;

/**
 * One of the compared systems, open on a data set: prepares statements and runs them, every
 * value of every row read by the caller and folded into a {@link Digest}.
 * <ul>
 * <li>{@code graalite}: the polyglot API from Java; statements prepared once through the
 * connection object, executed per operation, rows read with the Value API with the context
 * entered; all contexts of a JVM share one Engine (compiled code is per engine);
 * <li>{@code graalite-jdbc}: Graalite's JDBC driver ({@code jdbc:graalite:}), sql.Tier passed
 * as a connection property;
 * <li>{@code sqlite-jdbc}: org.xerial sqlite-jdbc 3.54.1.0 (its bundled SQLite 3.54.1);
 * <li>{@code h2}: H2 2.5 embedded, file, {@link Dataset#H2_SETTINGS};
 * <li>{@code native-c}: SQLite's C API loop of native_baseline.c through one FFM downcall per
 * operation, built from the same amalgamation with Graalite's compile options.
 * </ul>
 * JDBC systems read values with {@code getObject}, the Graalite polyglot one with
 * {@code getArrayElement} and {@code fitsInLong}/{@code asLong}/{@code asDouble}/{@code asString}.
 */
public abstract class BenchSystem implements AutoCloseable {
    public static final List<String> NAMES = List.of("graalite", "graalite-jdbc", "sqlite-jdbc", "h2", "native-c");

    /** Pragmas of the SQLite systems for workloads that write (TATP): WAL, no fsync per commit (H2 does not sync each commit either). */
    public static final String WRITE_PRAGMAS = "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL";

    private static Engine sharedEngine;

    /** Graalite's sql.TruffleTierAfter in the benchmarks (see {@link #open}). */
    private static final String TRUFFLE_TIER_AFTER = System.getProperty("graalite.bench.truffleTierAfter", "0");

    public final String name;

    protected BenchSystem(String name) {
        this.name = name;
    }

    /** A prepared query: each {@link #run} executes it once and reads every value. */
    public interface Query extends AutoCloseable {
        void run(Digest d);

        @Override
        void close();
    }

    /** A prepared statement with parameters, for transactional workloads. */
    public interface Statement2 {
        /** Runs a query with the given parameters, reading every row into {@code d}; returns the first column of the last row (or -1 without rows). */
        long query(Digest d, Object... args);

        /** Runs a write; the number of changed rows. Throws {@link ConstraintViolation} when a constraint fails. */
        int update(Object... args);
    }

    /** A constraint failed (e.g. a duplicate primary key). */
    public static final class ConstraintViolation extends RuntimeException {
        private static final long serialVersionUID = 1L;

        ConstraintViolation(Throwable cause) {
            super(cause.getMessage(), cause);
        }
    }

    public static BenchSystem open(String system, String tier, Dataset data) {
        return open(system, tier, data, false);
    }

    /**
     * Opens {@code system} on {@code data}.
     *
     * Graalite runs each statement on the tier of a hot statement from its first execution
     * (sql.TruffleTierAfter=0): by default sql.Tier=auto runs a statement's first 50
     * executions on SQLite's VDBE, which a warm-up of a few long executions would measure.
     * The system property graalite.bench.truffleTierAfter sets another count (to measure a
     * default user's warm-up: 50, iterations without warm-up, {@code -wi 0}).
     *
     * @param tier Graalite's sql.Tier (auto, truffle or native); the other systems ignore it
     * @param write whether the workload writes (SQLite systems get {@link #WRITE_PRAGMAS})
     */
    public static BenchSystem open(String system, String tier, Dataset data, boolean write) {
        try {
            return switch (system) {
                case "graalite" -> new GraalitePolyglot(data, tier, write);
                case "graalite-jdbc" -> {
                    Properties p = new Properties();
                    p.setProperty("sql.Tier", tier);
                    p.setProperty("sql.TruffleTierAfter", TRUFFLE_TIER_AFTER);
                    p.setProperty("jdbc.get_generated_keys", "false");
                    yield new Jdbc(system, DriverManager.getConnection("jdbc:graalite:" + data.sqlite.toAbsolutePath(), p), write, "Graalite JDBC, sql.Tier=" + tier);
                }
                case "sqlite-jdbc" -> {
                    Properties p = new Properties();
                    p.setProperty("jdbc.get_generated_keys", "false");
                    yield new Jdbc(system, DriverManager.getConnection("jdbc:sqlite:" + data.sqlite.toAbsolutePath(), p), write,
                                    "sqlite-jdbc " + org.sqlite.SQLiteJDBCLoader.getVersion());
                }
                case "h2" -> new Jdbc(system, DriverManager.getConnection(data.h2Url()), false, "H2 " + org.h2.engine.Constants.FULL_VERSION + " embedded file" + Dataset.H2_SETTINGS);
                case "native-c" -> new NativeC(data, write);
                default -> throw new IllegalArgumentException("unknown system " + system + "; one of " + NAMES);
            };
        } catch (SQLException e) {
            throw new IllegalStateException("cannot open " + system + " on " + data.name, e);
        }
    }

    public boolean isH2() {
        return name.equals("h2");
    }

    public abstract Query prepare(String sql);

    public abstract Statement2 statement(String sql);

    public abstract void begin();

    public abstract void commit();

    public abstract void rollback();

    /** Runs TATP transactions (6 integers each); the Java systems share {@link Tatp#run}, native-c runs them in C. */
    public void tatp(Tatp tatp, long[] txns, Digest d) {
        tatp.run(this, txns, d);
    }

    /** Enters and leaves the system around a whole operation (the polyglot context). */
    public void enter() {
    }

    public void leave() {
    }

    public abstract String describe();

    /** For Graalite: how many executions each tier ran; null for the other systems. */
    public String tierStatistics() {
        return null;
    }

    @Override
    public abstract void close();

    static synchronized Engine engine() {
        if (sharedEngine == null) {
            sharedEngine = Engine.newBuilder("sql").build();
        }
        return sharedEngine;
    }

    /** Graalite through the polyglot API. */
    static final class GraalitePolyglot extends BenchSystem {
        private final Context context;
        private final Value db;
        private final String tier;
        private final Value begin;
        private final Value commit;
        private final Value rollback;

        GraalitePolyglot(Dataset data, String tier, boolean write) {
            super("graalite");
            this.tier = tier;
            context = Context.newBuilder("sql").engine(engine()).allowNativeAccess(true).allowIO(IOAccess.ALL).option("sql.Database", data.sqlite.toAbsolutePath().toString()).option("sql.Tier", tier).option("sql.TruffleTierAfter", TRUFFLE_TIER_AFTER).build();
            if (context.getEngine().getImplementationName().equals("Interpreted")) {
                context.close();
                throw new IllegalStateException("the Truffle runtime is the fallback one (Interpreted): start the JVM with the Graal flags (bin/jmh and bin/bench do)");
            }
            db = context.getBindings("sql");
            if (write) {
                for (String pragma : WRITE_PRAGMAS.split(";")) {
                    Value r = context.eval("sql", pragma.trim());
                    drain(r);
                }
            }
            begin = db.invokeMember("prepare", "BEGIN");
            commit = db.invokeMember("prepare", "COMMIT");
            rollback = db.invokeMember("prepare", "ROLLBACK");
        }

        private static void drain(Value r) {
            if (r != null && r.hasIterator()) {
                while (r.hasIteratorNextElement()) {
                    r.getIteratorNextElement();
                }
            }
        }

        static long read(Value result, Digest d) {
            long first = -1;
            while (result.hasIteratorNextElement()) {
                Value row = result.getIteratorNextElement();
                long n = row.getArraySize();
                d.row();
                for (int i = 0; i < n; i++) {
                    Value v = row.getArrayElement(i);
                    if (v.isNull()) {
                        d.nullValue(i);
                    } else if (v.fitsInLong()) {
                        long x = v.asLong();
                        d.number(i, x);
                        if (i == 0) {
                            first = x;
                        }
                    } else if (v.isNumber()) {
                        d.number(i, v.asDouble());
                    } else if (v.isString()) {
                        d.text(i, v.asString());
                    } else {
                        byte[] b = new byte[(int) v.getBufferSize()];
                        v.readBuffer(0, b, 0, b.length);
                        d.bytes(i, b);
                    }
                }
            }
            return first;
        }

        @Override
        public Query prepare(String sql) {
            Value statement = db.invokeMember("prepare", sql);
            return new Query() {
                @Override
                public void run(Digest d) {
                    context.enter();
                    try {
                        read(statement.execute(), d);
                    } finally {
                        context.leave();
                    }
                }

                @Override
                public void close() {
                    statement.invokeMember("close");
                }
            };
        }

        @Override
        public Statement2 statement(String sql) {
            Value statement = db.invokeMember("prepare", sql);
            return new Statement2() {
                @Override
                public long query(Digest d, Object... args) {
                    return read(statement.execute(args), d);
                }

                @Override
                public int update(Object... args) {
                    try {
                        return (int) statement.execute(args).asLong();
                    } catch (PolyglotException e) {
                        if (e.isGuestException() && e.getMessage() != null && e.getMessage().contains("constraint failed")) {
                            throw new ConstraintViolation(e);
                        }
                        throw e;
                    }
                }
            };
        }

        @Override
        public void enter() {
            context.enter();
        }

        @Override
        public void leave() {
            context.leave();
        }

        @Override
        public void begin() {
            begin.execute();
        }

        @Override
        public void commit() {
            commit.execute();
        }

        @Override
        public void rollback() {
            rollback.execute();
        }

        @Override
        public String describe() {
            return "Graalite polyglot API (sql.Tier=" + tier + ", runtime " + context.getEngine().getImplementationName() + ", SQLite " + db.getMember("sqliteVersion").asString() + ")";
        }

        @Override
        public String tierStatistics() {
            return "native " + db.getMember("nativeExecutions").asLong() + ", truffle " + db.getMember("truffleExecutions").asLong();
        }

        @Override
        public void close() {
            context.close();
        }
    }

    /** A JDBC driver. Queries: one PreparedStatement, executeQuery per operation, getObject per value. */
    static final class Jdbc extends BenchSystem {
        private final Connection connection;
        private final String description;

        Jdbc(String name, Connection connection, boolean write, String description) throws SQLException {
            super(name);
            this.connection = connection;
            this.description = description;
            if (write) {
                try (Statement s = connection.createStatement()) {
                    for (String pragma : WRITE_PRAGMAS.split(";")) {
                        s.execute(pragma.trim());
                    }
                }
                connection.setAutoCommit(false);
            } else if (name.equals("h2")) {
                connection.setAutoCommit(false);
                connection.setAutoCommit(true);
            }
        }

        static long read(ResultSet rs, Digest d) throws SQLException {
            int n = rs.getMetaData().getColumnCount();
            long first = -1;
            while (rs.next()) {
                d.row();
                for (int i = 0; i < n; i++) {
                    Object v = rs.getObject(i + 1);
                    d.value(i, v);
                    if (i == 0 && v instanceof Number num) {
                        first = num.longValue();
                    }
                }
            }
            return first;
        }

        @Override
        public Query prepare(String sql) {
            try {
                PreparedStatement ps = connection.prepareStatement(sql);
                return new Query() {
                    @Override
                    public void run(Digest d) {
                        try (ResultSet rs = ps.executeQuery()) {
                            read(rs, d);
                        } catch (SQLException e) {
                            throw new IllegalStateException(name + ": " + e.getMessage(), e);
                        }
                    }

                    @Override
                    public void close() {
                        try {
                            ps.close();
                        } catch (SQLException e) {
                            throw new IllegalStateException(e);
                        }
                    }
                };
            } catch (SQLException e) {
                throw new IllegalStateException(name + " cannot prepare: " + e.getMessage() + "\n" + sql, e);
            }
        }

        @Override
        public Statement2 statement(String sql) {
            PreparedStatement ps;
            try {
                ps = connection.prepareStatement(sql);
            } catch (SQLException e) {
                throw new IllegalStateException(name + " cannot prepare: " + e.getMessage() + "\n" + sql, e);
            }
            return new Statement2() {
                private void bind(Object[] args) throws SQLException {
                    for (int i = 0; i < args.length; i++) {
                        if (args[i] instanceof Long l) {
                            ps.setLong(i + 1, l);
                        } else if (args[i] instanceof Integer n) {
                            ps.setInt(i + 1, n);
                        } else {
                            ps.setString(i + 1, (String) args[i]);
                        }
                    }
                }

                @Override
                public long query(Digest d, Object... args) {
                    try {
                        bind(args);
                        try (ResultSet rs = ps.executeQuery()) {
                            return read(rs, d);
                        }
                    } catch (SQLException e) {
                        throw new IllegalStateException(name + ": " + e.getMessage(), e);
                    }
                }

                @Override
                public int update(Object... args) {
                    try {
                        bind(args);
                        return ps.executeUpdate();
                    } catch (SQLException e) {
                        String state = e.getSQLState();
                        String message = String.valueOf(e.getMessage());
                        if ((state != null && state.startsWith("23")) || message.contains("constraint failed") || message.contains("SQLITE_CONSTRAINT")) {
                            throw new ConstraintViolation(e);
                        }
                        throw new IllegalStateException(name + ": " + e.getMessage(), e);
                    }
                }
            };
        }

        @Override
        public void begin() {
            // auto-commit is off: the driver opens the transaction itself
        }

        @Override
        public void commit() {
            try {
                connection.commit();
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
        }

        @Override
        public void rollback() {
            try {
                connection.rollback();
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
        }

        @Override
        public String describe() {
            return description;
        }

        @Override
        public void close() {
            try {
                connection.close();
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    /** SQLite's C API loop (native_baseline.c). */
    static final class NativeC extends BenchSystem {
        private final Dataset data;
        private final boolean write;
        private NativeBaseline.Tatp tatp;

        NativeC(Dataset data, boolean write) {
            super("native-c");
            this.data = data;
            this.write = write;
        }

        @Override
        public Query prepare(String sql) {
            NativeBaseline.Query q = new NativeBaseline.Query(data.sqlite, sql);
            return new Query() {
                @Override
                public void run(Digest d) {
                    q.digest(d);
                }

                @Override
                public void close() {
                    q.close();
                }
            };
        }

        @Override
        public void tatp(Tatp t, long[] txns, Digest d) {
            if (tatp == null) {
                tatp = new NativeBaseline.Tatp(data.sqlite, write ? WRITE_PRAGMAS : "");
            }
            tatp.run(txns, d);
        }

        @Override
        public Statement2 statement(String sql) {
            throw new UnsupportedOperationException("native-c runs whole workloads in C");
        }

        @Override
        public void begin() {
            throw new UnsupportedOperationException();
        }

        @Override
        public void commit() {
            throw new UnsupportedOperationException();
        }

        @Override
        public void rollback() {
            throw new UnsupportedOperationException();
        }

        @Override
        public String describe() {
            return "native C loop over SQLite's API (sqlite3_step, sqlite3_column_*), compile options: " + NativeBaseline.compileOptions();
        }

        @Override
        public void close() {
            if (tatp != null) {
                tatp.close();
            }
        }
    }
}
