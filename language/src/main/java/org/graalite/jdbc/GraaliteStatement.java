package org.graalite.jdbc;

import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Value;

/**
 * A statement, with sqlite-jdbc's semantics:
 * <ul>
 * <li>{@code execute} and {@code executeQuery} run the first statement of the text and ignore
 * the rest; {@code executeUpdate} runs them all (like sqlite3_exec) and returns the growth of
 * total_changes();
 * <li>{@code executeQuery} of a statement without result columns runs it, then throws
 * "query does not return ResultSet";
 * <li>{@code getGeneratedKeys} after an INSERT or REPLACE reports last_insert_rowid() in a
 * column named {@code last_insert_rowid()};
 * <li>{@code getUpdateCount} after {@code execute} reports SQLite's changes(), which DDL leaves
 * as the last DML set it.
 * </ul>
 * Values that SQLite reports for the connection as a whole (changes(), last_insert_rowid()) are
 * read lazily: when asked for, or just before the next statement runs on the connection.
 */
class GraaliteStatement implements Statement {
    private static final Pattern INSERT = Pattern.compile("^\\s*(?:with\\s+.+\\(.+?\\))*\\s*(?:insert|replace)\\s*", Pattern.CASE_INSENSITIVE | Pattern.DOTALL);

    final GraaliteConnection connection;
    /** The prepared statement object of the current execution. */
    Value prepared;
    /** How {@link #prepared} runs (see DirectStatement), and the object it was made for. */
    private DirectStatement direct;
    private Value directOf;
    Columns columns;
    /** The result of the last execution of a query, until getResultSet hands it out. */
    private GraaliteResultSet pendingResult;
    /** The result set handed out last. */
    private GraaliteResultSet resultSet;
    private boolean exhausted;
    boolean isQuery;
    /** Whether the last execution, a query, gave a row. */
    boolean queryHadRow;
    private long updateCount;
    private boolean updateCountPending;
    /** Whether the last execution was an INSERT whose rowid is still to be read. */
    private boolean keyPending;
    /** last_insert_rowid() after this statement's last INSERT; null when there is none. */
    private Long generatedKey;
    private final List<String> batch = new ArrayList<>();
    long maxRows;
    private int queryTimeout;
    private int fetchSize;
    private boolean closeOnCompletion;
    boolean closed;

    GraaliteStatement(GraaliteConnection connection) {
        this.connection = connection;
    }

    // ---- execution machinery shared with prepared statements

    /** Closes the result of the previous execution and, for plain statements, its statement. */
    void internalClose() throws SQLException {
        closeResults();
        if (prepared != null && !(this instanceof GraalitePreparedStatement)) {
            try {
                prepared.invokeMember("close");
            } catch (PolyglotException e) {
                // already closed
            }
            prepared = null;
            columns = null;
        }
    }

    private void closeResults() throws SQLException {
        GraaliteResultSet r = resultSet;
        GraaliteResultSet p = pendingResult;
        resultSet = null;
        pendingResult = null;
        if (r != null) {
            r.closeFromStatement();
        }
        if (p != null) {
            p.closeFromStatement();
        }
    }

    /**
     * Runs {@link #prepared} with {@code arguments}: a query keeps its first row in a pending
     * result set; anything else runs to its end.
     *
     * @return for statements without result columns, the rows changed (0 when total_changes()
     *         did not move); -1 for queries
     */
    long run(Object[] arguments) throws SQLException {
        connection.beforeExecute(this, direct().readsOnly());
        Object result;
        boolean timeout = queryTimeout > 0;
        if (timeout) {
            setBusyTimeout(queryTimeout * 1000L);
        }
        try {
            result = direct().run(arguments, fetchSize);
        } catch (PolyglotException e) {
            throw Errors.translate(e);
        } finally {
            if (timeout) {
                setBusyTimeout(connection.config.busyTimeout);
            }
        }
        exhausted = false;
        if (result instanceof Rows rows) {
            isQuery = true;
            Object[] first = rows.next();
            queryHadRow = first != null;
            if (direct.columnsChanged()) {
                // SQLite prepared the statement again with other result columns (a SELECT *
                // of a table altered since): the rows have them, and so does the metadata.
                columns = Columns.of(connection, prepared);
            }
            pendingResult = new GraaliteResultSet(connection, this, columns, rows, first, maxRows);
            return -1;
        }
        isQuery = false;
        queryHadRow = false;
        return (Long) result;
    }

    /** The direct way to run {@link #prepared}, made once per prepared statement object. */
    private DirectStatement direct() {
        if (directOf != prepared) {
            direct = new DirectStatement(connection, prepared);
            directOf = prepared;
        }
        return direct;
    }

    /**
     * A query timeout is, as in sqlite-jdbc, how long a statement waits for a locked database:
     * SQLite's busy timeout while it runs.
     */
    private void setBusyTimeout(long milliseconds) throws SQLException {
        connection.control("pragma busy_timeout = " + Math.min(milliseconds, Integer.MAX_VALUE), false);
    }

    /**
     * After {@code execute()}: sqlite-jdbc's update count is SQLite's changes(), which only data
     * changes set; when the language reports no change, it is read lazily (before anything else
     * runs on the connection).
     */
    void noteUpdateCount(long changed) {
        if (isQuery) {
            updateCountPending = false;
            return;
        }
        if (changed > 0) {
            updateCount = changed;
            updateCountPending = false;
        } else {
            updateCountPending = true;
            connection.afterExecute(this);
        }
    }

    /** SQLite's changes() after the last run, as sqlite-jdbc's executeUpdate and batches return it. */
    long changesOfLastRun(long changed) throws SQLException {
        return changed > 0 ? changed : connection.changes();
    }

    /** Whether sqlite-jdbc reports generated keys after {@code sql}: it starts with INSERT or REPLACE. */
    static boolean isInsert(String sql) {
        return sql != null && INSERT.matcher(sql).find();
    }

    /** sqlite-jdbc captures last_insert_rowid() after an execution whose text starts with INSERT or REPLACE. */
    void noteGeneratedKeys(boolean insert) {
        if (!connection.config.getGeneratedKeys) {
            return;
        }
        generatedKey = null;
        keyPending = false;
        if (insert) {
            keyPending = true;
            connection.afterExecute(this);
        }
    }

    /**
     * As {@link #noteGeneratedKeys}, read at once: an INSERT ... RETURNING changes the rowid
     * later, while its rows are read, and sqlite-jdbc reports it as it was right after execute.
     */
    void noteGeneratedKeysNow(boolean insert) throws SQLException {
        noteGeneratedKeys(insert);
        if (keyPending && isQuery) {
            keyPending = false;
            generatedKey = connection.lastInsertRowid();
        }
    }

    /** Reads what the last execution left to read lazily, before the next one changes it. */
    void capturePending() throws SQLException {
        if (updateCountPending) {
            updateCountPending = false;
            updateCount = connection.changes();
        }
        if (keyPending) {
            keyPending = false;
            generatedKey = connection.lastInsertRowid();
        }
    }

    /**
     * A plain statement may run again after close, as in sqlite-jdbc (its statements are
     * prepared per execution); only a closed connection stops it.
     */
    void checkStatementOpen() throws SQLException {
        connection.checkOpenForStatement();
    }

    // ---- Statement

    @Override
    public ResultSet executeQuery(String sql) throws SQLException {
        synchronized (connection) {
            checkStatementOpen();
            internalClose();
            reopen();
            prepared = connection.prepareFirst(sql);
            columns = Columns.of(connection, prepared);
            run(new Object[0]);
            if (!isQuery) {
                internalClose();
                throw new SQLException("query does not return ResultSet", "SQLITE_DONE", 101);
            }
            return getResultSet();
        }
    }

    @Override
    public int executeUpdate(String sql) throws SQLException {
        return (int) executeLargeUpdate(sql);
    }

    @Override
    public long executeLargeUpdate(String sql) throws SQLException {
        synchronized (connection) {
            checkStatementOpen();
            internalClose();
            reopen();
            if (BackupCommands.run(connection, sql)) {
                return 0;
            }
            connection.beforeExecute(this, false);
            long changes;
            if (queryTimeout > 0) {
                setBusyTimeout(queryTimeout * 1000L);
                try {
                    changes = connection.executeText(sql);
                } finally {
                    setBusyTimeout(connection.config.busyTimeout);
                }
            } else {
                changes = connection.executeText(sql);
            }
            noteGeneratedKeys(isInsert(sql));
            return changes;
        }
    }

    @Override
    public boolean execute(String sql) throws SQLException {
        synchronized (connection) {
            checkStatementOpen();
            internalClose();
            reopen();
            if (BackupCommands.run(connection, sql)) {
                isQuery = false;
                noteUpdateCount(0);
                return false;
            }
            prepared = connection.prepareFirst(sql);
            columns = Columns.of(connection, prepared);
            long changed = run(new Object[0]);
            noteUpdateCount(changed);
            noteGeneratedKeysNow(isInsert(sql));
            return isQuery;
        }
    }

    @Override
    public void close() throws SQLException {
        synchronized (connection) {
            generatedKey = null;
            keyPending = false;
            if (!connection.isClosed()) {
                internalClose();
            }
            closed = true;
            connection.unregister(this);
        }
    }

    /** Closes without reporting errors (the connection is closing). */
    void closeQuietly() {
        try {
            closeResults();
        } catch (SQLException e) {
            // closing anyway
        }
        if (prepared != null) {
            try {
                prepared.invokeMember("close");
            } catch (PolyglotException e) {
                // closing anyway
            }
            prepared = null;
        }
        closed = true;
    }

    @Override
    public boolean isClosed() {
        return closed;
    }

    @Override
    public ResultSet getResultSet() throws SQLException {
        synchronized (connection) {
            checkOpen();
            if (exhausted) {
                return null;
            }
            if (resultSet != null && !resultSet.isClosed()) {
                throw new SQLException("ResultSet already requested");
            }
            if (pendingResult == null) {
                return null;
            }
            resultSet = pendingResult;
            pendingResult = null;
            return resultSet;
        }
    }

    /** A closed plain statement that runs again is open again (and registered for closing). */
    private void reopen() {
        if (closed) {
            closed = false;
            connection.register(this);
        }
    }

    /** Called by a result set of this statement when it closes. */
    void resultSetClosed(GraaliteResultSet closedResult) throws SQLException {
        if (closeOnCompletion && closedResult == resultSet) {
            close();
        }
    }

    void checkOpen() throws SQLException {
        connection.checkOpenForStatement();
    }

    @Override
    public int getUpdateCount() throws SQLException {
        return (int) getLargeUpdateCount();
    }

    @Override
    public long getLargeUpdateCount() throws SQLException {
        synchronized (connection) {
            if (prepared == null || isQuery || closed) {
                return -1;
            }
            if (updateCountPending) {
                updateCountPending = false;
                updateCount = connection.changes();
            }
            return updateCount;
        }
    }

    @Override
    public boolean getMoreResults() throws SQLException {
        return getMoreResults(CLOSE_CURRENT_RESULT);
    }

    @Override
    public boolean getMoreResults(int current) throws SQLException {
        synchronized (connection) {
            checkOpen();
            if (current == KEEP_CURRENT_RESULT || current == CLOSE_ALL_RESULTS) {
                throw new SQLFeatureNotSupportedException("Argument not supported: Statement.KEEP_CURRENT_RESULT or Statement.CLOSE_ALL_RESULTS");
            }
            if (current != CLOSE_CURRENT_RESULT) {
                throw new SQLException("Invalid argument");
            }
            closeResults();
            updateCount = -1;
            updateCountPending = false;
            exhausted = true;
            return false;
        }
    }

    @Override
    public ResultSet getGeneratedKeys() throws SQLException {
        synchronized (connection) {
            if (keyPending) {
                keyPending = false;
                generatedKey = connection.lastInsertRowid();
            }
            List<Object[]> rows = new ArrayList<>();
            String column;
            if (generatedKey != null) {
                column = "last_insert_rowid()";
                rows.add(new Object[]{generatedKey});
            } else {
                column = "1";
            }
            Columns keyColumns = new Columns(connection, null, new String[]{column});
            List<Object[]> rest = rows.isEmpty() ? rows : rows.subList(1, rows.size());
            Object[] first = rows.isEmpty() ? null : rows.get(0);
            return new GraaliteResultSet(connection, null, keyColumns, new Rows.Fixed(rest), first, 0);
        }
    }

    // ---- batches

    @Override
    public void addBatch(String sql) throws SQLException {
        synchronized (connection) {
            checkStatementOpen();
            internalClose();
            batch.add(sql);
        }
    }

    @Override
    public void clearBatch() throws SQLException {
        synchronized (connection) {
            batch.clear();
        }
    }

    @Override
    public int[] executeBatch() throws SQLException {
        long[] counts = executeLargeBatch();
        int[] result = new int[counts.length];
        for (int i = 0; i < counts.length; i++) {
            result[i] = (int) counts[i];
        }
        return result;
    }

    @Override
    public long[] executeLargeBatch() throws SQLException {
        synchronized (connection) {
            internalClose();
            if (batch.isEmpty()) {
                return new long[0];
            }
            long[] changes = new long[batch.size()];
            try {
                for (int i = 0; i < changes.length; i++) {
                    try {
                        checkStatementOpen();
                        prepared = connection.prepareFirst(batch.get(i));
                        columns = Columns.of(connection, prepared);
                        long changed = run(new Object[0]);
                        if (isQuery && queryHadRow) {
                            throw new SQLException("query returns results");
                        }
                        changes[i] = changesOfLastRun(changed);
                    } catch (SQLException e) {
                        throw new BatchUpdateException("batch entry " + i + ": " + e.getMessage(), null, 0, changes, e);
                    } finally {
                        internalClose();
                    }
                }
            } finally {
                batch.clear();
            }
            return changes;
        }
    }

    // ---- settings

    @Override
    public int getMaxFieldSize() {
        return 0;
    }

    @Override
    public void setMaxFieldSize(int max) throws SQLException {
        if (max < 0) {
            throw new SQLException("max field size " + max + " cannot be negative");
        }
    }

    @Override
    public int getMaxRows() {
        return (int) maxRows;
    }

    @Override
    public long getLargeMaxRows() {
        return maxRows;
    }

    @Override
    public void setMaxRows(int max) throws SQLException {
        setLargeMaxRows(max);
    }

    @Override
    public void setLargeMaxRows(long max) throws SQLException {
        if (max < 0) {
            throw new SQLException("max row count must be >= 0");
        }
        maxRows = max;
    }

    @Override
    public void setEscapeProcessing(boolean enable) {
        // SQLite has no JDBC escape syntax to process.
    }

    @Override
    public int getQueryTimeout() {
        return queryTimeout;
    }

    @Override
    public void setQueryTimeout(int seconds) throws SQLException {
        if (seconds < 0) {
            throw new SQLException("query timeout must be >= 0");
        }
        queryTimeout = seconds;
    }

    /**
     * Stops the statement running on this statement's connection, from another thread: the
     * execution ends with SQLITE_INTERRUPT, on either tier, and the connection stays usable.
     * As in sqlite-jdbc, it is the connection's sqlite3_interrupt: a statement of the same
     * connection running at the time stops too, and nothing happens if none runs.
     */
    @Override
    public void cancel() throws SQLException {
        connection.interrupt();
    }

    @Override
    public SQLWarning getWarnings() {
        return null;
    }

    @Override
    public void clearWarnings() {
    }

    @Override
    public void setCursorName(String name) {
    }

    @Override
    public void setFetchDirection(int direction) throws SQLException {
        switch (direction) {
            case ResultSet.FETCH_FORWARD:
            case ResultSet.FETCH_REVERSE:
            case ResultSet.FETCH_UNKNOWN:
                break;
            default:
                throw new SQLException("Unknown fetch direction " + direction + ". Must be one of FETCH_FORWARD, FETCH_REVERSE, or FETCH_UNKNOWN in java.sql.ResultSet");
        }
    }

    @Override
    public int getFetchDirection() {
        return ResultSet.FETCH_FORWARD;
    }

    @Override
    public void setFetchSize(int rows) throws SQLException {
        if (rows < 0 || (maxRows != 0 && rows > maxRows)) {
            throw new SQLException("fetch size " + rows + " out of bounds " + maxRows);
        }
        fetchSize = rows;
    }

    @Override
    public int getFetchSize() {
        return fetchSize;
    }

    @Override
    public int getResultSetConcurrency() {
        return ResultSet.CONCUR_READ_ONLY;
    }

    @Override
    public int getResultSetType() {
        return ResultSet.TYPE_FORWARD_ONLY;
    }

    @Override
    public int getResultSetHoldability() {
        return ResultSet.CLOSE_CURSORS_AT_COMMIT;
    }

    @Override
    public Connection getConnection() {
        return connection;
    }

    @Override
    public boolean execute(String sql, int autoGeneratedKeys) throws SQLException {
        return execute(sql);
    }

    @Override
    public boolean execute(String sql, int[] columnIndexes) throws SQLException {
        throw new SQLFeatureNotSupportedException("not implemented by the Graalite JDBC driver");
    }

    @Override
    public boolean execute(String sql, String[] columnNames) throws SQLException {
        throw new SQLFeatureNotSupportedException("not implemented by the Graalite JDBC driver");
    }

    @Override
    public int executeUpdate(String sql, int autoGeneratedKeys) throws SQLException {
        return executeUpdate(sql);
    }

    @Override
    public int executeUpdate(String sql, int[] columnIndexes) throws SQLException {
        throw new SQLFeatureNotSupportedException("not implemented by the Graalite JDBC driver");
    }

    @Override
    public int executeUpdate(String sql, String[] columnNames) throws SQLException {
        throw new SQLFeatureNotSupportedException("not implemented by the Graalite JDBC driver");
    }

    @Override
    public long executeLargeUpdate(String sql, int autoGeneratedKeys) throws SQLException {
        return executeLargeUpdate(sql);
    }

    @Override
    public long executeLargeUpdate(String sql, int[] columnIndexes) throws SQLException {
        throw new SQLFeatureNotSupportedException("not implemented by the Graalite JDBC driver");
    }

    @Override
    public long executeLargeUpdate(String sql, String[] columnNames) throws SQLException {
        throw new SQLFeatureNotSupportedException("not implemented by the Graalite JDBC driver");
    }

    @Override
    public void setPoolable(boolean poolable) {
    }

    @Override
    public boolean isPoolable() {
        return false;
    }

    @Override
    public void closeOnCompletion() {
        closeOnCompletion = true;
    }

    @Override
    public boolean isCloseOnCompletion() {
        return closeOnCompletion;
    }

    @Override
    public <T> T unwrap(Class<T> type) throws SQLException {
        if (type.isInstance(this)) {
            return type.cast(this);
        }
        throw new SQLException(getClass().getName() + " does not wrap " + type.getName());
    }

    @Override
    public boolean isWrapperFor(Class<?> type) {
        return type.isInstance(this);
    }
}
