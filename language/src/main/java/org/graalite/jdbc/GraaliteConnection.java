package org.graalite.jdbc;

import java.sql.Array;
import java.sql.Blob;
import java.sql.CallableStatement;
import java.sql.Clob;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.NClob;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLClientInfoException;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLWarning;
import java.sql.SQLXML;
import java.sql.Savepoint;
import java.sql.Statement;
import java.sql.Struct;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.Executor;

import org.graalite.interop.ConnectionObject;
import org.graalite.nativeapi.NativeConnection;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Engine;
import org.graalvm.polyglot.HostAccess;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.io.IOAccess;

/**
 * A JDBC connection: one polyglot {@link Context} of the {@code sql} language with its own
 * database connection. All contexts share one {@link Engine}, so a statement compiled for one
 * connection is reused by every other.
 *
 * <p>A context admits one thread at a time, so every JDBC call on a connection, its statements
 * and result sets holds the connection's monitor.
 *
 * <p>Transactions follow sqlite-jdbc: auto-commit off runs {@code begin;} (or the
 * {@code transaction_mode}'s BEGIN), and commit and rollback start the next transaction at
 * once; savepoints are SQLite's SAVEPOINT, RELEASE SAVEPOINT and ROLLBACK TO SAVEPOINT.
 */
public final class GraaliteConnection implements Connection {
    private static volatile Engine sharedEngine;

    /** Lets the guest read host ByteBuffers (BLOB parameters) and nothing else of the host. */
    private static final HostAccess HOST_ACCESS = HostAccess.newBuilder().allowBufferAccess(true).build();

    private final String url;
    private final String path;
    final ConnectionConfig config;
    private final Context context;
    /** See {@link #entry()}; made on first use. */
    private ContextEntry entry;
    /** The {@code sql} language's connection object: prepare, execute, changes, lastInsertRowid... */
    private final Value db;
    /** The SQLite connection under {@link #db}, for {@link #interrupt} from other threads. */
    private final NativeConnection nativeConnection;
    private final boolean readOnly;
    private final Set<GraaliteStatement> statements = Collections.newSetFromMap(new WeakHashMap<>());
    private final Map<String, Value> controlStatements = new HashMap<>();
    private boolean autoCommit = true;
    /** Volatile: statements check it before each call (setLong too) without taking the monitor. */
    private volatile boolean closed;
    private int savepointCounter;
    private int transactionIsolation = TRANSACTION_SERIALIZABLE;
    private Map<String, Class<?>> typeMap;
    private GraaliteDatabaseMetaData metaData;
    /** The statement whose changes count or last rowid is still to be read, if any. */
    private GraaliteStatement pendingCapture;
    /** Executions of statements that may change what a query reads (see Rows.Direct). */
    private long changingExecutions;

    GraaliteConnection(String url, String path, ConnectionConfig config) throws SQLException {
        this.url = url;
        this.path = path;
        this.config = config;
        this.readOnly = Boolean.parseBoolean(config.languageOptions.getOrDefault("sql.ReadOnly", "false"));
        // Native access only lets sql (the one language of the context) use Truffle NFI when a
        // connection asks for sql.NativeBinding=nfi; SQL text itself cannot reach it.
        Context.Builder builder = Context.newBuilder("sql").engine(engine()).allowIO(IOAccess.ALL).allowNativeAccess(true).allowHostAccess(HOST_ACCESS).option("sql.Database", path).option("sql.BusyTimeout",
                        Integer.toString(config.busyTimeout));
        config.languageOptions.forEach(builder::option);
        Context created;
        try {
            created = builder.build();
        } catch (IllegalArgumentException e) {
            throw new SQLException("invalid connection option: " + e.getMessage(), e);
        }
        this.context = created;
        try {
            this.db = context.getBindings("sql");
            this.nativeConnection = db.getMember(ConnectionObject.HOST_CONNECTION).asHostObject();
            // sqlite-jdbc's own SQL functions (stdev, reverse, padl...): SQL written for it runs here too.
            db.invokeMember("addExtensionFunctions");
            // TEXT that is not valid UTF-8 reaches the driver as its bytes: getBytes gives them
            // as stored, as sqlite-jdbc's sqlite3_column_blob (SqliteValues.toBytes).
            db.invokeMember("invalidTextAsBytes", true);
            for (String pragma : config.pragmaStatements) {
                db.invokeMember("execute", pragma);
            }
            if (config.enableLoadExtension) {
                db.invokeMember("enableLoadExtension", true);
            }
        } catch (PolyglotException e) {
            context.close();
            throw Errors.translate(e);
        }
    }

    /** The engine all connections share, created on first use. */
    static Engine engine() {
        Engine e = sharedEngine;
        if (e == null) {
            synchronized (GraaliteConnection.class) {
                e = sharedEngine;
                if (e == null) {
                    e = Engine.newBuilder("sql").build();
                    sharedEngine = e;
                }
            }
        }
        return e;
    }

    // ---- internal API for statements, result sets and metadata

    Value db() {
        return db;
    }

    /** Runs the driver's calls into the language that do not go through the Value API. */
    ContextEntry entry() {
        ContextEntry e = entry;
        if (e == null) {
            e = new ContextEntry(context);
            entry = e;
        }
        return e;
    }

    String path() {
        return path;
    }

    /**
     * Makes the statement running on this connection stop with SQLITE_INTERRUPT
     * (sqlite3_interrupt, as sqlite-jdbc's cancel). Called from another thread: it must not
     * take this connection's monitor, which the running statement holds.
     */
    void interrupt() {
        if (!closed) {
            nativeConnection.interrupt();
        }
    }

    void checkOpen() throws SQLException {
        if (closed) {
            throw new SQLException("database connection closed");
        }
    }

    /** The check sqlite-jdbc makes when a statement runs on a closed connection. */
    void checkOpenForStatement() throws SQLException {
        if (closed) {
            throw new SQLException("The database has been closed");
        }
    }

    void register(GraaliteStatement statement) {
        statements.add(statement);
    }

    void unregister(GraaliteStatement statement) {
        statements.remove(statement);
        if (pendingCapture == statement) {
            pendingCapture = null;
        }
    }

    /** Prepares one statement (not yet run). */
    Value prepare(String sql) throws SQLException {
        try {
            return db.invokeMember("prepare", sql);
        } catch (PolyglotException e) {
            throw Errors.translate(e);
        }
    }

    /**
     * Prepares the first statement of {@code sql}, ignoring the rest, as sqlite-jdbc's
     * execute and executeQuery do (they prepare with sqlite3_prepare_v2 and drop the tail).
     */
    Value prepareFirst(String sql) throws SQLException {
        try {
            return prepare(sql);
        } catch (GraaliteException e) {
            if (e.getResultCode() == 21 && e.getSqliteMessage() != null && e.getSqliteMessage().startsWith("more than one SQL statement")) {
                return prepare(firstStatement(sql));
            }
            if (e.getResultCode() == 21 && e.getSqliteMessage() != null && e.getSqliteMessage().startsWith("no SQL statement")) {
                throw new SQLException("SQL statement is empty: '" + sql + "'", e);
            }
            throw e;
        }
    }

    /** The text up to and including the semicolon that ends the first complete statement. */
    static String firstStatement(String sql) {
        int from = 0;
        while (true) {
            int semicolon = sql.indexOf(';', from);
            if (semicolon < 0) {
                return sql;
            }
            String head = sql.substring(0, semicolon + 1);
            if (NativeConnection.isComplete(head)) {
                return head;
            }
            from = semicolon + 1;
        }
    }

    /**
     * Runs every statement of {@code sql} as sqlite3_exec does (the rows of queries are not
     * returned) and returns the number of rows changed, counted as sqlite-jdbc counts them: the
     * growth of total_changes().
     */
    long executeText(String sql) throws SQLException {
        try {
            long before = db.getMember("totalChanges").asLong();
            Value result = context.eval("sql", sql);
            if (result.canExecute()) {
                // A lone statement with parameters: sqlite3_exec runs it with every parameter NULL.
                int count = result.getMember("parameterCount").asInt();
                Value r = result.execute(new Object[count]);
                closeIfResult(r);
                result.invokeMember("close");
            } else {
                closeIfResult(result);
            }
            return db.getMember("totalChanges").asLong() - before;
        } catch (PolyglotException e) {
            throw Errors.translate(e);
        }
    }

    private static void closeIfResult(Value r) {
        if (r != null && r.hasMember("close") && r.hasIterator()) {
            r.invokeMember("close");
        }
    }

    /** Runs a statement of the driver's own (BEGIN, COMMIT, SAVEPOINT...), caching fixed ones. */
    void control(String sql, boolean cache) throws SQLException {
        beforeExecute(null, false);
        try {
            if (cache) {
                Value statement = controlStatements.get(sql);
                if (statement == null) {
                    statement = db.invokeMember("prepare", sql);
                    controlStatements.put(sql, statement);
                }
                statement.execute();
            } else {
                db.invokeMember("execute", sql);
            }
        } catch (PolyglotException e) {
            throw Errors.translate(e);
        }
    }

    /**
     * How many statements this connection has run that may change what a query reads: all but
     * read-only queries (see Rows.Direct and DirectStatement#readsOnly).
     */
    long changingExecutions() {
        return changingExecutions;
    }

    /**
     * Called before anything runs on this connection: a statement whose last execution left
     * values to read lazily (its changes count, its last insert rowid) reads them now, before
     * the next execution changes them.
     *
     * @param readsOnly whether {@code next} is a query that changes nothing (a lookup inside a
     *        loop over another query's rows lets that query go on reading ahead)
     */
    void beforeExecute(GraaliteStatement next, boolean readsOnly) throws SQLException {
        if (!readsOnly) {
            changingExecutions++;
        }
        GraaliteStatement pending = pendingCapture;
        if (pending != null) {
            pendingCapture = null;
            if (pending != next) {
                pending.capturePending();
            }
        }
    }

    void afterExecute(GraaliteStatement statement) {
        pendingCapture = statement;
    }

    long changes() throws SQLException {
        try {
            return db.getMember("changes").asLong();
        } catch (PolyglotException e) {
            throw Errors.translate(e);
        }
    }

    long lastInsertRowid() throws SQLException {
        try {
            return db.getMember("lastInsertRowid").asLong();
        } catch (PolyglotException e) {
            throw Errors.translate(e);
        }
    }

    // ---- Connection

    @Override
    public Statement createStatement() throws SQLException {
        return createStatement(ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_READ_ONLY, ResultSet.CLOSE_CURSORS_AT_COMMIT);
    }

    @Override
    public Statement createStatement(int resultSetType, int resultSetConcurrency) throws SQLException {
        return createStatement(resultSetType, resultSetConcurrency, ResultSet.CLOSE_CURSORS_AT_COMMIT);
    }

    @Override
    public synchronized Statement createStatement(int resultSetType, int resultSetConcurrency, int resultSetHoldability) throws SQLException {
        checkOpen();
        checkCursor(resultSetType, resultSetConcurrency, resultSetHoldability);
        GraaliteStatement statement = new GraaliteStatement(this);
        register(statement);
        return statement;
    }

    @Override
    public PreparedStatement prepareStatement(String sql) throws SQLException {
        return prepareStatement(sql, ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_READ_ONLY, ResultSet.CLOSE_CURSORS_AT_COMMIT);
    }

    @Override
    public PreparedStatement prepareStatement(String sql, int resultSetType, int resultSetConcurrency) throws SQLException {
        return prepareStatement(sql, resultSetType, resultSetConcurrency, ResultSet.CLOSE_CURSORS_AT_COMMIT);
    }

    @Override
    public synchronized PreparedStatement prepareStatement(String sql, int resultSetType, int resultSetConcurrency, int resultSetHoldability) throws SQLException {
        checkOpen();
        checkCursor(resultSetType, resultSetConcurrency, resultSetHoldability);
        GraalitePreparedStatement statement = new GraalitePreparedStatement(this, sql);
        register(statement);
        return statement;
    }

    @Override
    public PreparedStatement prepareStatement(String sql, int autoGeneratedKeys) throws SQLException {
        return prepareStatement(sql);
    }

    @Override
    public PreparedStatement prepareStatement(String sql, int[] columnIndexes) throws SQLException {
        return prepareStatement(sql);
    }

    @Override
    public PreparedStatement prepareStatement(String sql, String[] columnNames) throws SQLException {
        return prepareStatement(sql);
    }

    private static void checkCursor(int type, int concurrency, int holdability) throws SQLException {
        if (type != ResultSet.TYPE_FORWARD_ONLY) {
            throw new SQLException("SQLite only supports TYPE_FORWARD_ONLY cursors");
        }
        if (concurrency != ResultSet.CONCUR_READ_ONLY) {
            throw new SQLException("SQLite only supports CONCUR_READ_ONLY cursors");
        }
        if (holdability != ResultSet.CLOSE_CURSORS_AT_COMMIT) {
            throw new SQLException("SQLite only supports closing cursors at commit");
        }
    }

    @Override
    public CallableStatement prepareCall(String sql) throws SQLException {
        throw new SQLException("SQLite does not support Stored Procedures");
    }

    @Override
    public CallableStatement prepareCall(String sql, int resultSetType, int resultSetConcurrency) throws SQLException {
        throw new SQLException("SQLite does not support Stored Procedures");
    }

    @Override
    public CallableStatement prepareCall(String sql, int resultSetType, int resultSetConcurrency, int resultSetHoldability) throws SQLException {
        throw new SQLException("SQLite does not support Stored Procedures");
    }

    @Override
    public String nativeSQL(String sql) {
        return sql;
    }

    @Override
    public synchronized void setAutoCommit(boolean value) throws SQLException {
        checkOpen();
        if (autoCommit == value) {
            return;
        }
        autoCommit = value;
        control(value ? "commit;" : config.beginSql, true);
    }

    @Override
    public synchronized boolean getAutoCommit() throws SQLException {
        checkOpen();
        return autoCommit;
    }

    @Override
    public synchronized void commit() throws SQLException {
        checkOpen();
        if (autoCommit) {
            throw new SQLException("database in auto-commit mode");
        }
        control("commit;", true);
        control(config.beginSql, true);
    }

    @Override
    public synchronized void rollback() throws SQLException {
        checkOpen();
        if (autoCommit) {
            throw new SQLException("database in auto-commit mode");
        }
        control("rollback;", true);
        control(config.beginSql, true);
    }

    @Override
    public synchronized Savepoint setSavepoint() throws SQLException {
        checkOpen();
        // An outermost SAVEPOINT starts a transaction, as BEGIN DEFERRED does.
        autoCommit = false;
        GraaliteSavepoint savepoint = new GraaliteSavepoint(++savepointCounter, null);
        control("SAVEPOINT " + savepoint.getSavepointName(), false);
        return savepoint;
    }

    @Override
    public synchronized Savepoint setSavepoint(String name) throws SQLException {
        checkOpen();
        autoCommit = false;
        GraaliteSavepoint savepoint = new GraaliteSavepoint(++savepointCounter, name);
        control("SAVEPOINT " + savepoint.getSavepointName(), false);
        return savepoint;
    }

    @Override
    public synchronized void releaseSavepoint(Savepoint savepoint) throws SQLException {
        checkOpen();
        if (autoCommit) {
            throw new SQLException("database in auto-commit mode");
        }
        control("RELEASE SAVEPOINT " + savepoint.getSavepointName(), false);
    }

    @Override
    public synchronized void rollback(Savepoint savepoint) throws SQLException {
        checkOpen();
        if (autoCommit) {
            throw new SQLException("database in auto-commit mode");
        }
        control("ROLLBACK TO SAVEPOINT " + savepoint.getSavepointName(), false);
    }

    @Override
    public synchronized void close() throws SQLException {
        if (closed) {
            return;
        }
        closed = true;
        pendingCapture = null;
        // Statements first: a native statement must never outlive its connection.
        for (GraaliteStatement statement : new ArrayList<>(statements)) {
            statement.closeQuietly();
        }
        statements.clear();
        for (Value statement : controlStatements.values()) {
            try {
                statement.invokeMember("close");
            } catch (PolyglotException e) {
                // closing anyway
            }
        }
        controlStatements.clear();
        try {
            context.close();
        } catch (PolyglotException e) {
            throw Errors.translate(e);
        }
    }

    @Override
    public boolean isClosed() {
        return closed;
    }

    @Override
    public synchronized boolean isValid(int timeout) {
        if (closed) {
            return false;
        }
        try {
            db.getMember("autocommit").asBoolean();
            return true;
        } catch (PolyglotException e) {
            return false;
        }
    }

    @Override
    public synchronized DatabaseMetaData getMetaData() throws SQLException {
        checkOpen();
        if (metaData == null) {
            metaData = new GraaliteDatabaseMetaData(this);
        }
        return metaData;
    }

    String url() {
        return url;
    }

    @Override
    public boolean isReadOnly() {
        return readOnly;
    }

    @Override
    public void setReadOnly(boolean value) throws SQLException {
        if (value != readOnly) {
            throw new SQLException("Cannot change read-only flag after establishing a connection. Use the property sql.ReadOnly when connecting.");
        }
    }

    @Override
    public synchronized void setCatalog(String catalog) throws SQLException {
        checkOpen();
    }

    @Override
    public synchronized String getCatalog() throws SQLException {
        checkOpen();
        return null;
    }

    @Override
    public synchronized void setTransactionIsolation(int level) throws SQLException {
        checkOpen();
        switch (level) {
            case TRANSACTION_SERIALIZABLE:
                control("PRAGMA read_uncommitted = false;", false);
                break;
            case TRANSACTION_READ_UNCOMMITTED:
                control("PRAGMA read_uncommitted = true;", false);
                break;
            default:
                throw new SQLException("Unsupported transaction isolation level: " + level + ". Must be one of TRANSACTION_READ_UNCOMMITTED or TRANSACTION_SERIALIZABLE");
        }
        transactionIsolation = level;
    }

    @Override
    public int getTransactionIsolation() {
        return transactionIsolation;
    }

    @Override
    public SQLWarning getWarnings() throws SQLException {
        checkOpen();
        return null;
    }

    @Override
    public void clearWarnings() {
    }

    @Override
    public synchronized Map<String, Class<?>> getTypeMap() {
        if (typeMap == null) {
            typeMap = new HashMap<>();
        }
        return typeMap;
    }

    @Override
    public synchronized void setTypeMap(Map<String, Class<?>> map) {
        typeMap = map;
    }

    @Override
    public void setHoldability(int holdability) throws SQLException {
        checkOpen();
        if (holdability != ResultSet.CLOSE_CURSORS_AT_COMMIT) {
            throw new SQLException("SQLite only supports CLOSE_CURSORS_AT_COMMIT");
        }
    }

    @Override
    public int getHoldability() throws SQLException {
        checkOpen();
        return ResultSet.CLOSE_CURSORS_AT_COMMIT;
    }

    @Override
    public Clob createClob() throws SQLException {
        throw new SQLFeatureNotSupportedException("createClob is not supported");
    }

    @Override
    public Blob createBlob() throws SQLException {
        throw new SQLFeatureNotSupportedException("createBlob is not supported");
    }

    @Override
    public NClob createNClob() throws SQLException {
        throw new SQLFeatureNotSupportedException("createNClob is not supported");
    }

    @Override
    public SQLXML createSQLXML() throws SQLException {
        throw new SQLFeatureNotSupportedException("createSQLXML is not supported");
    }

    @Override
    public Array createArrayOf(String typeName, Object[] elements) throws SQLException {
        throw new SQLFeatureNotSupportedException("createArrayOf is not supported");
    }

    @Override
    public Struct createStruct(String typeName, Object[] attributes) throws SQLException {
        throw new SQLFeatureNotSupportedException("createStruct is not supported");
    }

    @Override
    public void setClientInfo(String name, String value) throws SQLClientInfoException {
        // SQLite keeps no client information.
    }

    @Override
    public void setClientInfo(Properties properties) throws SQLClientInfoException {
        // SQLite keeps no client information.
    }

    @Override
    public String getClientInfo(String name) {
        return null;
    }

    @Override
    public Properties getClientInfo() {
        return new Properties();
    }

    @Override
    public void setSchema(String schema) {
        // SQLite has no schemas in the JDBC sense.
    }

    @Override
    public String getSchema() {
        return null;
    }

    @Override
    public void abort(Executor executor) throws SQLException {
        close();
    }

    @Override
    public void setNetworkTimeout(Executor executor, int milliseconds) {
        // no network
    }

    @Override
    public int getNetworkTimeout() {
        return 0;
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

    /**
     * Registers a scalar SQL function written in Java on this connection (reach it with
     * {@code connection.unwrap(GraaliteConnection.class)}), replacing one of the same name and
     * argument count; -1 arguments takes any number. Deterministic functions may be used in
     * indexes and CHECK constraints, and SQLite may evaluate them once for constant arguments.
     */
    public synchronized void createFunction(String name, int argumentCount, boolean deterministic, SqlFunction function) throws SQLException {
        checkOpen();
        try {
            db.invokeMember("createFunction", name, argumentCount, function, deterministic);
        } catch (PolyglotException e) {
            throw Errors.translate(e);
        }
    }

    /** Registers an aggregate SQL function written in Java: {@code factory} makes one {@link SqlAggregate} per group. */
    public synchronized void createAggregate(String name, int argumentCount, java.util.function.Supplier<? extends SqlAggregate> factory) throws SQLException {
        checkOpen();
        try {
            db.invokeMember("createAggregate", name, argumentCount, (org.graalite.runtime.JavaAggregate.Factory) factory::get);
        } catch (PolyglotException e) {
            throw Errors.translate(e);
        }
    }

    /**
     * Registers a collation written in Java, replacing one of the same name; null removes it.
     * SQLite calls it wherever it orders text under that name ({@code COLLATE name}, columns
     * and indexes declared with it). What it throws fails the statement that called it.
     */
    public synchronized void createCollation(String name, java.util.Comparator<String> comparator) throws SQLException {
        checkOpen();
        try {
            db.invokeMember("createCollation", name, comparator);
        } catch (PolyglotException e) {
            throw Errors.translate(e);
        }
    }

    /** The {@code sql} language's statistics: how many executions each tier ran. */
    public synchronized long[] tierExecutions() throws SQLException {
        checkOpen();
        return new long[]{db.getMember("truffleExecutions").asLong(), db.getMember("nativeExecutions").asLong()};
    }
}
