package org.graalite.nodes;

import org.graalite.runtime.Execution;

/**
 * Foreign-key constraint counting (PRAGMA foreign_keys = ON). The counters are SQLite's: the
 * statement's immediate counter (Vdbe.nFkConstraint), checked when the statement halts, and
 * the connection's deferred counters, checked at COMMIT (graalite_shim.c).
 */
final class ForeignKeyNodes {
    private ForeignKeyNodes() {
    }

    /** FkCounter P1 P2: adds P2 to the deferred counter (P1 != 0) or the statement's immediate one. */
    static final class Counter extends InstructionNode {
        Counter(int pc) {
            super(pc, STRAIGHT, -1);
        }

        @Override
        public void execute(Execution execution) {
            execution.vdbe.fkCounter(pc);
        }
    }

    /** FkIfZero P1 P2: jumps to P2 when the deferred (P1 != 0) or the immediate counters are zero. */
    static final class IfZero extends InstructionNode {
        private final boolean deferred;

        IfZero(int pc, int target, boolean deferred) {
            super(pc, BRANCH, target);
            this.deferred = deferred;
        }

        @Override
        public boolean executeBranch(Execution execution) {
            return execution.vdbe.fkIsZero(deferred);
        }
    }

    /** FkCheck: halts with "FOREIGN KEY constraint failed" when the immediate counter is above zero (before RETURNING rows go out). */
    static final class Check extends InstructionNode {
        Check(int pc) {
            super(pc, STRAIGHT, -1);
        }

        @Override
        public void execute(Execution execution) {
            execution.vdbe.fkCheck(pc);
        }
    }
}
