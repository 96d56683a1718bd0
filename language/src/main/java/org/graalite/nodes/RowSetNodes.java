package org.graalite.nodes;

import java.util.HashSet;
import java.util.TreeSet;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;

import org.graalite.runtime.Execution;
import org.graalite.runtime.SqlValues;

/**
 * RowSets: sets of rowids kept in a register, for two-pass DELETE and UPDATE (RowSetAdd,
 * RowSetRead) and for OR terms served by several indexes (RowSetTest, which skips a row that
 * an earlier index already produced).
 */
final class RowSetNodes {
    private RowSetNodes() {
    }

    /** The register value of a RowSet: rowids in order to read them back, and all rowids tested so far. */
    static final class RowSet {
        final TreeSet<Long> pending = new TreeSet<>();
        final HashSet<Long> seen = new HashSet<>();
    }

    @TruffleBoundary
    static RowSet rowSet(Object[] registers, int register) {
        if (registers[register] instanceof RowSet s) {
            return s;
        }
        RowSet s = new RowSet();
        registers[register] = s;
        return s;
    }

    /** RowSetAdd P1 P2: adds the integer r[P2] to the RowSet r[P1]. */
    static final class Add extends InstructionNode {
        private final int set;
        private final int value;

        Add(int pc, int set, int value) {
            super(pc, STRAIGHT, -1);
            this.set = set;
            this.value = value;
        }

        @Override
        public void execute(Execution execution) {
            add(rowSet(execution.registers, set), SqlValues.intValue(execution.registers[value]));
        }

        @TruffleBoundary
        private static void add(RowSet s, long v) {
            s.pending.add(v);
        }
    }

    /** RowSetRead P1 P2 P3: r[P3] = the smallest rowid left in RowSet r[P1], removed from it; jump to P2 when none is left. */
    static final class Read extends InstructionNode {
        private final int set;
        private final int result;

        Read(int pc, int target, int set, int result) {
            super(pc, BRANCH, target);
            this.set = set;
            this.result = result;
        }

        @Override
        public boolean executeBranch(Execution execution) {
            Long next = poll(execution.registers[set]);
            if (next == null) {
                // The RowSet is empty: SQLite releases it.
                execution.registers[set] = null;
                return true;
            }
            execution.registers[result] = next;
            return false;
        }

        @TruffleBoundary
        private static Long poll(Object set) {
            return set instanceof RowSet s ? s.pending.pollFirst() : null;
        }
    }

    /**
     * RowSetTest P1 P2 P3 P4: jump to P2 if r[P3] is in RowSet r[P1]; otherwise add it. P4
     * numbers the batch: batch 0 cannot hold it yet (no test), batch -1 is the last (no add).
     */
    static final class Test extends InstructionNode {
        private final int set;
        private final int value;
        private final int batch;

        Test(int pc, int target, int set, int value, int batch) {
            super(pc, BRANCH, target);
            this.set = set;
            this.value = value;
            this.batch = batch;
        }

        @Override
        public boolean executeBranch(Execution execution) {
            return test(rowSet(execution.registers, set), SqlValues.intValue(execution.registers[value]), batch);
        }

        @TruffleBoundary
        private static boolean test(RowSet s, long v, int batch) {
            if (batch != 0 && s.seen.contains(v)) {
                return true;
            }
            if (batch != -1) {
                s.seen.add(v);
            }
            return false;
        }
    }
}
