package org.graalite.nodes;

import com.oracle.truffle.api.CompilerDirectives.CompilationFinal;

import org.graalite.nativeapi.NativeVdbe;
import org.graalite.runtime.Execution;
import org.graalite.runtime.RecordCursor;

/**
 * Virtual tables (FTS5, rtree, json_each and json_tree, the pragma functions, dbstat): every
 * method of the module is SQLite's C code, called through the shim (graalite_shim.c), which
 * runs the body of the opcode's vdbe.c case on the statement's own cursors and registers.
 *
 * <p>The Java cursor of a virtual-table cursor only says whether it is on no row (a LEFT JOIN's
 * NullRow): then VColumn reads NULL, Rowid NULL and VNext falls through, without calling the
 * module, as in vdbe.c. Column and the other b-tree instructions never name such a cursor
 * (NodeFactory keeps programs where one would on the native tier).
 */
final class VirtualTableNodes {
    private VirtualTableNodes() {
    }

    /** VBegin P4: calls the xBegin of virtual table P4 (if any) as a write to it begins. */
    static final class Begin extends InstructionNode {
        Begin(int pc) {
            super(pc, STRAIGHT, -1);
        }

        @Override
        public void execute(Execution execution) {
            execution.vdbe.vtabBegin(pc);
        }
    }

    /** VCreate P1 P2: calls xCreate for the virtual table named r[P2] in database P1 (CREATE VIRTUAL TABLE). */
    static final class Create extends InstructionNode {
        private final int nameRegister;

        Create(int pc, int nameRegister) {
            super(pc, STRAIGHT, -1);
            this.nameRegister = nameRegister;
        }

        @Override
        public void execute(Execution execution) {
            execution.vdbe.vtabCreate(pc, execution.registers[nameRegister]);
        }
    }

    /** VDestroy P1 P4: calls xDestroy for the virtual table named P4 in database P1 (DROP TABLE). */
    static final class Destroy extends InstructionNode {
        Destroy(int pc) {
            super(pc, STRAIGHT, -1);
        }

        @Override
        public void execute(Execution execution) {
            execution.vdbe.vtabDestroy(pc);
        }
    }

    /** VRename P1 P4: calls xRename of virtual table P4 with the new name r[P1] (ALTER TABLE ... RENAME TO). */
    static final class Rename extends InstructionNode {
        private final int nameRegister;

        Rename(int pc, int nameRegister) {
            super(pc, STRAIGHT, -1);
            this.nameRegister = nameRegister;
        }

        @Override
        public void execute(Execution execution) {
            execution.vdbe.vtabRename(pc, execution.registers[nameRegister]);
        }
    }

    /**
     * VOpen P1 P4: opens cursor P1 on virtual table P4. A cursor already open on that table (a
     * correlated subquery opens it for every outer row) stays as it is.
     */
    static final class Open extends InstructionNode {
        private final int cursor;

        Open(int pc, int cursor) {
            super(pc, STRAIGHT, -1);
            this.cursor = cursor;
        }

        @Override
        public void execute(Execution execution) {
            boolean opened = execution.vdbe.vtabOpen(pc);
            if (opened || execution.cursors[cursor] == null) {
                // vdbe.c's new cursor is not on a null row (allocateCursor zeroes it); VFilter positions it.
                execution.openCursor(cursor).nullRow = false;
            }
        }
    }

    /**
     * VInitIn P1 P2 P3: r[P2] = the list of the keys of ephemeral index P1 (the right side of an
     * IN the module handles itself, sqlite3_vtab_in()), which the module reads through register
     * P3. The list is a native pointer: it stays in SQLite's register, and r[P2] on the Java side
     * holds {@link NativeVdbe#VALUE_LIST}, which VFilter passes on as SQLite's register.
     */
    static final class InitIn extends InstructionNode {
        private final int register;

        InitIn(int pc, int register) {
            super(pc, STRAIGHT, -1);
            this.register = register;
        }

        @Override
        public void execute(Execution execution) {
            execution.vdbe.vtabInitIn(pc);
            execution.registers[register] = NativeVdbe.VALUE_LIST;
        }
    }

    /**
     * VFilter P1 P2 P3 P4: starts the scan of cursor P1 with xFilter: plan number r[P3], plan
     * string P4, r[P3+1] arguments from r[P3+2]; jumps to P2 when it has no row.
     */
    static final class Filter extends InstructionNode {
        private final int cursor;
        private final int first;
        /** The program has VInitIn: the module may step an ephemeral index's b-tree cursor (sqlite3_vtab_in_next). */
        private final boolean readsValueLists;

        Filter(int pc, int target, int cursor, int first, boolean readsValueLists) {
            super(pc, BRANCH, target);
            this.cursor = cursor;
            this.first = first;
            this.readsValueLists = readsValueLists;
        }

        @Override
        public boolean executeBranch(Execution execution) {
            Object[] registers = execution.registers;
            // The plan number and the argument count are Integers the code generator put there;
            // anything else is refused by the shim (SQLITE_MISUSE), not read as a count.
            Object argc = registers[first + 1];
            int count = 2 + (argc instanceof Long n && n >= 0 && n <= registers.length - first - 2 ? n.intValue() : 0);
            boolean empty = execution.vdbe.vtabFilter(pc, registers, first, count);
            if (readsValueLists) {
                execution.invalidateRecords();
            }
            RecordCursor c = execution.cursors[cursor];
            if (c != null) {
                c.nullRow = false;
            }
            return empty;
        }
    }

    /** VNext P1 P2: moves cursor P1 to its next row (xNext) and jumps to P2 if there is one; a cursor on a null row falls through. */
    static final class Next extends InstructionNode {
        private final int cursor;

        Next(int pc, int target, int cursor) {
            super(pc, BRANCH, target);
            this.cursor = cursor;
        }

        @Override
        public boolean executeBranch(Execution execution) {
            RecordCursor c = execution.cursors[cursor];
            if (c != null && c.nullRow) {
                return false;
            }
            return !execution.vdbe.vtabNext(pc, cursor);
        }
    }

    /**
     * VColumn P1 P2 P3 P5: r[P3] = column P2 of cursor P1's row (xColumn); NULL on a null row.
     * P5 OPFLAG_NOCHNG (an UPDATE's unchanged column) lets the module leave SQLite's "no change"
     * value in its register, which reads as NULL here and which VUpdate passes on from there.
     */
    static final class Column extends InstructionNode {
        private final int cursor;
        private final int register;
        /** The program's functions read value subtypes: the value keeps its own (json_each's values are JSON). */
        private final boolean subtypes;
        /**
         * A call of SQLite's function takes this register as SQLite holds it (see
         * NodeFactory.passVirtualColumnsInSqliteRegisters): on a null row (a LEFT JOIN's row
         * without a match) SQLite's register is made NULL too, not left at the last row's value.
         */
        private final boolean sqliteRegisterRead;

        Column(int pc, int cursor, int register, boolean subtypes) {
            this(pc, cursor, register, subtypes, false);
        }

        private Column(int pc, int cursor, int register, boolean subtypes, boolean sqliteRegisterRead) {
            super(pc, STRAIGHT, -1);
            this.cursor = cursor;
            this.register = register;
            this.subtypes = subtypes;
            this.sqliteRegisterRead = sqliteRegisterRead;
        }

        /** This VColumn, whose register a call of SQLite's function reads on SQLite's side. */
        Column withSqliteRegisterRead() {
            return new Column(pc, cursor, register, subtypes, true);
        }

        @Override
        public void execute(Execution execution) {
            RecordCursor c = execution.cursors[cursor];
            if (c != null && c.nullRow) {
                execution.registers[register] = null;
                if (sqliteRegisterRead) {
                    execution.vdbe.setRegister(pc, register, null);
                }
            } else if (subtypes) {
                SubtypeNodes.store(execution, register, execution.vdbe.vtabColumn(pc), execution.vdbe.resultSubtype());
            } else {
                execution.registers[register] = execution.vdbe.vtabColumn(pc);
            }
        }
    }

    /** Rowid P1 P2 on virtual-table cursor P1: r[P2] = its row's rowid (xRowid), NULL on a null row. */
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
            execution.registers[register] = c != null && c.nullRow ? null : (Object) execution.vdbe.vtabRowid(pc, cursor);
        }
    }

    /**
     * VUpdate P1 P2 P3 P4 P5: xUpdate of virtual table P4 with the P2 registers from P3 (rowid to
     * delete or NULL, new rowid or NULL, the new row's columns): an INSERT, UPDATE or DELETE. P1:
     * the new rowid becomes last_insert_rowid(); P5: the ON CONFLICT resolution.
     */
    static final class Update extends InstructionNode {
        private final int first;
        private final int count;
        /**
         * By argument, whether only a VColumn with OPFLAG_NOCHNG writes its register: SQLite's
         * register then holds what the module left there ("no change", or the value), and is
         * passed on as it is; null when there is none.
         */
        @CompilationFinal(dimensions = 1) private final boolean[] kept;

        Update(int pc, int first, int count, boolean[] kept) {
            super(pc, STRAIGHT, -1);
            this.first = first;
            this.count = count;
            this.kept = kept;
        }

        @Override
        public void execute(Execution execution) {
            execution.vdbe.vtabUpdate(pc, execution.registers, first, count, kept);
            // The module wrote its own tables (FTS5's shadow tables): pages may have changed under other cursors.
            execution.invalidateRecords();
        }
    }
}
