package org.graalite.jmh;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.io.IOAccess;

/**
 * One query, prepared once on one of the compared systems, that each operation runs to its
 * last row while the caller sums the first column. Setup (opening, preparing) happens in
 * {@link #open}; {@link #sumFirstColumn()} is what the benchmarks time.
 */
public interface QueryLoop extends AutoCloseable {
    /** The systems compared, as the benchmarks' {@code system} parameter names them. */
    List<String> SYSTEMS = List.of("graalite", "graalite-jdbc", "sqlite-jdbc", "h2", "native-c");

    /** Runs the query once; the sum of its first column over all rows. */
    long sumFirstColumn();

    /** What the system is and how it is set up, for the benchmark's log. */
    String describe();

    @Override
    void close();

    /**
     * Opens {@code system} on {@code data} and prepares {@code sql}.
     *
     * @param tier Graalite's {@code sql.Tier} (ignored by the other systems)
     */
    static QueryLoop open(String system, TestData data, String sql, String tier) {
        try {
            return switch (system) {
                case "graalite" -> new Graalite(data, sql, tier);
                case "graalite-jdbc" -> {
                    java.util.Properties p = new java.util.Properties();
                    p.setProperty("sql.Tier", tier);
                    p.setProperty("sql.TruffleTierAfter", "0");
                    yield new Jdbc(DriverManager.getConnection("jdbc:graalite:" + data.sqlite.toAbsolutePath(), p), sql, "Graalite JDBC driver, sql.Tier=" + tier);
                }
                case "sqlite-jdbc" -> {
                    Connection c = DriverManager.getConnection("jdbc:sqlite:" + data.sqlite.toAbsolutePath());
                    yield new Jdbc(c, sql, "sqlite-jdbc " + org.sqlite.SQLiteJDBCLoader.getVersion() + ", its bundled SQLite's compile options: " + compileOptions(c));
                }
                case "h2" -> new Jdbc(DriverManager.getConnection(data.h2Url()), sql, "H2 " + org.h2.engine.Constants.FULL_VERSION + ", embedded file, " + TestData.H2_SETTINGS.substring(1));
                case "native-c" -> new NativeC(data, sql);
                default -> throw new IllegalArgumentException("unknown system " + system + "; one of " + SYSTEMS);
            };
        } catch (SQLException e) {
            throw new IllegalStateException("cannot open " + system, e);
        }
    }

    /** SQLite's compile-time options on a JDBC connection to SQLite ({@code PRAGMA compile_options}). */
    static String compileOptions(Connection connection) throws SQLException {
        StringBuilder sb = new StringBuilder();
        try (var s = connection.createStatement(); ResultSet rs = s.executeQuery("PRAGMA compile_options")) {
            while (rs.next()) {
                sb.append(sb.isEmpty() ? "" : " ").append(rs.getString(1));
            }
        }
        return sb.toString();
    }

    /**
     * Graalite from Java through the polyglot API: the statement is prepared once through the
     * connection object ({@code prepare}), executed per operation, and its rows are read with
     * the Value API inside an explicitly entered context (RUNTIME-NOTES.md: each Value call
     * is cheaper with the context entered).
     */
    final class Graalite implements QueryLoop {
        private final Context context;
        private final Value statement;
        private final String tier;

        Graalite(TestData data, String sql, String tier) {
            this.tier = tier;
            context = Context.newBuilder("sql").allowNativeAccess(true).allowIO(IOAccess.ALL).option("sql.Database", data.sqlite.toAbsolutePath().toString()).option("sql.Tier", tier).option("sql.TruffleTierAfter", "0").build();
            String implementation = context.getEngine().getImplementationName();
            if (implementation.equals("Interpreted")) {
                context.close();
                throw new IllegalStateException("the Truffle runtime is the fallback one (Interpreted): start the JVM with the Graal flags (bin/jmh does)");
            }
            statement = context.getBindings("sql").invokeMember("prepare", sql);
            if (Boolean.getBoolean("graalite.jmh.multiThreaded")) {
                // -Dgraalite.jmh.multiThreaded=true (with -jvmArgsAppend): a second thread enters
                // the context while this one is in it, once, so that the engine runs as in a
                // program with threads: every call into a connection takes its lock (ConnectionLock).
                context.enter();
                try {
                    Thread other = new Thread(() -> {
                        context.enter();
                        context.leave();
                    });
                    other.start();
                    other.join();
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                } finally {
                    context.leave();
                }
            }
        }

        @Override
        public long sumFirstColumn() {
            context.enter();
            try {
                Value result = statement.execute();
                long sum = 0;
                while (result.hasIteratorNextElement()) {
                    sum += result.getIteratorNextElement().getArrayElement(0).asLong();
                }
                return sum;
            } finally {
                context.leave();
            }
        }

        /** How many executions each tier ran, as the connection object counts them. */
        public String tierStatistics() {
            Value db = context.getBindings("sql");
            return "native " + db.getMember("nativeExecutions").asLong() + ", truffle " + db.getMember("truffleExecutions").asLong();
        }

        @Override
        public String describe() {
            Value db = context.getBindings("sql");
            StringBuilder options = new StringBuilder();
            for (Value row : iterable(context.eval("sql", "PRAGMA compile_options"))) {
                options.append(options.isEmpty() ? "" : " ").append(row.getArrayElement(0).asString());
            }
            return "Graalite (sql.Tier=" + tier + ", runtime " + context.getEngine().getImplementationName() + ", SQLite " + db.getMember("sqliteVersion").asString() +
                            ", its native library's compile options: " + options + ")";
        }

        private static Iterable<Value> iterable(Value result) {
            return () -> new java.util.Iterator<>() {
                @Override
                public boolean hasNext() {
                    return result.hasIteratorNextElement();
                }

                @Override
                public Value next() {
                    return result.getIteratorNextElement();
                }
            };
        }

        @Override
        public void close() {
            context.close();
        }
    }

    /** A JDBC driver: one PreparedStatement, executeQuery per operation, getLong(1) per row. */
    final class Jdbc implements QueryLoop {
        private final Connection connection;
        private final PreparedStatement statement;
        private final String description;

        Jdbc(Connection connection, String sql, String description) throws SQLException {
            this.connection = connection;
            this.statement = connection.prepareStatement(sql);
            this.description = description;
        }

        @Override
        public long sumFirstColumn() {
            try (ResultSet rs = statement.executeQuery()) {
                long sum = 0;
                while (rs.next()) {
                    sum += rs.getLong(1);
                }
                return sum;
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
                statement.close();
                connection.close();
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    /** SQLite's API loop in C ({@code sqlite3_step}, {@code sqlite3_column_int64}), one FFM downcall per operation. */
    final class NativeC implements QueryLoop {
        private final NativeBaseline.Query query;

        NativeC(TestData data, String sql) {
            query = new NativeBaseline.Query(data.sqlite, sql);
        }

        @Override
        public long sumFirstColumn() {
            return query.sum();
        }

        @Override
        public String describe() {
            return "native C loop over SQLite's API, compile options: " + NativeBaseline.compileOptions();
        }

        @Override
        public void close() {
            query.close();
        }
    }
}
