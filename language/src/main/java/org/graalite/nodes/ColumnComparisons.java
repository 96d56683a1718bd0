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
 * <p>A comparison's operand register {@code r} may come from a Column in place when the Column
 * is the last instruction before the comparison that writes {@code r}, only Columns and other
 * comparisons stand between them (nothing moves a cursor), and control reaches the comparison
 * from the Column alone (no jump lands after the Column). It does when the Column's value is
 * read by nothing else: every instruction that may read {@code r} (see {@link RegisterReads}) on
 * every path from the Column, until something certainly writes {@code r} again, is such a
 * comparison. That Column then stores nothing.
 */
final class ColumnComparisons {
    /** No comparison reads in place: the program as it is. */
    static final ColumnComparisons NONE = new ColumnComparisons(new BitSet(), Map.of());

    /**
     * The operands of a comparison (r[P3] and r[P1]) that Columns read in place: the Columns'
     * addresses, -1 for a register; and whether a RealAffinity of the register stood between
     * Column and comparison (a REAL column's integral values, stored as integers, compare as reals).
     */
    record Operands(int left, int right, boolean leftRealAffinity, boolean rightRealAffinity) {
    }

    /** {@link #source}: a RealAffinity of the register came between the Column and the comparison. */
    private static final int REAL_AFFINITY = 1 << 30;

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
        BitSet landings = landings(nodes);
        // For each comparison, the Columns its operands r[P3] and r[P1] may be read from.
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
        if (candidates.isEmpty()) {
            return NONE;
        }
        BitSet[] reads = new BitSet[program.size()];
        for (Instruction i : program) {
            reads[i.address()] = RegisterReads.reads(i, program);
        }
        // A Column's value may stay unstored when only comparisons that read its field read it.
        BitSet unused = new BitSet();
        for (int[] sources : candidates.values()) {
            for (int source : sources) {
                int column = source & ~REAL_AFFINITY;
                if (source >= 0 && !unused.get(column) && readOnlyInPlace(program, nodes, reads, candidates, column)) {
                    unused.set(column);
                }
            }
        }
        Map<Integer, Operands> comparisons = new HashMap<>();
        for (Map.Entry<Integer, int[]> e : candidates.entrySet()) {
            int[] s = e.getValue();
            int left = s[0] >= 0 && unused.get(s[0] & ~REAL_AFFINITY) ? s[0] & ~REAL_AFFINITY : -1;
            int right = s[1] >= 0 && unused.get(s[1] & ~REAL_AFFINITY) ? s[1] & ~REAL_AFFINITY : -1;
            if (left >= 0 || right >= 0) {
                comparisons.put(e.getKey(), new Operands(left, right, left >= 0 && (s[0] & REAL_AFFINITY) != 0, right >= 0 && (s[1] & REAL_AFFINITY) != 0));
            }
        }
        return comparisons.isEmpty() ? NONE : new ColumnComparisons(unused, comparisons);
    }

    /**
     * Whether every instruction that may read the register Column {@code column} writes, on
     * any path from the Column until an instruction certainly writes the register again, is a
     * comparison that reads the Column's field in place instead.
     */
    private static boolean readOnlyInPlace(List<Instruction> program, InstructionNode[] nodes, BitSet[] reads, Map<Integer, int[]> candidates, int column) {
        int register = program.get(column).p3();
        BitSet visited = new BitSet();
        java.util.ArrayDeque<Integer> work = new java.util.ArrayDeque<>();
        work.push(column + 1);
        while (!work.isEmpty()) {
            int pc = work.pop();
            if (pc >= program.size() || visited.get(pc)) {
                continue;
            }
            visited.set(pc);
            Instruction i = program.get(pc);
            if (reads[pc] == null) {
                // May read any register.
                return false;
            }
            if (reads[pc].get(register)) {
                int[] sources = candidates.get(pc);
                boolean inPlace = sources != null && (i.p3() != register || (sources[0] & ~REAL_AFFINITY) == column) &&
                                (i.p1() != register || (sources[1] & ~REAL_AFFINITY) == column);
                // A RealAffinity of the register right after the Column: the comparisons apply it.
                boolean realAffinity = i.opcodeName().equals("RealAffinity") && i.p1() == register && pc == column + 1;
                if (!inPlace && !realAffinity) {
                    return false;
                }
            } else if (RegisterReads.overwrites(i, register)) {
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
     * and comparisons (and a RealAffinity of the register right after the Column: then with
     * {@link #REAL_AFFINITY} set); -1 otherwise.
     */
    private static int source(List<Instruction> program, BitSet landings, int comparison, int register) {
        int realAffinity = 0;
        for (int p = comparison - 1; p >= 0; p--) {
            Instruction i = program.get(p);
            if (i.opcodeName().equals("Column")) {
                if (i.p3() == register) {
                    return realAffinity != 0 && realAffinity != p + 1 ? -1 : p | (realAffinity != 0 ? REAL_AFFINITY : 0);
                }
            } else if (i.opcodeName().equals("RealAffinity") && i.p1() == register && realAffinity == 0) {
                realAffinity = p;
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
