import java.sql.*;
import java.util.*;

/** Allocation per JDBC insert for tables of one column type each. */
public class AllocProbe {
    static Object ap;
    static void profiler(String command) throws Exception {
        if (ap == null) {
            ClassLoader l = new java.net.URLClassLoader(new java.net.URL[] {new java.net.URL("file:/tmp/apdl/ap.jar")});
            ap = l.loadClass("one.profiler.AsyncProfiler").getMethod("getInstance", String.class).invoke(null, "/tmp/apdl/linux-x64/libasyncProfiler.so");
        }
        ap.getClass().getMethod("execute", String.class).invoke(ap, command);
    }

    public static void main(String[] args) throws Exception {
        Properties p = new Properties();
        p.setProperty("sql.TruffleTierAfter", "0");
        Connection c = DriverManager.getConnection("jdbc:graalite::memory:", p);
        String[][] cases = {
            {"CREATE TABLE t1 (a INTEGER, b INTEGER)", "INSERT INTO t1 VALUES (?, ?)", "ll"},
            {"CREATE TABLE t2 (a REAL, b REAL)", "INSERT INTO t2 VALUES (?, ?)", "dd"},
            {"CREATE TABLE t3 (a TEXT, b TEXT)", "INSERT INTO t3 VALUES (?, ?)", "ss"},
            {"CREATE TABLE t4 (a BIGINT, b DOUBLE PRECISION, c VARCHAR(32))", "INSERT INTO t4 VALUES (?, ?, ?)", "lds"},
            {"CREATE TABLE t5 (a)", "INSERT INTO t5 VALUES (?)", "l"},
        };
        com.sun.management.ThreadMXBean tmx = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        c.setAutoCommit(false);
        for (String[] k : cases) {
            c.createStatement().execute(k[0]);
            c.commit();
            PreparedStatement ps = c.prepareStatement(k[1]);
            long a0 = 0;
            int rows = 100000;
            for (int round = 0; round < 25; round++) {
                if (round == 24) { a0 = tmx.getCurrentThreadAllocatedBytes(); }
                for (long i = 0; i < rows; i++) {
                    for (int j = 0; j < k[2].length(); j++) {
                        switch (k[2].charAt(j)) {
                            case 'l' -> ps.setLong(j + 1, 1000 + (i & 1023));
                            case 'd' -> ps.setDouble(j + 1, 0.5 + (i & 7));
                            default -> ps.setString(j + 1, "abc");
                        }
                    }
                    ps.executeUpdate();
                }
                c.rollback();
            }

            System.out.printf("%-70s %.1f bytes per insert%n", k[1] + " [" + k[2] + "]", (tmx.getCurrentThreadAllocatedBytes() - a0) / (double) rows);
        }
    }
}
