package org.graalite.nodes;

import com.oracle.truffle.api.nodes.ExplodeLoop;

import org.graalite.runtime.Execution;

/**
 * Function P1 P2 P3 P4 and PureFunc: r[P3] = the scalar function of P4 applied to
 * r[P2..P2+argc-1]. Every built-in function runs as SQLite's own code through the shim, so
 * its results are SQLite's exactly (dates, printf, json, ...); the functions queries use
 * most are to become Java nodes that Graal inlines.
 */
final class FunctionNodes {
    private FunctionNodes() {
    }

    static final class NativeCall extends InstructionNode {
        private final int firstArgument;
        private final int argumentCount;
        private final int result;

        NativeCall(int pc, int firstArgument, int argumentCount, int result) {
            super(pc, STRAIGHT, -1);
            this.firstArgument = firstArgument;
            this.argumentCount = argumentCount;
            this.result = result;
        }

        @Override
        @ExplodeLoop
        public void execute(Execution execution) {
            Object[] arguments = new Object[argumentCount];
            for (int i = 0; i < argumentCount; i++) {
                arguments[i] = execution.registers[firstArgument + i];
            }
            execution.registers[result] = execution.vdbe.callFunction(pc, arguments);
        }
    }
}
