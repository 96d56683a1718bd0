package org.graalite.nodes;

import org.graalite.runtime.Execution;
import org.graalite.runtime.SqlValues;

/**
 * Add, Subtract, Multiply, Divide, Remainder P1 P2 P3: r[P3] = r[P2] op r[P1], with SQLite's
 * rules: integer arithmetic when both operands are integers (overflow turns it into real
 * arithmetic), NULL when either is NULL or on division by zero, text read as a number, and a
 * real result that is NaN becomes NULL.
 */
final class ArithmeticNodes {
    static final int ADD = 0;
    static final int SUBTRACT = 1;
    static final int MULTIPLY = 2;
    static final int DIVIDE = 3;
    static final int REMAINDER = 4;

    private ArithmeticNodes() {
    }

    static final class Arithmetic extends InstructionNode {
        @Child private ArithmeticOperationNode operation;
        private final int right;
        private final int left;
        private final int result;

        Arithmetic(int pc, int operation, int right, int left, int result) {
            super(pc, STRAIGHT, -1);
            this.operation = ArithmeticOperationNodeGen.create(operation);
            this.right = right;
            this.left = left;
            this.result = result;
        }

        @Override
        public void execute(Execution execution) {
            Object[] r = execution.registers;
            r[result] = operation.execute(r[left], r[right]);
        }
    }

    static Object compute(int operation, long a, long b) {
        Object v = integer(operation, a, b);
        if (v != FLOAT) {
            return v;
        }
        return real(operation, (Object) a, (Object) b);
    }

    /** The generic rules (text operands are read as numbers by SQLite): out of line. */
    @com.oracle.truffle.api.CompilerDirectives.TruffleBoundary
    static Object compute(int operation, Object a, Object b) {
        if (a instanceof Long x && b instanceof Long y) {
            Object v = integer(operation, x, y);
            if (v != FLOAT) {
                return v;
            }
        } else if (a == null || b == null) {
            return null;
        } else if (SqlValues.isIntegral(a) && SqlValues.isIntegral(b)) {
            Object v = integer(operation, SqlValues.intValue(a), SqlValues.intValue(b));
            if (v != FLOAT) {
                return v;
            }
        }
        return real(operation, a, b);
    }

    /** Marks an integer operation that must be redone in real arithmetic. */
    private static final Object FLOAT = new Object();

    private static Object integer(int operation, long a, long b) {
        switch (operation) {
            case ADD: {
                long s = a + b;
                return ((a ^ s) & (b ^ s)) < 0 ? FLOAT : (Object) s;
            }
            case SUBTRACT: {
                long d = a - b;
                return ((a ^ b) & (a ^ d)) < 0 ? FLOAT : (Object) d;
            }
            case MULTIPLY: {
                long hi = Math.multiplyHigh(a, b);
                long lo = a * b;
                return (hi == 0 && lo >= 0) || (hi == -1 && lo < 0) ? (Object) lo : FLOAT;
            }
            case DIVIDE:
                if (b == 0) {
                    return null;
                }
                if (b == -1 && a == Long.MIN_VALUE) {
                    return FLOAT;
                }
                return a / b;
            default:
                if (b == 0) {
                    return null;
                }
                return a % (b == -1 ? 1 : b);
        }
    }

    /** Real arithmetic for every operation but REMAINDER, which works on integers. */
    static Object real(int operation, double x, double y) {
        double v;
        switch (operation) {
            case ADD:
                v = x + y;
                break;
            case SUBTRACT:
                v = x - y;
                break;
            case MULTIPLY:
                v = x * y;
                break;
            default:
                if (y == 0) {
                    return null;
                }
                v = x / y;
                break;
        }
        return org.graalite.runtime.SqlValues.real(v);
    }

    private static Object real(int operation, Object a, Object b) {
        if (operation != REMAINDER) {
            return real(operation, SqlValues.realValue(a), SqlValues.realValue(b));
        }
        // A REAL operand of % still takes integer remainders; the result is REAL.
        long ia = SqlValues.intValue(a);
        long ib = SqlValues.intValue(b);
        if (ib == 0) {
            return null;
        }
        return (double) (ia % (ib == -1 ? 1 : ib));
    }
}
