package org.graalite.nodes;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.dsl.Fallback;
import com.oracle.truffle.api.dsl.Specialization;
import com.oracle.truffle.api.nodes.Node;

import org.graalite.runtime.Collations;
import org.graalite.runtime.InvalidText;
import org.graalite.runtime.NumberSyntax;
import org.graalite.runtime.SqlValues;

/**
 * The comparison of a Lt, Le, Gt, Ge, Eq or Ne instruction, specialized on the operand types it
 * has seen: numbers compare without affinity (affinity changes only text), text with text
 * compares by collation unless numeric affinity turns one side into a number, and everything
 * else (NULLs, blobs, mixed storage classes) takes SQLite's general rules out of line.
 */
abstract class ComparisonOperationNode extends Node {
    /** The result for a NULL operand when P5 lacks SQLITE_NULLEQ: the relation does not hold. */
    static final int UNORDERED = Integer.MIN_VALUE;

    /** P5: affinity and the NULL flags (see ComparisonNodes). */
    final int flags;
    final int collation;
    /** Only equality matters (Eq and Ne whose result no ElseEq reads): text compares with String.equals. */
    final boolean equalityOnly;
    /**
     * The last text operands, left and right, that numeric affinity left as text, by identity:
     * a constant operand (a date bound, a status) and a column value reused from the previous
     * row skip the scan for a number. Racing writes are harmless: each was checked first.
     */
    private String plainLeft;
    private String plainRight;

    ComparisonOperationNode(int flags, int collation, boolean equalityOnly) {
        this.flags = flags;
        this.collation = collation;
        this.equalityOnly = equalityOnly;
    }

    /** Negative, zero or positive as a is less than, equal to or greater than b; {@link #UNORDERED} for NULL. */
    abstract int execute(Object a, Object b);

    @Specialization
    static int integers(long a, long b) {
        return Long.compare(a, b);
    }

    @Specialization
    static int reals(double a, double b) {
        return a < b ? -1 : a > b ? 1 : 0;
    }

    @Specialization
    static int integerReal(long a, double b) {
        return SqlValues.compareNumbers(a, b);
    }

    @Specialization
    static int realInteger(double a, long b) {
        return SqlValues.compareNumbers(a, b);
    }

    @Specialization
    int texts(String a, String b) {
        if ((flags & ComparisonNodes.AFF_MASK) >= ComparisonNodes.AFF_NUMERIC) {
            if (a != plainLeft) {
                if (NumberSyntax.mayBeNumber(a)) {
                    return general(a, b, flags, collation);
                }
                plainLeft = a;
            }
            if (b != plainRight) {
                if (NumberSyntax.mayBeNumber(b)) {
                    return general(a, b, flags, collation);
                }
                plainRight = b;
            }
        }
        if (collation != Collations.BINARY) {
            return Collations.compare(a, b, collation);
        }
        // Equal UTF-16 strings are equal UTF-8 texts; String.equals is an intrinsic, compiled inline.
        if (a.equals(b)) {
            return 0;
        }
        return equalityOnly ? 1 : SqlValues.compareText(a, b);
    }

    @Fallback
    int generic(Object a, Object b) {
        return general(a, b, flags, collation);
    }

    /** sqlite3MemCompare after the instruction's affinity, and its NULL rules. */
    @TruffleBoundary
    static int general(Object a, Object b, int flags, int collation) {
        return general(a, b, flags, collation, null);
    }

    /**
     * As {@link #general(Object, Object, int, int)}; under {@link Collations#GUEST},
     * {@code guest} orders two texts.
     */
    @TruffleBoundary
    static int general(Object a, Object b, int flags, int collation, java.util.Comparator<Object> guest) {
        if (a == null || b == null) {
            if ((flags & ComparisonNodes.NULLEQ) != 0) {
                return a == null && b == null ? 0 : (a == null ? -1 : 1);
            }
            return UNORDERED;
        }
        int affinity = flags & ComparisonNodes.AFF_MASK;
        if (affinity >= ComparisonNodes.AFF_NUMERIC) {
            // Every operand that is text becomes a number if it looks like one.
            if (a instanceof String s) {
                a = SqlValues.applyNumericAffinity(s);
            }
            if (b instanceof String s) {
                b = SqlValues.applyNumericAffinity(s);
            }
        } else if (affinity == ComparisonNodes.AFF_TEXT && (InvalidText.isText(a) || InvalidText.isText(b))) {
            a = ComparisonNodes.textOf(a);
            b = ComparisonNodes.textOf(b);
        }
        if (collation == Collations.GUEST) {
            return InvalidText.isText(a) && InvalidText.isText(b) ? guest.compare(a, b) : Collations.compare(a, b, Collations.BINARY);
        }
        return Collations.compare(a, b, collation);
    }
}
