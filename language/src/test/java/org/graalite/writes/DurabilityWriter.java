package org.graalite.writes;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.io.IOAccess;

/**
 * The child process of {@link DurabilityTest}: commits transaction after transaction into a
 * file database through Graalite ({@code sql.Tier=auto}) until it is killed.
 *
 * <p>Arguments: database path, journal mode, synchronous (full, normal or off: a killed
 * process loses nothing the OS has, so each must keep every commit), progress file (the
 * commit lines are appended to it too). It starts the engine first and prints
 * {@code started}, then waits for a line on standard input (so the test can start it ahead
 * of time), opens the database, prints {@code ready K} (K: the last transaction in the file)
 * and runs transactions K+1, K+2, ...: transaction k inserts rows (k, i) for i &lt; n(k)
 * ({@link #rows(long)}) into {@code rows} (WITHOUT ROWID, indexed), a row (k, n(k)) into
 * {@code txlog} (a plain rowid table) and sets the counter row to k, and after each COMMIT returns it
 * prints {@code committed k truffle=T native=N} (executions per tier so far).
 *
 * <p>A small page cache makes large transactions spill pages to the database file (rollback
 * journal) or to the WAL before they commit, so a kill in the middle leaves work for
 * recovery.
 */
public final class DurabilityWriter {
    private DurabilityWriter() {
    }

    /** Rows of transaction k: mostly few, every tenth one a few hundred. */
    static int rows(long k) {
        return k % 10 == 0 ? 300 + (int) (k % 7) * 20 : 1 + (int) ((k * 37) % 40);
    }

    /** The payload of row (k, i): deterministic, 40 to 160 characters. */
    static String payload(long k, long i) {
        String unit = "k" + k + "i" + i + "-";
        StringBuilder sb = new StringBuilder();
        int length = 40 + (int) ((k * 31 + i * 17) % 121);
        while (sb.length() < length) {
            sb.append(unit);
        }
        return sb.substring(0, length);
    }

    static final String[] SCHEMA = {
                    "CREATE TABLE IF NOT EXISTS rows(k INTEGER NOT NULL, i INTEGER NOT NULL, payload TEXT NOT NULL, PRIMARY KEY (k, i)) WITHOUT ROWID",
                    "CREATE INDEX IF NOT EXISTS rows_payload ON rows(payload)",
                    "CREATE TABLE IF NOT EXISTS txlog(k INTEGER, n INTEGER)",
                    "CREATE TABLE IF NOT EXISTS counter(id INTEGER PRIMARY KEY, k INTEGER NOT NULL)",
                    "INSERT OR IGNORE INTO counter VALUES (1, 0)"};

    public static void main(String[] args) throws Exception {
        String path = args[0];
        String journalMode = args[1];
        String synchronous = args[2];
        // the same lines, written unbuffered to a file as well: what the OS has survives the kill
        java.io.FileOutputStream progress = new java.io.FileOutputStream(args[3], true);
        PrintStream out = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), true, StandardCharsets.UTF_8);
        // Start the engine and the native library before the test says go.
        try (Context warm = Context.newBuilder("sql").allowNativeAccess(true).option("sql.Tier", "auto").option("sql.TruffleTierAfter", "0").build()) {
            warm.eval("sql", "CREATE TABLE w(a, b); INSERT INTO w VALUES (1, 'x')");
        }
        out.println("started");
        new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
        try (Context c = Context.newBuilder("sql").allowNativeAccess(true).allowIO(IOAccess.ALL).option("sql.Tier", "auto").option("sql.TruffleTierAfter", "0").option("sql.Database", path).build()) {
            // read the pragma's row: an unread result keeps its statement active, and an active
            // journal_mode=wal statement makes COMMIT fail ("SQL statements in progress")
            Value pragma = c.eval("sql", "PRAGMA journal_mode = " + journalMode).getIterator();
            String mode = pragma.getIteratorNextElement().getArrayElement(0).asString();
            pragma.hasIteratorNextElement(); // runs the statement to its end
            if (!mode.equals(journalMode)) {
                throw new IllegalStateException("journal_mode is " + mode);
            }
            c.eval("sql", "PRAGMA cache_size = 8");
            c.eval("sql", "PRAGMA synchronous = " + synchronous);
            for (String ddl : SCHEMA) {
                c.eval("sql", ddl);
            }
            Value connection = c.getBindings("sql");
            Value counter = c.eval("sql", "SELECT k FROM counter WHERE id = 1").getIterator();
            long k = counter.getIteratorNextElement().getArrayElement(0).asLong();
            counter.hasIteratorNextElement(); // runs the query to its end
            out.println("ready " + k);
            Value insert = c.eval("sql", "INSERT INTO rows(k, i, payload) VALUES (?, ?, ?)");
            Value log = c.eval("sql", "INSERT INTO txlog(k, n) VALUES (?, ?)");
            Value setCounter = c.eval("sql", "UPDATE counter SET k = ? WHERE id = 1");
            while (true) {
                k++;
                c.eval("sql", "BEGIN");
                int n = rows(k);
                for (int i = 0; i < n; i++) {
                    insert.execute(k, i, payload(k, i));
                }
                log.execute(k, n);
                setCounter.execute(k);
                c.eval("sql", "COMMIT");
                out.println("committed " + k + " truffle=" + connection.getMember("truffleExecutions").asLong() + " native=" + connection.getMember("nativeExecutions").asLong());
                progress.write(("committed " + k + "\n").getBytes(StandardCharsets.UTF_8));
            }
        }
    }
}
