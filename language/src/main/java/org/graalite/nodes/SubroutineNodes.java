package org.graalite.nodes;

import org.graalite.runtime.Execution;

/**
 * Subroutines (Gosub, Return) and coroutines (InitCoroutine, Yield, EndCoroutine): jumps
 * through an address kept in a register. The addresses each can reach are collected from the
 * program by {@link NodeFactory}, so the dispatch loop turns each into a constant, the way
 * JVM interpreters handle JSR/RET.
 */
final class SubroutineNodes {
    private SubroutineNodes() {
    }

    /** Gosub P1 P2: r[P1] = this address; jump to P2. */
    static final class Gosub extends InstructionNode {
        private final int register;

        Gosub(int pc, int target, int register) {
            super(pc, JUMP, target);
            this.register = register;
        }

        @Override
        public void execute(Execution execution) {
            execution.registers[register] = (long) pc;
        }
    }

    /** Return P1 P2 P3: continue after the address in r[P1]; if r[P1] holds no address (and P3 is set), fall through. */
    static final class Return extends InstructionNode {
        private final int register;

        Return(int pc, int register, int[] candidates) {
            super(pc, DYNAMIC, -1, candidates);
            this.register = register;
        }

        @Override
        public int executeTarget(Execution execution) {
            Object v = execution.registers[register];
            return v instanceof Long l ? (int) (long) l + 1 : pc + 1;
        }
    }

    /** InitCoroutine P1 P2 P3: r[P1] = P3 - 1 (the coroutine starts at P3); jump to P2. */
    static final class InitCoroutine extends InstructionNode {
        private final int register;
        private final int entry;

        InitCoroutine(int pc, int target, int register, int entry) {
            super(pc, JUMP, target);
            this.register = register;
            this.entry = entry;
        }

        @Override
        public void execute(Execution execution) {
            execution.registers[register] = (long) (entry - 1);
        }
    }

    /** Yield P1: swap the current address with r[P1] and continue after the address it held. */
    static final class Yield extends InstructionNode {
        private final int register;

        Yield(int pc, int register, int[] candidates) {
            super(pc, DYNAMIC, -1, candidates);
            this.register = register;
        }

        @Override
        public int executeTarget(Execution execution) {
            int destination = (int) (long) (Long) execution.registers[register];
            execution.registers[register] = (long) pc;
            return destination + 1;
        }
    }

    /** EndCoroutine P1: the coroutine is done: continue at P2 of the Yield that called it (its address is in r[P1]). */
    static final class EndCoroutine extends InstructionNode {
        private final int register;
        /** P2 of each instruction address a caller can have, by address; -1 elsewhere. */
        private final int[] callerTargets;

        EndCoroutine(int pc, int register, int[] callerTargets, int[] candidates) {
            super(pc, DYNAMIC, -1, candidates);
            this.register = register;
            this.callerTargets = callerTargets;
        }

        @Override
        public int executeTarget(Execution execution) {
            int caller = (int) (long) (Long) execution.registers[register];
            // A later Yield on this register comes back here and ends again.
            execution.registers[register] = (long) (pc - 1);
            return callerTargets[caller];
        }
    }
}
