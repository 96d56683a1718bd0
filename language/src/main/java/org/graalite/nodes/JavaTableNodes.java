package org.graalite.nodes;

import java.util.List;
import java.util.Map;

import com.oracle.truffle.api.CompilerDirectives;

import org.graalite.program.Instruction;
import org.graalite.runtime.Execution;
import org.graalite.runtime.JavaTable;
import org.graalite.runtime.RecordCursor;
import org.graalite.runtime.SqlValues;

/**
 * The instructions on an ephemeral rowid table kept in Java (see {@link JavaTables} for which,
 * {@link JavaTable} for the table): each node carries out its instruction on the Java table,
 * and holds the node that carries it out on SQLite's b-tree, which runs once the table has
 * spilled there. OpenEphemeral and OpenDup run both: SQLite opens its ephemeral b-tree (empty
 * while the table is in Java, so that a spill has it ready), and the Java table is made or
 * joined.
 */
final class JavaTableNodes {
    private JavaTableNodes() {
    }

    /** Replaces the nodes of the instructions on tables kept in Java by nodes that run them there. */
    static void wrap(InstructionNode[] nodes, List<Instruction> program, CursorUses uses) {
        Map<Integer, Integer> kept = JavaTables.of(program, uses);
        if (kept.isEmpty()) {
            return;
        }
        // A SeekRowid that reads its key in place (from a Column's field, not a register) keeps its table in SQLite.
        for (Instruction i : program) {
            if (kept.containsKey(i.p1()) && nodes[i.address()] instanceof CursorNodes.SeekRowid seek && seek.readsKeyInPlace()) {
                return;
            }
        }
        for (Instruction i : program) {
            Integer insertPc = kept.get(i.p1());
            if (insertPc == null || !SmallKeyIndexes.namesCursor(i, i.p1()) || i.opcodeName().equals("Column")) {
                continue;
            }
            InstructionNode sqlite = nodes[i.address()];
            nodes[i.address()] = switch (i.opcodeName()) {
                case "OpenEphemeral" -> new Open(sqlite, i.p1(), insertPc);
                case "OpenDup" -> new Duplicate(sqlite, i.p1(), insertPc, i.p2());
                case "Close" -> new Close(sqlite, i.p1(), insertPc);
                case "NewRowid" -> new NewRowid(sqlite, i.p1(), insertPc, i.p2());
                case "Insert" -> new Insert(sqlite, i.p1(), insertPc, i.p2(), i.p3());
                case "Delete" -> new Delete(sqlite, i.p1(), insertPc);
                case "ResetSorter" -> new Empty(sqlite, i.p1(), insertPc, true);
                case "Rewind" -> new Move(sqlite, i.p1(), insertPc, Move.FIRST);
                case "Last" -> new Move(sqlite, i.p1(), insertPc, Move.LAST);
                case "Next" -> new Move(sqlite, i.p1(), insertPc, Move.NEXT);
                case "IfEmpty" -> new Move(sqlite, i.p1(), insertPc, Move.IF_EMPTY);
                case "NullRow" -> new Empty(sqlite, i.p1(), insertPc, false);
                case "Rowid" -> new Rowid(sqlite, i.p1(), insertPc, i.p2());
                case "SeekRowid", "NotExists" -> new SeekRowid(sqlite, i.p1(), insertPc, i.p3());
                case "SeekGE" -> new Seek(sqlite, i.p1(), insertPc, i.p3(), false, true);
                case "SeekGT" -> new Seek(sqlite, i.p1(), insertPc, i.p3(), false, false);
                case "SeekLE" -> new Seek(sqlite, i.p1(), insertPc, i.p3(), true, true);
                case "SeekLT" -> new Seek(sqlite, i.p1(), insertPc, i.p3(), true, false);
                default -> throw new IllegalStateException("JavaTables allowed " + i.opcodeName());
            };
        }
    }

    /** An instruction on cursor {@link #cursor} of a table kept in Java; {@link #sqlite} runs it on SQLite's b-tree. */
    private abstract static class OnJavaTable extends InstructionNode {
        final int cursor;
        /** An Insert into the table, through which its rows go to SQLite's b-tree if it spills (-1: none). */
        final int insertPc;
        @Child InstructionNode sqlite;

        OnJavaTable(InstructionNode sqlite, int cursor, int insertPc) {
            super(sqlite.pc, sqlite.kind, sqlite.target, sqlite.candidates);
            this.cursor = cursor;
            this.insertPc = insertPc;
            this.sqlite = sqlite;
        }

        /** Gives the table to SQLite's b-tree, for an operation only SQLite decides (out of line: see JavaTable#spill). */
        final void spill(Execution execution, JavaTable t) {
            t.spill(execution.vdbe, insertPc);
        }
    }

    /**
     * An instruction carried out on the Java table while the table is in Java
     * ({@link #runStraight} or {@link #runBranch}), else by SQLite ({@link #sqlite}).
     */
    private abstract static class Carried extends OnJavaTable {
        /** {@link #runBranch}: the branch is not taken, is taken, or SQLite must carry out the instruction. */
        static final int NOT_TAKEN = 0;
        static final int TAKEN = 1;
        static final int TO_SQLITE = 2;
        /** Whether the instruction moves the cursor (all but Rowid): SQLite's move ends a {@link RecordCursor#rewindOnNext}. */
        private final boolean moves;

        Carried(InstructionNode sqlite, int cursor, int insertPc, boolean moves) {
            super(sqlite, cursor, insertPc);
            this.moves = moves;
        }

        /** A straight instruction on the Java table: false when SQLite must carry it out (the table spilled). */
        boolean runStraight(@SuppressWarnings("unused") Execution execution, @SuppressWarnings("unused") RecordCursor c, @SuppressWarnings("unused") JavaTable t) {
            throw new UnsupportedOperationException();
        }

        /** A branch on the Java table: {@link #NOT_TAKEN}, {@link #TAKEN} or {@link #TO_SQLITE}. */
        int runBranch(@SuppressWarnings("unused") Execution execution, @SuppressWarnings("unused") RecordCursor c, @SuppressWarnings("unused") JavaTable t) {
            throw new UnsupportedOperationException();
        }

        /** The table of cursor {@code c} while it is in Java; null once SQLite keeps it (or the cursor is not open). */
        private static JavaTable inJava(RecordCursor c) {
            JavaTable t = c == null ? null : c.javaTable;
            return t != null && !t.spilled() ? t : null;
        }

        @Override
        public final void execute(Execution execution) {
            RecordCursor c = execution.cursors[cursor];
            JavaTable t = inJava(c);
            if (t != null && runStraight(execution, c, t)) {
                return;
            }
            if (moves && c != null) {
                c.rewindOnNext = false;
            }
            sqlite.execute(execution);
        }

        @Override
        public final boolean executeBranch(Execution execution) {
            RecordCursor c = execution.cursors[cursor];
            JavaTable t = inJava(c);
            if (t != null) {
                int taken = runBranch(execution, c, t);
                if (taken != TO_SQLITE) {
                    return taken == TAKEN;
                }
            }
            if (c != null && c.rewindOnNext) {
                c.rewindOnNext = false;
                if (rewindsInstead()) {
                    // A cursor in a gap before the first row when its table spilled: SQLite's
                    // Rewind finds the row after the gap.
                    return !CursorNodes.Move.rewindOnSqlite(execution, pc, cursor);
                }
            }
            return sqlite.executeBranch(execution);
        }

        /** Whether this is a Next, which a cursor with {@link RecordCursor#rewindOnNext} takes as a Rewind. */
        boolean rewindsInstead() {
            return false;
        }

        static int branch(boolean taken) {
            return taken ? TAKEN : NOT_TAKEN;
        }
    }

    /** OpenEphemeral: SQLite's b-tree opened (or emptied), and the Java table made (or emptied). */
    private static final class Open extends OnJavaTable {
        Open(InstructionNode sqlite, int cursor, int insertPc) {
            super(sqlite, cursor, insertPc);
        }

        @Override
        public void execute(Execution execution) {
            sqlite.execute(execution);
            RecordCursor c = execution.cursors[cursor];
            JavaTable t = c.javaTable;
            if (t == null) {
                c.javaTable = newTable(c);
            } else if (!t.spilled()) {
                t.clear();
            }
        }

        @CompilerDirectives.TruffleBoundary
        private static JavaTable newTable(RecordCursor c) {
            return new JavaTable(c);
        }
    }

    /** OpenDup P1 P2: cursor P1 on cursor P2's table. */
    private static final class Duplicate extends OnJavaTable {
        private final int original;

        Duplicate(InstructionNode sqlite, int cursor, int insertPc, int original) {
            super(sqlite, cursor, insertPc);
            this.original = original;
        }

        @Override
        public void execute(Execution execution) {
            sqlite.execute(execution);
            JavaTable t = execution.cursors[original].javaTable;
            if (t != null) {
                t.join(execution.cursors[cursor]);
            }
        }
    }

    private static final class Close extends OnJavaTable {
        Close(InstructionNode sqlite, int cursor, int insertPc) {
            super(sqlite, cursor, insertPc);
        }

        @Override
        public void execute(Execution execution) {
            RecordCursor c = execution.cursors[cursor];
            if (c != null && c.javaTable != null) {
                c.javaTable.leave(c);
            }
            sqlite.execute(execution);
        }
    }

    /** NewRowid P1 P2: r[P2] = one more than the table's largest rowid. */
    private static final class NewRowid extends Carried {
        private final int register;

        NewRowid(InstructionNode sqlite, int cursor, int insertPc, int register) {
            super(sqlite, cursor, insertPc, true);
            this.register = register;
        }

        @Override
        boolean runStraight(Execution execution, RecordCursor c, JavaTable t) {
            long rowid = t.newRowid(c);
            if (rowid > 0) {
                execution.registers[register] = rowid;
                return true;
            }
            // The largest rowid is taken: SQLite tries random ones.
            spill(execution, t);
            return false;
        }
    }

    /** Insert P1 P2 P3: the record r[P2] as the row with rowid r[P3]. */
    private static final class Insert extends Carried {
        private final int data;
        private final int rowid;

        Insert(InstructionNode sqlite, int cursor, int insertPc, int data, int rowid) {
            super(sqlite, cursor, insertPc, true);
            this.data = data;
            this.rowid = rowid;
        }

        @Override
        boolean runStraight(Execution execution, RecordCursor c, JavaTable t) {
            if (execution.registers[rowid] instanceof Long k && execution.registers[data] instanceof byte[] r && t.fits(r)) {
                t.insert(c, k, r);
                return true;
            }
            // Too large for the heap, or not a record SQLite would take as it is.
            spill(execution, t);
            return false;
        }
    }

    /** Delete P1 with OPFLAG_SAVEPOSITION: the row cursor P1 is on. */
    private static final class Delete extends Carried {
        Delete(InstructionNode sqlite, int cursor, int insertPc) {
            super(sqlite, cursor, insertPc, true);
        }

        @Override
        boolean runStraight(Execution execution, RecordCursor c, JavaTable t) {
            if (c.onJavaRow()) {
                t.delete(c);
                return true;
            }
            // On no row: what SQLite's b-tree does then is SQLite's to say.
            spill(execution, t);
            return false;
        }
    }

    /** ResetSorter P1 (the table emptied), NullRow P1 (the cursor on no row). */
    private static final class Empty extends Carried {
        private final boolean table;

        Empty(InstructionNode sqlite, int cursor, int insertPc, boolean table) {
            super(sqlite, cursor, insertPc, true);
            this.table = table;
        }

        @Override
        boolean runStraight(Execution execution, RecordCursor c, JavaTable t) {
            if (table) {
                t.clear();
            } else {
                t.leaveRow(c);
            }
            return true;
        }
    }

    /** Rewind, Last, Next and IfEmpty: the cursor moves, and the branch is taken as the instruction says. */
    private static final class Move extends Carried {
        static final int FIRST = 0;
        static final int LAST = 1;
        static final int NEXT = 2;
        static final int IF_EMPTY = 3;
        private final int direction;

        Move(InstructionNode sqlite, int cursor, int insertPc, int direction) {
            super(sqlite, cursor, insertPc, true);
            this.direction = direction;
        }

        @Override
        int runBranch(Execution execution, RecordCursor c, JavaTable t) {
            switch (direction) {
                case FIRST:
                    return branch(!t.first(c));
                case LAST:
                    return branch(!t.last(c));
                case NEXT:
                    return branch(t.next(c));
                default:
                    t.leaveRow(c);
                    return branch(t.isEmpty());
            }
        }

        @Override
        boolean rewindsInstead() {
            return direction == NEXT;
        }
    }

    /** Rowid P1 P2: r[P2] = the rowid of the cursor's row, NULL when it is on none. */
    private static final class Rowid extends Carried {
        private final int register;

        Rowid(InstructionNode sqlite, int cursor, int insertPc, int register) {
            super(sqlite, cursor, insertPc, false);
            this.register = register;
        }

        @Override
        boolean runStraight(Execution execution, RecordCursor c, JavaTable t) {
            execution.registers[register] = c.onJavaRow() ? (Object) t.rowid(c) : null;
            return true;
        }
    }

    /** SeekRowid and NotExists P1 P2 P3: the cursor on row r[P3]; jump to P2 when there is none (NotExists without P2: corruption). */
    private static final class SeekRowid extends Carried {
        private final int key;

        SeekRowid(InstructionNode sqlite, int cursor, int insertPc, int key) {
            super(sqlite, cursor, insertPc, true);
            this.key = key;
        }

        @Override
        int runBranch(Execution execution, RecordCursor c, JavaTable t) {
            Object v = execution.registers[key];
            Long rowid = v instanceof Long l ? l : SqlValues.integerAffinity(v);
            if (rowid == null) {
                // Not an integer: no row has it (the cursor stays where it was, as on SQLite's b-tree).
                return TAKEN;
            }
            if (t.seekRowid(c, rowid)) {
                return NOT_TAKEN;
            }
            if (target == 0) {
                throw execution.vdbe.abort(pc, 11);
            }
            return TAKEN;
        }
    }

    /** SeekGE, SeekGT, SeekLE and SeekLT of a rowid table: the cursor on the nearest row in the instruction's direction; jump to P2 when there is none. */
    private static final class Seek extends Carried {
        private final int key;
        private final boolean below;
        private final boolean orEqual;

        Seek(InstructionNode sqlite, int cursor, int insertPc, int key, boolean below, boolean orEqual) {
            super(sqlite, cursor, insertPc, true);
            this.key = key;
            this.below = below;
            this.orEqual = orEqual;
        }

        @Override
        int runBranch(Execution execution, RecordCursor c, JavaTable t) {
            if (execution.registers[key] instanceof Long rowid) {
                return branch(!t.seek(c, rowid, below, orEqual));
            }
            // A key that is not an integer: SQLite's conversions and its rounding decide.
            spill(execution, t);
            return TO_SQLITE;
        }
    }
}
