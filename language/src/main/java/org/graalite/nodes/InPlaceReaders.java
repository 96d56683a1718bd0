package org.graalite.nodes;

import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.CompilerDirectives.CompilationFinal;
import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.nodes.ExplodeLoop;

import org.graalite.runtime.Execution;
import org.graalite.runtime.RecordCursor;
import org.graalite.runtime.RecordEncoder;
import org.graalite.runtime.ResultCodes;
import org.graalite.runtime.SqlValues;

/**
 * MustBeInt, Filter and MakeRecord reading operands in place from the records Columns just
 * located (see {@link ColumnComparisons}; comparisons are {@link FieldComparison}, SeekRowid
 * takes a {@link RecordField} itself): an integer field is used as the long it is, without a
 * box, a MakeRecord copies fields as stored; any other value is decoded and takes the
 * instruction's ordinary rules.
 */
final class InPlaceReaders {
    private InPlaceReaders() {
    }

    /** Whether a serial type is an integer (1 to 6, or the constants 0 and 1). */
    static boolean isInteger(int serialType) {
        return (serialType >= 1 && serialType <= 6) || serialType == 8 || serialType == 9;
    }

    /** Whether a serial type is text (odd, 13 or more). */
    static boolean isText(int serialType) {
        return serialType >= 13 && (serialType & 1) == 1;
    }

    /**
     * Whether a field of serial type {@code serialType} reaches its reader as the text it
     * stores, nothing having stood between Column and reader ({@code conversion}).
     */
    static boolean storedText(int serialType, int conversion) {
        return conversion == ColumnComparisons.AS_STORED && isText(serialType);
    }

    /**
     * Whether a field of serial type {@code serialType} reaches its reader as the integer it
     * stores, {@code conversion} (what came between Column and reader) not making it a REAL.
     */
    static boolean storedInteger(int serialType, int conversion) {
        return conversion != ColumnComparisons.REAL_AFFINITY && isInteger(serialType);
    }

    /**
     * A numeric field as a REAL: a REAL field's double (NaN where SQLite reads NULL), an integer
     * field (serial type 1 to 6, 8 or 9) made a double, as RealAffinity and mixed arithmetic do.
     */
    static double realOf(RecordField source, RecordCursor c, int field, int type) {
        return type == 7 ? c.realField(field) : (double) source.integer(c, field, type);
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

    /**
     * Add, Subtract, Multiply, Divide, Remainder P1 P2 P3 (r[P3] = r[P2] op r[P1]) with one or
     * both operands read in place: integer and REAL fields are used as the long or double they
     * are, where the Column boxed each into its register (TPC-H's {@code l_extendedprice * (1 -
     * l_discount)}, Q1's sums over its sorted records: a Double a field a row). Compiled code
     * holds only the kinds of operand pairs met (two integers, numbers, anything else by the
     * general rules, as {@link ArithmeticNodes#compute(int, Object, Object)}).
     */
    static final class Arithmetic extends OperandsInPlace {
        private final int operation;
        private final int result;
        /** The pairs of kinds met (see OperandsInPlace#meet): INTEGERS, NUMBERS, GENERAL. */
        private static final int INTEGERS = 1;
        private static final int NUMBERS = 2;
        private static final int GENERAL = 4;

        private static final int INTEGER = 1;
        private static final int REAL = 2;
        private static final int OTHER = 3;

        /** r[P3] = r[P2] op r[P1]: the left operand is r[P2]. */
        Arithmetic(int pc, int operation, RecordField leftField, int leftRegister, int leftConversion, RecordField rightField, int rightRegister, int rightConversion, int result) {
            super(pc, STRAIGHT, -1, leftField, leftRegister, leftConversion, rightField, rightRegister, rightConversion);
            this.operation = operation;
            this.result = result;
        }

        @Override
        public void execute(Execution execution) {
            Object[] registers = execution.registers;
            RecordCursor lc = leftField == null ? null : leftField.locate(execution);
            int lf = leftField == null ? 0 : leftField.fieldIn(execution, lc);
            RecordCursor rc = rightField == null ? null : rightField.locate(execution);
            int rf = rightField == null ? 0 : rightField.fieldIn(execution, rc);
            int lt = lc == null ? 0 : leftField.serialType(lc, execution.vdbe, lf);
            int rt = rc == null ? 0 : rightField.serialType(rc, execution.vdbe, rf);
            Object lv = lc == null ? registers[leftRegister] : null;
            Object rv = rc == null ? registers[rightRegister] : null;
            int lk = lc == null ? kindOf(lv) : kindOf(lt, leftConversion);
            int rk = rc == null ? kindOf(rv) : kindOf(rt, rightConversion);
            if (lk == INTEGER && rk == INTEGER) {
                meet(INTEGERS);
                registers[result] = ArithmeticNodes.compute(operation, integer(leftField, lc, lf, lt, lv), integer(rightField, rc, rf, rt, rv));
                return;
            }
            if (lk != OTHER && rk != OTHER && operation != ArithmeticNodes.REMAINDER) {
                meet(NUMBERS);
                double a = real(leftField, lc, lf, lt, lv);
                double b = real(rightField, rc, rf, rt, rv);
                // A stored NaN reads as NULL (sqlite3VdbeSerialGet): the general rules.
                if (!Double.isNaN(a) && !Double.isNaN(b)) {
                    registers[result] = ArithmeticNodes.real(operation, a, b);
                    return;
                }
            }
            meet(GENERAL);
            registers[result] = ArithmeticNodes.compute(operation, leftValue(execution, lc, lf), rightValue(execution, rc, rf));
        }

        /** A field's kind after what stood between Column and reader: RealAffinity makes integers reals, MustBeInt leaves the general rules to decide. */
        private static int kindOf(int serialType, int conversion) {
            if (conversion == ColumnComparisons.MUST_BE_INT) {
                return OTHER;
            } else if (isInteger(serialType)) {
                return conversion == ColumnComparisons.REAL_AFFINITY ? REAL : INTEGER;
            }
            return serialType == 7 ? REAL : OTHER;
        }

        private static int kindOf(Object value) {
            return value instanceof Long ? INTEGER : value instanceof Double ? REAL : OTHER;
        }

        private static double real(RecordField source, RecordCursor c, int field, int type, Object value) {
            if (c == null) {
                return value instanceof Long l ? (double) l : (Double) value;
            }
            return realOf(source, c, field, type);
        }
    }

    /**
     * AggStep of sum, total or avg (AggregateNodes.Step's rules) whose argument a Column before
     * it read in place: an integer or REAL field is added as the long or double it is, where the
     * Column boxed it (TPC-H Q1's sum(l_quantity) and three averages over its sorted records).
     * Compiled code holds only the kinds of argument met, as the Step's.
     */
    static final class SumStep extends InstructionNode {
        @Child private RecordField source;
        private final int conversion;
        private final int accumulator;
        @CompilationFinal private int seen;
        private static final int INTEGERS = 1;
        private static final int REALS = 2;
        private static final int OTHERS = 4;

        SumStep(int pc, RecordField source, int conversion, int accumulator) {
            super(pc, STRAIGHT, -1);
            this.source = source;
            this.conversion = conversion;
            this.accumulator = accumulator;
        }

        @Override
        public void execute(Execution execution) {
            Object[] r = execution.registers;
            AggregateNodes.Sum sum = r[accumulator] instanceof AggregateNodes.Sum s ? s : AggregateNodes.newSum(r, accumulator);
            RecordCursor c = source.locate(execution);
            int field = source.fieldIn(execution, c);
            int type = source.serialType(c, execution.vdbe, field);
            if (storedInteger(type, conversion)) {
                meet(INTEGERS);
                sum.stepInteger(source.integer(c, field, type));
                return;
            }
            if (type == 7 || (conversion == ColumnComparisons.REAL_AFFINITY && isInteger(type))) {
                double d = realOf(source, c, field, type);
                // A stored NaN reads as NULL (sqlite3VdbeSerialGet), which the step skips.
                if (!Double.isNaN(d)) {
                    meet(REALS);
                    sum.stepReal(d);
                    return;
                }
            }
            meet(OTHERS);
            Object v = source.readConverted(c, execution.vdbe, field, conversion);
            if (v != null) {
                sum.step(v);
            }
        }

        private void meet(int kind) {
            if ((seen & kind) == 0) {
                CompilerDirectives.transferToInterpreterAndInvalidate();
                seen |= kind;
            }
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
            if (storedInteger(source.serialTypeUpToField(c, execution.vdbe, field), conversion)) {
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
            int type = source.serialTypeUpToField(c, execution.vdbe, field);
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

    /**
     * MakeRecord P1 P2 P3 P4 with some fields read in place: a field whose stored form is what
     * SQLite would write for its value (after P4's affinity) is copied into the record as it is,
     * type and bytes, so a text key is neither decoded to a String nor encoded again; any other
     * field is decoded into its register and encoded as MakeRecord does. Up to
     * {@link CursorNodes.MakeRecord#MAX_SPECIALIZED_FIELDS} fields the two passes over the
     * fields are unrolled in compiled code, as CursorNodes.MakeRecord's, with one encoder per
     * field for the values that are not copied; records of more fields are made out of line.
     */
    static final class MakeRecord extends InstructionNode {
        private final int first;
        private final int count;
        private final int result;
        private final String affinity;
        /** The fields read in place, and for each register of the record the index of its field here (-1: the register). */
        @Children private final RecordField[] fields;
        @CompilationFinal(dimensions = 1) private final int[] fieldOf;
        @CompilationFinal(dimensions = 1) private final int[] conversions;
        /** One encoder per field of the record for values not copied as stored; null above the unrolled size. */
        @Children private final RecordFieldEncoder[] encoders;
        /**
         * Per field of the record: whether a field read in place has met a value it could not
         * copy as stored. Until then compiled code holds only the copy (the decoding and
         * encoding of each field is large), and the first such value deoptimizes once.
         */
        @CompilationFinal(dimensions = 1) private final boolean[] decodes;

        /** Whether the record is made in the execution's record buffer (see NodeFactory#makeRecordsInBuffer). */
        private final boolean inBuffer;

        MakeRecord(int pc, int first, int count, int result, String affinity, RecordField[] fields, int[] fieldOf, int[] conversions) {
            this(pc, first, count, result, affinity, fields, fieldOf, conversions, true, false);
        }

        /**
         * With {@code unroll} false, or above the unrolled size, the record is made out of line,
         * in an array of its own; with {@code inBuffer} (and unrolled), in the execution's
         * record buffer.
         */
        private MakeRecord(int pc, int first, int count, int result, String affinity, RecordField[] fields, int[] fieldOf, int[] conversions, boolean unroll, boolean inBuffer) {
            super(pc, STRAIGHT, -1);
            this.inBuffer = inBuffer;
            this.first = first;
            this.count = count;
            this.result = result;
            this.affinity = affinity;
            this.fields = fields;
            this.fieldOf = fieldOf;
            this.conversions = conversions;
            if (unroll && count <= CursorNodes.MakeRecord.MAX_SPECIALIZED_FIELDS) {
                encoders = new RecordFieldEncoder[count];
                for (int i = 0; i < count; i++) {
                    encoders[i] = RecordFieldEncoderNodeGen.create(RecordEncoder.affinityAt(affinity, i), i);
                }
            } else {
                encoders = null;
            }
            decodes = new boolean[count];
        }

        /** This MakeRecord made out of line: for one that runs once per execution (see NodeFactory). */
        MakeRecord outOfLine() {
            return new MakeRecord(pc, first, count, result, affinity, fields, fieldOf, conversions, false, false);
        }

        /** This MakeRecord, unrolled, making its record in the execution's record buffer, which only the next instruction reads (see NodeFactory#makeRecordsInBuffer). */
        MakeRecord inBuffer() {
            return new MakeRecord(pc, first, count, result, affinity, fields, fieldOf, conversions, true, true);
        }

        /** Whether the record is made in the execution's record buffer. */
        boolean madeInBuffer() {
            return inBuffer;
        }

        /** Whether compiled code holds the fields unrolled. */
        boolean unrolled() {
            return encoders != null;
        }

        @Override
        public void execute(Execution execution) {
            boolean smallConstants = execution.minWriteFileFormat >= 4;
            byte[] record = encoders == null ? encodeOutOfLine(execution, smallConstants) : encode(execution, smallConstants);
            if (record == null) {
                // Beyond SQLite's length limit (RecordEncoder.recordLength).
                throw execution.vdbe.abort(pc, ResultCodes.SQLITE_TOOBIG);
            }
            execution.registers[result] = record;
        }

        /**
         * The record in two passes, unrolled: serial types and sizes (a field copied as stored
         * keeps its type, any other is prepared by its encoder), then the header and bodies.
         * The per-field arrays stay in registers of the compiled code.
         */
        @ExplodeLoop
        private byte[] encode(Execution execution, boolean smallConstants) {
            int n = encoders.length;
            Object[] registers = execution.registers;
            int[] types = new int[n];
            long[] ints = new long[n];
            byte[][] bytes = new byte[n][];
            RecordCursor[] storedIn = new RecordCursor[n];
            int[] storedFields = new int[n];
            int header = 0;
            long body = 0;
            for (int i = 0; i < n; i++) {
                int type = -1;
                int k = fieldOf[i];
                if (k >= 0) {
                    RecordField source = fields[k];
                    RecordCursor c = source.locate(execution);
                    int field = source.fieldIn(execution, c);
                    int stored = source.serialType(c, execution.vdbe, field);
                    if (conversions[k] == ColumnComparisons.AS_STORED && storedAsWritten(source, c, field, stored, encoders[i].affinity, smallConstants)) {
                        storedIn[i] = c;
                        storedFields[i] = field;
                        type = stored;
                    } else {
                        if (!decodes[i]) {
                            CompilerDirectives.transferToInterpreterAndInvalidate();
                            decodes[i] = true;
                        }
                        // The value the Column would have stored: its register is read by nothing but this record.
                        registers[first + i] = source.readConverted(c, execution.vdbe, field, conversions[k]);
                    }
                }
                if (type < 0) {
                    type = encoders[i].execute(registers[first + i], registers, first + i, ints, bytes, smallConstants);
                }
                types[i] = type;
                header += RecordEncoder.varintLength(type);
                body += RecordEncoder.bodyLength(type);
            }
            int headerSize = RecordEncoder.headerSize(header);
            int length = RecordEncoder.recordLength(headerSize, body);
            if (length < 0) {
                return null;
            }
            byte[] record = inBuffer ? execution.recordBuffer(length) : new byte[length];
            int h = RecordEncoder.putVarint(record, 0, headerSize);
            int d = headerSize;
            for (int i = 0; i < n; i++) {
                int type = types[i];
                h += RecordEncoder.putVarint(record, h, type);
                if (storedIn[i] != null) {
                    int stored = RecordEncoder.bodyLength(type);
                    storedIn[i].copyField(storedFields[i], record, d, stored);
                    d += stored;
                } else {
                    d = RecordEncoder.writeField(record, d, type, ints[i], bytes[i]);
                }
            }
            return record;
        }

        /** The record of more fields than the unrolled encoder takes: one general loop, out of line. */
        @TruffleBoundary
        private byte[] encodeOutOfLine(Execution execution, boolean smallConstants) {
            RecordCursor[] storedIn = new RecordCursor[count];
            int[] storedFields = new int[count];
            int[] storedTypes = new int[count];
            Object[] registers = execution.registers;
            for (int i = 0; i < count; i++) {
                int k = fieldOf[i];
                if (k < 0) {
                    continue;
                }
                RecordField source = fields[k];
                RecordCursor c = source.locate(execution);
                int field = source.fieldIn(execution, c);
                int type = source.serialType(c, execution.vdbe, field);
                if (conversions[k] == ColumnComparisons.AS_STORED && storedAsWritten(source, c, field, type, RecordEncoder.affinityAt(affinity, i), smallConstants)) {
                    storedIn[i] = c;
                    storedFields[i] = field;
                    storedTypes[i] = type;
                } else {
                    registers[first + i] = source.readConverted(c, execution.vdbe, field, conversions[k]);
                }
            }
            return RecordEncoder.makeRecord(registers, first, count, affinity, smallConstants, storedIn, storedFields, storedTypes);
        }

        /**
         * Whether a field of serial type {@code type} is stored as MakeRecord would write its
         * value under affinity {@code a}: NULL and blobs always; an integer under no, BLOB,
         * NUMERIC or INTEGER affinity when stored at the width SQLite chooses for it; a real
         * (not NaN, which reads as NULL) under no or BLOB affinity; text under no, BLOB
         * or TEXT affinity (numeric affinities may make it a number).
         */
        private static boolean storedAsWritten(RecordField source, RecordCursor c, int field, int type, char a, boolean smallConstants) {
            boolean unchanged = a < RecordEncoder.AFF_TEXT;
            if (type == 0 || (type >= 12 && (type & 1) == 0)) {
                return true;
            } else if (isInteger(type)) {
                if (!(unchanged || a == RecordEncoder.AFF_NUMERIC || a == RecordEncoder.AFF_INTEGER)) {
                    return false;
                }
                int written = RecordEncoder.integerType(source.integer(c, field, type));
                return written == type && (smallConstants || type < 8);
            } else if (type == 7) {
                // (REAL affinity stores a whole number as an integer; NUMERIC and INTEGER make it one.)
                return unchanged && !Double.isNaN(c.realField(field));
            } else if (type >= 13) {
                return unchanged || a == RecordEncoder.AFF_TEXT;
            }
            return false;
        }
    }
}
