package org.graalite.nodes;

import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.graalite.program.Instruction;

/**
 * Which instructions of a program read a field in place instead of the register a Column just
 * filled, and which Columns then need not fill their register. A WHERE clause compiles to
 * {@code Column c, f -> r; Lt r, s}, a star join to {@code Column -> r; MustBeInt r; Filter r;
 * ...; SeekRowid r}: registers that only those instructions read. Reading the field where it
 * lies spares a String (text) or a box (numbers) per row.
 *
 * <p>The readers: comparisons (Eq, Ne, Lt, Le, Gt, Ge, both operands), arithmetic (Add,
 * Subtract, Multiply, Divide, Remainder, both operands), a step of sum, total or avg, MustBeInt, a Bloom
 * filter's Filter of one register, SeekRowid, NotExists, LIKE's string, substr's text, the arguments of a call of SQLite's
 * own C function (JSON's, dates: text passed as the record's bytes) and of a step of its own
 * aggregate (those two also take the result a call left in SQLite's register), and MakeRecord (a sorter's or an
 * index's key of columns: fields copied as stored, no String decoded and encoded again). A reader's operand register
 * {@code r} may come from a Column in place when the Column is the last instruction before the
 * reader that writes {@code r}, only instructions that move no cursor stand between them
 * (Columns, comparisons, arithmetic into other registers, MustBeInt, Filter, RealAffinity, constants into other registers; a RealAffinity or MustBeInt of
 * {@code r} itself only right after the Column, which the readers then apply), and control
 * reaches the reader from the Column alone (no jump lands after the Column). It does when the
 * Column's value is read by nothing else: every instruction that may read {@code r} (see
 * {@link RegisterReads}) on every path from the Column, until something certainly writes
 * {@code r} again, is such a reader. That Column then stores nothing.
 */
final class ColumnComparisons {
    /** No instruction reads in place: the program as it is. */
    static final ColumnComparisons NONE = new ColumnComparisons(new BitSet(), Map.of());

    /** What stood between the Column and its reader and changed the register's value: nothing. */
    static final int AS_STORED = 0;
    /** A RealAffinity of the register: integers (a REAL column's integral values) read as reals. */
    static final int REAL_AFFINITY = 1;
    /** A MustBeInt of the register: the value the reader sees is its integer (MustBeInt let it pass). */
    static final int MUST_BE_INT = 2;

    /** An operand a Column reads in place: the Column's address and what came between ({@link #AS_STORED}, ...). */
    record Operand(int column, int conversion) {
    }

    /**
     * The in-place operands of a reader, in the order of its registers: for comparisons r[P3]
     * and r[P1], for MakeRecord r[P1] to r[P1+P2-1], for the others their one register; null
     * where the operand is read from its register.
     */
    record Operands(Operand[] all) {
        Operand left() {
            return all[0];
        }

        Operand right() {
            return all.length > 1 ? all[1] : null;
        }
    }

    private final BitSet unusedColumnValues;
    private final Map<Integer, Operands> readers;

    private ColumnComparisons(BitSet unusedColumnValues, Map<Integer, Operands> readers) {
        this.unusedColumnValues = unusedColumnValues;
        this.readers = readers;
    }

    boolean isEmpty() {
        return readers.isEmpty();
    }

    /** Whether the Column at {@code pc} need not store its value (every reader reads the field in place). */
    boolean columnValueUnused(int pc) {
        return unusedColumnValues.get(pc);
    }

    /** The operands of the reader at {@code pc} that come from Columns; null if none does. */
    Operands operands(int pc) {
        return readers.get(pc);
    }

    /** The registers instruction {@code i} can read in place, in the order of {@link Operands}; none if it is no reader. */
    private static int[] readerRegisters(Instruction i, InstructionNode node) {
        switch (i.opcodeName()) {
            case "Eq", "Ne", "Lt", "Le", "Gt", "Ge":
                return new int[]{i.p3(), i.p1()};
            case "MustBeInt":
                return new int[]{i.p1()};
            case "Add", "Subtract", "Multiply", "Divide", "Remainder":
                // r[P3] = r[P2] op r[P1] (InPlaceReaders.Arithmetic).
                return new int[]{i.p2(), i.p1()};
            case "SeekRowid", "NotExists":
                return new int[]{i.p3()};
            case "Filter":
                return i.p4() instanceof org.graalite.program.P4.Int32 n && n.value() == 1 ? new int[]{i.p3()} : new int[0];
            case "Function", "PureFunc":
                // SQLite's own like(pattern, string): the string (see TextFunctionNodes.LikeInPlace);
                // its substr(X, Y[, Z]): X (see TextFunctionNodes.SubstrInPlace).
                if (TextFunctionNodes.isBuiltinLike(i)) {
                    return new int[]{i.p2() + 1};
                }
                if (TextFunctionNodes.isBuiltinSubstr(i)) {
                    return new int[]{i.p2()};
                }
                // A call of SQLite's C function (json_extract, ->>, date, an extension's): its
                // arguments, text passed to SQLite as the bytes the record holds (FunctionNodes.NativeCallInPlace).
                if (isNativeCall(node) && i.p4() instanceof org.graalite.program.P4.Function f) {
                    int[] registers = new int[f.callArguments()];
                    for (int k = 0; k < registers.length; k++) {
                        registers[k] = i.p2() + k;
                    }
                    return registers;
                }
                return new int[0];
            case "AggStep", "AggStep1", "AggInverse":
                // A step of SQLite's own aggregate (AggregateNodes.NativeStep): its arguments, as a
                // function call's (json_group_array of json_object's result in SQLite's register).
                if (isNativeStep(node)) {
                    int[] registers = new int[i.p5()];
                    for (int k = 0; k < registers.length; k++) {
                        registers[k] = i.p2() + k;
                    }
                    return registers;
                }
                // A step of sum, total or avg in Java (InPlaceReaders.SumStep).
                if (node instanceof AggregateNodes.Step s && s.sumsOneArgument()) {
                    return new int[]{i.p2()};
                }
                return new int[0];
            case "MakeRecord": {
                // Not with P5 flags (an UPDATE's unchanged-column magic) or an unusual size.
                if (i.p5() != 0 || i.p2() <= 0 || i.p2() > MAKE_RECORD_FIELDS) {
                    return new int[0];
                }
                int[] registers = new int[i.p2()];
                for (int k = 0; k < registers.length; k++) {
                    registers[k] = i.p1() + k;
                }
                return registers;
            }
            default:
                return new int[0];
        }
    }

    /** Whether {@code node} (as first built) calls SQLite's C function with the values of its argument registers. */
    static boolean isNativeCall(InstructionNode node) {
        return node != null && node.getClass() == FunctionNodes.NativeCall.class;
    }

    /** Whether {@code node} (as first built) steps SQLite's own aggregate on the values of its argument registers. */
    static boolean isNativeStep(InstructionNode node) {
        return node instanceof AggregateNodes.NativeStep;
    }

    /** Whether {@code node} hands SQLite's C code its argument registers' values: a function call's or an aggregate step's. */
    static boolean readsForSqlite(InstructionNode node) {
        return isNativeCall(node) || isNativeStep(node);
    }

    /** The most fields a MakeRecord may take in place (sorter and index keys have a few). */
    private static final int MAKE_RECORD_FIELDS = 32;

    /** The analysis of {@code program}, whose nodes (as first built) tell where control can go. */
    static ColumnComparisons of(List<Instruction> program, InstructionNode[] nodes, java.util.function.IntPredicate fusable) {
        BitSet landings = landings(nodes);
        // For each reader, the operands it may read in place (null: from the register).
        Map<Integer, Operand[]> candidates = new HashMap<>();
        for (Instruction i : program) {
            int[] registers = readerRegisters(i, nodes[i.address()]);
            if (registers.length == 0 || landings.get(i.address()) || !fusable.test(i.address())) {
                continue;
            }
            Operand[] operands = new Operand[registers.length];
            boolean any = false;
            boolean nativeReader = readsForSqlite(nodes[i.address()]);
            for (int k = 0; k < registers.length; k++) {
                operands[k] = source(program, nodes, landings, i.address(), registers[k], nativeReader);
                any |= operands[k] != null;
            }
            if (any) {
                candidates.put(i.address(), operands);
            }
        }
        if (candidates.isEmpty()) {
            return NONE;
        }
        BitSet[] reads = new BitSet[program.size()];
        for (Instruction i : program) {
            reads[i.address()] = RegisterReads.reads(i, program);
        }
        // A Column's value may stay unstored when only readers of its field in place read it.
        BitSet unused = new BitSet();
        BitSet refused = new BitSet();
        for (Operand[] operands : candidates.values()) {
            for (Operand o : operands) {
                if (o != null && !unused.get(o.column()) && !refused.get(o.column())) {
                    (readOnlyInPlace(program, nodes, reads, candidates, o.column()) ? unused : refused).set(o.column());
                }
            }
        }
        Map<Integer, Operands> readers = new HashMap<>();
        for (Map.Entry<Integer, Operand[]> e : candidates.entrySet()) {
            Operand[] o = e.getValue().clone();
            boolean any = false;
            for (int k = 0; k < o.length; k++) {
                if (o[k] != null && !unused.get(o[k].column())) {
                    o[k] = null;
                }
                any |= o[k] != null;
            }
            if (any) {
                readers.put(e.getKey(), new Operands(o));
            }
        }
        return readers.isEmpty() ? NONE : new ColumnComparisons(unused, readers);
    }

    /**
     * Whether every instruction that may read the register Column {@code column} writes, on
     * any path from the Column until an instruction certainly writes the register again, is a
     * reader of the Column's field in place.
     */
    private static boolean readOnlyInPlace(List<Instruction> program, InstructionNode[] nodes, BitSet[] reads, Map<Integer, Operand[]> candidates, int column) {
        int register = program.get(column).p3();
        // (A RealAffinity of the register right after the Column: its readers apply it.)
        return RegisterLife.readOnlyBy(program, nodes, reads, column + 1, register, pc -> readsInPlace(program.get(pc), nodes[pc], candidates.get(pc), register, column) ||
                        (program.get(pc).opcodeName().equals("RealAffinity") && program.get(pc).p1() == register && pc == column + 1));
    }

    /** Whether reader {@code i} reads every operand that is {@code register} in place from Column {@code column}. */
    private static boolean readsInPlace(Instruction i, InstructionNode node, Operand[] operands, int register, int column) {
        if (operands == null) {
            return false;
        }
        int[] registers = readerRegisters(i, node);
        for (int k = 0; k < registers.length; k++) {
            if (registers[k] == register && (operands[k] == null || operands[k].column() != column)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Integer, Int64, Real and String8 put a constant into register P2 and move no cursor: a
     * function's constant arguments (substr(c_phone, 1, 2)) come between its Column and the call.
     */
    private static boolean loadsConstant(Instruction i) {
        return switch (i.opcodeName()) {
            case "Integer", "Int64", "Real", "String8" -> true;
            default -> false;
        };
    }

    static boolean isArithmetic(Instruction i) {
        return switch (i.opcodeName()) {
            case "Add", "Subtract", "Multiply", "Divide", "Remainder" -> true;
            default -> false;
        };
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
     * The Column whose value register {@code register} holds when the reader at
     * {@code reader} runs, if control can only come from it through instructions that move no
     * cursor and leave the register alone (but for a RealAffinity or MustBeInt of it right
     * after the Column); null otherwise.
     */
    private static Operand source(List<Instruction> program, InstructionNode[] nodes, BitSet landings, int reader, int register, boolean nativeReader) {
        int conversion = AS_STORED;
        int conversionAt = -1;
        for (int p = reader - 1; p >= 0; p--) {
            Instruction i = program.get(p);
            String name = i.opcodeName();
            boolean ofRegister = i.p1() == register;
            if (name.equals("Column")) {
                if (i.p3() == register) {
                    return conversionAt < 0 || conversionAt == p + 1 ? new Operand(p, conversion) : null;
                }
            } else if (nativeReader && isNativeCall(nodes[p]) && i.p3() == register && conversionAt < 0) {
                // A call of SQLite's function whose result the reader, another one, takes as it
                // stands in SQLite's register (see FunctionNodes.NativeCallInPlace): JSON made by
                // one function and read by the next never becomes a String.
                return new Operand(p, AS_STORED);
            } else if ((name.equals("RealAffinity") || name.equals("MustBeInt")) && ofRegister) {
                if (conversionAt >= 0) {
                    return null;
                }
                conversionAt = p;
                conversion = name.equals("RealAffinity") ? REAL_AFFINITY : MUST_BE_INT;
            } else if (loadsConstant(i)) {
                if (i.p2() == register) {
                    return null;
                }
            } else if (isArithmetic(i)) {
                // Arithmetic moves no cursor and writes only r[P3] (l_extendedprice * (1 - l_discount)
                // computes 1 - l_discount between the Column of l_extendedprice and the Multiply).
                if (i.p3() == register) {
                    return null;
                }
            } else if (!(isComparison(i) || name.equals("Filter") || name.equals("MustBeInt") || name.equals("RealAffinity"))) {
                // Anything else may move a cursor or write the register.
                return null;
            }
            if (landings.get(p)) {
                // Control may arrive here from elsewhere, where the register holds something else.
                return null;
            }
        }
        return null;
    }
}
