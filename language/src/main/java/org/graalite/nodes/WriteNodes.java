package org.graalite.nodes;

import com.oracle.truffle.api.CompilerDirectives.CompilationFinal;

import org.graalite.runtime.Execution;
import org.graalite.runtime.RecordCursor;

/**
 * Changes to tables and indexes (INSERT, UPDATE, DELETE, and the temporary b-trees of
 * queries). Records and keys are built in Java; SQLite's b-tree applies them, counting
 * changes and journaling as it does for its own VDBE (graalite_shim.c).
 */
final class WriteNodes {
    /** P5 of OpenWrite: P2 names the register that holds the root page. */
    static final int OPFLAG_P2ISREG = 0x10;

    private WriteNodes() {
    }

    /** OpenWrite P1 P2 P3 P4 P5: opens write cursor P1 on root page P2 (or r[P2]) of database P3. */
    static final class OpenWrite extends InstructionNode {
        private final int cursor;
        private final int root;
        private final boolean rootInRegister;
        private final boolean isTable;

        OpenWrite(int pc, int cursor, int root, boolean rootInRegister, boolean isTable) {
            super(pc, STRAIGHT, -1);
            this.cursor = cursor;
            this.root = root;
            this.rootInRegister = rootInRegister;
            this.isTable = isTable;
        }

        @Override
        public void execute(Execution execution) {
            int page = rootInRegister ? (int) (long) (Long) execution.registers[root] : root;
            int result = execution.vdbe.openWrite(pc, page);
            if ((result & 0xffff) != 0) {
                throw execution.vdbe.abort(pc, result & 0xffff);
            }
            execution.minWriteFileFormat = result >>> 16;
            execution.openCursor(cursor).isTable = isTable;
        }
    }

    /** Insert's P5 flag: the row is the cell a RowCell copied just before (SQLite's transfer optimization), not r[P2]. */
    static final int OPFLAG_PREFORMAT = 0x80;

    /** Insert P1 P2 P3 P5: the record r[P2] becomes the row with rowid r[P3] of table P1. */
    static final class Insert extends InstructionNode {
        private final int cursor;
        private final int data;
        private final int rowid;
        /** OPFLAG_PREFORMAT: the row is the cell the RowCell before copied; r[P2] is not read. */
        private final boolean preformatted;
        /** The cursors whose records the write may move (CursorUses.sharingEphemeralBtree); null: all. */
        @CompilationFinal(dimensions = 1) private final int[] moved;

        /** Whether the MakeRecord before made the record in the execution's record buffer (its first Execution#recordLength bytes). */
        private final boolean fromBuffer;

        Insert(int pc, int cursor, int data, int rowid, boolean preformatted, int[] moved) {
            this(pc, cursor, data, rowid, preformatted, moved, false);
        }

        private Insert(int pc, int cursor, int data, int rowid, boolean preformatted, int[] moved, boolean fromBuffer) {
            super(pc, STRAIGHT, -1);
            this.cursor = cursor;
            this.data = data;
            this.rowid = rowid;
            this.preformatted = preformatted;
            this.moved = moved;
            this.fromBuffer = fromBuffer;
        }

        /** Whether the row is a RowCell's cell (no record register is read). */
        boolean preformatted() {
            return preformatted;
        }

        /** Whether it reads its record from the execution's record buffer. */
        boolean readsBuffer() {
            return fromBuffer;
        }

        /** This Insert of a record the MakeRecord before made in the execution's record buffer (see NodeFactory#makeRecordsInBuffer). */
        Insert fromBuffer() {
            return new Insert(pc, cursor, data, rowid, preformatted, moved, true);
        }

        @Override
        public void execute(Execution execution) {
            if (preformatted) {
                execution.vdbe.insertPreformatted(pc, (Long) execution.registers[rowid]);
            } else {
                byte[] record = (byte[]) execution.registers[data];
                execution.vdbe.insert(pc, (Long) execution.registers[rowid], record, fromBuffer ? execution.recordLength : record.length);
            }
            execution.invalidateRecords(moved);
            execution.cursors[cursor].moved(false);
        }
    }

    /**
     * RowCell P1 P2 P3: the current cell of cursor P2 copied as it is for the Insert (or
     * IdxInsert) into cursor P1 that follows, under rowid r[P3] (none when P3 is 0): SQLite's
     * transfer optimization of INSERT INTO t SELECT * FROM s between tables alike.
     */
    static final class RowCell extends InstructionNode {
        private final int rowid;

        RowCell(int pc, int rowid) {
            super(pc, STRAIGHT, -1);
            this.rowid = rowid;
        }

        @Override
        public void execute(Execution execution) {
            execution.vdbe.rowCell(pc, rowid != 0 ? (Long) execution.registers[rowid] : 0L);
        }
    }

    /** Delete P1 P2 P5: deletes cursor P1's current row (P2 OPFLAG_NCHANGE counts it). */
    static final class Delete extends InstructionNode {
        private final int cursor;
        /** The cursors whose records the write may move (CursorUses.sharingEphemeralBtree); null: all. */
        @CompilationFinal(dimensions = 1) private final int[] moved;

        Delete(int pc, int cursor, int[] moved) {
            super(pc, STRAIGHT, -1);
            this.cursor = cursor;
            this.moved = moved;
        }

        @Override
        public void execute(Execution execution) {
            execution.vdbe.delete(pc);
            execution.invalidateRecords(moved);
            execution.cursors[cursor].moved(false);
        }
    }

    /** IdxInsert P1 P2 P5: adds the key record r[P2] to index P1. */
    static final class IndexInsert extends InstructionNode {
        private final int cursor;
        private final int register;
        /** The index is an ephemeral one whose entries a SmallKeySet follows (see IndexNodes.OpenEphemeral). */
        private final boolean keepsSmallKeys;
        /** The SmallKeySet is the index's only copy while it is small (SmallKeyIndexes.javaOnly). */
        private final boolean keepsOnlySmallKeys;
        /** The cursors whose records the write may move (CursorUses.sharingEphemeralBtree); null: all. */
        @CompilationFinal(dimensions = 1) private final int[] moved;

        /** P3 and P4: the registers that hold the record's values (its unpacked key), when P4 > 0. */
        private final int unpackedFirst;
        private final int unpackedCount;

        /** Whether the MakeRecord before made the key in the execution's record buffer (its first Execution#recordLength bytes); never for small keys, which the set keeps. */
        private final boolean fromBuffer;

        IndexInsert(int pc, int cursor, int register, boolean keepsSmallKeys, boolean keepsOnlySmallKeys, int unpackedFirst, int unpackedCount, int[] moved) {
            this(pc, cursor, register, keepsSmallKeys, keepsOnlySmallKeys, unpackedFirst, unpackedCount, moved, false);
        }

        private IndexInsert(int pc, int cursor, int register, boolean keepsSmallKeys, boolean keepsOnlySmallKeys, int unpackedFirst, int unpackedCount, int[] moved, boolean fromBuffer) {
            super(pc, STRAIGHT, -1);
            this.cursor = cursor;
            this.register = register;
            this.keepsSmallKeys = keepsSmallKeys;
            this.keepsOnlySmallKeys = keepsSmallKeys && keepsOnlySmallKeys;
            this.unpackedFirst = unpackedFirst;
            this.unpackedCount = unpackedCount;
            this.moved = moved;
            this.fromBuffer = fromBuffer && !keepsSmallKeys;
        }

        /** Whether a SmallKeySet follows the index's entries (and keeps the key arrays it is given). */
        boolean keepsSmallKeys() {
            return keepsSmallKeys;
        }

        /** Whether it reads its key from the execution's record buffer. */
        boolean readsBuffer() {
            return fromBuffer;
        }

        /** This IdxInsert of a key the MakeRecord before made in the execution's record buffer (see NodeFactory#makeRecordsInBuffer). */
        IndexInsert fromBuffer() {
            return new IndexInsert(pc, cursor, register, keepsSmallKeys, keepsOnlySmallKeys, unpackedFirst, unpackedCount, moved, true);
        }

        @Override
        public void execute(Execution execution) {
            byte[] record = (byte[]) execution.registers[register];
            RecordCursor c = execution.cursors[cursor];
            if (keepsOnlySmallKeys && c.smallKeys.complete()) {
                byte[][] overflow = unpackedCount > 0 ? c.smallKeys.addDeferred(record, execution.registers, unpackedFirst, unpackedCount) : c.smallKeys.addDeferred(record);
                if (overflow != null) {
                    // One entry too many for the set: the b-tree gets them all, and answers from now on.
                    execution.vdbe.indexInsertUnpositioned(pc, cursor, overflow, c.smallKeys.pendingCount());
                    execution.invalidateRecords(moved);
                    c.moved(false);
                }
                return;
            }
            execution.vdbe.indexInsert(pc, record, fromBuffer ? execution.recordLength : record.length);
            execution.invalidateRecords(moved);
            c.moved(false);
            if (keepsSmallKeys) {
                c.smallKeys.add(record);
            }
        }
    }

    /** IdxDelete P1 P2 P5: deletes from index P1 the entry whose key is r[P2..P2+P5-1]. */
    static final class IndexDelete extends InstructionNode {
        private final int cursor;
        private final int first;
        private final int count;
        /** The cursors whose records the write may move (CursorUses.sharingEphemeralBtree); null: all. */
        @CompilationFinal(dimensions = 1) private final int[] moved;

        IndexDelete(int pc, int cursor, int first, int count, int[] moved) {
            super(pc, STRAIGHT, -1);
            this.cursor = cursor;
            this.first = first;
            this.count = count;
            this.moved = moved;
        }

        @Override
        public void execute(Execution execution) {
            execution.vdbe.indexDelete(pc, IndexNodes.key(execution.registers, first, count));
            execution.invalidateRecords(moved);
            execution.cursors[cursor].moved(false);
        }
    }

    /**
     * NewRowid P1 P2 P3: r[P2] = a new rowid for table P1; r[P3] of the main program (also from
     * a trigger sub-program) is AUTOINCREMENT's largest rowid so far (P3 = 0: none).
     */
    static final class NewRowid extends InstructionNode {
        private final int cursor;
        private final int register;
        private final int largest;

        NewRowid(int pc, int cursor, int register, int largest) {
            super(pc, STRAIGHT, -1);
            this.cursor = cursor;
            this.register = register;
            this.largest = largest;
        }

        @Override
        public void execute(Execution execution) {
            long[] max = null;
            Object[] root = null;
            if (largest > 0) {
                root = execution.rootRegisters();
                max = new long[]{org.graalite.runtime.SqlValues.intValue(root[largest])};
            }
            execution.registers[register] = execution.vdbe.newRowid(pc, max);
            if (max != null) {
                root[largest] = max[0];
            }
            execution.cursors[cursor].moved(false);
        }
    }

    /** HaltIfNull P1 P2 P3 P4 P5: halts with the error of P1, P4 and P5 (a NOT NULL constraint) when r[P3] is NULL. */
    static final class HaltIfNull extends InstructionNode {
        private final int register;

        HaltIfNull(int pc, int register) {
            super(pc, STRAIGHT, -1);
            this.register = register;
        }

        @Override
        public void execute(Execution execution) {
            if (execution.registers[register] == null) {
                execution.vdbe.halt(pc);
            }
        }
    }

    /** ResetCount: the change count so far becomes the connection's changes(); counting starts again. */
    static final class ResetCount extends InstructionNode {
        ResetCount(int pc) {
            super(pc, STRAIGHT, -1);
        }

        @Override
        public void execute(Execution execution) {
            execution.vdbe.resetCount();
        }
    }

    /**
     * SeekEnd P1: positions cursor P1 at the end of its b-tree so that the IdxInsert that follows
     * appends (CREATE INDEX fills the index from a sorter in order); a cursor already on an entry
     * stays where it is.
     */
    static final class SeekEnd extends InstructionNode {
        private final int cursor;

        SeekEnd(int pc, int cursor) {
            super(pc, STRAIGHT, -1);
            this.cursor = cursor;
        }

        @Override
        public void execute(Execution execution) {
            int result = execution.vdbe.seekEnd(cursor);
            if ((result >>> 8) != 0) {
                throw execution.vdbe.abort(pc, result >>> 8);
            }
            if ((result & 2) == 0) {
                execution.cursors[cursor].moved((result & 1) != 0);
            }
        }
    }

    /**
     * SorterCompare P1 P2 P3 P4: jumps to P2 when the sorter P1's current record and the record
     * r[P3] differ in their first P4 fields (a NULL in either compares equal): CREATE UNIQUE
     * INDEX finds duplicate keys this way.
     */
    static final class SorterCompare extends InstructionNode {
        private final int record;

        SorterCompare(int pc, int target, int record) {
            super(pc, BRANCH, target);
            this.record = record;
        }

        @Override
        public boolean executeBranch(Execution execution) {
            return execution.vdbe.sorterDiffers(pc, (byte[]) execution.registers[record]);
        }
    }
}
