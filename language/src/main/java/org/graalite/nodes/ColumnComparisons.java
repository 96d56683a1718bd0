package org.graalite.nodes;

import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.graalite.program.Instruction;

/**
 * Which comparisons of a program read a field in place instead of the register a Column just
 * filled, and which Columns then need not fill their register. A WHERE clause compiles to
 * {@code Column c, f -> r; Lt r, s}: a register that only the comparison reads. Reading the
 * field where it lies spares a String (text) or a box (numbers) per row.
 *
 * <p>A comparison's operand register {@code r} comes from a Column in place when the Column is
 * the last instruction before the comparison that writes {@code r}, only Columns and other
 * comparisons stand between them (nothing moves a cursor), and control reaches the comparison
 * from the Column alone (no jump lands after the Column). A Column stores nothing when every
 * instruction of the program that may read its register (see {@link RegisterReads}) is such a
 * comparison.
 */
final class ColumnComparisons {
    /** No comparison reads in place: the program as it is. */
    static final ColumnComparisons NONE = new ColumnComparisons(new BitSet(), Map.of());

    /** The operands of a comparison (r[P3] and r[P1]) that Columns read in place: the Columns' addresses, -1 for a register. */
    record Operands(int left, int right) {
    }

    private final BitSet unusedColumnValues;
    private final Map<Integer, Operands> comparisons;

    private ColumnComparisons(BitSet unusedColumnValues, Map<Integer, Operands> comparisons) {
        this.unusedColumnValues = unusedColumnValues;
        this.comparisons = comparisons;
    }

    boolean isEmpty() {
        return comparisons.isEmpty();
    }

    /** Whether the Column at {@code pc} need not store its value (every reader reads the field in place). */
    boolean columnValueUnused(int pc) {
        return unusedColumnValues.get(pc);
    }

    /** The operands of the comparison at {@code pc} that come from Columns; null if none does. */
    Operands operands(int pc) {
        return comparisons.get(pc);
    }

    /** The analysis of {@code program}, whose nodes (as first built) tell where control can go. */
    static ColumnComparisons of(List<Instruction> program, InstructionNode[] nodes, java.util.function.IntPredicate fusable) {
        BitSet[] reads = new BitSet[program.size()];
        for (Instruction i : program) {
            reads[i.address()] = RegisterReads.reads(i, program);
            if (reads[i.address()] == null) {
                // An instruction that may read any register: nothing is proven unused.
                return NONE;
            }
        }
        BitSet landings = landings(nodes);
        Map<Integer, int[]> candidates = new HashMap<>();
        for (Instruction i : program) {
            if (isComparison(i) && !landings.get(i.address()) && fusable.test(i.address())) {
                int left = source(program, landings, i.address(), i.p3());
                int right = source(program, landings, i.address(), i.p1());
                if (left >= 0 || right >= 0) {
                    candidates.put(i.address(), new int[]{left, right});
                }
            }
        }
        // A register keeps its fusions only if every read of it anywhere is a fused operand.
        BitSet kept = new BitSet();
        for (int[] sources : candidates.values()) {
            for (int s : sources) {
                if (s >= 0) {
                    kept.set(program.get(s).p3());
                }
            }
        }
        for (Instruction i : program) {
            int[] sources = candidates.get(i.address());
            BitSet r = (BitSet) reads[i.address()].clone();
            if (sources != null) {
                if (sources[0] >= 0) {
                    r.clear(i.p3());
                }
                if (sources[1] >= 0) {
                    r.clear(i.p1());
                }
                // The other operand is read as a register (even when it is the same register).
                if (sources[0] < 0) {
                    r.set(i.p3());
                }
                if (sources[1] < 0) {
                    r.set(i.p1());
                }
            }
            kept.andNot(r);
        }
        Map<Integer, Operands> comparisons = new HashMap<>();
        for (Map.Entry<Integer, int[]> e : candidates.entrySet()) {
            int[] s = e.getValue();
            int left = s[0] >= 0 && kept.get(program.get(s[0]).p3()) ? s[0] : -1;
            int right = s[1] >= 0 && kept.get(program.get(s[1]).p3()) ? s[1] : -1;
            if (left >= 0 || right >= 0) {
                comparisons.put(e.getKey(), new Operands(left, right));
            }
        }
        if (comparisons.isEmpty()) {
            return NONE;
        }
        BitSet unused = new BitSet();
        for (Instruction i : program) {
            if (i.opcodeName().equals("Column") && kept.get(i.p3())) {
                unused.set(i.address());
            }
        }
        return new ColumnComparisons(unused, comparisons);
    }

    static boolean isComparison(Instruction i) {
        return switch (i.opcodeName()) {
            case "Eq", "Ne", "Lt", "Le", "Gt", "Ge" -> true;
            default -> false;
        };
    }

    /**
     * The addresses control can reach other than from the instruction before: jump targets,
     * the addresses Return, Yield and EndCoroutine can continue at, where a program resumes
     * after a row, and the start.
     */
    private static BitSet landings(InstructionNode[] nodes) {
        BitSet landings = new BitSet();
        landings.set(0);
        for (InstructionNode n : nodes) {
            switch (n.kind) {
                case InstructionNode.BRANCH, InstructionNode.JUMP -> landings.set(n.target);
                case InstructionNode.DYNAMIC -> {
                    for (int c : n.candidates) {
                        landings.set(c);
                    }
                }
                case InstructionNode.ROW -> landings.set(n.pc + 1);
                default -> {
                }
            }
        }
        return landings;
    }

    /**
     * The address of the Column whose value register {@code register} holds when the
     * comparison at {@code comparison} runs, if control can only come from it through Columns
     * and comparisons; -1 otherwise.
     */
    private static int source(List<Instruction> program, BitSet landings, int comparison, int register) {
        for (int p = comparison - 1; p >= 0; p--) {
            Instruction i = program.get(p);
            if (i.opcodeName().equals("Column")) {
                if (i.p3() == register) {
                    return p;
                }
            } else if (!isComparison(i)) {
                return -1;
            }
            if (landings.get(p)) {
                // Control may arrive here from elsewhere, where the register holds something else.
                return -1;
            }
        }
        return -1;
    }
}
