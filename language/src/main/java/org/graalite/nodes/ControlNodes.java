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

    /**
     * Halt P1 P2 P3 P4 P5: ends the program; SQLite's own halt commits or rolls back and reports
     * errors (P1 the code, P2 the conflict action, P4 and P5 the message). With P3 and no P4
     * (RAISE in a trigger), the message is register P3: SQLite reads its own copy of it.
     */
    static final class Halt extends InstructionNode {
        private final int messageRegister;

        Halt(int pc, int messageRegister) {
            super(pc, HALT, -1);
            this.messageRegister = messageRegister;
        }

        @Override
        public void execute(Execution execution) {
            if (messageRegister > 0) {
                execution.vdbe.setRegister(pc, messageRegister, execution.registers[messageRegister]);
            }
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

    /** Once P1 P2: falls through the first time an execution reaches it, jumps to P2 every later time. */
    static final class Once extends InstructionNode {
        Once(int pc, int target) {
            super(pc, BRANCH, target);
        }

        @Override
        public boolean executeBranch(Execution execution) {
            if (execution.onceDone[pc]) {
                return true;
            }
            execution.onceDone[pc] = true;
            return false;
        }
    }

    /**
     * IfPos P1 P2 P3: if the integer r[P1] is positive, subtract P3 from it and jump to P2.
     * IfNotZero P1 P2: if r[P1] is not zero, decrement it when positive and jump to P2.
     */
    static final class IfPos extends InstructionNode {
        private final int register;
        private final long decrement;
        private final boolean nonZero;

        IfPos(int pc, int target, int register, int decrement) {
            this(pc, target, register, decrement, false);
        }

        IfPos(int pc, int target, int register, int decrement, boolean nonZero) {
            super(pc, BRANCH, target);
            this.register = register;
            this.decrement = decrement;
            this.nonZero = nonZero;
        }

        @Override
        public boolean executeBranch(Execution execution) {
            long v = (Long) execution.registers[register];
            if (v > 0) {
                execution.registers[register] = v - decrement;
                return true;
            }
            return nonZero && v != 0;
        }
    }

    /** OffsetLimit P1 P2 P3: r[P2] = LIMIT r[P1] + OFFSET r[P3] (-1, no limit, when the limit is not positive or the sum overflows). */
    static final class OffsetLimit extends InstructionNode {
        private final int limit;
        private final int result;
        private final int offset;

        OffsetLimit(int pc, int limit, int result, int offset) {
            super(pc, STRAIGHT, -1);
            this.limit = limit;
            this.result = result;
            this.offset = offset;
        }

        @Override
        public void execute(Execution execution) {
            long x = (Long) execution.registers[limit];
            long o = (Long) execution.registers[offset];
            long add = o > 0 ? o : 0;
            long sum = x + add;
            boolean overflow = ((x ^ sum) & (add ^ sum)) < 0;
            execution.registers[result] = x <= 0 || overflow ? -1L : sum;
        }
    }

    /** Jump P1 P2 P3: continue at P1, P2 or P3 as the last Compare found less, equal or greater. */
    static final class ThreeWayJump extends InstructionNode {
        private final int less;
        private final int equal;
        private final int greater;

        ThreeWayJump(int pc, int less, int equal, int greater) {
            super(pc, DYNAMIC, -1, new int[]{less, equal, greater});
            this.less = less;
            this.equal = equal;
            this.greater = greater;
        }

        @Override
        public int executeTarget(Execution execution) {
            int c = execution.compareResult;
            return c < 0 ? less : c == 0 ? equal : greater;
        }
    }

    /**
     * MustBeInt P1 P2: r[P1] must be an integer (numeric affinity may make it one); if it cannot
     * be, jump to P2, or with P2 = 0 fail with SQLITE_MISMATCH.
     */
    static final class MustBeInt extends InstructionNode {
        private final int register;
        private final boolean failWithoutJump;

        MustBeInt(int pc, int target, int register) {
            super(pc, BRANCH, target);
            this.register = register;
            this.failWithoutJump = target == 0;
        }

        @Override
        public boolean executeBranch(Execution execution) {
            Object v = execution.registers[register];
            if (v instanceof Long) {
                return false;
            }
            Long i = SqlValues.integerAffinity(v);
            if (i != null) {
                execution.registers[register] = i;
                return false;
            }
            if (failWithoutJump) {
                throw execution.vdbe.abort(pc, org.graalite.runtime.ResultCodes.SQLITE_MISMATCH);
            }
            return true;
        }
    }
    /**
     * IsType P1 P2 P3 P4 P5: jump to P2 when the storage class of a value is in the mask P5
     * (0x01 INTEGER, 0x02 REAL, 0x04 TEXT, 0x08 BLOB, 0x10 NULL). With P1 = -1 the value is
     * r[P3]; otherwise it is field P3 of cursor P1's record, known from its serial type, and a
     * record with fewer fields has the type P4 (1 to 5 as above).
     */
    static final class IsType extends InstructionNode {
        private final int cursor;
        private final int field;
        private final int mask;
        private final int absentType;

        IsType(int pc, int target, int cursor, int field, int absentType, int mask) {
            super(pc, BRANCH, target);
            this.cursor = cursor;
            this.field = field;
            this.absentType = absentType;
            this.mask = mask;
        }

        @Override
        public boolean executeBranch(Execution execution) {
            int typeMask;
            if (cursor < 0) {
                Object v = execution.registers[field];
                typeMask = v == null ? 0x10 : v instanceof Long ? 0x01 : v instanceof Double ? 0x02 : v instanceof String || v instanceof org.graalite.runtime.InvalidText ? 0x04 : 0x08;
            } else {
                int serialType = execution.cursors[cursor].serialType(execution.vdbe, field);
                typeMask = serialType < 0 ? 1 << (absentType - 1) : serialTypeMask(serialType);
            }
            return (typeMask & mask) != 0;
        }

        /** The storage class of a serial type as IsType's mask (types 10 and 11 are reserved: NULL). */
        static int serialTypeMask(int serialType) {
            if (serialType >= 12) {
                return (serialType & 1) != 0 ? 0x04 : 0x08;
            }
            return serialType == 0 || serialType >= 10 ? 0x10 : serialType == 7 ? 0x02 : 0x01;
        }
    }

    /**
     * IfNullRow P1 P2 P3: when cursor P1 is on no row (NullRow, or a seek that found nothing),
     * r[P3] = NULL and jump to P2; a cursor that is not open falls through.
     */
    static final class IfNullRow extends InstructionNode {
        private final int cursor;
        private final int register;

        IfNullRow(int pc, int target, int cursor, int register) {
            super(pc, BRANCH, target);
            this.cursor = cursor;
            this.register = register;
        }

        @Override
        public boolean executeBranch(Execution execution) {
            org.graalite.runtime.RecordCursor c = execution.cursors[cursor];
            if (c != null && c.nullRow) {
                execution.registers[register] = null;
                return true;
            }
            return false;
        }
    }

    /**
     * ElseEq P2: follows a Lt or Gt (with only ReleaseReg between); jumps to P2 when an Eq on the
     * same operands would have been true. That comparison leaves its result in
     * {@link Execution#compareResult} (NULL operands count as not equal).
     */
    static final class ElseEq extends InstructionNode {
        ElseEq(int pc, int target) {
            super(pc, BRANCH, target);
        }

        @Override
        public boolean executeBranch(Execution execution) {
            return execution.compareResult == 0;
        }
    }
}
