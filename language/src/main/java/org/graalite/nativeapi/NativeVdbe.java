package org.graalite.nativeapi;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;

import org.graalite.runtime.InPlaceRecord;
import org.graalite.runtime.PageMemory;
import org.graalite.runtime.SqliteException;

/**
 * The native half of one statement's execution on the Truffle tier: SQLite's own statement
 * state machine, transactions, cursors and halts (graalite_shim.c), driven by Graalite's
 * interpreter. One instance per statement, used by one thread at a time; it owns a small
 * native scratch buffer for out-parameters.
 *
 * <p>Every call sits behind {@code @TruffleBoundary}: compiled statements call these small
 * methods, which HotSpot compiles with their FFM downcalls (see the note on the handles below).
 */
public final class NativeVdbe {
    /** SQLite's codes that the interpreter tests for. */
    public static final int OK = 0;
    public static final int DONE = 101;

    /*
     * Every downcall as a static final constant, and every method that makes one behind a
     * boundary (about 1.4 ns a call, next to a b-tree step's 10 to 100s of ns). Partial
     * evaluation of invokeExact could follow the JDK's method-handle machinery (lambda-form
     * customization) and give up with "too deep inlining": the statement then stayed
     * interpreted. CompilationHealthTest caught it on TPC-H Q1. Behind the boundary HotSpot
     * compiles the call, and only a static final handle is a constant to it: one read from
     * NativeFunction's (enum) field went through the generic invoker on every call.
     */
    private static final java.lang.invoke.MethodHandle CURSOR_CLOSE = NativeFunction.CURSOR_CLOSE.ffm();
    private static final java.lang.invoke.MethodHandle CURSOR_COUNT = NativeFunction.CURSOR_COUNT.ffm();
    private static final java.lang.invoke.MethodHandle CURSOR_HINTS = NativeFunction.CURSOR_HINTS.ffm();
    private static final java.lang.invoke.MethodHandle CURSOR_PIN = NativeFunction.CURSOR_PIN.ffm();
    private static final java.lang.invoke.MethodHandle COLLATE = NativeFunction.COLLATE.ffm();
    private static final java.lang.invoke.MethodHandle CURSOR_IS_EMPTY = NativeFunction.CURSOR_IS_EMPTY.ffm();
    private static final java.lang.invoke.MethodHandle CURSOR_FORGET_SEEK = NativeFunction.CURSOR_FORGET_SEEK.ffm();
    private static final java.lang.invoke.MethodHandle CURSOR_PAYLOAD_COPY = NativeFunction.CURSOR_PAYLOAD_COPY.ffm();
    private static final java.lang.invoke.MethodHandle CURSOR_RESET = NativeFunction.CURSOR_RESET.ffm();
    private static final java.lang.invoke.MethodHandle CURSOR_SEEK_END = NativeFunction.CURSOR_SEEK_END.ffm();
    private static final java.lang.invoke.MethodHandle CURSOR_SEEK_LOCATED = NativeFunction.CURSOR_SEEK_LOCATED.ffm();
    private static final java.lang.invoke.MethodHandle CURSOR_SEEK_ROWID_LOCATED = NativeFunction.CURSOR_SEEK_ROWID_LOCATED.ffm();
    private static final java.lang.invoke.MethodHandle CURSOR_STEP_LOCATED = NativeFunction.CURSOR_STEP_LOCATED.ffm();
    private static final java.lang.invoke.MethodHandle EXEC_ABORT = NativeFunction.EXEC_ABORT.ffm();
    private static final java.lang.invoke.MethodHandle EXEC_BEGIN = NativeFunction.EXEC_BEGIN.ffm();
    private static final java.lang.invoke.MethodHandle EXEC_REPREPARE = NativeFunction.EXEC_REPREPARE.ffm();
    private static final java.lang.invoke.MethodHandle FK_IS_ZERO = NativeFunction.FK_IS_ZERO.ffm();
    private static final java.lang.invoke.MethodHandle FRAME_RETURN = NativeFunction.FRAME_RETURN.ffm();
    private static final java.lang.invoke.MethodHandle INDEX_COMPARE = NativeFunction.INDEX_COMPARE.ffm();
    private static final java.lang.invoke.MethodHandle INDEX_MOVETO = NativeFunction.INDEX_MOVETO.ffm();
    private static final java.lang.invoke.MethodHandle INDEX_MOVETO_VALUES = NativeFunction.INDEX_MOVETO_VALUES.ffm();
    private static final java.lang.invoke.MethodHandle INDEX_ROWID = NativeFunction.INDEX_ROWID.ffm();
    private static final java.lang.invoke.MethodHandle OP_JOURNAL_MODE = NativeFunction.OP_JOURNAL_MODE.ffm();
    private static final java.lang.invoke.MethodHandle OP_INTEGRITY_CK = NativeFunction.OP_INTEGRITY_CK.ffm();
    private static final java.lang.invoke.MethodHandle OP_IFINDKEY = NativeFunction.OP_IFINDKEY.ffm();
    private static final java.lang.invoke.MethodHandle OP_VCHECK = NativeFunction.OP_VCHECK.ffm();
    private static final java.lang.invoke.MethodHandle OP_AUTO_COMMIT = NativeFunction.OP_AUTO_COMMIT.ffm();
    private static final java.lang.invoke.MethodHandle OP_DELETE = NativeFunction.OP_DELETE.ffm();
    private static final java.lang.invoke.MethodHandle OP_FK_CHECK = NativeFunction.OP_FK_CHECK.ffm();
    private static final java.lang.invoke.MethodHandle OP_FK_COUNTER = NativeFunction.OP_FK_COUNTER.ffm();
    private static final java.lang.invoke.MethodHandle OP_HALT = NativeFunction.OP_HALT.ffm();
    private static final java.lang.invoke.MethodHandle OP_IDX_DELETE = NativeFunction.OP_IDX_DELETE.ffm();
    private static final java.lang.invoke.MethodHandle OP_IDX_INSERT = NativeFunction.OP_IDX_INSERT.ffm();
    private static final java.lang.invoke.MethodHandle OP_IF_SIZE_BETWEEN = NativeFunction.OP_IF_SIZE_BETWEEN.ffm();
    private static final java.lang.invoke.MethodHandle OP_INSERT = NativeFunction.OP_INSERT.ffm();
    private static final java.lang.invoke.MethodHandle OP_ROW_CELL = NativeFunction.OP_ROW_CELL.ffm();
    private static final java.lang.invoke.MethodHandle OP_NEW_ROWID = NativeFunction.OP_NEW_ROWID.ffm();
    private static final java.lang.invoke.MethodHandle OP_OFFSET = NativeFunction.OP_OFFSET.ffm();
    private static final java.lang.invoke.MethodHandle OP_OPEN_DUP = NativeFunction.OP_OPEN_DUP.ffm();
    private static final java.lang.invoke.MethodHandle OP_OPEN_EPHEMERAL = NativeFunction.OP_OPEN_EPHEMERAL.ffm();
    private static final java.lang.invoke.MethodHandle OP_OPEN_READ = NativeFunction.OP_OPEN_READ.ffm();
    private static final java.lang.invoke.MethodHandle OP_OPEN_WRITE = NativeFunction.OP_OPEN_WRITE.ffm();
    private static final java.lang.invoke.MethodHandle OP_PROGRAM = NativeFunction.OP_PROGRAM.ffm();
    private static final java.lang.invoke.MethodHandle OP_RESET_COUNT = NativeFunction.OP_RESET_COUNT.ffm();
    private static final java.lang.invoke.MethodHandle OP_SAVEPOINT = NativeFunction.OP_SAVEPOINT.ffm();
    private static final java.lang.invoke.MethodHandle OP_SCHEMA = NativeFunction.OP_SCHEMA.ffm();
    private static final java.lang.invoke.MethodHandle OP_SORTER_COMPARE = NativeFunction.OP_SORTER_COMPARE.ffm();
    private static final java.lang.invoke.MethodHandle OP_SORTER_DATA = NativeFunction.OP_SORTER_DATA.ffm();
    private static final java.lang.invoke.MethodHandle OP_SORTER_INSERT = NativeFunction.OP_SORTER_INSERT.ffm();
    private static final java.lang.invoke.MethodHandle OP_SORTER_OPEN = NativeFunction.OP_SORTER_OPEN.ffm();
    private static final java.lang.invoke.MethodHandle OP_TRANSACTION = NativeFunction.OP_TRANSACTION.ffm();
    private static final java.lang.invoke.MethodHandle OP_TABLE_LOCK = NativeFunction.OP_TABLE_LOCK.ffm();
    private static final java.lang.invoke.MethodHandle REGISTER_SET = NativeFunction.REGISTER_SET.ffm();
    private static final java.lang.invoke.MethodHandle REGISTER_SET_NULL = NativeFunction.REGISTER_SET_NULL.ffm();
    private static final java.lang.invoke.MethodHandle RESET_ONE_SCHEMA = NativeFunction.RESET_ONE_SCHEMA.ffm();
    private static final java.lang.invoke.MethodHandle SORTER_SORT = NativeFunction.SORTER_SORT.ffm();
    private static final java.lang.invoke.MethodHandle CALL_FUNCTION = NativeFunction.CALL_FUNCTION.ffm();
    /* For SQLite's own functions that cannot call back into Java (see callWrittenFunction). */
    private static final java.lang.invoke.MethodHandle CALL_FUNCTION_CRITICAL = NativeFunction.CALL_FUNCTION.withoutUpcalls();
    private static final java.lang.invoke.MethodHandle OP_CAST = NativeFunction.OP_CAST.ffm();
    private static final java.lang.invoke.MethodHandle OP_AGG_STEP = NativeFunction.OP_AGG_STEP.ffm();
    private static final java.lang.invoke.MethodHandle OP_AGG_FINAL = NativeFunction.OP_AGG_FINAL.ffm();
    /* For SQLite's own aggregates that cannot call back into Java (see aggregateStepWritten). */
    private static final java.lang.invoke.MethodHandle OP_AGG_STEP_CRITICAL = NativeFunction.OP_AGG_STEP.withoutUpcalls();
    private static final java.lang.invoke.MethodHandle OP_AGG_FINAL_CRITICAL = NativeFunction.OP_AGG_FINAL.withoutUpcalls();
    private static final java.lang.invoke.MethodHandle CURSOR_FIRST = NativeFunction.CURSOR_FIRST.ffm();
    private static final java.lang.invoke.MethodHandle CURSOR_LAST = NativeFunction.CURSOR_LAST.ffm();
    private static final java.lang.invoke.MethodHandle CURSOR_NEXT = NativeFunction.CURSOR_NEXT.ffm();
    private static final java.lang.invoke.MethodHandle CURSOR_PREV = NativeFunction.CURSOR_PREV.ffm();
    private static final java.lang.invoke.MethodHandle CURSOR_SEEK_ROWID = NativeFunction.CURSOR_SEEK_ROWID.ffm();
    private static final java.lang.invoke.MethodHandle CURSOR_ROWID = NativeFunction.CURSOR_ROWID.ffm();
    private static final java.lang.invoke.MethodHandle CURSOR_PAYLOAD = NativeFunction.CURSOR_PAYLOAD.ffm();
    private static final java.lang.invoke.MethodHandle SORTER_NEXT = NativeFunction.SORTER_NEXT.ffm();
    /* The sorters' critical variants, for connections without guest collations (see sortsWithoutUpcalls). */
    private static final java.lang.invoke.MethodHandle OP_SORTER_INSERT_CRITICAL = NativeFunction.OP_SORTER_INSERT.withoutUpcalls();
    private static final java.lang.invoke.MethodHandle SORTER_SORT_CRITICAL = NativeFunction.SORTER_SORT.withoutUpcalls();
    private static final java.lang.invoke.MethodHandle SORTER_NEXT_CRITICAL = NativeFunction.SORTER_NEXT.withoutUpcalls();
    private static final java.lang.invoke.MethodHandle OP_SORTER_DATA_CRITICAL = NativeFunction.OP_SORTER_DATA.withoutUpcalls();
    private static final java.lang.invoke.MethodHandle TABLE_MOVETO = NativeFunction.TABLE_MOVETO.ffm();
    private static final java.lang.invoke.MethodHandle CURSOR_EOF = NativeFunction.CURSOR_EOF.ffm();
    private static final java.lang.invoke.MethodHandle OP_VBEGIN = NativeFunction.OP_VBEGIN.ffm();
    private static final java.lang.invoke.MethodHandle OP_VCREATE = NativeFunction.OP_VCREATE.ffm();
    private static final java.lang.invoke.MethodHandle OP_VDESTROY = NativeFunction.OP_VDESTROY.ffm();
    private static final java.lang.invoke.MethodHandle OP_VOPEN = NativeFunction.OP_VOPEN.ffm();
    private static final java.lang.invoke.MethodHandle OP_VINITIN = NativeFunction.OP_VINITIN.ffm();
    private static final java.lang.invoke.MethodHandle OP_VFILTER = NativeFunction.OP_VFILTER.ffm();
    private static final java.lang.invoke.MethodHandle OP_VCOLUMN = NativeFunction.OP_VCOLUMN.ffm();
    private static final java.lang.invoke.MethodHandle OP_VNEXT = NativeFunction.OP_VNEXT.ffm();
    private static final java.lang.invoke.MethodHandle VTAB_ROWID = NativeFunction.VTAB_ROWID.ffm();
    private static final java.lang.invoke.MethodHandle OP_VUPDATE = NativeFunction.OP_VUPDATE.ffm();
    private static final java.lang.invoke.MethodHandle OP_VRENAME = NativeFunction.OP_VRENAME.ffm();

    private final NativeStatement statement;
    private final MemorySegment stmt;
    /**
     * The shim's out-slots: out[0] record size, out[1] bytes available at the payload pointer,
     * out[2..3] that pointer; after a step, out[4..5] and out[6..7] the cursor's VdbeCursor and
     * BtCursor, out[8..9] a table row's rowid and out[10] whether it is one.
     */
    private final MemorySegment out;
    /**
     * The addresses of {@link #stmt} and {@link #out}, for calls made from compiled code through
     * NFI ({@link NfiBinding}) and reads of out there: plain numbers, where a MemorySegment's
     * address() would be an interface call on an object that is no constant.
     */
    private final long stmtAddress;
    private final long outAddress;
    /** The connection's sqlite3_interrupt flag (see {@link #interrupted}). */
    private final long interruptFlag;

    NativeVdbe(NativeStatement statement, MemorySegment stmt) {
        this.statement = statement;
        this.stmt = stmt;
        this.out = Arena.ofAuto().allocate(48, 8);
        this.stmtAddress = stmt.address();
        this.outAddress = out.address();
        this.interruptFlag = statement.connection().interruptFlag();
    }

    /**
     * Whether this statement's sorters may make critical calls: no guest collation, which
     * SQLite would call back while it compares keys, is defined on the connection. Asked at
     * each call, since one may be defined while the statement is prepared.
     */
    private boolean sortsWithoutUpcalls() {
        return !statement.connection().mayCallCollationsBack();
    }

    /** The native statement's address (the first argument of every shim call). */
    public long address() {
        return stmtAddress;
    }

    /** The address of the out-parameter buffer that {@link #payload} fills. */
    public long outAddress() {
        return outAddress;
    }

    private static RuntimeException rethrow(Throwable t) {
        return Sqlite3.rethrow(t);
    }

    /** {@link #begin}'s result when the database's text is not UTF-8 (nothing started): the Truffle tier decodes records as UTF-8. */
    public static final int NOT_UTF8 = 0x10000;

    /**
     * Starts an execution; SQLITE_SCHEMA when the statement must be prepared again,
     * {@link #NOT_UTF8} when it cannot run here. The connection's total_changes() before it is
     * then {@link #totalChangesAtBegin}.
     */
    @TruffleBoundary
    public int begin() {
        resetSchemaOnFault = 0;
        resetAtHalt = false;
        MemorySegment m = scratch(8);
        int rc;
        try {
            rc = (int) EXEC_BEGIN.invokeExact(statement.pointer(), m);
        } catch (Throwable t) {
            throw rethrow(t);
        }
        if (rc != NOT_UTF8) {
            totalChangesAtBegin = m.get(ValueLayout.JAVA_LONG, 0);
        }
        return rc;
    }

    /** The connection's total_changes() when {@link #begin} last started an execution. */
    public long totalChangesAtBegin;

    /** Set in {@link #reprepare}'s result when the new program has the shape of the old one (the same nodes). */
    public static final int SAME_SHAPE = 0x1000000;

    /**
     * Prepares the expired statement again (the same handle, a new program); returns rc, with
     * {@link #SAME_SHAPE} set when the shim found the new program's opcodes and operands equal
     * to the old one's (when not set, the programs may still be equal).
     */
    @TruffleBoundary
    public int reprepare() {
        try {
            return (int) EXEC_REPREPARE.invokeExact(statement.pointer());
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /**
     * Whether sqlite3_interrupt was called on the connection (and no execution has cleared it
     * since): one load, for compiled code.
     */
    public boolean interrupted() {
        return PageMemory.getIntVolatile(interruptFlag) != 0;
    }

    /** Ends the execution with error {@code rc} at {@code pc} and returns the exception to throw. */
    @TruffleBoundary
    public SqliteException abort(int pc, int rc) {
        return abort(pc, rc, null);
    }

    /** Ends the execution with error {@code rc} and SQLite's message {@code message} (null: SQLite's text for rc). */
    @TruffleBoundary
    public SqliteException abort(int pc, int rc, String message) {
        int code;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment m = message == null ? MemorySegment.NULL : arena.allocateFrom(message);
            code = (int) EXEC_ABORT.invokeExact(stmt, pc, rc, m);
        } catch (Throwable t) {
            throw rethrow(t);
        }
        return statement.connection().lastError(code);
    }

    /** OP_Count: the number of entries in the cursor's b-tree. */
    @TruffleBoundary
    public long count(int pc, int cursor) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment n = arena.allocate(ValueLayout.JAVA_LONG);
            int rc = (int) CURSOR_COUNT.invokeExact(stmt, cursor, n);
            if (rc != OK) {
                throw abort(pc, rc);
            }
            return n.get(ValueLayout.JAVA_LONG, 0);
        } catch (SqliteException e) {
            throw e;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /**
     * OP_Halt at {@code pc}: returns normally when the statement is done, throws SQLite's error
     * otherwise. When done, the same call has reset the statement ({@link #resetAtHalt}) and
     * counted the rows it changed ({@link #changedAtHalt}): the two calls that would follow it
     * at every execution are not made.
     */
    @TruffleBoundary
    public void halt(int pc) {
        MemorySegment m = scratch(8);
        int rc;
        try {
            rc = (int) OP_HALT.invokeExact(stmt, pc, totalChangesAtBegin, m);
        } catch (Throwable t) {
            throw rethrow(t);
        }
        if (rc != DONE) {
            throw statement.connection().lastError(rc);
        }
        changedAtHalt = m.get(ValueLayout.JAVA_LONG, 0);
        resetAtHalt = true;
    }

    /** The current execution halted without an error, and {@link #halt} reset the statement. */
    private boolean resetAtHalt;
    /** After {@link #resetAtHalt}: the rows the execution changed (0 when total_changes() did not move). */
    private long changedAtHalt;

    /** Whether the current execution ended at its halt, which also reset the statement (no sqlite3_reset is due). */
    public boolean resetAtHalt() {
        return resetAtHalt;
    }

    /** After {@link #resetAtHalt}: the rows the execution changed, as {@code changesSince(totalChangesAtBegin)}. */
    public long changedAtHalt() {
        return changedAtHalt;
    }

    /** OP_Transaction at {@code pc}: 0 or an error code for {@link #abort}. */
    @TruffleBoundary
    public int transaction(int pc) {
        try {
            return (int) OP_TRANSACTION.invokeExact(stmt, pc);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** The connection of the statement this program belongs to. */
    public NativeConnection connection() {
        return statement.connection();
    }

    /** OP_TableLock at {@code pc} (shared-cache connections): 0 or an error code, SQLite's message set. */
    @TruffleBoundary
    public int tableLock(int pc) {
        try {
            return (int) OP_TABLE_LOCK.invokeExact(stmt, pc);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** OP_OpenRead at {@code pc}: 0 or an error code. */
    @TruffleBoundary
    public int openRead(int pc) {
        try {
            return (int) OP_OPEN_READ.invokeExact(stmt, pc);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    @TruffleBoundary
    public void close(int cursor) {
        try {
            CURSOR_CLOSE.invokeExact(stmt, cursor);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** Moves to the first row: (rc << 8) | atEnd. */
    @TruffleBoundary
    public int first(int cursor) {
        try {
            return (int) CURSOR_FIRST.invokeExact(stmt, cursor);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    @TruffleBoundary
    public int last(int cursor) {
        try {
            return (int) CURSOR_LAST.invokeExact(stmt, cursor);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** Moves to the next row: (rc << 8) | atEnd. */
    @TruffleBoundary
    public int next(int cursor) {
        try {
            return (int) CURSOR_NEXT.invokeExact(stmt, cursor);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    @TruffleBoundary
    public int prev(int cursor) {
        try {
            return (int) CURSOR_PREV.invokeExact(stmt, cursor);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /**
     * Next (forward) or Prev, and on a row its record located at once (one downcall for the
     * two a scan makes per row): (rc << 8) | atEnd; when 0, {@link #locatedAddress()},
     * {@link #payloadSize()} and {@link #payloadAvailable()} give the record.
     */
    @TruffleBoundary
    public int stepLocated(int cursor, boolean forward) {
        try {
            return (int) CURSOR_STEP_LOCATED.invokeExact(stmt, cursor, forward ? 1 : 0, out);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /**
     * A deferred seek carried out: table cursor {@code cursor} moves to the row with rowid
     * {@code key}, which must exist (SQLITE_CORRUPT), and its record is located as by
     * {@link #stepLocated}. Returns rc.
     */
    @TruffleBoundary
    public int seekLocated(int cursor, long key) {
        try {
            return (int) CURSOR_SEEK_LOCATED.invokeExact(stmt, cursor, key, out);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /**
     * SeekRowid: as {@link #seekRowid}, and when the row exists its record is located as by
     * {@link #stepLocated} (the Column after the seek needs no payload call).
     */
    @TruffleBoundary
    public int seekRowidLocated(int cursor, long key) {
        try {
            return (int) CURSOR_SEEK_ROWID_LOCATED.invokeExact(stmt, cursor, key, out);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** The record address that {@link #stepLocated}, {@link #seekLocated} or {@link #seekRowidLocated} found. */
    public long locatedAddress() {
        return PageMemory.getLong(outAddress + 8);
    }

    /** The address of the VdbeCursor that {@link #stepLocated}, {@link #seekLocated} or {@link #seekRowidLocated} moved (see runtime.LeafStep). */
    public long locatedVdbeCursor() {
        return PageMemory.getLong(outAddress + 16);
    }

    /** The address of the BtCursor that {@link #stepLocated}, {@link #seekLocated} or {@link #seekRowidLocated} moved. */
    public long locatedBtCursor() {
        return PageMemory.getLong(outAddress + 24);
    }

    /** Whether {@link #stepLocated} reported a rowid (the cursor is on a table): then {@link #steppedRowid}. */
    public boolean steppedToRowid() {
        return PageMemory.getInt(outAddress + 40) != 0;
    }

    public long steppedRowid() {
        return PageMemory.getLong(outAddress + 32);
    }

    /** Entry {@code which} of the shim's table of b-tree struct offsets and constants (graalite_btree_layout). */
    public static int btreeLayout(int which) {
        try {
            return (int) NativeFunction.BTREE_LAYOUT.ffm().invokeExact(which);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** Moves a table cursor to the row with rowid {@code key}: (rc << 8) | notFound. */
    @TruffleBoundary
    public int seekRowid(int cursor, long key) {
        try {
            return (int) CURSOR_SEEK_ROWID.invokeExact(stmt, cursor, key);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    @TruffleBoundary
    public long rowid(int cursor) {
        try {
            return (long) CURSOR_ROWID.invokeExact(stmt, cursor);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** The address of the current row's record; then {@link #payloadSize()} and {@link #payloadAvailable()} tell its extent. */
    @TruffleBoundary
    public long payload(int cursor) {
        try {
            return ((MemorySegment) CURSOR_PAYLOAD.invokeExact(stmt, cursor, out)).address();
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** The record size that the last payload call (FFM or NFI) wrote. */
    public int payloadSize() {
        return PageMemory.getInt(outAddress);
    }

    /** How many bytes of the record the last payload call found at its address. */
    public int payloadAvailable() {
        return PageMemory.getInt(outAddress + 4);
    }

    /** The whole record of the current row, overflow pages included. */
    @TruffleBoundary
    public byte[] payloadCopy(int cursor, int size) {
        // Into the reused scratch memory: an arena per record with overflow pages cost a malloc and a free.
        try {
            MemorySegment buf = scratch(Math.max(1, size));
            int rc = (int) CURSOR_PAYLOAD_COPY.invokeExact(stmt, cursor, 0, size, buf);
            if (rc != OK) {
                throw statement.connection().lastError(rc);
            }
            return buf.asSlice(0, size).toArray(ValueLayout.JAVA_BYTE);
        } catch (SqliteException e) {
            throw e;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** Size of the shim's GraaliteValue: i64 i, double r, pointer p, int n, int type. */
    public static final int VALUE_SIZE = Sqlite3.callInt(NativeFunction.VALUE_SIZE);
    /** Where a GraaliteValue (i64 i, double r, pointer p, int n, int type) holds its fields: the type's low byte, its subtype above. */
    private static final int REAL_AT = 8;
    private static final int POINTER_AT = 16;
    private static final int LENGTH_AT = 24;
    private static final int TYPE_AT = 28;
    /** The value type that tells the shim to leave an argument's register as it is (GRAALITE_IN_REGISTER). */
    private static final int IN_REGISTER_TYPE = 0xff;
    /** See {@link #resultSubtype()}. */
    private int resultSubtype;
    /** Scratch memory for function arguments and results, grown as needed. */
    private MemorySegment scratch = MemorySegment.NULL;

    private MemorySegment scratch(long size) {
        if (scratch.byteSize() < size) {
            scratch = Arena.ofAuto().allocate(Math.max(size, 2 * scratch.byteSize()), 16);
            scratchAddress = scratch.address();
            scratchSize = scratch.byteSize();
        }
        return scratch;
    }

    /** The scratch memory's address and size, read by compiled code ({@link #argumentArea}), which does not touch MemorySegments. */
    private long scratchAddress;
    private long scratchSize;

    /**
     * The address of at least {@code size} bytes of scratch memory, valid until the next call
     * through this statement: a Function node writes its call's GraaliteValues there from
     * compiled code ({@link #writeInteger} and the others, argument i at {@code i *
     * }{@link #VALUE_SIZE}, text and blob bytes after the last; a text's bytes from
     * {@link #argumentUtf8}), then calls
     * {@link #callWrittenFunction}.
     */
    public long argumentArea(long size) {
        if (size > scratchSize) {
            growScratch(size);
        }
        return scratchAddress;
    }

    @TruffleBoundary
    private void growScratch(long size) {
        scratch(size);
    }

    /** GraaliteValue at {@code at} is NULL. */
    public static void writeNull(long at) {
        PageMemory.storeInt(at + TYPE_AT, NativeStatement.NULL);
    }

    public static void writeInteger(long at, long value) {
        PageMemory.storeLong(at, value);
        PageMemory.storeInt(at + TYPE_AT, NativeStatement.INTEGER);
    }

    public static void writeReal(long at, double value) {
        PageMemory.storeLong(at + REAL_AT, Double.doubleToRawLongBits(value));
        PageMemory.storeInt(at + TYPE_AT, NativeStatement.FLOAT);
    }

    /** GraaliteValue at {@code at} is the text (or blob) of {@code length} bytes at {@code data}, which this puts a NUL after. */
    public static void writeBytes(long at, long data, int length, boolean text) {
        PageMemory.storeByte(data + length, (byte) 0);
        PageMemory.storeLong(at + POINTER_AT, data);
        PageMemory.storeInt(at + LENGTH_AT, length);
        PageMemory.storeInt(at + TYPE_AT, text ? NativeStatement.TEXT : NativeStatement.BLOB);
    }

    /** The GraaliteValue at {@code at} carries subtype {@code subtype} (JSON's 'J'). */
    public static void writeSubtype(long at, int subtype) {
        PageMemory.storeInt(at + TYPE_AT, PageMemory.getInt(at + TYPE_AT) | (subtype << 8));
    }

    /** GraaliteValue at {@code at} is the value already in the argument's register on SQLite's side (the result of the call before, left there by {@link #callWrittenFunctionKeepingResult}). */
    public static void writeInSqliteRegister(long at) {
        PageMemory.storeInt(at + TYPE_AT, IN_REGISTER_TYPE);
    }

    /**
     * Runs SQLite's own function of the Function/PureFunc instruction at {@code pc} on the
     * arguments written at {@link #argumentArea} and returns its result: null, Long, Double,
     * String (an InvalidText for bytes that are not UTF-8) or byte[], its subtype in
     * {@link #resultSubtype()}; a function's error ends the execution. With {@code
     * withoutUpcalls} (SQLite's own function, which uses no collation and has no side effects:
     * it cannot call back into Java) through a critical downcall, which skips the thread-state
     * transition of a plain one (about 8 ns of the 11.5 each call cost, RUNTIME-NOTES.md; JSON's
     * statements call two or three functions per row).
     */
    @TruffleBoundary
    public Object callWrittenFunction(int pc, boolean withoutUpcalls) {
        return invokeAndRead(withoutUpcalls ? CALL_FUNCTION_CRITICAL : CALL_FUNCTION, pc, scratch, true);
    }

    /** As {@link #callWrittenFunction}; the result stays in the instruction's result register on SQLite's side, for the next call (a value in SQLite's register, which the next call takes as it stands: {@link #writeInSqliteRegister}). */
    @TruffleBoundary
    public void callWrittenFunctionKeepingResult(int pc, boolean withoutUpcalls) {
        invokeAndRead(withoutUpcalls ? CALL_FUNCTION_CRITICAL : CALL_FUNCTION, pc, scratch, false);
    }

    /** The subtype (sqlite3_result_subtype, 0 for none) of the value the last function, aggregate or cast call returned. */
    public int resultSubtype() {
        return resultSubtype;
    }

    /** OP_Cast at {@code pc} of {@code value}: SQLite's own CAST to the instruction's affinity. */
    @TruffleBoundary
    public Object cast(int pc, Object value) {
        return callWithValues(OP_CAST, pc, new Object[]{value}, null);
    }

    /**
     * AggStep or AggInverse at {@code pc} of one of SQLite's own aggregates, on the arguments
     * written at {@link #argumentArea} (as a function call's); true if the step set its skip
     * flag (min or max kept its value: the CollSeq before it then sets its flag register).
     * With {@code withoutUpcalls} (an aggregate that uses no collation and has no side effects:
     * it cannot call back into Java) through a critical downcall, as {@link #callWrittenFunction}.
     */
    @TruffleBoundary
    public boolean aggregateStepWritten(int pc, boolean withoutUpcalls) {
        return invokeAndRead(withoutUpcalls ? OP_AGG_STEP_CRITICAL : OP_AGG_STEP, pc, scratch, true) instanceof Long skipped && skipped != 0;
    }

    /** AggFinal or AggValue at {@code pc} of one of SQLite's own aggregates: its value (its subtype then in {@link #resultSubtype()}); critical as {@link #aggregateStepWritten}. */
    @TruffleBoundary
    public Object aggregateValue(int pc, boolean withoutUpcalls) {
        // The call takes no arguments (the shim reads none).
        return invokeAndRead(withoutUpcalls ? OP_AGG_FINAL_CRITICAL : OP_AGG_FINAL, pc, scratch, true);
    }

    /** OP_IfSizeBetween at {@code pc}: whether it jumps (its cursor's estimated size is in range). */
    @TruffleBoundary
    public boolean sizeBetween(int pc) {
        int r;
        try {
            r = (int) OP_IF_SIZE_BETWEEN.invokeExact(stmt, pc);
        } catch (Throwable t) {
            throw rethrow(t);
        }
        if ((r >> 8) != 0) {
            throw abort(pc, r >> 8);
        }
        return r != 0;
    }

    /** OP_Offset at {@code pc} (sqlite_offset()): the file offset of its cursor's record, or null. */
    @TruffleBoundary
    public Object offset(int pc) {
        int r;
        try {
            r = (int) OP_OFFSET.invokeExact(stmt, pc, out);
        } catch (Throwable t) {
            throw rethrow(t);
        }
        if ((r >> 8) != 0) {
            throw abort(pc, r >> 8);
        }
        return r == 1 ? (Object) out.get(ValueLayout.JAVA_LONG, 0) : null;
    }

    /** Register {@code register} becomes NULL on SQLite's side (it holds a native aggregate's state). */
    @TruffleBoundary
    public void setNull(int register) {
        try {
            REGISTER_SET_NULL.invokeExact(stmt, register);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /**
     * Marshals {@code arguments} into GraaliteValues, calls {@code f(stmt, pc, values, out)} and
     * returns the value described in {@code out}; a non-zero result ends the execution with that error.
     */
    private Object callWithValues(java.lang.invoke.MethodHandle f, int pc, Object[] arguments, int[] subtypes) {
        int argc = arguments.length;
        MemorySegment m = marshal(arguments, 0, argc, 1);
        if (subtypes != null) {
            for (int i = 0; i < argc; i++) {
                if (subtypes[i] != 0) {
                    writeSubtype(m.address() + (long) i * VALUE_SIZE, subtypes[i]);
                }
            }
        }
        return invokeAndRead(f, pc, m, true);
    }

    /** Calls {@code f(stmt, pc, m, result)} and returns the result the call described (null without {@code read}). */
    private Object invokeAndRead(java.lang.invoke.MethodHandle f, int pc, MemorySegment m, boolean read) {
        MemorySegment out = resultValue();
        int rc;
        try {
            rc = (int) f.invokeExact(stmt, pc, m, out);
        } catch (Throwable t) {
            throw rethrow(t);
        }
        if (rc != OK) {
            throw abort(pc, rc);
        }
        if (!read) {
            return null;
        }
        // Read through Unsafe (PageMemory) at the struct's address: the segment's checked
        // reads, a segment per text and a copy of it cost more than the call itself.
        long at = out.address();
        int type = PageMemory.getInt(at + TYPE_AT);
        resultSubtype = type >>> 8;
        switch (type & 0xff) {
            case NativeStatement.INTEGER:
                return PageMemory.getLong(at);
            case NativeStatement.FLOAT:
                return Double.longBitsToDouble(PageMemory.getLong(at + REAL_AT));
            case NativeStatement.TEXT:
                // SQLite's functions keep bytes that are not UTF-8 (cast(x'80' as text), substr of such text).
                return org.graalite.runtime.InvalidText.decode(resultBytes(at));
            case NativeStatement.BLOB:
                return resultBytes(at);
            default:
                return null;
        }
    }

    /** The bytes of the text or blob that the GraaliteValue at {@code at} describes. */
    private static byte[] resultBytes(long at) {
        int n = PageMemory.getInt(at + LENGTH_AT);
        byte[] b = new byte[n];
        if (n > 0) {
            PageMemory.copyToArray(PageMemory.getLong(at + POINTER_AT), b, 0, n);
        }
        return b;
    }

    /** The GraaliteValue that the function, aggregate and cast calls describe their result in (allocated at the first). */
    private MemorySegment resultValue;

    private MemorySegment resultValue() {
        MemorySegment r = resultValue;
        if (r == null) {
            r = Arena.ofAuto().allocate(VALUE_SIZE, 16);
            resultValue = r;
        }
        return r;
    }

    /**
     * The last text given as argument {@code i} of the call at each pc (in slot
     * {@code (pc * 8 + i) & (UTF8_SLOTS - 1)}) and its UTF-8 bytes: a function's constant
     * argument (strftime's '%m', replace's 'URGENT', a JSON path) is the same String at every
     * call, and is encoded once instead of at each. Allocated at the first call of a function.
     */
    private String[] utf8Texts;
    private byte[][] utf8Bytes;
    private static final int UTF8_SLOTS = 64;
    /** Longer texts are encoded at every call, not kept. */
    private static final int UTF8_KEPT_LENGTH = 256;

    /** The UTF-8 bytes of text {@code s}, argument {@code i} of the call at {@code pc}, for compiled code (FunctionNodes.writeAndCall). */
    @TruffleBoundary
    public byte[] argumentUtf8(String s, int pc, int i) {
        if (utf8Texts == null) {
            utf8Texts = new String[UTF8_SLOTS];
            utf8Bytes = new byte[UTF8_SLOTS][];
        }
        int slot = (pc * 8 + i) & (UTF8_SLOTS - 1);
        if (utf8Texts[slot] == s) {
            return utf8Bytes[slot];
        }
        byte[] b = s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        if (s.length() > UTF8_KEPT_LENGTH) {
            return b;
        }
        utf8Texts[slot] = s;
        utf8Bytes[slot] = b;
        return b;
    }

    /**
     * Writes {@code values[first..first+count-1]} as GraaliteValues at the start of the scratch
     * memory, leaves room for {@code spare} more values after them (a result), and puts the
     * bytes of text and blob values after that.
     */
    private MemorySegment marshal(Object[] values, int first, int count, int spare) {
        byte[][] bytes = new byte[count][];
        long dataSize = 0;
        for (int i = 0; i < count; i++) {
            Object a = values[first + i];
            if (a instanceof String s) {
                bytes[i] = s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
            } else if (a instanceof org.graalite.runtime.InvalidText t) {
                bytes[i] = t.bytes();
            } else if (a instanceof byte[] b) {
                bytes[i] = b;
            }
            if (bytes[i] != null) {
                // and a NUL after it: SQLite reads a function's text argument in place (graalite_value_to_arg).
                dataSize += bytes[i].length + 1;
            }
        }
        long dataAt = (long) (count + spare) * VALUE_SIZE;
        MemorySegment m = scratch(dataAt + dataSize + 1);
        // Stores through Unsafe (PageMemory), as the shim's structs are read elsewhere: the
        // segment's checked accesses cost more than the call they prepare.
        long base = m.address();
        long data = base + dataAt;
        for (int i = 0; i < count; i++) {
            long at = base + (long) i * VALUE_SIZE;
            Object a = values[first + i];
            if (a == null) {
                writeNull(at);
            } else if (a instanceof Long l) {
                writeInteger(at, l);
            } else if (a instanceof Double d) {
                writeReal(at, d);
            } else {
                byte[] b = bytes[i];
                PageMemory.copyFromArray(b, data);
                writeBytes(at, data, b.length, !(a instanceof byte[]));
                data += b.length + 1;
            }
        }
        return m;
    }

    /** The most key fields {@link #indexMovetoValues} takes (GRAALITE_MAX_KEY_FIELDS in the shim). */
    public static final int MAX_KEY_FIELDS = 16;

    /**
     * Positions index cursor {@code cursor} near the key r[first..first+fields-1], passed as
     * values (at most {@link #MAX_KEY_FIELDS}): the result as {@link #indexMoveto}'s.
     */
    @TruffleBoundary
    public int indexMovetoValues(int cursor, Object[] registers, int first, int fields, int defaultRc) {
        MemorySegment key = marshal(registers, first, fields, 0);
        try {
            return (int) INDEX_MOVETO_VALUES.invokeExact(stmt, cursor, key, fields, defaultRc);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** OP_SorterOpen at {@code pc}: 0 or an error code. */
    @TruffleBoundary
    public int sorterOpen(int pc) {
        try {
            return (int) OP_SORTER_OPEN.invokeExact(stmt, pc);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** OP_SorterInsert at {@code pc} of the record in the first {@code length} bytes of {@code record}. */
    @TruffleBoundary
    public void sorterInsert(int pc, byte[] record, int length) {
        MemorySegment m = copyToScratch(record, length, 0);
        int rc;
        try {
            rc = sortsWithoutUpcalls() ? (int) OP_SORTER_INSERT_CRITICAL.invokeExact(stmt, pc, m, length) : (int) OP_SORTER_INSERT.invokeExact(stmt, pc, m, length);
        } catch (Throwable t) {
            throw rethrow(t);
        }
        if (rc != OK) {
            throw abort(pc, rc);
        }
    }

    /** Sorts and moves to the first record: (rc << 8) | empty. */
    @TruffleBoundary
    public int sorterSort(int cursor) {
        try {
            return sortsWithoutUpcalls() ? (int) SORTER_SORT_CRITICAL.invokeExact(stmt, cursor) : (int) SORTER_SORT.invokeExact(stmt, cursor);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** Moves to the next sorted record: (rc << 8) | atEnd. */
    @TruffleBoundary
    public int sorterNext(int cursor) {
        try {
            return sortsWithoutUpcalls() ? (int) SORTER_NEXT_CRITICAL.invokeExact(stmt, cursor) : (int) SORTER_NEXT.invokeExact(stmt, cursor);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** OP_SorterData at {@code pc}: the sorter's current record. */
    @TruffleBoundary
    public byte[] sorterData(int pc) {
        MemorySegment z = sorterDataCall(pc);
        return sorterDataSize == 0 ? new byte[0] : Sqlite3.bytesAt(z, sorterDataSize);
    }

    /**
     * OP_SorterData at {@code pc}, the record left where SQLite copies it: into its own
     * register P2, whose memory stays as it is until that register is written again (the
     * Truffle tier writes SQLite's registers only through instructions that name them).
     * {@code into} then holds the record's address and size.
     */
    @TruffleBoundary
    public void sorterDataInPlace(int pc, InPlaceRecord into) {
        into.set(sorterDataCall(pc).address(), sorterDataSize);
    }

    /** The size of the record the last {@link #sorterDataCall} found. */
    private int sorterDataSize;

    /** OP_SorterData's copy into SQLite's register P2: the record, its size in {@link #sorterDataSize}. */
    private MemorySegment sorterDataCall(int pc) {
        MemorySegment n = scratch(8);
        MemorySegment z;
        try {
            z = sortsWithoutUpcalls() ? (MemorySegment) OP_SORTER_DATA_CRITICAL.invokeExact(stmt, pc, n) : (MemorySegment) OP_SORTER_DATA.invokeExact(stmt, pc, n);
        } catch (Throwable t) {
            throw rethrow(t);
        }
        int size = n.get(ValueLayout.JAVA_INT, 0);
        if (size < 0) {
            throw abort(pc, -size);
        }
        sorterDataSize = size;
        return z;
    }

    /** OpenEphemeral / OpenAutoindex at {@code pc}: 0 or an error code. */
    @TruffleBoundary
    public int openEphemeral(int pc) {
        try {
            return (int) OP_OPEN_EPHEMERAL.invokeExact(stmt, pc);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** {@code bytes} copied into the scratch memory at offset {@code at}: the memory there. */
    private MemorySegment copyToScratch(byte[] bytes, long at) {
        return copyToScratch(bytes, bytes.length, at);
    }

    /** As {@link #copyToScratch(byte[], long)}, the first {@code length} bytes of {@code bytes} (a record in the execution's record buffer). */
    private MemorySegment copyToScratch(byte[] bytes, int length, long at) {
        MemorySegment m = scratch(at + Math.max(1, length));
        PageMemory.copyFromArray(bytes, 0, m.address() + at, length);
        return at == 0 ? m : m.asSlice(at);
    }

    /**
     * Positions index cursor {@code cursor} near the key record {@code key} (its first
     * {@code fields} fields; 0: all): (rc << 8) | (eqSeen << 2) | sign, sign 0, 1 or 2 for an
     * entry less than, equal to or greater than the key.
     */
    @TruffleBoundary
    public int indexMoveto(int cursor, byte[] key, int fields, int defaultRc) {
        try {
            return (int) INDEX_MOVETO.invokeExact(stmt, cursor, copyToScratch(key, 0), key.length, fields, defaultRc);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** Compares the index cursor's entry with a key record: (rc << 8) | sign. */
    @TruffleBoundary
    public int indexCompare(int cursor, byte[] key, int fields, int defaultRc) {
        try {
            return (int) INDEX_COMPARE.invokeExact(stmt, cursor, copyToScratch(key, 0), key.length, fields, defaultRc);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** The rowid at the end of the index cursor's entry. */
    @TruffleBoundary
    public long indexRowid(int pc, int cursor) {
        MemorySegment out = scratch(8);
        int rc;
        try {
            rc = (int) INDEX_ROWID.invokeExact(stmt, cursor, out);
        } catch (Throwable t) {
            throw rethrow(t);
        }
        if (rc != OK) {
            throw abort(pc, rc);
        }
        return out.get(ValueLayout.JAVA_LONG, 0);
    }

    /** Positions a table cursor near rowid {@code key}: (rc << 8) | sign. */
    @TruffleBoundary
    public int tableMoveto(int cursor, long key) {
        try {
            return (int) TABLE_MOVETO.invokeExact(stmt, cursor, key);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** A cursor reused by ReopenIdx: forget its position, take the new hint flags. */
    @TruffleBoundary
    public void reuse(int cursor, int flags) {
        try {
            CURSOR_HINTS.invokeExact(stmt, cursor, flags);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** CursorLock ({@code pin}) and CursorUnlock: the cursor's b-tree refuses, or again takes, writes through other cursors. */
    @TruffleBoundary
    public void pin(int cursor, boolean pin) {
        try {
            CURSOR_PIN.invokeExact(stmt, cursor, pin ? 1 : 0);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /**
     * Texts {@code a} and {@code b} as the collation of the instruction at {@code pc} orders
     * them (its P4 CollSeq, or that of key field {@code field} of its P4 KeyInfo): a collation
     * that is not SQLite's own, which SQLite calls (a guest's through its upcall). Negative,
     * zero or positive; what a guest's collation threw is thrown here.
     */
    @TruffleBoundary
    public int collate(int pc, int field, Object a, Object b) {
        // Texts: Strings or InvalidTexts, whose bytes the collation gets as they are.
        byte[] x = org.graalite.runtime.InvalidText.utf8(a);
        byte[] y = org.graalite.runtime.InvalidText.utf8(b);
        MemorySegment m = scratch(x.length + y.length + 1);
        Sqlite3.copyInto(x, m, 0);
        Sqlite3.copyInto(y, m, x.length);
        int c;
        try {
            c = (int) COLLATE.invokeExact(stmt, pc, field, m, x.length, m.asSlice(x.length), y.length);
        } catch (Throwable t) {
            throw rethrow(t);
        }
        RuntimeException failed = UserCollations.takePending();
        if (failed != null) {
            throw failed;
        }
        return c;
    }

    /** OP_IfEmpty: (rc << 8) | empty. */
    @TruffleBoundary
    public int isEmpty(int cursor) {
        try {
            return (int) CURSOR_IS_EMPTY.invokeExact(stmt, cursor);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** OP_ResetSorter: empties a sorter or temporary b-tree. */
    @TruffleBoundary
    public void resetCursor(int pc, int cursor) {
        int rc;
        try {
            rc = (int) CURSOR_RESET.invokeExact(stmt, cursor);
        } catch (Throwable t) {
            throw rethrow(t);
        }
        check(pc, rc);
    }

    /** OP_OpenDup at {@code pc}. */
    @TruffleBoundary
    public void openDup(int pc) {
        int rc;
        try {
            rc = (int) OP_OPEN_DUP.invokeExact(stmt, pc);
        } catch (Throwable t) {
            throw rethrow(t);
        }
        check(pc, rc);
    }

    @TruffleBoundary
    public boolean eof(int cursor) {
        try {
            return (int) CURSOR_EOF.invokeExact(stmt, cursor) != 0;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    private void check(int pc, int rc) {
        if (rc != OK) {
            throw abort(pc, rc);
        }
    }

    /**
     * OP_OpenWrite at {@code pc} on b-tree root page {@code root}: an error code, or on success
     * (low 16 bits 0) the smallest file format among the databases the statement writes in the
     * bits above (MakeRecord uses serial types 8 and 9 from format 4).
     */
    @TruffleBoundary
    public int openWrite(int pc, int root) {
        try {
            return (int) OP_OPEN_WRITE.invokeExact(stmt, pc, root);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /**
     * OP_NewRowid at {@code pc}: a new rowid for its table. {@code largest} holds, for an
     * AUTOINCREMENT table, the largest rowid ever used (in and out).
     */
    @TruffleBoundary
    public long newRowid(int pc, long[] largest) {
        MemorySegment m = scratch(16);
        m.set(ValueLayout.JAVA_LONG, 8, largest == null ? 0 : largest[0]);
        int rc;
        try {
            rc = (int) OP_NEW_ROWID.invokeExact(stmt, pc, m, m.asSlice(8));
        } catch (Throwable t) {
            throw rethrow(t);
        }
        check(pc, rc);
        if (largest != null) {
            largest[0] = m.get(ValueLayout.JAVA_LONG, 8);
        }
        return m.get(ValueLayout.JAVA_LONG, 0);
    }

    /** OP_Insert at {@code pc}: {@code record} as the row with rowid {@code key}. */
    @TruffleBoundary
    public void insert(int pc, long key, byte[] record) {
        insert(pc, key, record, record.length);
    }

    /** OP_Insert at {@code pc}: the first {@code length} bytes of {@code record} as the row with rowid {@code key}. */
    @TruffleBoundary
    public void insert(int pc, long key, byte[] record, int length) {
        insertRow(pc, key, copyToScratch(record, length, 0), length);
    }

    /** OP_Insert at {@code pc} with OPFLAG_PREFORMAT: the row is the cell the RowCell before it copied. */
    @TruffleBoundary
    public void insertPreformatted(int pc, long key) {
        insertRow(pc, key, MemorySegment.NULL, 0);
    }

    /** graalite_op_insert: {@code n} bytes of record at {@code record}, or none for a preformatted cell. */
    private void insertRow(int pc, long key, MemorySegment record, int n) {
        int rc;
        try {
            rc = (int) OP_INSERT.invokeExact(stmt, pc, key, record, n);
        } catch (Throwable t) {
            throw rethrow(t);
        }
        check(pc, rc);
    }

    /** OP_RowCell at {@code pc}: the source cursor's cell copied for the Insert after it, under rowid {@code key}. */
    @TruffleBoundary
    public void rowCell(int pc, long key) {
        int rc;
        try {
            rc = (int) OP_ROW_CELL.invokeExact(stmt, pc, key);
        } catch (Throwable t) {
            throw rethrow(t);
        }
        check(pc, rc);
    }

    /** OP_Delete at {@code pc}. */
    @TruffleBoundary
    public void delete(int pc) {
        int rc;
        try {
            rc = (int) OP_DELETE.invokeExact(stmt, pc);
        } catch (Throwable t) {
            throw rethrow(t);
        }
        check(pc, rc);
    }

    /** OP_IdxInsert at {@code pc} of the key record {@code key}. */
    @TruffleBoundary
    public void indexInsert(int pc, byte[] key) {
        indexInsert(pc, key, key.length);
    }

    /** OP_IdxInsert at {@code pc} of the key in the first {@code length} bytes of {@code key}. */
    @TruffleBoundary
    public void indexInsert(int pc, byte[] key, int length) {
        int rc;
        try {
            rc = (int) OP_IDX_INSERT.invokeExact(stmt, pc, copyToScratch(key, length, 0), length);
        } catch (Throwable t) {
            throw rethrow(t);
        }
        check(pc, rc);
    }

    /**
     * OP_IdxInsert at {@code pc} of each of {@code keys}, each entry's place found by its own
     * search: entries kept in Java (SmallKeySet) that go to the b-tree after probes SQLite did
     * not make, so where its last seek left the cursor says nothing about them.
     */
    @TruffleBoundary
    public void indexInsertUnpositioned(int pc, int cursor, byte[][] keys, int count) {
        try {
            CURSOR_FORGET_SEEK.invokeExact(stmt, cursor);
        } catch (Throwable t) {
            throw rethrow(t);
        }
        for (int i = 0; i < count; i++) {
            indexInsert(pc, keys[i]);
        }
    }

    /** OP_IdxDelete at {@code pc} of the entry with the key record {@code key}. */
    @TruffleBoundary
    public void indexDelete(int pc, byte[] key) {
        int rc;
        try {
            rc = (int) OP_IDX_DELETE.invokeExact(stmt, pc, copyToScratch(key, 0), key.length);
        } catch (Throwable t) {
            throw rethrow(t);
        }
        check(pc, rc);
    }

    /** OP_ResetCount. */
    @TruffleBoundary
    public void resetCount() {
        try {
            OP_RESET_COUNT.invokeExact(stmt);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /**
     * OP_AutoCommit at {@code pc} (BEGIN, COMMIT, ROLLBACK): returns normally when the statement
     * halted as it should, throws SQLite's error otherwise. After SQLITE_BUSY on COMMIT the
     * transaction stays open, so the COMMIT can be run again.
     */
    @TruffleBoundary
    public void autoCommit(int pc) {
        int rc;
        try {
            rc = (int) OP_AUTO_COMMIT.invokeExact(stmt, pc);
        } catch (Throwable t) {
            throw rethrow(t);
        }
        if (rc != DONE) {
            throw statement.connection().lastError(rc);
        }
    }

    /**
     * OP_Savepoint at {@code pc} (SAVEPOINT, RELEASE, ROLLBACK TO): false when the program goes
     * on, true when the statement halted (RELEASE of the savepoint that began the transaction
     * committed it); throws SQLite's error otherwise.
     */
    @TruffleBoundary
    public boolean savepoint(int pc) {
        int rc;
        try {
            rc = (int) OP_SAVEPOINT.invokeExact(stmt, pc);
        } catch (Throwable t) {
            throw rethrow(t);
        }
        if (rc == OK) {
            return false;
        }
        if (rc != DONE) {
            throw statement.connection().lastError(rc);
        }
        return true;
    }

    /** What {@link #enterSubprogram} returns when a recursive trigger invocation is not enabled. */
    public static final int SKIPPED = -1;

    /**
     * OP_Program at {@code pc}: enters the sub-program's frame (OK) or returns {@link #SKIPPED};
     * throws SQLite's error ("triggers nested too deep") after ending the execution.
     */
    @TruffleBoundary
    public int enterSubprogram(int pc) {
        int rc;
        try {
            rc = (int) OP_PROGRAM.invokeExact(stmt, pc);
        } catch (Throwable t) {
            throw rethrow(t);
        }
        if (rc != OK && rc != SKIPPED) {
            throw statement.connection().lastError(rc);
        }
        return rc;
    }

    /** Halt with P1 = 0 at {@code pc} of a sub-program: back to the caller's frame; true for RAISE(IGNORE). */
    @TruffleBoundary
    public boolean returnFromSubprogram(int pc) {
        int r;
        try {
            r = (int) FRAME_RETURN.invokeExact(stmt, pc);
        } catch (Throwable t) {
            throw rethrow(t);
        }
        if (r < 0) {
            throw new IllegalStateException("no sub-program is running at " + pc);
        }
        return r != 0;
    }

    /** SQLite's copy of register {@code register} (of the current frame) takes {@code value}. */
    @TruffleBoundary
    public void setRegister(int pc, int register, Object value) {
        MemorySegment m = marshal(new Object[]{value}, 0, 1, 0);
        int rc;
        try {
            rc = (int) REGISTER_SET.invokeExact(stmt, register, m);
        } catch (Throwable t) {
            throw rethrow(t);
        }
        check(pc, rc);
    }

    /** OP_FkCounter at {@code pc}. */
    @TruffleBoundary
    public void fkCounter(int pc) {
        try {
            OP_FK_COUNTER.invokeExact(stmt, pc);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** OP_FkIfZero's test: the deferred or the immediate foreign-key counters are zero. */
    @TruffleBoundary
    public boolean fkIsZero(boolean deferred) {
        try {
            return (int) FK_IS_ZERO.invokeExact(stmt, deferred ? 1 : 0) != 0;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** OP_FkCheck at {@code pc}: throws the immediate foreign-key violation, if any. */
    @TruffleBoundary
    public void fkCheck(int pc) {
        int rc;
        try {
            rc = (int) OP_FK_CHECK.invokeExact(stmt, pc);
        } catch (Throwable t) {
            throw rethrow(t);
        }
        if (rc != OK) {
            throw statement.connection().lastError(rc);
        }
    }

    /**
     * After an OP_Destroy that moved a root page (auto-vacuum), database number + 1: if the
     * execution then fails, SQLite reads that schema again (vdbe.c's resetSchemaOnFault).
     */
    private int resetSchemaOnFault;

    /**
     * ReadCookie, SetCookie, CreateBtree, Destroy, Clear, SqlExec, ParseSchema, DropTable,
     * DropIndex, DropTrigger or Expire at {@code pc}: the instruction's integer result (the
     * cookie, the new root page, the moved root page, the deleted rows; 0 for the others).
     * Throws SQLite's error after ending the execution.
     */
    @TruffleBoundary
    public long schema(int pc, boolean destroy, int database) {
        MemorySegment m = scratch(24);
        int rc;
        try {
            rc = (int) OP_SCHEMA.invokeExact(stmt, pc, m);
        } catch (Throwable t) {
            throw rethrow(t);
        }
        if (rc != OK) {
            throw statement.connection().lastError(rc);
        }
        long result = m.get(ValueLayout.JAVA_LONG, 0);
        secondResult = m.get(ValueLayout.JAVA_LONG, 8);
        thirdResult = m.get(ValueLayout.JAVA_LONG, 16);
        if (destroy && result != 0) {
            resetSchemaOnFault = database + 1;
        }
        return result;
    }

    /** Checkpoint's second and third results (pages in the WAL, pages checkpointed), after {@link #schema}. */
    public long secondResult;
    public long thirdResult;

    /** The execution halted normally: nothing to undo in the schema. */
    public void completed() {
        resetSchemaOnFault = 0;
    }

    /** The execution ended with an error (or was abandoned): what vdbe.c does to the schema then. */
    @TruffleBoundary
    public void afterFault() {
        if (resetSchemaOnFault > 0) {
            int database = resetSchemaOnFault - 1;
            resetSchemaOnFault = 0;
            try {
                RESET_ONE_SCHEMA.invokeExact(stmt, database);
            } catch (Throwable t) {
                throw rethrow(t);
            }
        }
    }

    /** OP_SeekEnd: (rc << 8) | (stayed << 1) | atEnd; a cursor already on an entry stays there. */
    @TruffleBoundary
    public int seekEnd(int cursor) {
        try {
            return (int) CURSOR_SEEK_END.invokeExact(stmt, cursor);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** OP_SorterCompare at {@code pc}: whether the sorter's record differs from {@code record} in the instruction's first P4 fields. */
    @TruffleBoundary
    public boolean sorterDiffers(int pc, byte[] record) {
        int r;
        try {
            r = (int) OP_SORTER_COMPARE.invokeExact(stmt, pc, copyToScratch(record, 0), record.length);
        } catch (Throwable t) {
            throw rethrow(t);
        }
        if (r < 0) {
            throw abort(pc, -r);
        }
        return r != 0;
    }

    /** OP_JournalMode at {@code pc} (PRAGMA journal_mode): the mode's name after it ("delete", "wal", ...), changed as P3 asks. */
    @TruffleBoundary
    public String journalMode(int pc) {
        MemorySegment rc = scratch(8);
        MemorySegment z;
        try {
            z = (MemorySegment) OP_JOURNAL_MODE.invokeExact(stmt, pc, rc);
        } catch (Throwable t) {
            throw rethrow(t);
        }
        check(pc, rc.get(ValueLayout.JAVA_INT, 0));
        return Sqlite3.string(z);
    }

    /**
     * OP_IntegrityCk at {@code pc} (PRAGMA integrity_check): checks the b-trees it lists with
     * r[errors] as the budget of errors to report, then as vdbe.c: r[errors] less the errors
     * found beyond one, r[errors + 1] their report (NULL when none), r[counts + i] the number of
     * entries of each tree the check reached, of {@code roots}.
     */
    @TruffleBoundary
    public void integrityCheck(int pc, Object[] registers, int errors, int counts, int roots) {
        long budget = registers[errors] instanceof Long l ? l : 0;
        // Out-parameters: the report's address at 0, the error count at 8, the counts from 16,
        // then a byte per tree that says whether the check reached it.
        MemorySegment m = scratch(16 + 9L * roots);
        int rc;
        try {
            rc = (int) OP_INTEGRITY_CK.invokeExact(stmt, pc, budget, m.asSlice(16), m.asSlice(16 + 8L * roots), m.asSlice(8), m);
        } catch (Throwable t) {
            throw rethrow(t);
        }
        registers[errors + 1] = null;
        check(pc, rc);
        for (int i = 0; i < roots; i++) {
            if (m.get(ValueLayout.JAVA_BYTE, 16 + 8L * roots + i) != 0) {
                registers[counts + i] = m.get(ValueLayout.JAVA_LONG, 16 + 8L * i);
            }
        }
        int found = m.get(ValueLayout.JAVA_INT, 8);
        String report = Sqlite3.takeString(m.get(ValueLayout.ADDRESS, 0));
        if (found > 0) {
            registers[errors] = budget - (found - 1);
            registers[errors + 1] = report;
        }
    }

    /**
     * OP_IFindKey at {@code pc} with the key r[first..first+fields-1] (the index's columns, as
     * the Found before it): whether to jump, no entry around the cursor matching it.
     */
    @TruffleBoundary
    public boolean indexKeyMissing(int pc, Object[] registers, int first, int fields) {
        if (fields > MAX_KEY_FIELDS) {
            throw abort(pc, org.graalite.runtime.ResultCodes.SQLITE_MISUSE);
        }
        MemorySegment key = marshal(registers, first, fields, 0);
        int r;
        try {
            r = (int) OP_IFINDKEY.invokeExact(stmt, pc, key, fields);
        } catch (Throwable t) {
            throw rethrow(t);
        }
        if ((r >>> 8) != 0) {
            throw abort(pc, r >>> 8);
        }
        return r == 1;
    }

    // ---- Virtual tables (graalite_shim.c): each ends the execution with the module's error.

    /**
     * As {@link #check}, for a call into a virtual-table module: what a guest module's code
     * threw (VirtualTables) is thrown as itself, after the execution ended with its error.
     */
    private void checkModule(int pc, int rc) {
        if (rc != OK) {
            SqliteException e = abort(pc, rc);
            RuntimeException guest = VirtualTables.takePending();
            throw guest != null ? guest : e;
        }
    }

    /** OP_VBegin at {@code pc}: the xBegin of its table. */
    @TruffleBoundary
    public void vtabBegin(int pc) {
        int rc;
        try {
            rc = (int) OP_VBEGIN.invokeExact(stmt, pc);
        } catch (Throwable t) {
            throw rethrow(t);
        }
        checkModule(pc, rc);
    }

    /** OP_VCreate at {@code pc}: xCreate of the virtual table named {@code name} (its P2 register). */
    @TruffleBoundary
    public void vtabCreate(int pc, Object name) {
        MemorySegment m = marshal(new Object[]{name}, 0, 1, 0);
        int rc;
        try {
            rc = (int) OP_VCREATE.invokeExact(stmt, pc, m);
        } catch (Throwable t) {
            throw rethrow(t);
        }
        checkModule(pc, rc);
    }

    /** OP_VRename at {@code pc}: xRename of its table to {@code name} (its P1 register). */
    @TruffleBoundary
    public void vtabRename(int pc, Object name) {
        MemorySegment m = marshal(new Object[]{name}, 0, 1, 0);
        int rc;
        try {
            rc = (int) OP_VRENAME.invokeExact(stmt, pc, m);
        } catch (Throwable t) {
            throw rethrow(t);
        }
        checkModule(pc, rc);
    }

    /** OP_VDestroy at {@code pc}: xDestroy of its table. */
    @TruffleBoundary
    public void vtabDestroy(int pc) {
        int rc;
        try {
            rc = (int) OP_VDESTROY.invokeExact(stmt, pc);
        } catch (Throwable t) {
            throw rethrow(t);
        }
        checkModule(pc, rc);
    }

    /** OP_VOpen at {@code pc}: true when it opened the cursor, false when the cursor was already open on that table (then nothing changed). */
    @TruffleBoundary
    public boolean vtabOpen(int pc) {
        int r;
        try {
            r = (int) OP_VOPEN.invokeExact(stmt, pc);
        } catch (Throwable t) {
            throw rethrow(t);
        }
        checkModule(pc, r >> 8);
        return r == 0;
    }

    /**
     * What a register holds on the Java side when SQLite's holds VInitIn's ValueList (a native
     * pointer that reads as NULL there): only VFilter reads such a register, and passes SQLite's
     * on. Only the code generator's VInitIn and VFilter use it, so no other node meets it.
     */
    public static final Object VALUE_LIST = new Object() {
        @Override
        public String toString() {
            return "ValueList";
        }
    };

    /** OP_VInitIn at {@code pc}: SQLite's register P2 holds the ValueList of ephemeral index P1. */
    @TruffleBoundary
    public void vtabInitIn(int pc) {
        int rc;
        try {
            rc = (int) OP_VINITIN.invokeExact(stmt, pc);
        } catch (Throwable t) {
            throw rethrow(t);
        }
        checkModule(pc, rc);
    }

    /**
     * OP_VFilter at {@code pc}: xFilter with the {@code count} values {@code registers[first..]}
     * (the plan number, the argument count, the arguments; {@link #VALUE_LIST} for an argument
     * that SQLite's register holds); true when the result is empty.
     */
    @TruffleBoundary
    public boolean vtabFilter(int pc, Object[] registers, int first, int count) {
        boolean[] kept = null;
        Object[] values = registers;
        int from = first;
        for (int k = 0; k < count; k++) {
            if (registers[first + k] == VALUE_LIST) {
                if (kept == null) {
                    kept = new boolean[count];
                    values = java.util.Arrays.copyOfRange(registers, first, first + count);
                    from = 0;
                }
                kept[k] = true;
                values[k] = null;
            }
        }
        MemorySegment m = marshal(values, from, count, 0);
        keep(m, kept, count);
        int r;
        try {
            r = (int) OP_VFILTER.invokeExact(stmt, pc, m, count);
        } catch (Throwable t) {
            throw rethrow(t);
        }
        checkModule(pc, r >> 8);
        return (r & 1) != 0;
    }

    private static final Object[] NO_VALUES = new Object[0];

    /** OP_VColumn at {@code pc}: the column's value of the cursor's current row (its subtype, json_each's 'J', then in {@link #resultSubtype()}). */
    @TruffleBoundary
    public Object vtabColumn(int pc) {
        try {
            return callWithValues(OP_VCOLUMN, pc, NO_VALUES, null);
        } catch (SqliteException e) {
            RuntimeException guest = VirtualTables.takePending();
            throw guest != null ? guest : e;
        }
    }

    /** OP_VNext on {@code cursor} (for the instruction at {@code pc}): true when the cursor is past its last row. */
    @TruffleBoundary
    public boolean vtabNext(int pc, int cursor) {
        int r;
        try {
            r = (int) OP_VNEXT.invokeExact(stmt, cursor);
        } catch (Throwable t) {
            throw rethrow(t);
        }
        checkModule(pc, r >> 8);
        return (r & 1) != 0;
    }

    /** OP_Rowid at {@code pc} on virtual-table cursor {@code cursor}: xRowid of its current row. */
    @TruffleBoundary
    public long vtabRowid(int pc, int cursor) {
        MemorySegment m = scratch(8);
        int rc;
        try {
            rc = (int) VTAB_ROWID.invokeExact(stmt, cursor, m);
        } catch (Throwable t) {
            throw rethrow(t);
        }
        checkModule(pc, rc);
        return m.get(ValueLayout.JAVA_LONG, 0);
    }

    /** The shim's GRAALITE_VALUE_KEPT: VFilter and VUpdate leave that argument's register as SQLite holds it. */
    private static final int VALUE_KEPT = 0;

    /** Marks the marshalled values {@code m} whose {@code kept} is set as GRAALITE_VALUE_KEPT. */
    private static void keep(MemorySegment m, boolean[] kept, int count) {
        if (kept != null) {
            for (int k = 0; k < count; k++) {
                if (kept[k]) {
                    m.set(ValueLayout.JAVA_INT, (long) k * VALUE_SIZE + TYPE_AT, VALUE_KEPT);
                }
            }
        }
    }

    /**
     * OP_VUpdate at {@code pc} with the {@code count} values {@code registers[first..]}, except
     * that argument k is left as SQLite's register holds it where {@code kept[k]} (an unchanged
     * column's "no change" marker, which Java's registers cannot carry).
     */
    @TruffleBoundary
    public void vtabUpdate(int pc, Object[] registers, int first, int count, boolean[] kept) {
        MemorySegment m = marshal(registers, first, count, 0);
        keep(m, kept, count);
        int rc;
        try {
            rc = (int) OP_VUPDATE.invokeExact(stmt, pc, m);
        } catch (Throwable t) {
            throw rethrow(t);
        }
        checkModule(pc, rc);
    }

    /**
     * OP_VCheck at {@code pc}: the virtual table's own integrity check (its module's xIntegrity);
     * its report, or null when it found nothing. A module's error ends the execution.
     */
    @TruffleBoundary
    public String virtualTableCheck(int pc) {
        MemorySegment out = scratch(8);
        int rc;
        try {
            rc = (int) OP_VCHECK.invokeExact(stmt, pc, out);
        } catch (Throwable t) {
            throw rethrow(t);
        }
        checkModule(pc, rc);
        return Sqlite3.takeString(out.get(ValueLayout.ADDRESS, 0));
    }

    /** Reads native memory of the current record (valid until the cursor moves). */
    public static final MemorySegment MEMORY = MemorySegment.NULL.reinterpret(Long.MAX_VALUE);
}
