package org.graalite.jmh.boundary;

import java.nio.file.Files;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;

import org.graalite.jdbc.GraaliteConnection;
import org.graalite.jdbc.SqlAggregate;
import org.graalite.jmh.data.Dataset;
import org.sqlite.Function;

/**
 * sqlite-jdbc, H2 (lazy, no result reuse) and Graalite's JDBC driver (sql.Tier=auto, or native
 * for graalite-jdbc-native): the same
 * workload loops in Java over JDBC; only the functions are registered through each driver's
 * own API.
 */
final class JdbcBoundary implements Boundary.Run {
    private final Connection connection;
    private final Op op;

    interface Op {
        long run() throws SQLException;
    }

    JdbcBoundary(String system, String workload, Dataset data, int fillRows) throws Exception {
        boolean h2 = system.equals("h2");
        boolean graalite = system.startsWith("graalite-jdbc");
        String sqliteUrl = graalite ? "jdbc:graalite:" : "jdbc:sqlite:";
        boolean fill = workload.equals("filltable");
        String url;
        if (fill) {
            url = h2 ? "jdbc:h2:mem:" + Dataset.H2_SETTINGS : sqliteUrl + ":memory:";
        } else if (h2) {
            // a private copy: the functions are schema objects in H2
            url = data.copyTo(Files.createTempDirectory("graalite-boundary")).h2Url();
        } else {
            url = sqliteUrl + data.sqlite.toAbsolutePath();
        }
        java.util.Properties properties = new java.util.Properties();
        // Measured: a hot statement's tier from its first execution (see BenchSystem).
        properties.setProperty("sql.TruffleTierAfter", "0");
        if (system.equals("graalite-jdbc-native")) {
            properties.setProperty("sql.Tier", "native");
        }
        connection = DriverManager.getConnection(url, properties);
        Connection c = connection;
        switch (workload) {
            case "select" -> {
                PreparedStatement ps = c.prepareStatement(Sql.SELECT);
                op = () -> {
                    long s = 0;
                    try (ResultSet rs = ps.executeQuery()) {
                        while (rs.next()) {
                            s += Sql.cents(rs.getDouble(1)) + Sql.cents(rs.getDouble(2)) + Sql.cents(rs.getDouble(3));
                        }
                    }
                    return s;
                };
            }
            case "innerjoin" -> {
                PreparedStatement ps = c.prepareStatement(Sql.INNERJOIN);
                op = () -> {
                    Map<Long, Object[]> m = new HashMap<>();
                    try (ResultSet rs = ps.executeQuery()) {
                        while (rs.next()) {
                            m.put(rs.getLong(1), new Object[]{rs.getDouble(2), rs.getString(3), rs.getString(4)});
                        }
                    }
                    return joinChecksum(m);
                };
            }
            case "pythonjoin" -> {
                PreparedStatement orders = c.prepareStatement(Sql.ORDERS);
                PreparedStatement customer = c.prepareStatement(Sql.CUSTOMER);
                PreparedStatement nation = c.prepareStatement(Sql.NATION);
                op = () -> {
                    Map<Long, Object[]> m = new HashMap<>();
                    try (ResultSet rs = orders.executeQuery()) {
                        while (rs.next()) {
                            customer.setLong(1, rs.getLong(2));
                            try (ResultSet cr = customer.executeQuery()) {
                                while (cr.next()) {
                                    nation.setLong(1, cr.getLong(2));
                                    try (ResultSet nr = nation.executeQuery()) {
                                        while (nr.next()) {
                                            m.put(rs.getLong(1), new Object[]{rs.getDouble(3), cr.getString(1), nr.getString(1)});
                                        }
                                    }
                                }
                            }
                        }
                    }
                    return joinChecksum(m);
                };
            }
            case "pyfunction", "pyaggregate" -> {
                boolean function = workload.equals("pyfunction");
                if (h2) {
                    try (Statement s = c.createStatement()) {
                        s.execute(function ? "CREATE ALIAS IF NOT EXISTS myabs FOR 'org.graalite.jmh.boundary.H2Sum.abs'"
                                        : "CREATE AGGREGATE IF NOT EXISTS mysum FOR 'org.graalite.jmh.boundary.H2Sum'");
                    }
                } else if (graalite) {
                    GraaliteConnection g = c.unwrap(GraaliteConnection.class);
                    if (function) {
                        g.createFunction("myabs", 1, true, a -> {
                            if (a[0] instanceof Long x) {
                                return x < 0 ? -x : x;
                            }
                            double x = ((Number) a[0]).doubleValue();
                            return x < 0 ? -x : x;
                        });
                    } else {
                        g.createAggregate("mysum", 1, () -> new SqlAggregate() {
                            private double sum;

                            @Override
                            public void step(Object[] a) {
                                sum += ((Number) a[0]).doubleValue();
                            }

                            @Override
                            public Object finish() {
                                return sum;
                            }
                        });
                    }
                } else if (function) {
                    Function.create(c, "myabs", new Function() {
                        @Override
                        protected void xFunc() throws SQLException {
                            if (value_type(0) == 1) { // SQLITE_INTEGER
                                long x = value_long(0);
                                result(x < 0 ? -x : x);
                            } else {
                                double x = value_double(0);
                                result(x < 0 ? -x : x);
                            }
                        }
                    }, 1, Function.FLAG_DETERMINISTIC);
                } else {
                    Function.create(c, "mysum", new Function.Aggregate() {
                        private double sum;

                        @Override
                        protected void xStep() throws SQLException {
                            sum += value_double(0);
                        }

                        @Override
                        protected void xFinal() throws SQLException {
                            result(sum);
                            sum = 0;
                        }
                    });
                }
                PreparedStatement ps = c.prepareStatement(function ? Sql.PYFUNCTION : Sql.PYAGGREGATE);
                op = () -> {
                    try (ResultSet rs = ps.executeQuery()) {
                        rs.next();
                        return Math.round(rs.getDouble(1));
                    }
                };
            }
            case "filltable" -> {
                try (Statement s = c.createStatement()) {
                    s.execute(Sql.FILL_CREATE);
                }
                c.setAutoCommit(false);
                PreparedStatement delete = c.prepareStatement(Sql.FILL_DELETE);
                PreparedStatement insert = c.prepareStatement(Sql.FILL_INSERT);
                PreparedStatement read = c.prepareStatement(Sql.FILL_READ);
                op = () -> {
                    delete.executeUpdate();
                    for (long i = 0; i < fillRows; i++) {
                        insert.setLong(1, i);
                        insert.setDouble(2, Sql.fillB(i));
                        insert.setString(3, "row" + i);
                        insert.executeUpdate();
                    }
                    c.commit();
                    long s = 0;
                    try (ResultSet rs = read.executeQuery()) {
                        while (rs.next()) {
                            s += rs.getLong(1) + Sql.cents(rs.getDouble(2)) + rs.getString(3).length();
                        }
                    }
                    c.commit();
                    return s;
                };
            }
            default -> throw new IllegalArgumentException("unknown workload " + workload);
        }
    }

    static long joinChecksum(Map<Long, Object[]> m) {
        long s = m.size();
        for (Map.Entry<Long, Object[]> e : m.entrySet()) {
            Object[] v = e.getValue();
            s += e.getKey() + Sql.cents((Double) v[0]) + ((String) v[1]).length() + ((String) v[2]).length();
        }
        return s;
    }

    @Override
    public String tierStatistics() {
        try {
            if (!connection.isWrapperFor(GraaliteConnection.class)) {
                return null;
            }
            long[] t = connection.unwrap(GraaliteConnection.class).tierExecutions();
            return "native " + t[1] + ", truffle " + t[0];
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public long run() {
        try {
            return op.run();
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
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
