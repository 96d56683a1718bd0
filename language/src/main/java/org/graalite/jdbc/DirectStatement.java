package org.graalite.jdbc;

import java.sql.SQLException;

import org.graalite.interop.ColumnNames;
import org.graalite.interop.PreparedStatementObject;
import org.graalite.interop.QueryResult;
import org.graalite.interop.SqlBlob;
import org.graalite.interop.SqlNull;
import org.graalite.runtime.Binder;
import org.graalite.runtime.InvalidText;
import org.graalite.runtime.Statement;
import org.graalvm.polyglot.Value;

/**
 * Runs one prepared statement of the {@code sql} language through its Java objects, with the
 * connection's context entered for the length of each call, instead of through polyglot Value
 * messages: an execution is one call and a row is one call that hands back a Java array, where
 * the Value API took a message per execution, per row and per value, each entering the context
 * and converting values. The statement is the same one the language prepared (same tier, same
 * compiled code), reached through the prepared statement's
 * {@link PreparedStatementObject#HOST_STATEMENT} member.
 */
final class DirectStatement implements ContextEntry.Call {
    private final GraaliteConnection connection;
    private final Statement statement;
    /** Whether its rows may be read ahead (see Rows.Direct): the statement does not write. */
    private final boolean readOnly;
    /** Whether it is a query that changes nothing (see {@link #readsOnly}). */
    private final boolean readsOnly;

    /**
     * The inputs and outcome of the execution {@link #run} makes through the connection's entry.
     * The values array is the statement's own, reused by every run and emptied after it.
     */
    private Object[] pendingValues = new Object[0];
    private int pendingFetchSize;
    private Object result;
    private SQLException failure;

    /** The statement's result columns when last asked (see {@link #columnsChanged}). */
    private ColumnNames columnsSeen;

    DirectStatement(GraaliteConnection connection, Value prepared) {
        this.connection = connection;
        this.statement = prepared.getMember(PreparedStatementObject.HOST_STATEMENT).asHostObject();
        this.readOnly = statement.nativeStatement().isReadOnly();
        this.readsOnly = readOnly && statement.nativeStatement().columnCount() > 0;
        this.columnsSeen = statement.columns();
    }

    /**
     * Whether the statement is a query that changes nothing: read-only and with result columns.
     * Read-only statements without result columns (BEGIN, COMMIT, ROLLBACK, SAVEPOINT, ATTACH)
     * change what other queries read, as sqlite3_stmt_readonly's documentation says.
     */
    boolean readsOnly() {
        return readsOnly;
    }

    /**
     * Whether the statement's result columns changed since this was last asked: SQLite prepared
     * it again with other columns (a SELECT * of a table altered since, a renamed column).
     */
    boolean columnsChanged() {
        ColumnNames now = statement.columns();
        if (now == columnsSeen) {
            return false;
        }
        columnsSeen = now;
        return true;
    }

    /**
     * Binds {@code parameters} (null, Integer, Long, Float, Double, String or byte[]) and runs
     * the statement: a query's rows (read ahead up to {@code fetchSize} rows per call, see
     * Rows.Direct), or the number of rows changed (0 when total_changes() did not move).
     */
    Object run(Object[] parameters, int fetchSize) throws SQLException {
        // The language's values of the parameters: the bind copies them, nothing keeps the array.
        Object[] values = pendingValues;
        if (values.length != parameters.length) {
            values = pendingValues = new Object[parameters.length];
        }
        for (int i = 0; i < values.length; i++) {
            Object p = parameters[i];
            values[i] = p == null ? SqlNull.INSTANCE : p instanceof byte[] bytes ? new SqlBlob(bytes) : p instanceof Float f ? (Object) f.doubleValue() : p;
        }
        pendingFetchSize = fetchSize;
        try {
            connection.entry().run(this);
            if (failure != null) {
                throw failure;
            }
            return result;
        } finally {
            java.util.Arrays.fill(values, null);
            result = null;
            failure = null;
        }
    }

    /** Runs the execution {@link #run} asked for, with the context entered. */
    @Override
    public void run() {
        try {
            // As the language's own execute: bindings cannot change while an execution runs.
            statement.finish();
            Binder.bind(statement, pendingValues);
            if (readsOnly) {
                // A query that changes nothing: its first rows (a lookup's row and its end) in
                // one call of the program, not a first step and then a batch.
                Rows.Direct direct = new Rows.Direct(connection, statement.database().start(statement), readOnly, pendingFetchSize);
                direct.readFirst();
                failure = direct.errorBeforeAnyRow();
                result = direct;
                return;
            }
            Object outcome = statement.database().run(statement, false);
            if (outcome instanceof QueryResult rows) {
                Rows.Direct direct = new Rows.Direct(connection, rows, readOnly, pendingFetchSize);
                direct.readFirst();
                outcome = direct;
            }
            result = outcome;
        } catch (RuntimeException e) {
            // SQLite's errors, and what a Java function called by the statement threw.
            failure = Errors.translate(e);
        }
    }

    /**
     * Turns a row's values, as the language hands them out (Long, Double, String, SqlBlob or
     * SqlNull), into the driver's (Long, Double, String, InvalidText, byte[] or null), in place:
     * the array is the row's own, made for it by the statement. TEXT that is not valid UTF-8
     * comes as its bytes (the connection's invalidTextAsBytes) and stays them, an InvalidText,
     * whose getBytes are the stored bytes, as sqlite3_column_blob gives sqlite-jdbc.
     */
    static void toDriverValues(Object[] values) {
        for (int i = 0; i < values.length; i++) {
            Object v = values[i];
            if (v instanceof SqlNull) {
                values[i] = null;
            } else if (v instanceof SqlBlob blob) {
                values[i] = blob.isInvalidText() ? InvalidText.ofInvalidBytes(blob.bytes()) : blob.bytes();
            }
        }
    }
}
