package org.graalite.nodes;

import org.graalite.runtime.Execution;

/**
 * The instructions of PRAGMA integrity_check and quick_check that only that program has:
 * SQLite's b-tree check, its search for an index entry near the cursor and a virtual table's own
 * check, run by SQLite (NativeVdbe), with the registers they read and write in Java.
 */
final class IntegrityCheckNodes {
    private IntegrityCheckNodes() {
    }

    /**
     * IntegrityCk P1 P2 P3 P4 P5: checks the P2 b-trees whose roots P4 lists, in database P5;
     * r[P1] is how many more errors to report (made smaller by those found), r[P1+1] the
     * report or NULL, r[P3+i] the number of entries of tree i.
     */
    static final class IntegrityCk extends InstructionNode {
        private final int errors;
        private final int roots;
        private final int counts;

        IntegrityCk(int pc, int errors, int roots, int counts) {
            super(pc, STRAIGHT, -1);
            this.errors = errors;
            this.roots = roots;
            this.counts = counts;
        }

        @Override
        public void execute(Execution execution) {
            execution.vdbe.integrityCheck(pc, execution.registers, errors, counts, roots);
        }
    }

    /** VCheck P1 P2 P3 P4: r[P2] = the report of virtual table P4's own check (xIntegrity with P3), NULL when sound. */
    static final class VCheck extends InstructionNode {
        private final int register;

        VCheck(int pc, int register) {
            super(pc, STRAIGHT, -1);
            this.register = register;
        }

        @Override
        public void execute(Execution execution) {
            execution.registers[register] = execution.vdbe.virtualTableCheck(pc);
        }
    }

    /**
     * IFindKey P1 P2 P3 P4: after a Found on index cursor P1 with key r[P3..], looks around the
     * cursor for that key as SQLite's integrity check does (an expression's field skipped, reals
     * within 2 ULPs); jumps to P2 when it is not there. {@code fields} is the Found's count.
     */
    static final class IFindKey extends InstructionNode {
        private final int cursor;
        private final int first;
        private final int fields;

        IFindKey(int pc, int target, int cursor, int first, int fields) {
            super(pc, BRANCH, target);
            this.cursor = cursor;
            this.first = first;
            this.fields = fields;
        }

        @Override
        public boolean executeBranch(Execution execution) {
            boolean missing = execution.vdbe.indexKeyMissing(pc, execution.registers, first, fields);
            var c = execution.cursors[cursor];
            // SQLite moved the cursor looking: its record is to be located again.
            c.moved(missing ? c.nullRow : false);
            return missing;
        }
    }
}
