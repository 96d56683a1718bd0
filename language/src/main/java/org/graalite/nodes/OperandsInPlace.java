package org.graalite.nodes;

import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.CompilerDirectives.CompilationFinal;

import org.graalite.runtime.Execution;
import org.graalite.runtime.RecordCursor;

/**
 * An instruction of two operands, r[left] and r[right], either of which a Column before it may
 * have left in its record for it to read in place (see {@link ColumnComparisons}): the
 * comparisons ({@link FieldComparison}) and arithmetic ({@link InPlaceReaders.Arithmetic}).
 */
abstract class OperandsInPlace extends InstructionNode {
    /** The operands: a field read in place, or (null) the register. */
    @Child protected RecordField leftField;
    @Child protected RecordField rightField;
    protected final int leftRegister;
    protected final int rightRegister;
    /** What came between Column and reader (ColumnComparisons.AS_STORED, REAL_AFFINITY, MUST_BE_INT). */
    protected final int leftConversion;
    protected final int rightConversion;

    /**
     * The pairs of operand kinds met, as bits the subclass defines: compiled code holds only
     * their paths (most instructions meet one kind of value all their lives).
     */
    @CompilationFinal private int seenPairs;

    OperandsInPlace(int pc, int kind, int target, RecordField leftField, int leftRegister, int leftConversion, RecordField rightField, int rightRegister, int rightConversion) {
        super(pc, kind, target);
        this.leftField = leftField;
        this.rightField = rightField;
        this.leftRegister = leftRegister;
        this.rightRegister = rightRegister;
        this.leftConversion = leftConversion;
        this.rightConversion = rightConversion;
    }

    /** Compiled code meets a new pair of kinds {@code pair} only after deoptimizing (once per pair). */
    protected final void meet(int pair) {
        if ((seenPairs & pair) == 0) {
            CompilerDirectives.transferToInterpreterAndInvalidate();
            seenPairs |= pair;
        }
    }

    /** The left operand's value as its register would hold it: decoded from its field (in cursor {@code c}, field {@code field}) or read from the register. */
    protected final Object leftValue(Execution execution, RecordCursor c, int field) {
        return leftField == null ? execution.registers[leftRegister] : leftField.readConverted(c, execution.vdbe, field, leftConversion);
    }

    /** The right operand's value, as {@link #leftValue}. */
    protected final Object rightValue(Execution execution, RecordCursor c, int field) {
        return rightField == null ? execution.registers[rightRegister] : rightField.readConverted(c, execution.vdbe, field, rightConversion);
    }

    /** An INTEGER operand: the integer field of serial type {@code type} (see InPlaceReaders.isInteger), or when {@code c} is null the register's Long {@code value}. */
    protected static long integer(RecordField source, RecordCursor c, int field, int type, Object value) {
        return c == null ? (Long) value : source.integer(c, field, type);
    }
}
