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
     * Null P1 P2 P3: r[P2..P3] = NULL (only r[P2] when P3 is not greater). Registers that hold
     * the state of one of SQLite's own aggregates are cleared on SQLite's side as well.
     */
    static final class SetNull extends InstructionNode {
        private final int first;
        private final int last;
        @com.oracle.truffle.api.CompilerDirectives.CompilationFinal(dimensions = 1) private final int[] nativeAccumulators;

        SetNull(int pc, int first, int last) {
            this(pc, first, last, new int[0]);
        }

        SetNull(int pc, int first, int last, int[] nativeAccumulators) {
            super(pc, STRAIGHT, -1);
            this.first = first;
            this.last = Math.max(first, last);
            this.nativeAccumulators = nativeAccumulators;
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
        }
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

        Transfer(int pc, int from, int to, int count, boolean clearSource) {
            super(pc, STRAIGHT, -1);
            this.from = from;
            this.to = to;
            this.count = count;
            this.clearSource = clearSource;
        }

        @Override
        @ExplodeLoop
        public void execute(Execution execution) {
            Object[] r = execution.registers;
            for (int i = 0; i < count; i++) {
                r[to + i] = r[from + i];
                if (clearSource) {
                    r[from + i] = null;
                }
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
                row[i] = SqlValues.toInterop(execution.registers[first + i]);
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
