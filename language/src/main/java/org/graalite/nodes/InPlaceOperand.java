package org.graalite.nodes;

import org.graalite.nativeapi.NativeVdbe;
import org.graalite.runtime.Execution;
import org.graalite.runtime.RecordCursor;

/**
 * An operand that a Column's field gives in place (see ColumnComparisons): the value the
 * Column would have stored in its register, read from the record when the reader needs it.
 * Arithmetic and the steps of sum, total and avg take their operands so. A reader first asks
 * the operand's {@link #kind}: an integer or a real is then read as the long or double it is
 * ({@link #integer}, {@link #real}) and never boxed (the Column's register, a heap array,
 * made every REAL field a Double allocated per row; an Object that is a number on one path and
 * something else on another is boxed too, where the paths meet); anything else is read as the
 * Column would have stored it ({@link #value}).
 */
final class InPlaceOperand extends com.oracle.truffle.api.nodes.Node {
    /** {@link #kind}: an integer (after the conversion: not under a RealAffinity). */
    static final int INTEGER = 1;
    /** {@link #kind}: a real (a stored one, not NaN, which reads as NULL; or an integer under a RealAffinity). */
    static final int REAL = 2;
    /** {@link #kind}: NULL, text, a blob, a field the record lacks: read by {@link #value}. */
    static final int OTHER = 0;

    @Child private RecordField source;
    private final int conversion;

    InPlaceOperand(RecordField source, int conversion) {
        this.source = source;
        this.conversion = conversion;
    }

    /** The record cursor that holds the field, the row located (RecordField#locate). */
    RecordCursor locate(Execution execution) {
        return source.locate(execution);
    }

    /** The field's number in {@code c} (RecordField#fieldIn). */
    int fieldIn(Execution execution, RecordCursor c) {
        return source.fieldIn(execution, c);
    }

    /** What the field holds, as its reader sees it: {@link #INTEGER}, {@link #REAL} or {@link #OTHER}. */
    int kind(RecordCursor c, NativeVdbe vdbe, int field) {
        int type = source.serialType(c, vdbe, field);
        if (InPlaceReaders.isInteger(type)) {
            return conversion == ColumnComparisons.REAL_AFFINITY ? REAL : INTEGER;
        } else if (type == 7 && conversion != ColumnComparisons.MUST_BE_INT && !Double.isNaN(c.realField(field))) {
            return REAL;
        }
        return OTHER;
    }

    /** The integer of a field of kind {@link #INTEGER}. */
    long integer(RecordCursor c, NativeVdbe vdbe, int field) {
        return source.integer(c, field, source.serialType(c, vdbe, field));
    }

    /** The real of a field of kind {@link #REAL}. */
    double real(RecordCursor c, NativeVdbe vdbe, int field) {
        int type = source.serialType(c, vdbe, field);
        return type == 7 ? c.realField(field) : (double) source.integer(c, field, type);
    }

    /** The field's value after what stood between its Column and the reader (ColumnComparisons' conversions). */
    Object value(RecordCursor c, NativeVdbe vdbe, int field) {
        return source.readConverted(c, vdbe, field, conversion);
    }

    /** The kind of a register's value: registers hold no NaN (it reads as NULL). */
    static int kindOf(Object value) {
        return value instanceof Long ? INTEGER : value instanceof Double ? REAL : OTHER;
    }
}
