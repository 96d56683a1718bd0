import java.sql.*;
import java.util.*;

/** A/B of 100,000 JDBC inserts: variant A built with EXPERIMENT=false, B with true (SQL text differs by a comment). */
public class FillAB {
    static void setFlag(boolean v) throws Exception {
        String cls = System.getProperty("flagClass", "org.graalite.runtime.Statement");
        try {
            java.lang.reflect.Field f = Class.forName(cls).getField(System.getProperty("flagName", "EXPERIMENT"));
            f.setBoolean(null, v);
        } catch (NoSuchFieldException e) {
            // no experiment: A and B are the same
        }
    }
    public static void main(String[] args) throws Exception {
        int rounds = Integer.parseInt(args[0]);
        int rows = args.length > 1 ? Integer.parseInt(args[1]) : 100_000;
        boolean runtime = Boolean.getBoolean("runtimeFlag");
        boolean lookup = Boolean.getBoolean("lookup");
        Properties p = new Properties();
        p.setProperty("sql.TruffleTierAfter", "0");
        Connection c = DriverManager.getConnection("jdbc:graalite::memory:", p);
        try (Statement s = c.createStatement()) { s.execute("CREATE TABLE fill (a BIGINT, b DOUBLE PRECISION, c VARCHAR(32))"); }
        c.setAutoCommit(false);
        PreparedStatement del = c.prepareStatement("DELETE FROM fill");
        PreparedStatement[] ins = new PreparedStatement[2];
        if (lookup) {
            PreparedStatement fill = c.prepareStatement("INSERT INTO fill VALUES (?, ?, ?)");
            for (long i = 0; i < rows; i++) { fill.setLong(1, i); fill.setDouble(2, i * 0.25); fill.setString(3, "row" + i); fill.executeUpdate(); }
            c.commit();
            c.createStatement().execute("CREATE INDEX fa ON fill(a)");
            c.commit();
        }
        for (int v = 0; v < 2 && lookup; v++) {
            setFlag(v == 1);
            ins[v] = c.prepareStatement("SELECT b, c FROM fill WHERE a = ?" + (v == 1 ? " -- b" : ""));
            ins[v].setLong(1, 5);
            try (ResultSet rs = ins[v].executeQuery()) { rs.next(); }
        }
        double[][] lt = new double[2][rounds];
        for (int r = 0; r < rounds && lookup; r++) {
            for (int v0 = 0; v0 < 2; v0++) {
                int v = (r % 2 == 0) ? v0 : 1 - v0;
                PreparedStatement ps = ins[v];
                long start = System.nanoTime();
                long sum = 0;
                for (long i = 0; i < rows; i++) {
                    ps.setLong(1, (i * 7919) % rows);
                    try (ResultSet rs = ps.executeQuery()) { if (rs.next()) sum += rs.getString(2).length(); }
                }
                lt[v][r] = (System.nanoTime() - start) / 1e6;
                if (sum != 788890) throw new IllegalStateException("sum " + sum);
            }
            if ((r + 1) % 20 == 0) report(lt, r + 1);
        }
        if (lookup) return;
        for (int v = 0; v < 2; v++) {
            setFlag(v == 1);
            ins[v] = c.prepareStatement("INSERT INTO fill VALUES (?, ?, ?)" + (v == 1 ? " -- b" : ""));
            ins[v].setLong(1, 1); ins[v].setDouble(2, 1.5); ins[v].setString(3, "x");
            ins[v].executeUpdate();
        }
        c.commit();
        double[][] t = new double[2][rounds];
        long check = 0;
        for (int r = 0; r < rounds; r++) {
            for (int v0 = 0; v0 < 2; v0++) {
                int v = (r % 2 == 0) ? v0 : 1 - v0;
                if (runtime) setFlag(v == 1);
                del.executeUpdate();
                c.commit();
                PreparedStatement ps = ins[v];
                long start = System.nanoTime();
                for (long i = 0; i < rows; i++) {
                    ps.setLong(1, i);
                    ps.setDouble(2, i * 0.25);
                    ps.setString(3, "row" + i);
                    check += ps.executeUpdate();
                }
                c.commit();
                t[v][r] = (System.nanoTime() - start) / 1e6;
            }
            if (r == rounds - 1) {
                com.sun.management.ThreadMXBean tmx = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
                long a0 = tmx.getCurrentThreadAllocatedBytes();
                PreparedStatement ps = ins[0];
                for (long i = 0; i < rows; i++) { ps.setLong(1, i); ps.setDouble(2, i * 0.25); ps.setString(3, "row" + i); ps.executeUpdate(); }
                long a1 = tmx.getCurrentThreadAllocatedBytes();
                for (long i = 0; i < rows; i++) { ps.setLong(1, i); ps.setDouble(2, i * 0.25); ps.setString(3, "row"); ps.executeUpdate(); }
                long a2 = tmx.getCurrentThreadAllocatedBytes();
                c.rollback();
                System.out.printf("allocated per insert: %.1f bytes (with \"row\"+i), %.1f bytes (constant text)%n", (a1 - a0) / (double) rows, (a2 - a1) / (double) rows);
            }
            if ((r + 1) % 20 == 0) report(t, r + 1);
        }
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT count(*), sum(a), sum(length(c)) FROM fill")) {
            rs.next(); System.out.println("rows " + rs.getLong(1) + " sum " + rs.getLong(2) + " len " + rs.getLong(3) + " check " + check);
        }
    }
    static void report(double[][] t, int n) {
        int skip = Math.min(n / 4, 10);
        StringBuilder sb = new StringBuilder("after " + n + ":");
        for (int v = 0; v < 2; v++) {
            double[] x = Arrays.copyOfRange(t[v], skip, n); Arrays.sort(x);
            sb.append(String.format("  %s fastest %.2f q1 %.2f median %.2f", v == 0 ? "A" : "B", x[0], x[x.length / 4], x[x.length / 2]));
        }
        System.out.println(sb);
    }
}
