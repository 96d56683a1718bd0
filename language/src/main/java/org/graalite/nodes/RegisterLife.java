package org.graalite.nodes;

import java.util.ArrayDeque;
import java.util.BitSet;
import java.util.List;
import java.util.function.IntPredicate;

import org.graalite.program.Instruction;

/**
 * Where the value an instruction writes into a register may be read: every path of the
 * program from that instruction on, until an instruction certainly writes the register again
 * ({@link RegisterReads#overwrites}), following where the nodes say control goes.
 */
final class RegisterLife {
    private RegisterLife() {
    }

    /**
     * Whether each instruction that may read {@code register} on a path from {@code from}
     * (the address after the writer) until the register is certainly written again is one
     * that {@code accepted} takes; an instruction that may read any register
     * ({@code reads[pc]} null) is refused.
     */
    static boolean readOnlyBy(List<Instruction> program, InstructionNode[] nodes, BitSet[] reads, int from, int register, IntPredicate accepted) {
        BitSet visited = new BitSet();
        ArrayDeque<Integer> work = new ArrayDeque<>();
        work.push(from);
        while (!work.isEmpty()) {
            int pc = work.pop();
            if (pc >= program.size() || visited.get(pc)) {
                continue;
            }
            visited.set(pc);
            if (reads[pc] == null) {
                return false;
            }
            boolean read = reads[pc].get(register);
            if (read && !accepted.test(pc)) {
                return false;
            }
            if (!read && RegisterReads.overwrites(program.get(pc), register)) {
                continue;
            }
            InstructionNode n = nodes[pc];
            switch (n.kind) {
                case InstructionNode.BRANCH -> {
                    work.push(n.target);
                    work.push(pc + 1);
                }
                case InstructionNode.JUMP -> work.push(n.target);
                case InstructionNode.DYNAMIC -> {
                    for (int c : n.candidates) {
                        work.push(c);
                    }
                }
                case InstructionNode.HALT -> {
                }
                default -> work.push(pc + 1);
            }
        }
        return true;
    }
}
