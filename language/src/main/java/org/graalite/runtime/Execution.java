package org.graalite.runtime;

import org.graalite.nativeapi.NativeVdbe;

/**
 * The state of one execution of a program on the Truffle tier: its registers, its cursors,
 * where to resume after a row was handed out, and that row. Registers hold null, Long,
 * Double, String or byte[] (see {@link SqlValues}).
 */
public final class Execution {
    public final NativeVdbe vdbe;
    public final Object[] registers;
    public final RecordCursor[] cursors;
    /** The address to continue at when the caller asks for the next row; 0 to start. */
    public int resumeAt;
    /**
     * Back edges the current call of the program has taken, counted only while the runtime
     * still uses the count (interpreter, first-tier code; see ProgramRootNode.reportLoops). A
     * field, not a local of the dispatch loop: there a counter starting at 0 is a constant of
     * partial evaluation, and every iteration would unroll anew.
     */
    public int loopCount;
    /** Instructions run by this execution, counted once a progress handler was ever set (ProgressCounting). */
    public long vmSteps;
    /** The step count at which the progress handler is next due; Long.MAX_VALUE: never. */
    public long progressLimit = Long.MAX_VALUE;
    /** The values bound to the statement's parameters, by parameter number (1-based). */
    public final Object[] parameters;
    /** Which Once instructions this execution has passed, by address. */
    public final boolean[] onceDone;
    /** The smallest file format this execution writes (255 while it writes none): below 4, records may not use serial types 8 and 9. */
    public int minWriteFileFormat = 255;
    /** The result of the last Compare (for Jump), or of a Lt or Gt that an ElseEq follows: negative, zero or positive. */
    public int compareResult;
    /**
     * Registers that hold a "cleared" NULL (Null with P1 != 0), which IS comparisons find
     * unequal even to NULL; made by the first such Null (most programs have none).
     */
    public boolean[] clearedNull;
    /**
     * {@code {this}}, the arguments of each call of the program's call target (Statement#step):
     * one array per execution, not one per step (a call's varargs array escapes into the frame,
     * so each step of a statement run once per row allocated one).
     */
    public final Object[] callArguments = {this};
    /** The values of the last ResultRow. */
    public Object[] row;
    /**
     * Where a MakeRecord whose record only the SorterInsert, Insert or IdxInsert after it reads
     * makes that record (see NodeFactory#makeRecordsInBuffer): its first {@link #recordLength} bytes,
     * copied into SQLite's memory by the next instruction. Reused from record to record and
     * from run to run, where each record was an array of its own (a GROUP BY of TPC-H q10
     * allocated 2.5 MB of them a run).
     */
    private byte[] recordBuffer = new byte[64];
    /** The length of the record {@link #recordBuffer} holds. */
    public int recordLength;

    /** The record buffer, with room for a record of {@code length} bytes, which it is about to hold. */
    public byte[] recordBuffer(int length) {
        if (length > recordBuffer.length) {
            recordBuffer = largerRecordBuffer(length);
        }
        recordLength = length;
        return recordBuffer;
    }

    @com.oracle.truffle.api.CompilerDirectives.TruffleBoundary
    private byte[] largerRecordBuffer(int length) {
        return new byte[Math.max(length, 2 * recordBuffer.length)];
    }
    /** Whether rows hand out TEXT that is not valid UTF-8 as its bytes (Database#invalidTextAsBytes), set at each start. */
    public boolean invalidTextAsBytes;
    /** In a trigger sub-program: the calling execution, whose registers Param reads; null in the main program. */
    public Execution caller;
    /** In a sub-program: the calling Program instruction's P1, the first of the registers Param reads. */
    public int callerArguments;
    /** In a sub-program: whether its halt was RAISE(IGNORE). */
    public boolean ignored;
    /** The executions of this execution's sub-programs, by the address of the Program instruction, reused for each call. */
    private Execution[] callees;
    /**
     * The cursors of the previous run, by cursor number, for {@link #openCursor} to reuse: a
     * statement executed again opens the same cursors, and a reused cursor keeps the header
     * arrays it grew for its records (a fresh one per execution was ~10% of a TATP mix).
     */
    private RecordCursor[] spareCursors;

    /**
     * Subtypes of register values (sqlite3_result_subtype: JSON functions mark the JSON text
     * they return with 'J', and read the mark on their arguments): register r's value has
     * subtype {@link #subtypes}[r] while the register still holds the object
     * {@code subtypeOwners[r]}, so a later write of any other value to the register drops it
     * without every node having to clear it. Registers hold immutable values, and a value that
     * gets a subtype is a fresh object (see {@link #withSubtype}), so a Copy, SCopy or Move that
     * copies the reference and passes the subtype on carries it as SQLite's Mem copy does. Null
     * until a value gets one; only programs with functions that set or read subtypes call these
     * methods (their nodes are chosen at build time).
     */
    private Object[] subtypeOwners;
    private byte[] subtypes;

    /** The subtype of register {@code r}'s value; 0 for none. */
    public int subtype(int r) {
        Object[] owners = subtypeOwners;
        if (owners == null) {
            return 0;
        }
        Object value = registers[r];
        return value != null && owners[r] == value ? subtypes[r] & 0xff : 0;
    }

    /** Register {@code r}'s value (just written there) has subtype {@code subtype} (0: none). */
    public void setSubtype(int r, int subtype) {
        if (subtype == 0) {
            if (subtypeOwners != null) {
                subtypeOwners[r] = null;
            }
            return;
        }
        if (subtypeOwners == null) {
            subtypeOwners = new Object[registers.length];
            subtypes = new byte[registers.length];
        }
        subtypeOwners[r] = registers[r];
        subtypes[r] = (byte) subtype;
    }

    /**
     * {@code value} as an object of its own, to carry a subtype in a register: a shared object
     * (the empty string, a small cached Long) could reach the register later by another path,
     * which must not find the subtype there.
     */
    @SuppressWarnings("removal")
    public static Object withSubtype(Object value) {
        if (value instanceof String s && s.isEmpty()) {
            return new String();
        } else if (value instanceof Long l && l >= -128 && l <= 127) {
            return new Long(l);
        }
        return value;
    }

    /**
     * The registers of the main program: MemMax P1 and NewRowid P3 (AUTOINCREMENT's largest
     * rowid) name a register of the outermost frame even in a trigger sub-program, as in vdbe.c.
     */
    public Object[] rootRegisters() {
        Execution e = this;
        while (e.caller != null) {
            e = e.caller;
        }
        return e.registers;
    }

    /**
     * A change to a b-tree moves records in their pages: every cursor must find its record
     * again (SQLite's VDBE invalidates its column caches the same way).
     */
    public void invalidateRecords() {
        for (RecordCursor c : cursors) {
            if (c != null) {
                c.recordMayHaveMoved();
            }
        }
    }

    /**
     * As {@link #invalidateRecords()} for a write that can move only the records of
     * {@code only} (the cursors of an ephemeral b-tree, which has a pager of its own); null:
     * every cursor's.
     */
    @com.oracle.truffle.api.nodes.ExplodeLoop
    public void invalidateRecords(int[] only) {
        if (only == null) {
            invalidateRecords();
            return;
        }
        for (int k : only) {
            RecordCursor c = k < cursors.length ? cursors[k] : null;
            if (c != null) {
                c.recordMayHaveMoved();
            }
        }
    }

    /**
     * The execution of the sub-program that the Program instruction at {@code pc} calls, ready
     * to start: SQLite reuses one frame per Program instruction of an execution, and so does
     * this (a recursive trigger's call comes from a callee's own execution).
     */
    @com.oracle.truffle.api.CompilerDirectives.TruffleBoundary
    public Execution callee(int pc, int registerCount, int cursorCount, int instructionCount, int arguments) {
        if (callees == null) {
            callees = new Execution[onceDone.length];
        }
        Execution e = callees[pc];
        if (e == null) {
            e = new Execution(vdbe, registerCount, cursorCount, parameters, instructionCount);
            e.caller = this;
            e.callerArguments = arguments;
            callees[pc] = e;
        } else {
            e.rewind();
        }
        e.minWriteFileFormat = minWriteFileFormat;
        return e;
    }

    /**
     * A cursor for OpenRead, OpenWrite, OpenDup and the like to install as cursor {@code index},
     * as good as new: the one open under this number (a correlated subquery opens its cursors
     * again for every outer row), else the one it had in the previous run, else a new one.
     * Out of line in compiled code: once per cursor and execution, and inlined at every open
     * instruction it was 4% of TPC-H's compiled statements.
     */
    @com.oracle.truffle.api.CompilerDirectives.TruffleBoundary
    public RecordCursor openCursor(int index) {
        RecordCursor c = cursors[index];
        if (c == null || c.pseudoRegister >= 0) {
            c = spareCursors == null ? null : spareCursors[index];
            if (c == null) {
                c = new RecordCursor(index);
            } else {
                spareCursors[index] = null;
            }
        }
        c.reopen();
        cursors[index] = c;
        return c;
    }

    /**
     * The next execution of the same program, with {@code parameters}: this one, which is over,
     * made ready to run the program again from the start ({@link #restart}), if it has the
     * same parameter array (a statement's executions do); else a new one, whose cursors come
     * from this one's (see {@link #spareCursors}).
     *
     * <p>Reused rather than new: a new execution per run was five allocations (this object,
     * its registers, its Once flags, its cursor array, its call arguments), 40% of the bytes a
     * JDBC insert loop allocated (async-profiler, alloc). Session 26 made executions new
     * because G1 on JDK 25 puts a StoreLoad fence into each store of a reference into an old
     * object, and a reused execution's registers grow old; measured again in session 44 in one
     * JVM that alternates the two every two rounds (100,000 JDBC inserts and their read-back,
     * then a JDBC row loop over TPC-H sf 0.1's lineitem; fastest of 90 rounds each), reuse was
     * as fast or faster on both collectors: inserts 608 -> 591 ns (parallel), 648 -> 641 (G1),
     * the row loop 80 -> 78 ms and 82 -> 80, reading back 106 -> 105 and 107 -> 107.
     */
    public Execution next(Object[] parameters) {
        if (parameters != this.parameters) {
            Execution e = new Execution(vdbe, registers.length - 1, cursors.length, parameters, onceDone.length);
            recycleCursors();
            e.spareCursors = spareCursors;
            return e;
        }
        restart();
        return this;
    }

    /** Puts this execution, which is over, in the state of a new one; its cursors are kept for {@link #openCursor}. */
    private void restart() {
        rewind();
        java.util.Arrays.fill(registers, null);
        if (clearedNull != null) {
            java.util.Arrays.fill(clearedNull, false);
        }
        if (subtypeOwners != null) {
            java.util.Arrays.fill(subtypeOwners, null);
        }
        loopCount = 0;
        vmSteps = 0;
        progressLimit = Long.MAX_VALUE;
        minWriteFileFormat = 255;
        compareResult = 0;
        row = null;
    }

    /**
     * Makes this execution, which is over, start its program again: cursors closed (kept for
     * {@link #openCursor}), no Once passed, no halt by RAISE(IGNORE). A sub-program's execution
     * keeps its registers from call to call, as SQLite's reused frame does; {@link #restart}
     * empties them for a statement's next run.
     */
    private void rewind() {
        recycleCursors();
        java.util.Arrays.fill(onceDone, false);
        resumeAt = 0;
        ignored = false;
    }

    /** Closes every cursor of this execution, keeping them for {@link #openCursor}. */
    private void recycleCursors() {
        if (spareCursors == null) {
            spareCursors = new RecordCursor[cursors.length];
        }
        for (int i = 0; i < cursors.length; i++) {
            RecordCursor c = cursors[i];
            if (c != null && c.pseudoRegister < 0) {
                spareCursors[i] = c;
            }
            cursors[i] = null;
        }
    }

    public Execution(NativeVdbe vdbe, int registerCount, int cursorCount, Object[] parameters, int instructionCount) {
        this.vdbe = vdbe;
        this.onceDone = new boolean[instructionCount];
        this.parameters = parameters;
        this.registers = new Object[registerCount + 1];
        this.cursors = new RecordCursor[cursorCount];
    }
}
