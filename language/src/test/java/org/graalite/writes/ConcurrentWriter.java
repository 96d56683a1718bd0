package org.graalite.writes;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.io.IOAccess;

/**
 * A child process of {@link ConcurrentWritersTest}: inserts rows (writer, 0..n-1) into a
 * shared file database through Graalite ({@code sql.Tier=auto}) in many small transactions
 * while another process does the same, relying on {@code sql.BusyTimeout} to wait for the
 * other's locks.
 *
 * <p>Arguments: database path, writer id, n, busy timeout (ms). It starts its engine, prints
 * {@code started}, waits for a line on standard input (so both writers begin together),
 * then writes and prints {@code done n truffle=T native=N}. Transactions come in three
 * shapes: BEGIN IMMEDIATE with a read of its own rows first (which must see every row it
 * committed before), a deferred BEGIN whose first statement writes, and single inserts in
 * autocommit mode; each also writes a row (writer, first i) into {@code txlog}. Any error
 * ends the process with status 1 (stack trace on stderr).
 */
public final class ConcurrentWriter {
    private ConcurrentWriter() {
    }

    public static void main(String[] args) throws Exception {
        String path = args[0];
        long writer = Long.parseLong(args[1]);
        int n = Integer.parseInt(args[2]);
        String busyTimeout = args[3];
        PrintStream out = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), true, StandardCharsets.UTF_8);
        try (Context c = Context.newBuilder("sql").allowNativeAccess(true).allowIO(IOAccess.ALL).option("sql.Tier", "auto").option("sql.TruffleTierAfter", "0").option("sql.Database", path).option("sql.BusyTimeout", busyTimeout).build()) {
            Value warm = c.eval("sql", "SELECT 1").getIterator();
            warm.getIteratorNextElement();
            warm.hasIteratorNextElement();
            out.println("started");
            new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
            Value insert = c.eval("sql", "INSERT INTO rows(w, i, payload) VALUES (?, ?, ?)");
            Value log = c.eval("sql", "INSERT INTO txlog(w, i) VALUES (?, ?)");
            Value count = c.eval("sql", "SELECT count(*) FROM rows WHERE w = ?");
            SplittableRandom r = new SplittableRandom(writer);
            int i = 0;
            while (i < n) {
                int shape = r.nextInt(3);
                int size = shape == 2 ? 1 : Math.min(n - i, 1 + r.nextInt(6));
                if (shape == 0) {
                    c.eval("sql", "BEGIN IMMEDIATE");
                    Value result = count.execute(writer).getIterator();
                    long seen = result.getIteratorNextElement().getArrayElement(0).asLong();
                    result.hasIteratorNextElement(); // runs the query to its end
                    if (seen != i) {
                        throw new IllegalStateException("writer " + writer + " committed " + i + " rows but sees " + seen);
                    }
                } else if (shape == 1) {
                    c.eval("sql", "BEGIN");
                }
                log.execute(writer, i);
                for (int j = 0; j < size; j++, i++) {
                    insert.execute(writer, i, "w" + writer + "-" + i);
                }
                if (shape != 2) {
                    c.eval("sql", "COMMIT");
                }
            }
            Value connection = c.getBindings("sql");
            out.println("done " + i + " truffle=" + connection.getMember("truffleExecutions").asLong() + " native=" + connection.getMember("nativeExecutions").asLong());
        } catch (Throwable t) {
            t.printStackTrace();
            System.exit(1);
        }
    }
}
