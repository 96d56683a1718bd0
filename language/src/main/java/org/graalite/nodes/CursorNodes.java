package org.graalite.nodes;

import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.CompilerDirectives.CompilationFinal;
import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.nodes.ExplodeLoop;

import org.graalite.nativeapi.NativeVdbe;
import org.graalite.runtime.Execution;
import org.graalite.runtime.InPlaceRecord;
import org.graalite.runtime.RecordCursor;
import org.graalite.runtime.RecordEncoder;
import org.graalite.runtime.ResultCodes;
import org.graalite.runtime.SqlValues;

/**
 * Transactions and B-tree cursors. The native half (graalite_shim.c) keeps SQLite's cursor
 * and transaction state; records are decoded in Java by {@link RecordCursor}.
 */
final class CursorNodes {
    private CursorNodes() {
    }

    /** Transaction P1 P2 P3 P4 P5: starts a read (P2 = 0) transaction on database P1 and checks the schema cookie. */
    static final class Transaction extends InstructionNode {
        Transaction(int pc) {
            super(pc, STRAIGHT, -1);
        }

        @Override
        public void execute(Execution execution) {
            int rc = execution.vdbe.transaction(pc);
            if (rc != 0) {
                throw execution.vdbe.abort(pc, rc);
            }
        }
    }

    /** OpenRead P1 P2 P3 P4: opens cursor P1 on the b-tree with root page P2 of database P3. */
    static final class OpenRead extends InstructionNode {
        private final int cursor;
        private final boolean isTable;
        private final boolean seekEq;
        /** For ReopenIdx: the root page; a cursor already open on it is kept. -1 for OpenRead. */
        private final int reopenRoot;

        OpenRead(int pc, int cursor, boolean isTable, boolean seekEq, int reopenRoot) {
            super(pc, STRAIGHT, -1);
            this.cursor = cursor;
            this.isTable = isTable;
            this.seekEq = seekEq;
            this.reopenRoot = reopenRoot;
        }

        @Override
        public void execute(Execution execution) {
            RecordCursor open = execution.cursors[cursor];
            if (reopenRoot >= 0 && open != null && open.root == reopenRoot) {
                // Still open on that index: its position is forgotten and it takes this
                // instruction's hints (an equality-only cursor may now serve a range).
                execution.vdbe.reuse(cursor, seekEq ? 0x02 : 0);
                open.seekEq = seekEq;
                open.moved(true);
                return;
            }
            int rc = execution.vdbe.openRead(pc);
            if (rc != 0) {
                throw execution.vdbe.abort(pc, rc);
            }
            RecordCursor c = execution.openCursor(cursor);
            c.isTable = isTable;
            c.seekEq = seekEq;
            c.root = reopenRoot;
        }
    }

    /** Close P1. */
    static final class Close extends InstructionNode {
        private final int cursor;

        Close(int pc, int cursor) {
            super(pc, STRAIGHT, -1);
            this.cursor = cursor;
        }

        @Override
        public void execute(Execution execution) {
            execution.vdbe.close(cursor);
            execution.cursors[cursor] = null;
        }
    }

    /**
     * Rewind P1 P2 (to the first row, jump to P2 if there is none), Last P1 P2 (the same for the
     * last row), Next P1 P2 (to the next row, jump to P2 if there is one) and Prev P1 P2.
     */
    static final class Move extends InstructionNode {
        static final int FIRST = 0;
        static final int LAST = 1;
        static final int NEXT = 2;
        static final int PREV = 3;

        private final int cursor;
        private final int direction;
        /** Next and Prev: the step through sql.NativeBinding's binding; null for Rewind and Last. */
        @Child private BtreeCallNodes.Step step;

        Move(int pc, int target, int cursor, int direction, BtreeCallNodes.Step step) {
            super(pc, BRANCH, target);
            this.cursor = cursor;
            this.direction = direction;
            this.step = step;
        }

        @Override
        public boolean executeBranch(Execution execution) {
            int result;
            switch (direction) {
                case FIRST:
                    return rewindOnSqlite(execution, pc, cursor);
                case LAST:
                    result = execution.vdbe.last(cursor);
                    execution.cursors[cursor].moved((result & 1) != 0);
                    // Rewind and Last jump when the b-tree is empty.
                    return atEnd(execution, pc, result);
                default:
                    // The step tells the record cursor itself (and may locate the new record).
                    result = step.execute(execution.vdbe, execution.cursors[cursor]);
                    // Next and Prev jump while there are rows.
                    return !atEnd(execution, pc, result);
            }
        }

        /**
         * Rewind of {@code cursor} on SQLite's b-tree, the record cursor told where it is: true
         * if the b-tree is empty (SQLite's error, if any, ends the execution). Also the Next of a
         * cursor that SQLite must take as a Rewind (JavaTableNodes).
         */
        static boolean rewindOnSqlite(Execution execution, int pc, int cursor) {
            int result = execution.vdbe.first(cursor);
            execution.cursors[cursor].moved((result & 1) != 0);
            return atEnd(execution, pc, result);
        }

        /** Whether a move's {@code result} ((rc << 8) | at end) is at the end; its error ends the execution. */
        private static boolean atEnd(Execution execution, int pc, int result) {
            int rc = result >>> 8;
            if (rc != 0) {
                throw execution.vdbe.abort(pc, rc);
            }
            return (result & 1) != 0;
        }
    }

    /**
     * Column P1 P2 P3 P4: r[P3] = field P2 of cursor P1's row; P4 is the value of a field the
     * record lacks. When every reader of r[P3] is a comparison fused with this Column
     * (ColumnComparisons), it only puts the cursor on its row and stores nothing: the
     * comparison reads the field in place.
     */
    static final class Column extends InstructionNode {
        private final int register;
        private final boolean storesValue;
        @Child private RecordField source;

        Column(int pc, int register, boolean storesValue, RecordField source) {
            super(pc, STRAIGHT, -1);
            this.register = register;
            this.storesValue = storesValue;
            this.source = source;
        }

        boolean storesValue() {
            return storesValue;
        }

        @Override
        public void execute(Execution execution) {
            RecordCursor c = source.locate(execution);
            if (storesValue) {
                execution.registers[register] = source.read(c, execution.vdbe, source.fieldIn(execution, c));
            }
        }
    }

    /** Rowid P1 P2: r[P2] = the rowid of cursor P1's row (NULL when it has none). */
    static final class Rowid extends InstructionNode {
        private final int cursor;
        private final int register;

        Rowid(int pc, int cursor, int register) {
            super(pc, STRAIGHT, -1);
            this.cursor = cursor;
            this.register = register;
        }

        @Override
        public void execute(Execution execution) {
            RecordCursor c = execution.cursors[cursor];
            execution.registers[register] = c.nullRow ? null : c.isDeferred() ? c.deferredRowid() : c.knowsRowid() ? c.steppedRowid() : (Object) execution.vdbe.rowid(cursor);
        }
    }

    /** FinishSeek P1: carries out table cursor P1's deferred seek now (before a write through it). */
    static final class FinishSeek extends InstructionNode {
        private final int cursor;

        FinishSeek(int pc, int cursor) {
            super(pc, STRAIGHT, -1);
            this.cursor = cursor;
        }

        @Override
        public void execute(Execution execution) {
            RecordCursor c = execution.cursors[cursor];
            if (c != null && c.isDeferred()) {
                c.finishSeek(execution.vdbe);
            }
        }
    }

    /** Count P1 P2: r[P2] = the number of entries in cursor P1's b-tree. */
    static final class CountRows extends InstructionNode {
        private final int cursor;
        private final int register;

        CountRows(int pc, int cursor, int register) {
            super(pc, STRAIGHT, -1);
            this.cursor = cursor;
            this.register = register;
        }

        @Override
        public void execute(Execution execution) {
            execution.registers[register] = execution.vdbe.count(pc, cursor);
        }
    }


    /**
     * SeekRowid P1 P2 P3 and NotExists P1 P2 P3: moves table cursor P1 to the row whose rowid is
     * r[P3]; jumps to P2 when there is none (or, for SeekRowid, when r[P3] is not an integer
     * after numeric affinity).
     */
    static final class SeekRowid extends InstructionNode {
        private final int cursor;
        private final int register;
        @Child private BtreeCallNodes.SeekRowid seek;
        /** The key read in place from the field a Column located (ColumnComparisons); null: from the register. */
        @Child private RecordField keyField;
        private final int keyConversion;

        SeekRowid(int pc, int target, int cursor, int register, BtreeCallNodes.SeekRowid seek) {
            this(pc, target, cursor, register, seek, null, 0);
        }

        SeekRowid(int pc, int target, int cursor, int register, BtreeCallNodes.SeekRowid seek, RecordField keyField, int keyConversion) {
            super(pc, BRANCH, target);
            this.cursor = cursor;
            this.register = register;
            this.seek = seek;
            this.keyField = keyField;
            this.keyConversion = keyConversion;
        }

        boolean readsKeyInPlace() {
            return keyField != null;
        }

        @Override
        public boolean executeBranch(Execution execution) {
            Object v;
            if (keyField != null) {
                RecordCursor k = keyField.locate(execution);
                int field = keyField.fieldIn(execution, k);
                int type = k.serialTypeAt(execution.vdbe, field);
                if (InPlaceReaders.storedInteger(type, keyConversion)) {
                    return seek(execution, keyField.integer(k, field, type));
                }
                v = keyField.readConverted(k, execution.vdbe, field, keyConversion);
            } else {
                v = execution.registers[register];
            }
            long key;
            if (v instanceof Long l) {
                key = l;
            } else {
                Long k = SqlValues.integerAffinity(v);
                if (k == null) {
                    return true;
                }
                key = k;
            }
            return seek(execution, key);
        }

        /** Seeks the row {@code key}: true (jump) when there is none. */
        private boolean seek(Execution execution, long key) {
            if (seek.seekInJava(execution.cursors[cursor], key)) {
                return false;
            }
            int result = seek.execute(execution.vdbe, cursor, key);
            int rc = result >>> 8;
            if (rc != 0) {
                throw execution.vdbe.abort(pc, rc);
            }
            boolean notFound = (result & 1) != 0;
            // A cursor that found nothing reads as NULL rather than as a neighbouring row.
            RecordCursor c = execution.cursors[cursor];
            c.moved(notFound);
            if (!notFound) {
                seek.found(execution.vdbe, c);
            }
            if (notFound && target == 0) {
                // NotExists without a jump: the row must exist; its absence is corruption.
                throw execution.vdbe.abort(pc, 11);
            }
            return notFound;
        }
    }

    /** OpenPseudo P1 P2 P3: cursor P1 has one row, the record in r[P2] (P3 columns). */
    static final class OpenPseudo extends InstructionNode {
        private final int cursor;
        private final int register;

        OpenPseudo(int pc, int cursor, int register) {
            super(pc, STRAIGHT, -1);
            this.cursor = cursor;
            this.register = register;
        }

        @Override
        public void execute(Execution execution) {
            execution.cursors[cursor] = new RecordCursor(cursor, register);
        }
    }

    /** NullRow P1: cursor P1 reads NULL in every column until it moves (a cursor not open yet becomes one that does). */
    static final class NullRow extends InstructionNode {
        private final int cursor;

        NullRow(int pc, int cursor) {
            super(pc, STRAIGHT, -1);
            this.cursor = cursor;
        }

        @Override
        public void execute(Execution execution) {
            RecordCursor c = execution.cursors[cursor];
            if (c == null) {
                c = execution.openCursor(cursor);
            }
            c.moved(true);
        }
    }

    /** MakeRecord P1 P2 P3 P4: r[P3] = the record of r[P1..P1+P2-1], after the affinities P4 are applied to them. */
    static final class MakeRecord extends InstructionNode {
        /** Records of more fields are encoded out of line, by one general loop. */
        static final int MAX_SPECIALIZED_FIELDS = 32;

        private final int first;
        private final int count;
        private final int result;
        private final String affinity;
        /** One encoder per field, specialized on its values; null above {@link #MAX_SPECIALIZED_FIELDS}. */
        @Children private final RecordFieldEncoder[] fields;

        /** Whether the record is made in the execution's record buffer (see NodeFactory#makeRecordsInBuffer). */
        private final boolean inBuffer;

        MakeRecord(int pc, int first, int count, int result, String affinity) {
            this(pc, first, count, result, affinity, true, false);
        }

        /**
         * With {@code unroll} false, or above {@link #MAX_SPECIALIZED_FIELDS} fields, the record
         * is made out of line, in an array of its own; with {@code inBuffer} (and unrolled), in
         * the execution's record buffer.
         */
        private MakeRecord(int pc, int first, int count, int result, String affinity, boolean unroll, boolean inBuffer) {
            super(pc, STRAIGHT, -1);
            this.first = first;
            this.count = count;
            this.result = result;
            this.affinity = affinity;
            this.inBuffer = inBuffer;
            if (unroll && count <= MAX_SPECIALIZED_FIELDS) {
                fields = new RecordFieldEncoder[count];
                for (int i = 0; i < count; i++) {
                    fields[i] = RecordFieldEncoderNodeGen.create(RecordEncoder.affinityAt(affinity, i), i);
                }
            } else {
                fields = null;
            }
        }

        /** This MakeRecord made out of line: for one that runs once per execution (see NodeFactory). */
        MakeRecord outOfLine() {
            return new MakeRecord(pc, first, count, result, affinity, false, false);
        }

        /** This MakeRecord, unrolled, making its record in the execution's record buffer, which only the next instruction reads (see NodeFactory#makeRecordsInBuffer). */
        MakeRecord inBuffer() {
            return new MakeRecord(pc, first, count, result, affinity, true, true);
        }

        /** Whether the record is made in the execution's record buffer. */
        boolean madeInBuffer() {
            return inBuffer;
        }

        /** Whether compiled code holds the fields' encoders unrolled. */
        boolean unrolled() {
            return fields != null;
        }

        @Override
        public void execute(Execution execution) {
            boolean smallConstants = execution.minWriteFileFormat >= 4;
            byte[] record = fields == null ? RecordEncoder.makeRecord(execution.registers, first, count, affinity, smallConstants) : encode(execution, smallConstants);
            if (record == null) {
                throw execution.vdbe.abort(pc, ResultCodes.SQLITE_TOOBIG);
            }
            execution.registers[result] = record;
        }

        /**
         * The record in two passes over the fields, as RecordEncoder's general loop: serial types
         * and sizes, then the header and bodies. The per-field arrays stay in registers of the
         * compiled code (the loops are unrolled, every index a constant).
         */
        @ExplodeLoop
        private byte[] encode(Execution execution, boolean smallConstants) {
            Object[] registers = execution.registers;
            int n = fields.length;
            int[] types = new int[n];
            long[] ints = new long[n];
            byte[][] bytes = new byte[n][];
            int header = 0;
            long body = 0;
            for (int i = 0; i < n; i++) {
                int type = fields[i].execute(registers[first + i], registers, first + i, ints, bytes, smallConstants);
                types[i] = type;
                header += RecordEncoder.varintLength(type);
                body += RecordEncoder.bodyLength(type);
            }
            int headerSize = RecordEncoder.headerSize(header);
            int length = RecordEncoder.recordLength(headerSize, body);
            if (length < 0) {
                return null;
            }
            byte[] record = inBuffer ? execution.recordBuffer(length) : new byte[length];
            int h = RecordEncoder.putVarint(record, 0, headerSize);
            int d = headerSize;
            for (int i = 0; i < n; i++) {
                h += RecordEncoder.putVarint(record, h, types[i]);
                d = RecordEncoder.writeField(record, d, types[i], ints[i], bytes[i]);
            }
            return record;
        }
    }

    /** SorterOpen P1 P2 P3 P4: a sorter for records of P2 fields ordered by key P4. */
    static final class SorterOpen extends InstructionNode {
        private final int cursor;

        SorterOpen(int pc, int cursor) {
            super(pc, STRAIGHT, -1);
            this.cursor = cursor;
        }

        @Override
        public void execute(Execution execution) {
            int rc = execution.vdbe.sorterOpen(pc);
            if (rc != 0) {
                throw execution.vdbe.abort(pc, rc);
            }
            execution.openCursor(cursor);
        }
    }

    /** SorterInsert P1 P2: adds the record r[P2] to sorter P1. */
    static final class SorterInsert extends InstructionNode {
        private final int register;
        /** Whether the MakeRecord before made the record in the execution's record buffer (its first Execution#recordLength bytes). */
        private final boolean fromBuffer;

        SorterInsert(int pc, int register) {
            this(pc, register, false);
        }

        private SorterInsert(int pc, int register, boolean fromBuffer) {
            super(pc, STRAIGHT, -1);
            this.register = register;
            this.fromBuffer = fromBuffer;
        }

        /** Whether it reads its record from the execution's record buffer. */
        boolean readsBuffer() {
            return fromBuffer;
        }

        /** This SorterInsert of a record the MakeRecord before made in the execution's record buffer (see NodeFactory#makeRecordsInBuffer). */
        SorterInsert fromBuffer() {
            return new SorterInsert(pc, register, true);
        }

        @Override
        public void execute(Execution execution) {
            byte[] record = (byte[]) execution.registers[register];
            execution.vdbe.sorterInsert(pc, record, fromBuffer ? execution.recordLength : record.length);
        }
    }

    /** SorterSort P1 P2 and Sort P1 P2 (sort, jump to P2 if empty); SorterNext P1 P2 (jump to P2 while records remain). */
    static final class SorterMove extends InstructionNode {
        private final int cursor;
        private final boolean sort;

        SorterMove(int pc, int target, int cursor, boolean sort) {
            super(pc, BRANCH, target);
            this.cursor = cursor;
            this.sort = sort;
        }

        @Override
        public boolean executeBranch(Execution execution) {
            int result = sort ? execution.vdbe.sorterSort(cursor) : execution.vdbe.sorterNext(cursor);
            int rc = result >>> 8;
            if (rc != 0) {
                throw execution.vdbe.abort(pc, rc);
            }
            boolean atEnd = (result & 1) != 0;
            execution.cursors[cursor].moved(atEnd);
            return sort ? atEnd : !atEnd;
        }
    }

    /** SorterData P1 P2 P3: r[P2] = sorter P1's current record; pseudo cursor P3 reads it. */
    static final class SorterData extends InstructionNode {
        private final int register;

        SorterData(int pc, int register) {
            super(pc, STRAIGHT, -1);
            this.register = register;
        }

        @Override
        public void execute(Execution execution) {
            execution.registers[register] = execution.vdbe.sorterData(pc);
        }
    }

    /**
     * SorterData P1 P2 P3 where nothing reads r[P2] but pseudo cursor P3 (see
     * NodeFactory#readSorterRecordsInPlace): the cursor reads the record where SQLite's
     * OP_SorterData copies it, in SQLite's register P2, instead of from a Java copy made and
     * dropped per row; r[P2] holds an {@link InPlaceRecord}, the execution's own (executions
     * of one program may interleave: a caller's loop over rows that runs the statement again).
     */
    static final class SorterDataInPlace extends InstructionNode {
        private final int register;
        private final int pseudoCursor;

        SorterDataInPlace(int pc, int register, int pseudoCursor) {
            super(pc, STRAIGHT, -1);
            this.register = register;
            this.pseudoCursor = pseudoCursor;
        }

        @Override
        public void execute(Execution execution) {
            InPlaceRecord record = execution.registers[register] instanceof InPlaceRecord r ? r : newRecord();
            execution.vdbe.sorterDataInPlace(pc, record);
            execution.registers[register] = record;
            RecordCursor c = execution.cursors[pseudoCursor];
            if (c != null && c.pseudoRegister == register) {
                // As OP_SorterData makes P3's cached row stale: the same object, a new record.
                c.usePseudoRecordInPlace(record);
            }
        }

        @TruffleBoundary
        private static InPlaceRecord newRecord() {
            return new InPlaceRecord();
        }
    }

    /** IfEmpty P1 P2: jump to P2 if the b-tree of cursor P1 is empty. */
    static final class IfEmpty extends InstructionNode {
        private final int cursor;

        IfEmpty(int pc, int target, int cursor) {
            super(pc, BRANCH, target);
            this.cursor = cursor;
        }

        @Override
        public boolean executeBranch(Execution execution) {
            int r = execution.vdbe.isEmpty(cursor);
            if ((r >>> 8) != 0) {
                throw execution.vdbe.abort(pc, r >>> 8);
            }
            execution.cursors[cursor].moved(true);
            return (r & 1) != 0;
        }
    }

    /** CursorLock P1 and CursorUnlock P1: cursor P1's b-tree refuses, or again takes, writes through other cursors. */
    static final class Pin extends InstructionNode {
        private final int cursor;
        private final boolean pin;

        Pin(int pc, int cursor, boolean pin) {
            super(pc, STRAIGHT, -1);
            this.cursor = cursor;
            this.pin = pin;
        }

        @Override
        public void execute(Execution execution) {
            execution.vdbe.pin(cursor, pin);
        }
    }

    /** ResetSorter P1: empties sorter or temporary table P1. */
    static final class ResetSorter extends InstructionNode {
        private final int cursor;

        ResetSorter(int pc, int cursor) {
            super(pc, STRAIGHT, -1);
            this.cursor = cursor;
        }

        @Override
        public void execute(Execution execution) {
            execution.vdbe.resetCursor(pc, cursor);
            execution.cursors[cursor].moved(true);
        }
    }

    /** SequenceTest P1 P2: jump to P2 if cursor P1's sequence counter is 0; the counter is incremented either way. */
    static final class SequenceTest extends InstructionNode {
        private final int cursor;

        SequenceTest(int pc, int target, int cursor) {
            super(pc, BRANCH, target);
            this.cursor = cursor;
        }

        @Override
        public boolean executeBranch(Execution execution) {
            RecordCursor c = execution.cursors[cursor];
            return c.sequence++ == 0;
        }
    }

    /** OpenDup P1 P2: cursor P1 reads the temporary table of cursor P2. */
    static final class OpenDup extends InstructionNode {
        private final int cursor;
        private final int original;

        OpenDup(int pc, int cursor, int original) {
            super(pc, STRAIGHT, -1);
            this.cursor = cursor;
            this.original = original;
        }

        @Override
        public void execute(Execution execution) {
            execution.vdbe.openDup(pc);
            boolean isTable = execution.cursors[original].isTable;
            execution.openCursor(cursor).isTable = isTable;
        }
    }

    /** IfSizeBetween P1 P2 P3 P4: jump to P2 when 10*log2 of cursor P1's estimated row count (-1 when empty) is in P3..P4. */
    static final class IfSizeBetween extends InstructionNode {
        private final int cursor;

        IfSizeBetween(int pc, int target, int cursor) {
            super(pc, BRANCH, target);
            this.cursor = cursor;
        }

        @Override
        public boolean executeBranch(Execution execution) {
            // SQLite moves the cursor to its first entry to find out whether it is empty.
            boolean between = execution.vdbe.sizeBetween(pc);
            execution.cursors[cursor].recordMayHaveMoved();
            return between;
        }
    }

    /** Offset P1 P2 P3: r[P3] = sqlite_offset(), the file offset of the record cursor P1 is on (NULL when none). */
    static final class Offset extends InstructionNode {
        private final int register;

        Offset(int pc, int register) {
            super(pc, STRAIGHT, -1);
            this.register = register;
        }

        @Override
        public void execute(Execution execution) {
            execution.registers[register] = execution.vdbe.offset(pc);
        }
    }
}
