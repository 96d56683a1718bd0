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
 * ({@code -Dgraalite.jdbc.speed=true}); speed is measured properly in jmh/. For each driver, on
 * one in-memory connection, ten rounds of: inserting rows one executeUpdate at a time in one
 * transaction, inserting them again as one batch, and scanning them with three getters a row.
 * Prints nanoseconds per row for each round (the first rounds include warm-up).
 */
@EnabledIfSystemProperty(named = "graalite.jdbc.speed", matches = "true")
class JdbcSpeedProbe {
    private static final int ROWS = Integer.getInteger("graalite.jdbc.speed.rows", 100_000);

    @Test
    void compare() throws Exception {
        run("jdbc:sqlite::memory:", new Properties());
        run("jdbc:graalite::memory:", TestSupport.graaliteProperties());
    }

    private static void run(String url, Properties properties) throws SQLException {
        try (Connection c = DriverManager.getConnection(url, properties)) {
            Statement s = c.createStatement();
            s.executeUpdate("create table t(id integer primary key, r real, s text)");
            c.setAutoCommit(false);
            PreparedStatement insert = c.prepareStatement("insert into t values(?, ?, ?)");
            PreparedStatement scan = c.prepareStatement("select id, r, s from t");
            for (int round = 0; round < 10; round++) {
                s.executeUpdate("delete from t");
                c.commit();
                long t0 = System.nanoTime();
                for (int i = 0; i < ROWS; i++) {
                    insert.setInt(1, i);
                    insert.setDouble(2, i * 0.5);
                    insert.setString(3, "row");
                    insert.executeUpdate();
                }
                c.commit();
                long t1 = System.nanoTime();
                for (int i = 0; i < ROWS; i++) {
                    insert.setInt(1, ROWS + i);
                    insert.setDouble(2, i * 0.5);
                    insert.setString(3, "row");
                    insert.addBatch();
                }
                insert.executeBatch();
                c.commit();
                long t2 = System.nanoTime();
                long n = 0;
                double sum = 0;
                try (ResultSet rs = scan.executeQuery()) {
                    while (rs.next()) {
                        sum += rs.getLong(1) + rs.getDouble(2) + rs.getString(3).length();
                        n++;
                    }
                }
                long t3 = System.nanoTime();
                System.out.printf("%-24s round %d: executeUpdate %d ns/row, batch %d ns/row, scan %d ns/row (%d rows%s)%n", url, round, (t1 - t0) / ROWS, (t2 - t1) / ROWS,
                                (t3 - t2) / n, n, sum > 0 ? "" : ", no sum");
            }
        }
    }
}
