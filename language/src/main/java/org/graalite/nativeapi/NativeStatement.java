package org.graalite.nativeapi;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.ref.Cleaner;
import java.nio.charset.StandardCharsets;

import org.graalite.runtime.ResultCodes;
import org.graalite.runtime.SqliteException;

/**
 * One native prepared statement ({@code sqlite3_stmt*}) and SQLite's own execution of it
 * (the native tier): bind, step, read columns, reset.
 *
 * <p>Finalized by {@link #close()}, by closing its connection, or, once unreachable, by its
 * connection's owner at the next call (never on the cleaner thread).
 */
public final class NativeStatement implements AutoCloseable {
    /** SQLite's fundamental datatypes, as sqlite3_column_type reports them. */
    public static final int INTEGER = 1;
    public static final int FLOAT = 2;
    public static final int TEXT = 3;
    public static final int BLOB = 4;
    public static final int NULL = 5;

    private final NativeConnection connection;
    private final MemorySegment stmt;
    private final Release release;
    private final Cleaner.Cleanable cleanable;
    private boolean closed;

    /**
     * Queues the statement for finalization when it becomes unreachable. After an explicit
     * close it does nothing: SQLite may hand the same address to a new statement.
     */
    private static final class Release implements Runnable {
        final NativeConnection connection;
        final long address;
        volatile boolean finalized;

        Release(NativeConnection connection, long address) {
            this.connection = connection;
            this.address = address;
        }

        @Override
        public void run() {
            if (!finalized) {
                connection.abandon(address);
            }
        }
    }

    NativeStatement(NativeConnection connection, MemorySegment stmt) {
        this.connection = connection;
        this.stmt = stmt;
        connection.registerStatement(stmt.address());
        this.release = new Release(connection, stmt.address());
        this.cleanable = NativeConnection.CLEANER.register(this, release);
    }

    private NativeVdbe vdbe;

    /** The native half of this statement's executions on the Truffle tier. */
    public NativeVdbe vdbe() {
        if (vdbe == null) {
            vdbe = new NativeVdbe(this, pointer());
        }
        return vdbe;
    }

    public NativeConnection connection() {
        return connection;
    }

    /** The statement's pointer, for the program reader in this package's sibling. */
    MemorySegment pointer() {
        if (closed) {
            throw SqliteException.misuse("the prepared statement is closed");
        }
        connection.db();
        return stmt;
    }

    public boolean isClosed() {
        return closed || connection.isClosed();
    }

    // ---- execution

    /** Runs to the next row: true if there is one, false when done; SQLite's error otherwise (the statement is reset). */
    public boolean step() {
        MemorySegment s = pointer();
        int rc = Sqlite3.step(s);
        if (rc == Sqlite3.ROW) {
            return true;
        }
        if (rc == Sqlite3.DONE) {
            return false;
        }
        SqliteException error = connection.lastError(rc);
        Sqlite3.reset(s);
        throw error;
    }

    /** Resets the statement to run again; bindings stay. */
    public void reset() {
        if (!isClosed()) {
            Sqlite3.reset(stmt);
        }
    }

    public void clearBindings() {
        Sqlite3.clearBindings(pointer());
    }

    public boolean isReadOnly() {
        return Sqlite3.stmtReadonly(pointer()) != 0;
    }

    /** Whether SQLite made the plan from bound parameter values (binding one of them expires the statement). */
    public boolean planUsesParameters() {
        return Sqlite3.stmtPlanUsesParameters(pointer()) != 0;
    }

    /**
     * The shape of the statement's program (graalite_stmt_shape): equal for two programs that
     * the Truffle tier runs as the same nodes, and never equal across a schema reset; null when
     * SQLite is out of memory.
     */
    public byte[] programShape() {
        return Sqlite3.stmtShape(pointer());
    }

    /** Expires the statement: its next start prepares it again (graalite_stmt_expire). */
    public void expire() {
        Sqlite3.stmtExpire(pointer());
    }

    public boolean isExplain() {
        return Sqlite3.stmtIsExplain(pointer()) != 0;
    }

    public String sql() {
        return Sqlite3.sql(pointer());
    }

    // ---- parameters (1-based, as in SQLite)

    public int parameterCount() {
        return Sqlite3.bindParameterCount(pointer());
    }

    /** The parameter's name with its prefix ({@code :a}, {@code @a}, {@code $a}, {@code ?5}); null for a plain {@code ?}. */
    public String parameterName(int index) {
        return Sqlite3.bindParameterName(pointer(), index);
    }

    public void bindNull(int index) {
        check(Sqlite3.bindNull(pointer(), index));
    }

    public void bindLong(int index, long value) {
        check(Sqlite3.bindInt64(pointer(), index, value));
    }

    public void bindDouble(int index, double value) {
        check(Sqlite3.bindDouble(pointer(), index, value));
    }

    public void bindText(int index, String value) {
        bindBytes(index, value.getBytes(StandardCharsets.UTF_8), true);
    }

    /** Binds text given as its bytes, which SQLite keeps as they are (valid UTF-8 or not). */
    public void bindText(int index, byte[] utf8) {
        bindBytes(index, utf8, true);
    }

    public void bindBlob(int index, byte[] value) {
        if (value.length == 0) {
            check(Sqlite3.bindZeroblob(pointer(), index, 0));
            return;
        }
        bindBytes(index, value, false);
    }

    /** Binds text or a blob; SQLite copies it (SQLITE_TRANSIENT), so the thread's scratch block serves. */
    private void bindBytes(int index, byte[] data, boolean text) {
        if (data.length > ThreadScratch.SIZE) {
            try (Arena arena = Arena.ofConfined()) {
                bindBytes(index, data, text, arena.allocate(data.length));
            }
            return;
        }
        bindBytes(index, data, text, ThreadScratch.block());
    }

    private void bindBytes(int index, byte[] data, boolean text, MemorySegment bytes) {
        MemorySegment s = pointer();
        Sqlite3.copyInto(data, bytes, 0);
        check(text ? Sqlite3.bindText(s, index, bytes, data.length) : Sqlite3.bindBlob(s, index, bytes, data.length));
    }

    private void check(int rc) {
        if (rc != Sqlite3.OK) {
            if (rc == ResultCodes.SQLITE_RANGE) {
                throw new SqliteException(rc, "column index out of range");
            }
            throw connection.lastError(rc);
        }
    }

    /** How many times SQLite has prepared this statement again (SQLITE_STMTSTATUS_REPREPARE): after a schema change, or a bind that steers the plan. */
    public int reprepareCount() {
        return Sqlite3.stmtStatus(pointer(), SQLITE_STMTSTATUS_REPREPARE, 0);
    }

    private static final int SQLITE_STMTSTATUS_REPREPARE = 5;

    // ---- result columns (0-based, as in SQLite)

    public int columnCount() {
        return Sqlite3.columnCount(pointer());
    }

    public String columnName(int i) {
        return Sqlite3.columnName(pointer(), i);
    }

    public String columnDeclaredType(int i) {
        return Sqlite3.columnDecltype(pointer(), i);
    }

    public String columnTableName(int i) {
        return Sqlite3.columnTableName(pointer(), i);
    }

    public String columnOriginName(int i) {
        return Sqlite3.columnOriginName(pointer(), i);
    }

    public String columnDatabaseName(int i) {
        return Sqlite3.columnDatabaseName(pointer(), i);
    }

    /** The storage class of column {@code i} of the current row: {@link #INTEGER} ... {@link #NULL}. */
    public int columnType(int i) {
        return Sqlite3.columnType(stmt, i);
    }

    public long columnLong(int i) {
        return Sqlite3.columnInt64(stmt, i);
    }

    public double columnDouble(int i) {
        return Sqlite3.columnDouble(stmt, i);
    }

    public String columnText(int i) {
        MemorySegment p = Sqlite3.columnText(stmt, i);
        int n = Sqlite3.columnBytes(stmt, i);
        return p.address() == 0 ? null : Sqlite3.string(p, n);
    }

    /** Column {@code i}'s TEXT as a String, or an InvalidText where its bytes are not valid UTF-8. */
    public Object columnTextValue(int i) {
        MemorySegment p = Sqlite3.columnText(stmt, i);
        int n = Sqlite3.columnBytes(stmt, i);
        return p.address() == 0 ? null : Sqlite3.text(p, n);
    }

    public byte[] columnBlob(int i) {
        MemorySegment p = Sqlite3.columnBlob(stmt, i);
        int n = Sqlite3.columnBytes(stmt, i);
        if (n == 0 || p.address() == 0) {
            return new byte[0];
        }
        return Sqlite3.bytesAt(p, n);
    }

    /** Finalizes the statement. Idempotent. */
    @Override
    public void close() {
        if (!closed) {
            closed = true;
            release.finalized = true;
            connection.finalizeStatement(stmt.address());
            cleanable.clean();
        }
    }
}
