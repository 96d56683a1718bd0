package org.graalite.nodes;

import org.graalite.runtime.Collations;
import org.graalite.runtime.Execution;
import org.graalite.runtime.RecordCursor;
import org.graalite.runtime.SqlValues;

/**
 * Eq, Ne, Lt, Le, Gt, Ge with one or both operands read in place from the record a Column
 * just located (see {@link ColumnComparisons}): numbers compare as Java primitives, text with
 * BINARY collation compares as UTF-8 bytes, as SQLite's memcmp does, without a String. What
 * needs SQLite's general rules (NULLs, blobs, mixed storage classes, text that numeric affinity
 * may turn into a number, other collations) decodes the values and takes the ordinary
 * comparison.
 */
final class FieldComparison extends OperandsInPlace {
    private final int relation;
    private final int flags;
    private final int collation;
    private final boolean keepResult;
    @Child private ComparisonOperationNode comparison;
    /** A register operand's text as UTF-8 bytes (mostly a constant, String8, encoded once). */
    private final RegisterTexts registerTexts = new RegisterTexts();

    private static final int GENERAL = Integer.MAX_VALUE;
    private static final int INTEGER = 1;
    private static final int REAL = 2;
    private static final int TEXT = 3;
    private static final int OTHER = 4;

    /** The left operand is r[P3], the right one r[P1]. */
    FieldComparison(int pc, int target, int relation, int flags, int collation, boolean keepResult, RecordField leftField, int leftRegister, int leftConversion,
                    RecordField rightField, int rightRegister, int rightConversion) {
        super(pc, BRANCH, target, leftField, leftRegister, leftConversion, rightField, rightRegister, rightConversion);
        this.relation = relation;
        this.flags = flags;
        this.collation = collation;
        this.keepResult = keepResult;
        this.comparison = ComparisonOperationNodeGen.create(flags, collation, (relation == ComparisonNodes.EQ || relation == ComparisonNodes.NE) && !keepResult);
    }

    @Override
    public boolean executeBranch(Execution execution) {
        RecordCursor lc = leftField == null ? null : leftField.locate(execution);
        int lf = leftField == null ? 0 : leftField.fieldIn(execution, lc);
        RecordCursor rc = rightField == null ? null : rightField.locate(execution);
        int rf = rightField == null ? 0 : rightField.fieldIn(execution, rc);
        int res = inPlace(execution, lc, lf, rc, rf);
        if (res == GENERAL) {
            res = comparison.execute(leftValue(execution, lc, lf), rightValue(execution, rc, rf));
        }
        return ComparisonNodes.outcome(execution, res, relation, flags, keepResult);
    }

    /**
     * The comparison of numbers or BINARY text without decoding; {@link #GENERAL} when the general
     * rules must decide. Compiled code holds only the pairs of kinds this comparison has met
     * (OperandsInPlace#meet): most compare one kind of value all their lives.
     */
    private int inPlace(Execution execution, RecordCursor lc, int lf, RecordCursor rc, int rf) {
        int lt = lc == null ? 0 : leftField.serialTypeUpToField(lc, execution.vdbe, lf);
        int rt = rc == null ? 0 : rightField.serialTypeUpToField(rc, execution.vdbe, rf);
        Object lv = lc == null ? execution.registers[leftRegister] : null;
        Object rv = rc == null ? execution.registers[rightRegister] : null;
        int lk = lc == null ? kindOf(lv) : converted(kindOf(lt), leftConversion);
        int rk = rc == null ? kindOf(rv) : converted(kindOf(rt), rightConversion);
        if (lk == INTEGER && rk == INTEGER) {
            meet(INTEGERS);
            return Long.compare(integer(leftField, lc, lf, lt, lv), integer(rightField, rc, rf, rt, rv));
        } else if ((lk == REAL || lk == INTEGER) && (rk == REAL || rk == INTEGER)) {
            meet(NUMBERS);
            if (lk == REAL && rk == REAL) {
                double a = real(leftField, lc, lf, lt, lv);
                double b = real(rightField, rc, rf, rt, rv);
                return Double.isNaN(a) || Double.isNaN(b) ? GENERAL : a < b ? -1 : a > b ? 1 : 0;
            } else if (lk == INTEGER) {
                double b = real(rightField, rc, rf, rt, rv);
                return Double.isNaN(b) ? GENERAL : SqlValues.compareNumbers(integer(leftField, lc, lf, lt, lv), b);
            } else {
                double a = real(leftField, lc, lf, lt, lv);
                return Double.isNaN(a) ? GENERAL : SqlValues.compareNumbers(a, integer(rightField, rc, rf, rt, rv));
            }
        } else if (lk == TEXT && rk == TEXT && collation == Collations.BINARY) {
            meet(TEXTS);
            return texts(lc, lf, lt, lv, rc, rf, rt, rv);
        } else if (collation == Collations.BINARY && (flags & ComparisonNodes.AFF_MASK) == ComparisonNodes.AFF_TEXT &&
                        ((lc != null && lk == TEXT && rc == null && rk == INTEGER) || (rc != null && rk == TEXT && lc == null && lk == INTEGER))) {
            meet(TEXT_AND_INTEGER);
            return textAgainstInteger(lc, lf, lt, lv, rc, rf, rt, rv);
        }
        return GENERAL;
    }

    /**
     * A text field against a register's integer under TEXT affinity (a text column compared
     * with an integer constant: {@code zip = 12345}): SQLite turns the integer into its decimal
     * text and compares the two as BINARY text (memcmp); so does this, with the integer's text
     * made once (RegisterTexts) and the field read in place instead of decoded into a String
     * for every row.
     */
    private int textAgainstInteger(RecordCursor lc, int lf, int lt, Object lv, RecordCursor rc, int rf, int rt, Object rv) {
        boolean fieldLeft = lc != null;
        byte[] digits = registerTexts.ofInteger((Long) (fieldLeft ? rv : lv));
        if (digits == null) {
            return GENERAL;
        }
        RecordCursor c = fieldLeft ? lc : rc;
        int field = fieldLeft ? lf : rf;
        int type = fieldLeft ? lt : rt;
        if (equalityOnly() && ((type - 12) >> 1) != digits.length) {
            return 1;
        }
        int res = c.compareFieldBytes(field, type, digits, digits.length);
        return fieldLeft ? res : -res;
    }

    /** The pairs of kinds met (see OperandsInPlace#meet): INTEGERS, NUMBERS (reals, or a real and an integer), TEXTS, TEXT_AND_INTEGER. */
    private static final int INTEGERS = 1;
    private static final int NUMBERS = 2;
    private static final int TEXTS = 4;
    private static final int TEXT_AND_INTEGER = 8;

    private static int kindOf(int serialType) {
        if (InPlaceReaders.isInteger(serialType)) {
            return INTEGER;
        } else if (serialType == 7) {
            return REAL;
        } else if (InPlaceReaders.isText(serialType)) {
            return TEXT;
        }
        return OTHER;
    }

    private static int kindOf(Object value) {
        if (value instanceof Long) {
            return INTEGER;
        } else if (value instanceof Double) {
            return REAL;
        } else if (value instanceof String) {
            return TEXT;
        }
        return OTHER;
    }

    /** A REAL operand (an integer field under RealAffinity too); NaN (which SQLite reads as NULL) sends the comparison to the general rules. */
    private static double real(RecordField source, RecordCursor c, int field, int type, Object value) {
        if (c == null) {
            return (Double) value;
        }
        return InPlaceReaders.realOf(source, c, field, type);
    }

    /**
     * A field's kind after the conversion before the comparison: RealAffinity makes integers
     * reals; after MustBeInt anything but an integer is decoded and converted (the general rules).
     */
    private static int converted(int kind, int conversion) {
        if (conversion == ColumnComparisons.REAL_AFFINITY && kind == INTEGER) {
            return REAL;
        } else if (conversion == ColumnComparisons.MUST_BE_INT && kind != INTEGER) {
            return OTHER;
        }
        return kind;
    }

    /**
     * Two texts by their UTF-8 bytes, as SQLite's memcmp; {@link #GENERAL} when numeric affinity
     * may make either a number. In compiled code (a loop over a few bytes; a boundary call
     * cost more than the comparison): TPC-H's dates and flags are short texts.
     */
    private int texts(RecordCursor lc, int lf, int lt, Object lv, RecordCursor rc, int rf, int rt, Object rv) {
        boolean numeric = (flags & ComparisonNodes.AFF_MASK) >= ComparisonNodes.AFF_NUMERIC;
        if (lc == null || rc == null) {
            // A field against a register's text (mostly a constant): texts of different lengths
            // are unequal unless numeric affinity could make both numbers, and the register
            // text's syntax is known without reading the field.
            RegisterTexts.Encoded k = registerTexts.of((String) (lc == null ? lv : rv));
            if (k == null || (numeric && k.mayBeNumber())) {
                return GENERAL;
            }
            RecordCursor c = lc == null ? rc : lc;
            int field = lc == null ? rf : lf;
            int type = lc == null ? rt : lt;
            int length = (type - 12) >> 1;
            byte[] constant = k.utf8();
            if (equalityOnly() && length != constant.length) {
                return 1;
            }
            // Both read the field where the record is (a copy of a date to test and compare
            // it cost more than the two).
            if (numeric && c.fieldMayBeNumber(field, type)) {
                return GENERAL;
            }
            int res = c.compareFieldBytes(field, type, constant, constant.length);
            return lc == null ? -res : res;
        }
        // Two fields (l_commitdate < l_receiptdate): tested where they lie, one copied to compare.
        if (numeric && (lc.fieldMayBeNumber(lf, lt) || rc.fieldMayBeNumber(rf, rt))) {
            return GENERAL;
        }
        byte[] b = rc.fieldBytes(rf, rt, 1);
        return lc.compareFieldBytes(lf, lt, b, (rt - 12) >> 1);
    }

    /** Only equality decides (Eq, Ne; ElseEq after them asks only that too). */
    private boolean equalityOnly() {
        return relation == ComparisonNodes.EQ || relation == ComparisonNodes.NE;
    }
}
