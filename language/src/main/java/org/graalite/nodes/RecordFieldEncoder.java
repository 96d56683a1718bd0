package org.graalite.nodes;

import com.oracle.truffle.api.dsl.Fallback;
import com.oracle.truffle.api.dsl.ImportStatic;
import com.oracle.truffle.api.dsl.Specialization;
import com.oracle.truffle.api.nodes.Node;

import org.graalite.runtime.RecordEncoder;
import org.graalite.runtime.SqlValues;

/**
 * One field of a MakeRecord on the Truffle tier, specialized on the kinds of value its register
 * holds: the column's affinity applied to the register in place (SQLite's applyAffinity) and the
 * field's serial type and body prepared as {@link RecordEncoder#prepareField} does. The cases a
 * write of matching types meets (an integer into an INTEGER column, a real into a REAL one, text
 * into TEXT) stay in compiled code; conversions between text and numbers take the general path.
 */
@ImportStatic(RecordEncoder.class)
abstract class RecordFieldEncoder extends Node {
    /** The column's affinity; {@link RecordEncoder#AFF_BLOB} where P4 gives none. */
    final char affinity;
    /** The field's index in the record. */
    final int slot;

    RecordFieldEncoder(char affinity, int slot) {
        this.affinity = affinity;
        this.slot = slot;
    }

    /**
     * Applies the affinity to {@code value} = {@code registers[index]} and returns the field's
     * serial type; the body goes to {@code ints[slot]} (an integer or a real's bits) or
     * {@code bytes[slot]}.
     */
    abstract int execute(Object value, Object[] registers, int index, long[] ints, byte[][] bytes, boolean smallConstants);

    @Specialization(guards = "value == null")
    static int doNull(Object value, Object[] registers, int index, long[] ints, byte[][] bytes, boolean smallConstants) {
        return 0;
    }

    @Specialization(guards = "affinity != AFF_TEXT")
    int doInteger(long value, Object[] registers, int index, long[] ints, byte[][] bytes, boolean smallConstants) {
        if (affinity == RecordEncoder.AFF_REAL) {
            registers[index] = (double) value;
            return RecordEncoder.intRealField(value, smallConstants, ints, slot);
        }
        return RecordEncoder.integerField(value, smallConstants, ints, slot);
    }

    @Specialization(guards = "affinity != AFF_TEXT")
    int doReal(double value, Object[] registers, int index, long[] ints, byte[][] bytes, boolean smallConstants) {
        if (affinity >= RecordEncoder.AFF_NUMERIC) {
            // sqlite3VdbeIntegerAffinity: a whole number (not at the extremes) becomes an integer.
            long whole = SqlValues.doubleToInt(value);
            if (RecordEncoder.isExactInteger(value, whole)) {
                if (affinity != RecordEncoder.AFF_REAL) {
                    registers[index] = whole;
                    return RecordEncoder.integerField(whole, smallConstants, ints, slot);
                }
                if (Double.doubleToRawLongBits(value) != Double.doubleToRawLongBits(whole)) {
                    // -0.0 goes through the integer 0 and reads back as 0.0.
                    registers[index] = (double) whole;
                }
                return RecordEncoder.intRealField(whole, smallConstants, ints, slot);
            }
        }
        return RecordEncoder.realField(value, ints, slot);
    }

    @Specialization(guards = "affinity <= AFF_TEXT")
    int doText(String value, Object[] registers, int index, long[] ints, byte[][] bytes, boolean smallConstants) {
        return RecordEncoder.textField(RecordEncoder.utf8(value), bytes, slot);
    }

    @Specialization
    int doBlob(byte[] value, Object[] registers, int index, long[] ints, byte[][] bytes, boolean smallConstants) {
        return RecordEncoder.blobField(value, bytes, slot);
    }

    /** Numbers under TEXT affinity, text under a numeric one, and anything else: the general path. */
    @Fallback
    int doConverted(Object value, Object[] registers, int index, long[] ints, byte[][] bytes, boolean smallConstants) {
        return RecordEncoder.prepareField(registers, index, affinity, smallConstants, ints, bytes, slot);
    }
}
