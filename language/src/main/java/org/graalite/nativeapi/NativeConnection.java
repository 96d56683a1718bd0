package org.graalite.nativeapi;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.ref.Cleaner;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.BooleanSupplier;

import org.graalite.runtime.ResultCodes;
import org.graalite.runtime.SqliteException;

/**
 * One native SQLite connection ({@code sqlite3*}).
 *
 * <p>Not thread-safe: SQLite is built in multi-thread mode, so a connection must never be
 * used by two threads at once; its owner (a Truffle context, which admits one thread at a
 * time) guarantees that. Statements that become unreachable are not finalized on the
 * cleaner thread (that would be a second thread on the connection) but queued and finalized
 * by the owner at its next call.
 */
public final class NativeConnection implements AutoCloseable {
    static final Cleaner CLEANER = Cleaner.create();

    private final String path;
    /** The address of sqlite3_interrupt's flag in the connection (see {@link #interruptFlag()}). */
    private final long interruptFlag;
    private final State state;
    private final Cleaner.Cleanable cleanable;

    /** What the cleaner of an unreachable connection needs; it must not refer to the connection. */
    private static final class State implements Runnable {
        final MemorySegment db;
        /** Statements prepared and not finalized, by address. */
        final Set<Long> live = new HashSet<>();
        /** Statements that became unreachable, to finalize on the owner's thread. */
        final ConcurrentLinkedQueue<Long> abandoned = new ConcurrentLinkedQueue<>();
        /** Open BLOB handles (NativeBlob), by address: closing the connection closes them. */
        final Set<Long> blobs = new HashSet<>();
        boolean closed;

        State(MemorySegment db) {
            this.db = db;
        }

        /** Closes the connection: statements and BLOB handles first, always (DESIGN.md). Synchronized with {@link NativeConnection#interrupt}. */
        @Override
        public synchronized void run() {
            if (closed) {
                return;
            }
            closed = true;
            for (long stmt : live) {
                Sqlite3.finalizeStmt(MemorySegment.ofAddress(stmt));
            }
            live.clear();
            abandoned.clear();
            // An open BLOB handle would keep the connection a zombie (sqlite3_close_v2 waits for it).
            for (long blob : blobs) {
                NativeBlob.closeHandle(MemorySegment.ofAddress(blob));
            }
            blobs.clear();
            Sqlite3.closeV2(db);
        }
    }

    private NativeConnection(String path, MemorySegment db) {
        this.path = path;
        this.interruptFlag = Sqlite3.interruptFlag(db);
        this.state = new State(db);
        this.cleanable = CLEANER.register(this, state);
    }

    /**
     * Opens (creating if needed) the database at {@code path}; {@code :memory:} and the empty
     * string open private in-memory and temporary databases, {@code file:} names are URIs.
     */
    public static NativeConnection open(String path, boolean readOnly) {
        int flags = (readOnly ? Sqlite3.OPEN_READONLY : Sqlite3.OPEN_READWRITE | Sqlite3.OPEN_CREATE) | Sqlite3.OPEN_URI | Sqlite3.OPEN_EXRESCODE;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment ppDb = arena.allocate(ValueLayout.ADDRESS);
            int rc = Sqlite3.openV2(arena.allocateFrom(path), ppDb, flags);
            MemorySegment db = ppDb.get(ValueLayout.ADDRESS, 0);
            if (rc != Sqlite3.OK) {
                String message = db.address() == 0 ? Sqlite3.errstr(rc) : Sqlite3.errmsg(db);
                if (db.address() != 0) {
                    Sqlite3.closeV2(db);
                }
                throw new SqliteException(rc, message);
            }
            Sqlite3.extendedResultCodes(db, 1);
            return new NativeConnection(path, db);
        }
    }

    /**
     * Makes this a connection of a context without file access: SQL may attach in-memory
     * databases only (ATTACH of a file: "not authorized"; VACUUM INTO a file: "authorization
     * denied"), before any authorizer a guest sets (graalite_sandbox in graalite_shim.c).
     */
    public void sandbox() {
        int rc;
        try {
            rc = (int) NativeFunction.SANDBOX.ffm().invokeExact(db());
        } catch (Throwable t) {
            throw Sqlite3.rethrow(t);
        }
        if (rc != Sqlite3.OK) {
            throw lastError(rc);
        }
    }

    /**
     * Whether {@code name} opens an in-memory database (":memory:", "", a file: URI with
     * mode=memory or of :memory:): the rule the sandbox applies to ATTACH (graalite_is_memory_name).
     */
    public static boolean isMemoryName(String name) {
        try (Arena arena = Arena.ofConfined()) {
            return (int) NativeFunction.IS_MEMORY_NAME.ffm().invokeExact(arena.allocateFrom(name)) != 0;
        } catch (Throwable t) {
            throw Sqlite3.rethrow(t);
        }
    }

    public String path() {
        return path;
    }

    public boolean isClosed() {
        return state.closed;
    }

    MemorySegment db() {
        if (state.closed) {
            throw new SqliteException(ResultCodes.SQLITE_MISUSE, "the database connection is closed");
        }
        return state.db;
    }

    /** Finalizes statements whose owners became unreachable; call on the owner's thread. */
    void drainAbandoned() {
        Long stmt;
        while ((stmt = state.abandoned.poll()) != null) {
            if (state.live.remove(stmt)) {
                Sqlite3.finalizeStmt(MemorySegment.ofAddress(stmt));
            }
        }
    }

    /** How many native statements are prepared and not finalized (for tests of resource release). */
    int liveStatementCount() {
        drainAbandoned();
        return state.live.size();
    }

    void registerStatement(long stmt) {
        state.live.add(stmt);
    }

    /** Queues an unreachable statement for finalization (any thread). */
    void abandon(long stmt) {
        state.abandoned.add(stmt);
    }

    /** Finalizes a statement now (owner's thread); false if it was already finalized. */
    boolean finalizeStatement(long stmt) {
        if (!state.closed && state.live.remove(stmt)) {
            Sqlite3.finalizeStmt(MemorySegment.ofAddress(stmt));
            return true;
        }
        return false;
    }

    /** The current error as an exception: SQLite's message and extended code. */
    SqliteException lastError(int rc) {
        MemorySegment db = state.db;
        int code = Sqlite3.extendedErrcode(db);
        if ((code & 0xff) != (rc & 0xff)) {
            // SQLite returned rc without recording it (SQLITE_MISUSE of an API call): the
            // connection's message is an older error's.
            return new SqliteException(rc, Sqlite3.errstr(rc));
        }
        return new SqliteException(code, Sqlite3.errmsg(db));
    }

    /**
     * Prepares the statements of {@code sql} one at a time: each is prepared only when the
     * one before it has run, because it may depend on what that one did (a CREATE TABLE).
     */
    public StatementSequence prepareSequence(String sql) {
        db();
        return new StatementSequence(this, sql);
    }

    /** Prepares exactly one statement; more than one, or none, is an error. */
    public NativeStatement prepareOne(String sql) {
        try (StatementSequence seq = prepareSequence(sql)) {
            NativeStatement stmt = seq.next();
            if (stmt == null) {
                throw SqliteException.misuse("no SQL statement in: " + sql);
            }
            if (seq.hasMore()) {
                stmt.close();
                throw SqliteException.misuse("more than one SQL statement in: " + sql);
            }
            return stmt;
        }
    }

    public long changes() {
        return Sqlite3.changes64(db());
    }

    public long totalChanges() {
        return Sqlite3.totalChanges64(db());
    }

    /** The rows the last statement changed if {@link #totalChanges} moved from {@code before}, else 0. */
    public long changesSince(long before) {
        return Sqlite3.changesSince(db(), before);
    }

    public long lastInsertRowid() {
        return Sqlite3.lastInsertRowid(db());
    }

    public boolean autocommit() {
        return Sqlite3.getAutocommit(db()) != 0;
    }

    public void busyTimeout(int milliseconds) {
        Sqlite3.busyTimeout(db(), milliseconds);
    }

    /**
     * Makes the running statements stop with SQLITE_INTERRUPT (sqlite3_interrupt), on either
     * tier; the one call safe from another thread. It holds the state's monitor, as closing
     * does: sqlite3_interrupt must not run on a connection being closed.
     */
    public void interrupt() {
        synchronized (state) {
            if (!state.closed) {
                Sqlite3.interrupt(state.db);
            }
        }
    }

    /** sqlite3_limit: sets limit {@code category} (SQLITE_LIMIT_*) to {@code value} (negative: leaves it) and returns the value before. */
    public int limit(int category, int value) {
        return Sqlite3.limit(db(), category, value);
    }

    /**
     * The address of the int that sqlite3_interrupt sets and the start of the next execution
     * clears (when no other statement of the connection is running). Valid while the
     * connection is open, which it is while any of its statements runs.
     */
    public long interruptFlag() {
        return interruptFlag;
    }

    /** The progress handler set by sqlite3_progress_handler (see ProgressHandlers), null when none. */
    private volatile BooleanSupplier progressHandler;
    /** Its N: called every N instructions. */
    private volatile int progressInstructions;

    /** Notes the handler SQLite now calls every {@code instructions} instructions (null: none), for the Truffle tier. */
    void noteProgressHandler(BooleanSupplier handler, int instructions) {
        progressHandler = handler;
        progressInstructions = instructions;
    }

    /** The connection's progress handler, null when none is set. */
    public BooleanSupplier progressHandler() {
        return progressHandler;
    }

    /** How many instructions apart the progress handler is called. */
    public int progressInstructions() {
        return progressInstructions;
    }

    /** Whether a guest's collation was ever defined on this connection (never reset; see {@link #mayCallCollationsBack}). */
    private volatile boolean guestCollations;

    /** Notes that a guest's collation, which SQLite calls through an upcall, is defined here. */
    void noteGuestCollation() {
        guestCollations = true;
    }

    /**
     * Whether SQLite may call back into Java to compare text on this connection: then the calls
     * that compare keys (sorters) must not be critical downcalls.
     */
    boolean mayCallCollationsBack() {
        return guestCollations;
    }

    public static String libraryVersion() {
        return Sqlite3.libversion();
    }

    /** Whether {@code sql} ends with a complete statement (sqlite3_complete). */
    public static boolean isComplete(String sql) {
        try (Arena arena = Arena.ofConfined()) {
            return Sqlite3.complete(arena.allocateFrom(sql)) != 0;
        }
    }

    /**
     * Column facts from the schema: declared type, collation, NOT NULL, part of the primary
     * key, AUTOINCREMENT; null if there is no such table or column.
     */
    public ColumnMetadata columnMetadata(String database, String table, String column) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment type = arena.allocate(ValueLayout.ADDRESS);
            MemorySegment coll = arena.allocate(ValueLayout.ADDRESS);
            MemorySegment notNull = arena.allocate(ValueLayout.JAVA_INT);
            MemorySegment pk = arena.allocate(ValueLayout.JAVA_INT);
            MemorySegment autoinc = arena.allocate(ValueLayout.JAVA_INT);
            int rc = Sqlite3.tableColumnMetadata(db(), database == null ? MemorySegment.NULL : arena.allocateFrom(database), arena.allocateFrom(table),
                            arena.allocateFrom(column), type, coll, notNull, pk, autoinc);
            if (rc != Sqlite3.OK) {
                return null;
            }
            return new ColumnMetadata(Sqlite3.string(type.get(ValueLayout.ADDRESS, 0)), Sqlite3.string(coll.get(ValueLayout.ADDRESS, 0)),
                            notNull.get(ValueLayout.JAVA_INT, 0) != 0, pk.get(ValueLayout.JAVA_INT, 0) != 0, autoinc.get(ValueLayout.JAVA_INT, 0) != 0);
        }
    }

    /** What sqlite3_table_column_metadata reports of one column. */
    public record ColumnMetadata(String declaredType, String collation, boolean notNull, boolean primaryKey, boolean autoincrement) {
    }

    /** A BLOB handle was opened on this connection: closing the connection closes it. */
    void blobOpened(MemorySegment blob) {
        synchronized (state) {
            state.blobs.add(blob.address());
        }
    }

    /** Whether BLOB handle {@code blob} is still open (the connection did not close it). */
    boolean blobOpen(MemorySegment blob) {
        synchronized (state) {
            return state.blobs.contains(blob.address());
        }
    }

    /** Whether BLOB handle {@code blob} was still open; from now on it is the caller's to close. */
    boolean releaseBlob(MemorySegment blob) {
        synchronized (state) {
            return state.blobs.remove(blob.address());
        }
    }

    /** Closes the connection; its statements are finalized first. Idempotent. */
    @Override
    public void close() {
        cleanable.clean();
    }
}
