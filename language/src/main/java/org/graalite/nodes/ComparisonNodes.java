package org.graalite.nodes;

import org.graalite.runtime.Execution;
import org.graalite.runtime.SqlValues;

/**
 * Eq, Ne, Lt, Le, Gt, Ge P1 P2 P3 P4 P5: compare r[P3] with r[P1] and jump to P2 when the
 * relation holds, with the collation P4 (BINARY when absent). P5 carries the
 * affinity applied before comparing and two flags: SQLITE_JUMPIFNULL (a NULL operand jumps)
 * and SQLITE_NULLEQ (NULLs compare equal to each other, as for IS and IS NOT).
 */
final class ComparisonNodes {
    static final int EQ = 0;
    static final int NE = 1;
    static final int LT = 2;
    static final int LE = 3;
    static final int GT = 4;
    static final int GE = 5;

    static final int AFF_MASK = 0x47;
    static final int AFF_TEXT = 0x42;
    static final int AFF_NUMERIC = 0x43;
    static final int JUMPIFNULL = 0x10;
    static final int NULLEQ = 0x80;

    private ComparisonNodes() {
    }

    static final class Compare extends InstructionNode {
        private final int relation;
        private final int right;
        private final int left;
        private final int flags;
        /** An ElseEq follows: keep the result for it (a build-time fact, so no cost elsewhere). */
        private final boolean keepResult;
        /**
         * r[P3] may hold a "cleared" NULL of Null P1 != 0, which an IS comparison (NULLEQ) finds
         * unequal to a NULL: {@link Execution#clearedNull} tells.
         */
        private final boolean mayBeCleared;
        /**
         * P4 names a collation that is not SQLite's own (a guest's, Collations.GUEST): two texts
         * are ordered by SQLite through this instruction's P4, which calls it
         * (NativeVdbe.collate), out of line; {@link #comparison} is then null.
         */
        private final boolean guestCollation;
        @Child private ComparisonOperationNode comparison;

        Compare(int pc, int target, int relation, int right, int left, int flags, int collation) {
            this(pc, target, relation, right, left, flags, collation, false, false);
        }

        Compare(int pc, int target, int relation, int right, int left, int flags, int collation, boolean keepResult, boolean mayBeCleared) {
            super(pc, BRANCH, target);
            this.relation = relation;
            this.right = right;
            this.left = left;
            this.flags = flags;
            this.keepResult = keepResult;
            this.mayBeCleared = mayBeCleared && (flags & NULLEQ) != 0;
            this.guestCollation = collation == org.graalite.runtime.Collations.GUEST;
            this.comparison = guestCollation ? null : ComparisonOperationNodeGen.create(flags, collation, (relation == EQ || relation == NE) && !keepResult);
        }

        @Override
        public boolean executeBranch(Execution execution) {
            Object a = execution.registers[left];
            int res;
            if (mayBeCleared && a == null && execution.clearedNull != null && execution.clearedNull[left]) {
                // Null with P1 != 0 (DISTINCT's "no previous row"): unequal even to a NULL.
                res = 1;
            } else if (guestCollation) {
                res = compareByGuestCollation(execution, a, execution.registers[right]);
            } else {
                res = comparison.execute(a, execution.registers[right]);
            }
            return outcome(execution, res, relation, flags, keepResult);
        }

        @com.oracle.truffle.api.CompilerDirectives.TruffleBoundary
        private int compareByGuestCollation(Execution execution, Object a, Object b) {
            return ComparisonOperationNode.general(a, b, flags, org.graalite.runtime.Collations.GUEST, (x, y) -> execution.vdbe.collate(pc, 0, x, y));
        }
    }

    /**
     * Whether a comparison whose result is {@code res} (or UNORDERED for a NULL operand) jumps,
     * keeping the result for an ElseEq when {@code keepResult}.
     */
    static boolean outcome(Execution execution, int res, int relation, int flags, boolean keepResult) {
        if (res == ComparisonOperationNode.UNORDERED) {
            if (keepResult) {
                execution.compareResult = 1;
            }
            return (flags & JUMPIFNULL) != 0;
        }
        if (keepResult) {
            execution.compareResult = res;
        }
        return holds(relation, res);
    }

    @com.oracle.truffle.api.CompilerDirectives.TruffleBoundary
    static Object textOf(Object v) {
        if (v instanceof Long l) {
            return Long.toString(l);
        } else if (v instanceof Double d) {
            return org.graalite.nativeapi.SqliteText.real(d);
        }
        return v;
    }

    static boolean holds(int relation, int res) {
        switch (relation) {
            case EQ:
                return res == 0;
            case NE:
                return res != 0;
            case LT:
                return res < 0;
            case LE:
                return res <= 0;
            case GT:
                return res > 0;
            default:
                return res >= 0;
        }
    }

    /**
     * Compare P1 P2 P3 P4 P5: compares the P3 registers from P1 with those from P2, field by field
     * with the key's collations and sort orders (P4), and keeps the result for Jump. With P5
     * OPFLAG_PERMUTE the registers are taken in the order of the Permutation right before.
     */
    static final class CompareVectors extends InstructionNode {
        private final int first;
        private final int second;
        private final int count;
        @com.oracle.truffle.api.CompilerDirectives.CompilationFinal(dimensions = 1) private final int[] sortFlags;
        @com.oracle.truffle.api.CompilerDirectives.CompilationFinal(dimensions = 1) private final int[] collations;
        /** Which register of each vector the i-th key field compares: the Permutation before (PERMUTE), or 0, 1, 2... */
        @com.oracle.truffle.api.CompilerDirectives.CompilationFinal(dimensions = 1) private final int[] permutation;

        CompareVectors(int pc, int first, int second, int count, int[] sortFlags, int[] collations, int[] permutation) {
            super(pc, STRAIGHT, -1);
            this.first = first;
            this.second = second;
            this.count = count;
            this.sortFlags = sortFlags;
            this.collations = collations;
            this.permutation = permutation;
        }

        @Override
        @com.oracle.truffle.api.nodes.ExplodeLoop
        public void execute(Execution execution) {
            Object[] r = execution.registers;
            int result = 0;
            for (int i = 0; i < count; i++) {
                // The key's collations and sort orders go in order; only the registers are permuted.
                Object a = r[first + permutation[i]];
                Object b = r[second + permutation[i]];
                int c = collations[i] == org.graalite.runtime.Collations.GUEST ? compareGuestField(execution, i, a, b) : compareKeyField(a, b, collations[i], sortFlags[i]);
                if (c != 0) {
                    result = c;
                    break;
                }
            }
            execution.compareResult = result;
        }

        /** Field {@code i} under a guest's collation: two texts ordered by SQLite (NativeVdbe.collate), other values as under BINARY. */
        @com.oracle.truffle.api.CompilerDirectives.TruffleBoundary
        private int compareGuestField(Execution execution, int i, Object a, Object b) {
            if (org.graalite.runtime.InvalidText.isText(a) && org.graalite.runtime.InvalidText.isText(b)) {
                int c = execution.vdbe.collate(pc, i, a, b);
                return (sortFlags[i] & org.graalite.program.P4.KeyInfo.DESC) != 0 ? -c : c;
            }
            return compareKeyField(a, b, org.graalite.runtime.Collations.BINARY, sortFlags[i]);
        }
    }

    /**
     * One field of a key comparison (sqlite3VdbeRecordCompare, OP_Compare): the values by their
     * collation, inverted for a NULL in a BIGNULL field and for a DESC field.
     */
    static int compareKeyField(Object a, Object b, int collation, int sortFlags) {
        int c = org.graalite.runtime.Collations.compare(a, b, collation);
        if (c != 0) {
            if ((sortFlags & org.graalite.program.P4.KeyInfo.BIGNULL) != 0 && (a == null || b == null)) {
                c = -c;
            }
            if ((sortFlags & org.graalite.program.P4.KeyInfo.DESC) != 0) {
                c = -c;
            }
        }
        return c;
    }
}
