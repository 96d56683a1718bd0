package org.graalite.nodes;

import com.oracle.truffle.api.dsl.Fallback;
import com.oracle.truffle.api.dsl.Specialization;
import com.oracle.truffle.api.nodes.Node;

/**
 * One arithmetic operation on two register values, specialized on the operand types it has
 * seen: an Add over INTEGER columns compiles to an overflow-checked long addition, one over
 * REAL columns to a double addition, and the generic SQLite rules (NULL, text read as a
 * number, division by zero) are compiled only where they occurred.
 */
abstract class ArithmeticOperationNode extends Node {
    /** ArithmeticNodes.ADD, SUBTRACT, MULTIPLY, DIVIDE or REMAINDER. */
    final int operation;

    ArithmeticOperationNode(int operation) {
        this.operation = operation;
    }

    /** {@code a op b} with SQLite's rules: Long, Double or null. */
    abstract Object execute(Object a, Object b);

    @Specialization
    Object integers(long a, long b) {
        return ArithmeticNodes.compute(operation, a, b);
    }

    @Specialization(guards = "operation != REMAINDER")
    Object reals(double a, double b) {
        return ArithmeticNodes.real(operation, a, b);
    }

    @Specialization(guards = "operation != REMAINDER")
    Object integerReal(long a, double b) {
        return ArithmeticNodes.real(operation, a, b);
    }

    @Specialization(guards = "operation != REMAINDER")
    Object realInteger(double a, long b) {
        return ArithmeticNodes.real(operation, a, b);
    }

    /** NULL operands, text and blobs, REAL remainders. */
    @Fallback
    Object generic(Object a, Object b) {
        return ArithmeticNodes.compute(operation, a, b);
    }

    static final int REMAINDER = ArithmeticNodes.REMAINDER;
}
