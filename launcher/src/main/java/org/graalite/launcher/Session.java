package org.graalite.launcher;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import org.graalite.interop.ConnectionObject;
import org.graalite.nativeapi.NativeConnection;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Source;
import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.io.IOAccess;

/**
 * One shell session: the polyglot context whose {@code sql} language holds the database
 * connection, the output settings, and the streams. Runs SQL text statement by statement and
 * prints each query's rows in the current mode.
 */
final class Session implements AutoCloseable {
    final Output out;
    final Output err;
    final OutputSettings settings = new OutputSettings();
    private final OutputStream rawOut;
    private final OutputStream rawErr;
    private final Map<String, String> options;
    private Context context;
    /**
     * The SQLite connection of {@link #context}, for Control-C from the terminal's signal thread
     * (the context itself admits one thread at a time).
     */
    private volatile NativeConnection connection;
    /** Control-C presses since the running statement started that it has not answered. */
    private final AtomicInteger unansweredInterrupts = new AtomicInteger();
    /** The file {@code .output} or {@code .once} sends results to; null while they go to stdout. */
    private OutputStream redirect;
    /** Where {@link #out} goes: "stdout", or the file name of {@code .output} (for {@code .show}). */
    private String outputName = "stdout";
    /**
     * Input units (SQL texts or dot-commands) left before a {@code .once} redirection ends: 2
     * when {@code .once} ran, so that its own unit and the next one count down to 0.
     */
    private int onceCountdown;

    Session(Map<String, String> options, OutputStream stdout, OutputStream stderr) {
        this.options = new LinkedHashMap<>(options);
        this.rawOut = stdout;
        this.rawErr = stderr;
        this.out = new Output(stdout);
        this.err = new Output(stderr);
    }

    /** A polyglot option the session was started with, or null. */
    String option(String key) {
        return options.get(key);
    }

    /** The database path this session opens ({@code sql.Database}). */
    String databasePath() {
        return options.getOrDefault("sql.Database", ":memory:");
    }

    /** The context, created on first use with the session's polyglot options. */
    Context context() {
        if (context == null) {
            // Native access: .load runs an extension's native code, as the sqlite3 program may.
            Context.Builder builder = Context.newBuilder("sql").allowIO(IOAccess.ALL).allowNativeAccess(true).allowExperimentalOptions(true).out(rawOut).err(rawErr);
            builder.options(options);
            context = builder.build();
            connection = context.getBindings("sql").getMember(ConnectionObject.HOST_CONNECTION).asHostObject();
        }
        return context;
    }

    /**
     * The connection object of the {@code sql} language (its top scope): {@code changes},
     * {@code totalChanges}, {@code autocommit}, {@code backup}, {@code loadExtension}, ...
     */
    Value connection() {
        return context().getBindings("sql");
    }

    /**
     * Sends results to {@code file} instead of stdout ({@code .output FILE}); with
     * {@code once}, only those of the next input unit ({@code .once FILE}). As in sqlite3, a
     * null file or {@code stdout} is stdout, {@code stderr} is stderr, {@code off} discards.
     * With {@code bom}, the output starts with a UTF-8 byte-order mark.
     */
    void redirectOutput(String file, boolean bom, boolean once) throws IOException {
        resetOutput();
        String name = file == null ? "stdout" : file;
        OutputStream target = switch (name) {
            case "stdout" -> null;
            case "stderr" -> rawErr;
            case "off" -> OutputStream.nullOutputStream();
            default -> new FileOutputStream(name);
        };
        if (target != null) {
            // The standard streams are not ours to close.
            redirect = target == rawErr ? new java.io.FilterOutputStream(rawErr) {
                @Override
                public void close() throws IOException {
                    flush();
                }
            } : target;
            out.setTarget(redirect);
            outputName = name;
        }
        if (bom) {
            out.write(new byte[]{(byte) 0xef, (byte) 0xbb, (byte) 0xbf});
        }
        onceCountdown = once ? 2 : 0;
    }

    /** Sends results to stdout again, closing the file of {@code .output} or {@code .once}. */
    void resetOutput() {
        onceCountdown = 0;
        if (redirect == null) {
            return;
        }
        out.setTarget(rawOut);
        try {
            redirect.close();
        } catch (IOException e) {
            err.println("Error: " + e.getMessage());
            err.flush();
        }
        redirect = null;
        outputName = "stdout";
    }

    /** Where results go: "stdout" or the file name given to {@code .output} or {@code .once}. */
    String outputName() {
        return outputName;
    }

    /** Called after each input unit: ends a {@code .once} redirection after the unit it was for. */
    void afterUnit() {
        if (onceCountdown > 0 && --onceCountdown == 0) {
            resetOutput();
        }
    }

    /** Closes the current database and opens {@code path} instead ({@code .open}). */
    void reopen(String path) {
        closeContext();
        options.put("sql.Database", path);
        context();
        context.initialize("sql");
    }

    /**
     * Runs the statements of {@code text} in order and prints what the queries return. Stops at
     * the first error, which it reports as {@code Error: <message>} (after {@code errorPrefix}
     * when not empty, e.g. {@code near line 3: }). Returns whether every statement succeeded.
     */
    boolean execute(String text, String errorPrefix) {
        unansweredInterrupts.set(0);
        long startNanos = settings.timer ? System.nanoTime() : 0;
        long[] startCpu = settings.timer ? cpuTimes() : null;
        boolean ok = true;
        try {
            for (String statement : SqlText.statements(text)) {
                runStatement(statement);
            }
        } catch (PolyglotException e) {
            ok = false;
            reportError(errorPrefix, e);
        } catch (IllegalStateException | IllegalArgumentException e) {
            // The polyglot API's own errors (a closed context, an invalid option).
            ok = false;
            out.flush();
            err.println("Error: " + errorPrefix + e.getMessage());
            err.flush();
        } finally {
            out.flush();
        }
        if (ok && settings.changes) {
            // As sqlite3: once per input unit that succeeded, whatever its statements were.
            Value c = connection();
            out.print("changes: " + c.getMember("changes").asLong() + "   total_changes: " + c.getMember("totalChanges").asLong() + "\n");
            out.flush();
        }
        if (settings.timer) {
            long[] cpu = cpuTimes();
            long user = cpu[0] - startCpu[0];
            // User time is counted in clock ticks, total CPU time precisely: clamp the difference.
            long system = Math.max(0, (cpu[1] - startCpu[1]) - user);
            out.print(String.format(Locale.ROOT, "Run Time: real %.3f user %f sys %f%n", (System.nanoTime() - startNanos) / 1e9, user / 1e9, system / 1e9));
            out.flush();
        }
        return ok;
    }

    void reportError(String prefix, PolyglotException e) {
        out.flush();
        String message = e.isInterrupted() ? "interrupted" : e.getMessage();
        err.println("Error: " + prefix + message);
        err.flush();
    }

    private void runStatement(String statement) {
        Value result = context().eval(Source.newBuilder("sql", statement, "<shell>").cached(false).buildLiteral());
        if (result.canExecute() && result.hasMember("parameterCount")) {
            // A statement with parameters: bound to NULL, as sqlite3 does for parameters that
            // have no value.
            Value prepared = result;
            try {
                result = prepared.execute(new Object[prepared.getMember("parameterCount").asInt()]);
                printRows(result);
            } finally {
                prepared.invokeMember("close");
            }
        } else {
            printRows(result);
        }
    }

    private void printRows(Value result) {
        if (!result.hasIterator()) {
            return;
        }
        try {
            String[] columns = columnNames(result);
            ResultFormatter formatter = settings.formatter(columns, out);
            boolean complete = false;
            try {
                eachRow(result, columns.length, formatter::row);
                complete = true;
            } finally {
                formatter.finish(complete);
            }
        } finally {
            result.invokeMember("close");
        }
    }

    private static String[] columnNames(Value result) {
        Value names = result.getMember("columns");
        String[] columns = new String[(int) names.getArraySize()];
        for (int i = 0; i < columns.length; i++) {
            columns[i] = names.getArrayElement(i).asString();
        }
        return columns;
    }

    /** Hands each row of {@code result} ({@code width} values, as {@link Values#toJava} gives them) to {@code handler}. */
    private void eachRow(Value result, int width, RowHandler handler) {
        // Entered once for the whole loop: each Value call then skips entering the context.
        Context c = context();
        c.enter();
        try {
            Value iterator = result.getIterator();
            while (iterator.hasIteratorNextElement()) {
                Value row = iterator.getIteratorNextElement();
                Object[] values = new Object[width];
                for (int i = 0; i < values.length; i++) {
                    values[i] = Values.toJava(row.getArrayElement(i));
                }
                handler.row(values);
            }
        } finally {
            c.leave();
        }
    }

    /** Receives the rows of {@link #query}: the values as {@link Values#toJava} gives them. */
    interface RowHandler {
        void row(Object[] values);
    }

    /**
     * Runs {@code sql} (one statement) and hands each row to {@code handler}; returns the
     * column names. For dot-commands that read the database ({@code .dump}, {@code .import}).
     */
    String[] query(String sql, RowHandler handler) {
        Value result = context().eval(Source.newBuilder("sql", sql, "<shell>").cached(false).buildLiteral());
        if (!result.hasIterator()) {
            return new String[0];
        }
        try {
            String[] columns = columnNames(result);
            eachRow(result, columns.length, handler);
            return columns;
        } finally {
            result.invokeMember("close");
        }
    }

    /** Runs the statements of {@code sql} without printing anything (rows are read and dropped). */
    void run(String sql) {
        for (String statement : SqlText.statements(sql)) {
            Value result = context().eval(Source.newBuilder("sql", statement, "<shell>").cached(false).buildLiteral());
            if (result.hasIterator()) {
                // A query's result holds the statement until it is closed.
                result.invokeMember("close");
            }
        }
    }

    /**
     * Runs {@code sql} (a query) and returns the first column of every row as text; for
     * {@code .tables} and {@code .schema}.
     */
    List<String> queryColumn(String sql) {
        List<String> values = new ArrayList<>();
        Value result = context().eval(Source.newBuilder("sql", sql, "<shell>").cached(false).buildLiteral());
        try {
            for (Value iterator = result.getIterator(); iterator.hasIteratorNextElement();) {
                Value v = iterator.getIteratorNextElement().getArrayElement(0);
                values.add(v.isNull() ? null : v.isString() ? v.asString() : v.toString());
            }
        } finally {
            result.invokeMember("close");
        }
        return values;
    }

    /**
     * Stops the running statement (Control-C in the interactive shell) as sqlite3 does:
     * sqlite3_interrupt, which both tiers answer with SQLite's "interrupted" error. As in
     * sqlite3, the third Control-C in a row ends the program.
     */
    void interrupt() {
        NativeConnection c = connection;
        if (c == null) {
            return;
        }
        if (unansweredInterrupts.incrementAndGet() >= 3) {
            err.println("\nError: interrupted three times, exiting");
            err.flush();
            Runtime.getRuntime().halt(130);
        }
        c.interrupt();
    }

    /** User and system CPU time of this thread so far, in nanoseconds: {user, user+system}. */
    private static long[] cpuTimes() {
        ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        if (!bean.isCurrentThreadCpuTimeSupported()) {
            return new long[]{0, 0};
        }
        return new long[]{bean.getCurrentThreadUserTime(), bean.getCurrentThreadCpuTime()};
    }

    private void closeContext() {
        if (context != null) {
            try {
                context.close();
            } catch (PolyglotException | IllegalStateException e) {
                // Closing failed (e.g. a statement still running): nothing to report at exit.
            }
            context = null;
            connection = null;
        }
    }

    @Override
    public void close() {
        resetOutput();
        out.flush();
        err.flush();
        closeContext();
    }
}
