package org.graalite.nodes;

import org.graalite.runtime.Execution;
import org.graalite.runtime.RecordCursor;
import org.graalite.runtime.SqlValues;

/**
 * MustBeInt and Filter reading their operand in place from the record a Column just located
 * (see {@link ColumnComparisons}; comparisons are {@link FieldComparison}, SeekRowid takes a
 * {@link RecordField} itself): an integer field is used as the long it is, without a box; any
 * other value is decoded and takes the instruction's ordinary rules.
 */
final class InPlaceReaders {
    private InPlaceReaders() {
    }

    /** Whether a serial type is an integer (1 to 6, or the constants 0 and 1). */
    static boolean isInteger(int serialType) {
        return (serialType >= 1 && serialType <= 6) || serialType == 8 || serialType == 9;
    }

    /**
     * Whether a field of serial type {@code serialType} reaches its reader as the integer it
     * stores, {@code conversion} (what came between Column and reader) not making it a REAL.
     */
    static boolean storedInteger(int serialType, int conversion) {
        return conversion != ColumnComparisons.REAL_AFFINITY && isInteger(serialType);
    }

    /** A branch on a field read in place, with what came between Column and reader (ColumnComparisons.AS_STORED, ...). */
    abstract static class FieldBranch extends InstructionNode {
        @Child protected RecordField source;
        protected final int conversion;

        FieldBranch(int pc, int target, RecordField source, int conversion) {
            super(pc, BRANCH, target);
            this.source = source;
            this.conversion = conversion;
        }
    }

    /** MustBeInt P1 P2 of a field: jump to P2 (or fail when P2 is 0) unless the value is or converts to an integer. */
    static final class MustBeInt extends FieldBranch {
        MustBeInt(int pc, int target, RecordField source, int conversion) {
            super(pc, target, source, conversion);
        }

        @Override
        public boolean executeBranch(Execution execution) {
            RecordCursor c = source.locate(execution);
            int field = source.fieldIn(execution, c);
            if (storedInteger(c.serialTypeAt(execution.vdbe, field), conversion)) {
                return false;
            }
            // The register keeps what it held: every reader of the field converts it itself.
            Object v = source.readConverted(c, execution.vdbe, field, conversion);
            if (v instanceof Long || SqlValues.integerAffinity(v) != null) {
                return false;
            }
            if (target == 0) {
                throw execution.vdbe.abort(pc, org.graalite.runtime.ResultCodes.SQLITE_MISMATCH);
            }
            return true;
        }
    }

    /** Filter P1 P2 P3 P4 with a key of one field: jump to P2 when the Bloom filter r[P1] certainly lacks it. */
    static final class Filter extends FieldBranch {
        private final int filter;
        @Child private BloomFilterNodes.FilterBit bit = new BloomFilterNodes.FilterBit();

        Filter(int pc, int target, int filter, RecordField source, int conversion) {
            super(pc, target, source, conversion);
            this.filter = filter;
        }

        @Override
        public boolean executeBranch(Execution execution) {
            RecordCursor c = source.locate(execution);
            int field = source.fieldIn(execution, c);
            int type = c.serialTypeAt(execution.vdbe, field);
            long hash;
            if (storedInteger(type, conversion)) {
                hash = source.integer(c, field, type);
            } else {
                hash = BloomFilterNodes.valueHash(source.readConverted(c, execution.vdbe, field, conversion));
            }
            byte[] bits = (byte[]) execution.registers[filter];
            long b = bit.of(hash, bits);
            return (bits[(int) (b >>> 3)] & (1 << (b & 7))) == 0;
        }
    }
}
