package org.graalite.jdbc;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * A rough timing of the driver against sqlite-jdbc, run on demand only
 * ({@code -Dgraalite.jdbc.speed=true}); speed is measured properly in jmh/. Prints seconds for
 * inserting rows in one transaction with a prepared statement, and for scanning them.
 */
@EnabledIfSystemProperty(named = "graalite.jdbc.speed", matches = "true")
class JdbcSpeedProbe {
    static {
        TestSupport.init();
    }

    private static final int ROWS = Integer.getInteger("graalite.jdbc.speed.rows", 200_000);

    @Test
    void compare() throws Exception {
        for (int round = 0; round < 3; round++) {
            run("jdbc:sqlite::memory:", new Properties());
            run("jdbc:graalite::memory:", TestSupport.graaliteProperties());
        }
    }

    private static void run(String url, Properties properties) throws SQLException {
        try (Connection c = DriverManager.getConnection(url, properties)) {
            Statement s = c.createStatement();
            s.executeUpdate("create table t(id integer primary key, r real, s text)");
            c.setAutoCommit(false);
            long t0 = System.nanoTime();
            try (PreparedStatement ps = c.prepareStatement("insert into t values(?, ?, ?)")) {
                for (int i = 0; i < ROWS; i++) {
                    ps.setInt(1, i);
                    ps.setDouble(2, i * 0.5);
                    ps.setString(3, "row");
                    ps.executeUpdate();
                }
            }
            c.commit();
            long t1 = System.nanoTime();
            try (PreparedStatement ps = c.prepareStatement("insert into t values(?, ?, ?)")) {
                for (int i = 0; i < ROWS; i++) {
                    ps.setInt(1, ROWS + i);
                    ps.setDouble(2, i * 0.5);
                    ps.setString(3, "row");
                    ps.addBatch();
                }
                ps.executeBatch();
            }
            c.commit();
            long t2 = System.nanoTime();
            double sum = 0;
            long n = 0;
            try (ResultSet rs = s.executeQuery("select id, r, s from t")) {
                while (rs.next()) {
                    sum += rs.getLong(1) + rs.getDouble(2) + rs.getString(3).length();
                    n++;
                }
            }
            long t3 = System.nanoTime();
            System.out.printf("%-24s insert %.3f s  batch %.3f s  scan of %d rows %.3f s (%.0f ns/row)  [%s]%n", url, (t1 - t0) / 1e9, (t2 - t1) / 1e9, n, (t3 - t2) / 1e9,
                            (t3 - t2) / (double) n, sum > 0 ? "ok" : "?");
        }
    }
}
