package org.graalite.nodes;

import org.graalite.runtime.Execution;
import org.graalite.runtime.SqlValues;

/** Control flow: jumps, halts and conditional branches on a register. */
final class ControlNodes {
    private ControlNodes() {
    }

    /** Goto P2; also Init P2 (the first instruction, which jumps to the program's prologue). */
    static final class Jump extends InstructionNode {
        Jump(int pc, int target) {
            super(pc, JUMP, target);
        }
    }

    /** Halt P1 P2: ends the program; SQLite's own halt commits or rolls back and reports errors. */
    static final class Halt extends InstructionNode {
        Halt(int pc) {
            super(pc, HALT, -1);
        }

        @Override
        public void execute(Execution execution) {
            execution.vdbe.halt(pc);
        }
    }

    /**
     * If P1 P2 P3 (jump when r[P1] is true) and IfNot P1 P2 P3 (jump when it is false). A NULL
     * register jumps when P3 is non-zero. A value is true when it is numerically non-zero.
     */
    static final class Truth extends InstructionNode {
        private final int register;
        private final boolean jumpIfTrue;
        private final boolean jumpIfNull;

        Truth(int pc, int target, int register, boolean jumpIfTrue, boolean jumpIfNull) {
            super(pc, BRANCH, target);
            this.register = register;
            this.jumpIfTrue = jumpIfTrue;
            this.jumpIfNull = jumpIfNull;
        }

        @Override
        public boolean executeBranch(Execution execution) {
            Object v = execution.registers[register];
            if (v == null) {
                return jumpIfNull;
            }
            boolean truth = v instanceof Long l ? l != 0 : SqlValues.realValue(v) != 0.0;
            return truth == jumpIfTrue;
        }
    }

    /** IsNull P1 P2 (jump when r[P1] is NULL) and NotNull P1 P2 (jump when it is not). */
    static final class NullTest extends InstructionNode {
        private final int register;
        private final boolean jumpIfNull;

        NullTest(int pc, int target, int register, boolean jumpIfNull) {
            super(pc, BRANCH, target);
            this.register = register;
            this.jumpIfNull = jumpIfNull;
        }

        @Override
        public boolean executeBranch(Execution execution) {
            return (execution.registers[register] == null) == jumpIfNull;
        }
    }

    /** DecrJumpZero P1 P2: r[P1] is an integer counter; decrement it (not below the minimum) and jump when it reaches zero. */
    static final class DecrJumpZero extends InstructionNode {
        private final int register;

        DecrJumpZero(int pc, int target, int register) {
            super(pc, BRANCH, target);
            this.register = register;
        }

        @Override
        public boolean executeBranch(Execution execution) {
            long v = (Long) execution.registers[register];
            if (v > Long.MIN_VALUE) {
                v--;
                execution.registers[register] = v;
            }
            return v == 0;
        }
    }
}
