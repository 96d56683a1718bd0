package org.graalite.nodes;

import org.graalite.runtime.Execution;
import org.graalite.runtime.RecordCursor;

/**
 * An operand that a Column's field gives in place (see ColumnComparisons): the value the
 * Column would have stored in its register, read from the record when the reader needs it.
 * Arithmetic and the steps of sum, total, avg and count take their operands so: the value
 * flows from the record into the reader inside compiled code, where a number needs no box (the
 * Column's register, a heap array, made every REAL field a Double allocated per row).
 */
final class InPlaceOperand extends com.oracle.truffle.api.nodes.Node {
    @Child private RecordField source;
    private final int conversion;

    InPlaceOperand(RecordField source, int conversion) {
        this.source = source;
        this.conversion = conversion;
    }

    /** The field's value after what stood between its Column and the reader (ColumnComparisons' conversions). */
    Object read(Execution execution) {
        RecordCursor c = source.locate(execution);
        return source.readConverted(c, execution.vdbe, source.fieldIn(execution, c), conversion);
    }
}
