package org.graalite.nodes;

import org.graalite.runtime.Execution;

/**
 * Schema changes and their bookkeeping (CREATE, DROP, ALTER, DELETE without WHERE, PRAGMAs
 * that expire statements): the program runs on the Truffle tier, and SQLite's b-tree, schema
 * parser and statement expiry do each instruction's work (graalite_op_schema in the shim).
 */
final class SchemaNodes {
    private SchemaNodes() {
    }

    /**
     * One of: ReadCookie P1 P2 P3 (r[P2] = cookie P3 of database P1), SetCookie P1 P2 P3 P5
     * (cookie P2 = P3), CreateBtree P1 P2 P3 (a new b-tree of kind P3 in database P1, its root
     * page in r[P2]), Destroy P1 P2 P3 (drops the b-tree at root page P1 of database P3; r[P2]
     * the root page auto-vacuum moved into P1, or 0), Clear P1 P2 P3 (deletes every row of the
     * b-tree at root P1 of database P2; with P3 the rows count as changes, and r[P3] grows by
     * them when P3 > 0), SqlExec P1 P2 P4 (runs the SQL text P4), ParseSchema P1 P4 P5 (reads
     * schema rows WHERE P4, or all of it), DropTable/DropIndex/DropTrigger P1 P4 (forgets the
     * object P4 of database P1), Expire P1 P2 (expires every statement, or this one),
     * Pagecount P1 P2 and MaxPgcnt
     * P1 P2 P3 (r[P2] = the page count, or the largest allowed after setting it to at least
     * P3), Checkpoint P1 P2 P3 (a WAL checkpoint of kind P2; r[P3..P3+2] its results).
     */
    static final class Change extends InstructionNode {
        private final int outRegister;
        private final int addRegister;
        private final boolean destroy;
        private final int database;
        /** Checkpoint: r[P3], r[P3+1], r[P3+2] = busy, pages in the WAL, pages checkpointed. */
        private final boolean threeResults;

        Change(int pc, int outRegister, int addRegister, boolean destroy, int database) {
            this(pc, outRegister, addRegister, destroy, database, false);
        }

        Change(int pc, int outRegister, int addRegister, boolean destroy, int database, boolean threeResults) {
            super(pc, STRAIGHT, -1);
            this.threeResults = threeResults;
            this.outRegister = outRegister;
            this.addRegister = addRegister;
            this.destroy = destroy;
            this.database = database;
        }

        @Override
        public void execute(Execution execution) {
            long result = execution.vdbe.schema(pc, destroy, database);
            if (outRegister > 0) {
                execution.registers[outRegister] = result;
                if (threeResults) {
                    execution.registers[outRegister + 1] = execution.vdbe.secondResult;
                    execution.registers[outRegister + 2] = execution.vdbe.thirdResult;
                }
            }
            if (addRegister > 0) {
                execution.registers[addRegister] = org.graalite.runtime.SqlValues.intValue(execution.registers[addRegister]) + result;
            }
            // b-trees were created, emptied or dropped under the execution's cursors
            execution.invalidateRecords();
        }
    }

    /**
     * IncrVacuum P1 P2 (PRAGMA incremental_vacuum): database P1 gives one free page back to the
     * file system; jumps to P2 when none was left. SQLite's b-tree moves the pages.
     */
    static final class IncrVacuum extends InstructionNode {
        IncrVacuum(int pc, int target) {
            super(pc, BRANCH, target);
        }

        @Override
        public boolean executeBranch(Execution execution) {
            long done = execution.vdbe.schema(pc, false, 0);
            // Pages moved under the execution's cursors.
            execution.invalidateRecords();
            return done != 0;
        }
    }

    /**
     * Vacuum P1 P2: VACUUM of database P1, INTO the file named by r[P2] when P2 is not 0. SQLite
     * rebuilds the database through its own statements (graalite_op_schema runs
     * sqlite3RunVacuum, as vdbe.c does), which copy every table and index and write the pages
     * back: the file name goes to SQLite's register first.
     */
    static final class Vacuum extends InstructionNode {
        private final int intoRegister;

        Vacuum(int pc, int intoRegister) {
            super(pc, STRAIGHT, -1);
            this.intoRegister = intoRegister;
        }

        @Override
        public void execute(Execution execution) {
            if (intoRegister > 0) {
                execution.vdbe.setRegister(pc, intoRegister, execution.registers[intoRegister]);
            }
            execution.vdbe.schema(pc, false, 0);
            // Every page may have moved.
            execution.invalidateRecords();
        }
    }

    /**
     * JournalMode P1 P2 P3: r[P2] = the journal mode of database P1 after it is changed to P3's
     * (P3 = -1 only asks, as in the program of a DROP ... IF EXISTS that has nothing to drop);
     * SQLite's pager changes it (NativeVdbe.journalMode).
     */
    static final class JournalMode extends InstructionNode {
        private final int register;

        JournalMode(int pc, int register) {
            super(pc, STRAIGHT, -1);
            this.register = register;
        }

        @Override
        public void execute(Execution execution) {
            execution.registers[register] = execution.vdbe.journalMode(pc);
        }
    }
}
