package org.graalite.nodes;

import com.oracle.truffle.api.nodes.ExplodeLoop;

import org.graalite.runtime.Execution;
import org.graalite.runtime.SqlValues;

/** Constants and register moves. Registers hold immutable values, so a copy is a reference copy. */
final class RegisterNodes {
    private RegisterNodes() {
    }

    /** Integer, Int64, Real, String8, String: r[P2] = a constant (Long, Double or String). */
    static final class Constant extends InstructionNode {
        private final int register;
        private final Object value;

        Constant(int pc, int register, Object value) {
            super(pc, STRAIGHT, -1);
            this.register = register;
            this.value = value;
        }

        @Override
        public void execute(Execution execution) {
            execution.registers[register] = value;
        }
    }

    /**
     * String or String8 P1 P2 P3 P4 P5 with P3 set: r[P2] = the text P4, or the same bytes as a
     * BLOB when r[P3] (an integer) equals P5. The LIKE optimization so runs its index range scan
     * twice, with text bounds and then with blob bounds, since LIKE matches blobs too: with
     * text bounds both times it visited the text range twice.
     */
    static final class TextOrBlob extends InstructionNode {
        private final int register;
        private final String text;
        private final byte[] blob;
        private final int counter;
        private final long blobWhen;

        TextOrBlob(int pc, int register, String text, int counter, int blobWhen) {
            super(pc, STRAIGHT, -1);
            this.register = register;
            this.text = text;
            this.blob = text.getBytes(java.nio.charset.StandardCharsets.UTF_8);
            this.counter = counter;
            this.blobWhen = blobWhen;
        }

        @Override
        public void execute(Execution execution) {
            Object[] r = execution.registers;
            r[register] = r[counter] instanceof Long l && l == blobWhen ? blob : text;
        }
    }

    /**
     * Null P1 P2 P3: r[P2..P3] = NULL (only r[P2] when P3 is not greater). Registers that hold
     * the state of one of SQLite's own aggregates are cleared on SQLite's side as well. With
     * P1 != 0 the NULLs are "cleared" (MEM_Cleared): an IS comparison (Eq or Ne with NULLEQ)
     * finds them unequal even to NULL; DISTINCT uses one for "no previous row".
     */
    static final class SetNull extends InstructionNode {
        private final int first;
        private final int last;
        @com.oracle.truffle.api.CompilerDirectives.CompilationFinal(dimensions = 1) private final int[] nativeAccumulators;
        /** P1 != 0: the NULLs are cleared ones. */
        private final boolean cleared;
        /** Some register of the range may hold a cleared NULL (a build-time fact): a plain NULL ends that. */
        private final boolean touchesCleared;

        SetNull(int pc, int first, int last) {
            this(pc, first, last, new int[0], false, false);
        }

        SetNull(int pc, int first, int last, int[] nativeAccumulators, boolean cleared, boolean touchesCleared) {
            super(pc, STRAIGHT, -1);
            this.first = first;
            this.last = Math.max(first, last);
            this.nativeAccumulators = nativeAccumulators;
            this.cleared = cleared;
            this.touchesCleared = touchesCleared || cleared;
        }

        @Override
        @ExplodeLoop
        public void execute(Execution execution) {
            for (int r = first; r <= last; r++) {
                execution.registers[r] = null;
            }
            for (int r : nativeAccumulators) {
                execution.vdbe.setNull(r);
            }
            if (touchesCleared) {
                markCleared(execution, first, last, cleared);
            }
        }
    }

    /** Registers first..last now hold cleared NULLs (or, with {@code cleared} false, no longer do). */
    @com.oracle.truffle.api.CompilerDirectives.TruffleBoundary
    static void markCleared(Execution execution, int first, int last, boolean cleared) {
        if (execution.clearedNull == null) {
            if (!cleared) {
                return;
            }
            execution.clearedNull = new boolean[execution.registers.length];
        }
        java.util.Arrays.fill(execution.clearedNull, first, last + 1, cleared);
    }

    /**
     * Copy P1 P2 P3 (P3 + 1 registers), SCopy and IntCopy P1 P2 (one) and Move P1 P2 P3 (P3 registers,
     * the sources become NULL): r[P2..] = r[P1..].
     */
    static final class Transfer extends InstructionNode {
        private final int from;
        private final int to;
        private final int count;
        private final boolean clearSource;
        /** A destination register may hold a cleared NULL (see SetNull): the copy replaces it. */
        private final boolean touchesCleared;
        /** What becomes of the values' subtypes (see SubtypeNodes): {@link #NO_SUBTYPES}, {@link #CARRY_SUBTYPES} or {@link #DROP_SUBTYPES}. */
        private final int subtypes;

        /** The program has no subtypes. */
        static final int NO_SUBTYPES = 0;
        /** The copies keep the values' subtypes, as SQLite's copies of a Mem do. */
        static final int CARRY_SUBTYPES = 1;
        /** The copies lose them (Copy with P5 0x0002: a column's value read back from an index on an expression). */
        static final int DROP_SUBTYPES = 2;

        Transfer(int pc, int from, int to, int count, boolean clearSource) {
            this(pc, from, to, count, clearSource, false, NO_SUBTYPES);
        }

        Transfer(int pc, int from, int to, int count, boolean clearSource, boolean touchesCleared, int subtypes) {
            super(pc, STRAIGHT, -1);
            this.from = from;
            this.to = to;
            this.count = count;
            this.clearSource = clearSource;
            this.touchesCleared = touchesCleared;
            this.subtypes = subtypes;
        }

        @Override
        @ExplodeLoop
        public void execute(Execution execution) {
            Object[] r = execution.registers;
            for (int i = 0; i < count; i++) {
                // Read before the value moves: the subtype belongs to the source register's value.
                int subtype = subtypes == CARRY_SUBTYPES ? execution.subtype(from + i) : 0;
                r[to + i] = r[from + i];
                if (subtypes != NO_SUBTYPES) {
                    execution.setSubtype(to + i, subtype);
                }
                if (clearSource) {
                    r[from + i] = null;
                }
            }
            if (touchesCleared) {
                markCleared(execution, to, to + count - 1, false);
            }
        }
    }

    /** RealAffinity P1: an integer in r[P1] becomes a real (REAL columns store whole numbers as integers). */
    static final class RealAffinity extends InstructionNode {
        private final int register;

        RealAffinity(int pc, int register) {
            super(pc, STRAIGHT, -1);
            this.register = register;
        }

        @Override
        public void execute(Execution execution) {
            if (execution.registers[register] instanceof Long l) {
                execution.registers[register] = (double) l;
            }
        }
    }

    /** ResultRow P1 P2: hands r[P1..P1+P2-1] to the caller as the next row. */
    static final class ResultRow extends InstructionNode {
        private final int first;
        private final int count;

        ResultRow(int pc, int first, int count) {
            super(pc, ROW, -1);
            this.first = first;
            this.count = count;
        }

        @Override
        @ExplodeLoop
        public void execute(Execution execution) {
            Object[] row = new Object[count];
            for (int i = 0; i < count; i++) {
                row[i] = SqlValues.toInterop(execution.registers[first + i], execution.invalidTextAsBytes);
            }
            execution.row = row;
        }
    }

    /** Variable P1 P2: r[P2] = the value bound to parameter P1. */
    static final class Variable extends InstructionNode {
        private final int parameter;
        private final int register;

        Variable(int pc, int parameter, int register) {
            super(pc, STRAIGHT, -1);
            this.parameter = parameter;
            this.register = register;
        }

        @Override
        public void execute(Execution execution) {
            execution.registers[register] = execution.parameters[parameter];
        }
    }


    /** Affinity P1 P2 P4: applies the column affinities P4 to r[P1..P1+P2-1]. */
    static final class Affinity extends InstructionNode {
        private final int first;
        private final String affinities;

        Affinity(int pc, int first, String affinities) {
            super(pc, STRAIGHT, -1);
            this.first = first;
            this.affinities = affinities;
        }

        @Override
        @ExplodeLoop
        public void execute(Execution execution) {
            for (int i = 0; i < affinities.length(); i++) {
                execution.registers[first + i] = org.graalite.runtime.RecordEncoder.affinity(execution.registers[first + i], affinities.charAt(i));
            }
        }
    }

    /**
     * AddImm P1 P2: r[P1] = r[P1] as an integer + P2 (wrapping, as SQLite adds unsigned). A NULL
     * or text that is no number counts as 0, a real is truncated, like sqlite3VdbeIntValue.
     */
    static final class AddImmediate extends InstructionNode {
        private final int register;
        private final long increment;

        AddImmediate(int pc, int register, int increment) {
            super(pc, STRAIGHT, -1);
            this.register = register;
            this.increment = increment;
        }

        @Override
        public void execute(Execution execution) {
            Object v = execution.registers[register];
            long i = v instanceof Long l ? l : SqlValues.intValue(v);
            execution.registers[register] = i + increment;
        }
    }

    /**
     * MemMax P1 P2: both registers become integers (sqlite3VdbeMemIntegerify), then r[P1] =
     * max(r[P1], r[P2]). AUTOINCREMENT keeps the largest rowid so. (In a trigger program P1 is a
     * register of the outermost frame.)
     */
    static final class MemMax extends InstructionNode {
        private final int accumulator;
        private final int operand;

        MemMax(int pc, int accumulator, int operand) {
            super(pc, STRAIGHT, -1);
            this.accumulator = accumulator;
            this.operand = operand;
        }

        @Override
        public void execute(Execution execution) {
            Object[] r = execution.registers;
            // P1 names a register of the main program, also from a trigger sub-program (vdbe.c).
            Object[] root = execution.rootRegisters();
            long a = root[accumulator] instanceof Long l ? l : SqlValues.intValue(root[accumulator]);
            long b = r[operand] instanceof Long l ? l : SqlValues.intValue(r[operand]);
            r[operand] = b;
            root[accumulator] = Math.max(a, b);
        }
    }

    /**
     * TypeCheck P1 P2 P3 P4: the values of a row for STRICT table P4 in r[P1..P1+P2-1] take their
     * columns' affinities and must then be of the declared type (INT and INTEGER an integer,
     * REAL a real, where an integer becomes one, TEXT text, BLOB a blob, ANY anything; NULL is
     * always accepted), else SQLITE_CONSTRAINT_DATATYPE. P3 0 skips VIRTUAL generated columns
     * (they have no register), P3 1 skips all generated columns without checking them, P3 >= 2
     * checks only column P3-2 in r[P1].
     */
    static final class TypeCheck extends InstructionNode {
        private static final String[] TYPE_NAMES = {"ANY", "BLOB", "INT", "INTEGER", "REAL", "TEXT"};
        private static final int SQLITE_CONSTRAINT_DATATYPE = 19 | (12 << 8);

        private final int first;
        private final String table;
        /** Per register from P1: the column checked there, or null where the register is skipped. */
        @com.oracle.truffle.api.CompilerDirectives.CompilationFinal(dimensions = 1) private final org.graalite.program.P4.Column[] columns;

        TypeCheck(int pc, int first, String table, org.graalite.program.P4.Column[] columns) {
            super(pc, STRAIGHT, -1);
            this.first = first;
            this.table = table;
            this.columns = columns;
        }

        /** The columns TypeCheck P2 P3 checks, one per register (null: skipped); null if the operands do not fit the table. */
        static org.graalite.program.P4.Column[] checked(java.util.List<org.graalite.program.P4.Column> table, int registers, int mode) {
            java.util.List<org.graalite.program.P4.Column> out = new java.util.ArrayList<>();
            if (mode >= 2) {
                if (mode - 2 >= table.size() || registers != 1) {
                    return null;
                }
                out.add(table.get(mode - 2));
            } else {
                for (org.graalite.program.P4.Column c : table) {
                    if ((c.flags() & org.graalite.program.P4.Column.GENERATED) != 0) {
                        if ((c.flags() & org.graalite.program.P4.Column.VIRTUAL) != 0) {
                            continue;
                        }
                        if (mode == 1) {
                            out.add(null);
                            continue;
                        }
                    }
                    out.add(c);
                }
            }
            return out.size() == registers ? out.toArray(new org.graalite.program.P4.Column[0]) : null;
        }

        @Override
        @ExplodeLoop
        public void execute(Execution execution) {
            Object[] r = execution.registers;
            for (int i = 0; i < columns.length; i++) {
                org.graalite.program.P4.Column c = columns[i];
                if (c == null) {
                    continue;
                }
                Object v = org.graalite.runtime.RecordEncoder.affinity(r[first + i], c.affinity());
                r[first + i] = v;
                if (v != null && !fits(v, c.type())) {
                    throw typeError(execution, v, c);
                }
            }
        }

        private static boolean fits(Object v, int type) {
            switch (type) {
                case 2:
                    return v instanceof byte[];
                case 3:
                case 4:
                    return v instanceof Long;
                case 5:
                    // REAL affinity has made any integer a real already.
                    return v instanceof Double;
                case 6:
                    return org.graalite.runtime.InvalidText.isText(v);
                default:
                    return true;
            }
        }

        @com.oracle.truffle.api.CompilerDirectives.TruffleBoundary
        private RuntimeException typeError(Execution execution, Object v, org.graalite.program.P4.Column c) {
            String kind = v instanceof Long ? "INT" : v instanceof Double ? "REAL" : org.graalite.runtime.InvalidText.isText(v) ? "TEXT" : "BLOB";
            String message = "cannot store " + kind + " value in " + TYPE_NAMES[c.type() - 1] + " column " + table + "." + c.name();
            return execution.vdbe.abort(pc, SQLITE_CONSTRAINT_DATATYPE, message);
        }
    }

    /** Cast P1 P2: r[P1] = CAST(r[P1] AS the affinity P2), computed by SQLite itself; NULL stays NULL. */
    static final class Cast extends InstructionNode {
        private final int register;

        Cast(int pc, int register) {
            super(pc, STRAIGHT, -1);
            this.register = register;
        }

        @Override
        public void execute(Execution execution) {
            Object v = execution.registers[register];
            if (v != null) {
                execution.registers[register] = execution.vdbe.cast(pc, v);
            }
        }
    }
}
