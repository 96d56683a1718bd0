package org.graalite.nodes;

import org.graalite.runtime.Execution;
import org.graalite.runtime.SqlValues;

/**
 * The two instructions SQLite emits for window functions only, for the aggregates and window
 * functions that have Java state (AggregateNodes: count, sum, total, avg, min, max,
 * row_number, rank, dense_rank, and lag and lead's no-ops). With them a window program keeps
 * its accumulators in Java registers, as a plain aggregate's are, instead of making a native
 * call that carries the arguments across for every step, inverse and value of every row.
 */
final class WindowAggregateNodes {
    private WindowAggregateNodes() {
    }

    /**
     * AggInverse P2 P3 P5 (and AggStep1 with P1 set, as SQLite's VDBE leaves it): takes the
     * row's arguments r[P2..] out of the frame's accumulator r[P3], as the function's xInverse.
     * The window functions' own inverse is a no-op (noopStepFunc), and min and max have none:
     * SQLite keeps their frames in an ephemeral index instead.
     */
    static final class Inverse extends InstructionNode {
        private final int kind;
        private final int firstArgument;
        private final int argumentCount;
        private final int accumulator;

        Inverse(int pc, int kind, int firstArgument, int argumentCount, int accumulator) {
            super(pc, STRAIGHT, -1);
            this.kind = kind;
            this.firstArgument = firstArgument;
            this.argumentCount = argumentCount;
            this.accumulator = accumulator;
        }

        @Override
        public void execute(Execution execution) {
            Object[] r = execution.registers;
            Object state = r[accumulator];
            Object arg = argumentCount > 0 ? r[firstArgument] : null;
            switch (kind) {
                case AggregateNodes.COUNT:
                    // A step made the state first (SQLite asserts as much).
                    if (state instanceof AggregateNodes.Count c && (argumentCount == 0 || arg != null)) {
                        c.n--;
                    }
                    break;
                case AggregateNodes.SUM:
                case AggregateNodes.TOTAL:
                case AggregateNodes.AVG:
                    if (state instanceof AggregateNodes.Sum s && arg != null) {
                        if (arg instanceof Double d) {
                            s.inverseReal(SqlValues.doubleToInt(d), d);
                        } else if (arg instanceof Long l) {
                            s.inverseInteger(l);
                        } else {
                            s.inverse(arg);
                        }
                    }
                    break;
                default:
                    break;
            }
        }
    }

    /**
     * AggValue P1 P3: r[P3] = the current value of the frame's accumulator r[P1], which stays
     * (SQLite's xValue, the same function as xFinalize for these).
     */
    static final class Value extends InstructionNode {
        private final int kind;
        private final int accumulator;
        private final int result;

        Value(int pc, int kind, int accumulator, int result) {
            super(pc, STRAIGHT, -1);
            this.kind = kind;
            this.accumulator = accumulator;
            this.result = result;
        }

        @Override
        public void execute(Execution execution) {
            Object[] r = execution.registers;
            r[result] = AggregateNodes.Final.result(execution, pc, kind, r, accumulator);
        }
    }
}
