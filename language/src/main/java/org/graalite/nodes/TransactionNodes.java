package org.graalite.nodes;

import org.graalite.runtime.Execution;

/**
 * Transaction control: BEGIN, COMMIT, END, ROLLBACK (AutoCommit) and SAVEPOINT, RELEASE,
 * ROLLBACK TO (Savepoint). The program runs on the Truffle tier; what must stay exactly
 * SQLite's (commit, rollback, the savepoint and statement journals, the connection's
 * auto-commit flag and savepoint list) is done by SQLite through graalite_shim.c, which
 * follows vdbe.c's opcode bodies.
 */
final class TransactionNodes {
    private TransactionNodes() {
    }

    /**
     * AutoCommit P1 P2: sets the connection's auto-commit flag to P1 (BEGIN: 0, COMMIT: 1); with
     * P2 it rolls the transaction back instead (ROLLBACK). Turning auto-commit on commits the
     * transaction, which halts the program. Errors are SQLite's: "cannot start a transaction
     * within a transaction", "cannot commit - no transaction is active", "cannot rollback - no
     * transaction is active", deferred foreign-key violations, and SQLITE_BUSY when another
     * connection holds a lock (the transaction then stays open and COMMIT can be run again).
     */
    static final class AutoCommit extends InstructionNode {
        AutoCommit(int pc) {
            super(pc, HALT, -1);
        }

        @Override
        public void execute(Execution execution) {
            execution.vdbe.autoCommit(pc);
        }
    }

    /**
     * Savepoint P1 P4: opens (P1 = 0), releases (1) or rolls back to (2) the savepoint named P4.
     * A savepoint opened outside a transaction begins one, and releasing that savepoint commits
     * it and halts the program; "no such savepoint: NAME" and busy errors are SQLite's.
     */
    static final class Savepoint extends InstructionNode {
        Savepoint(int pc) {
            super(pc, MAY_HALT, -1);
        }

        @Override
        public boolean executeBranch(Execution execution) {
            return execution.vdbe.savepoint(pc);
        }
    }

    /**
     * TableLock P1 P2 P3 P4: on a connection in shared-cache mode, takes the read (P3 = 0) or
     * write lock on the table with root page P2 of database P1 (P4 its name), which SQLite's
     * programs do before their first Transaction. Another connection of the same cache holding
     * a conflicting lock fails the statement with SQLite's "database table is locked: NAME".
     */
    static final class TableLock extends InstructionNode {
        TableLock(int pc) {
            super(pc, STRAIGHT, -1);
        }

        @Override
        public void execute(Execution execution) {
            int rc = execution.vdbe.tableLock(pc);
            if (rc != 0) {
                throw execution.vdbe.abort(pc, rc);
            }
        }
    }
}
