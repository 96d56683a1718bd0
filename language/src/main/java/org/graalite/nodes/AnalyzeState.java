package org.graalite.nodes;

import java.util.BitSet;
import java.util.List;

import org.graalite.program.Instruction;
import org.graalite.program.P4;

/**
 * ANALYZE's accumulators on the Truffle tier. ANALYZE's program keeps a StatAccum per index in
 * a register: stat_init's result, which stat_push updates for every entry and stat_get reads.
 * That value is a C struct handed out as a blob with a destructor (analyze.c), whose address is
 * what the next calls need: a copy in Java would be a dangling one. So the register stays on
 * SQLite's side: stat_init leaves its result there (NativeCall.keepingResultInSqlite) and
 * stat_push and stat_get take it from there (NativeCallInPlace's in-register arguments). The
 * Truffle tier runs such a program only when nothing else reads the register.
 */
final class AnalyzeState {
    private AnalyzeState() {
    }

    /**
     * Whether {@code i} calls one of ANALYZE's functions (stat_init, stat_push, stat_get). They
     * are analyze.c's own FuncDefs, which do not carry SQLITE_FUNC_BUILTIN, so the name tells
     * (a guest's function of that name is called from Java before this is asked, and its
     * result, read by anything but these, makes {@link #unsupported} refuse the program).
     */
    static boolean isStatFunction(Instruction i) {
        return (i.opcodeName().equals("Function") || i.opcodeName().equals("PureFunc")) && i.p4() instanceof P4.Function f &&
                        (f.name().equals("stat_init") || f.name().equals("stat_push") || f.name().equals("stat_get"));
    }

    private static boolean isStatInit(Instruction i) {
        return isStatFunction(i) && ((P4.Function) i.p4()).name().equals("stat_init");
    }

    /** The registers that hold an accumulator in {@code program}: stat_init's results (empty in most programs). */
    static BitSet registers(List<Instruction> program) {
        BitSet state = new BitSet();
        for (Instruction i : program) {
            if (isStatInit(i)) {
                state.set(i.p3());
            }
        }
        return state;
    }

    /**
     * Why the Truffle tier cannot keep {@code program}'s accumulators on SQLite's side, or null:
     * an instruction other than ANALYZE's functions may read one, or writes one.
     */
    static String unsupported(List<Instruction> program) {
        BitSet state = registers(program);
        if (state.isEmpty()) {
            return null;
        }
        for (Instruction i : program) {
            if (isStatFunction(i)) {
                continue;
            }
            BitSet reads = RegisterReads.reads(i, program);
            if (reads == null || reads.intersects(state)) {
                return "ANALYZE's state read by " + i.opcodeName();
            }
            for (int r = state.nextSetBit(0); r >= 0; r = state.nextSetBit(r + 1)) {
                if (RegisterReads.overwrites(i, r)) {
                    return "ANALYZE's state written by " + i.opcodeName();
                }
            }
        }
        return null;
    }

    /**
     * The call of ANALYZE's function {@code i}: its accumulator arguments taken from SQLite's
     * register, and stat_init's result left there.
     */
    static FunctionNodes.NativeCall call(Instruction i, List<Instruction> program) {
        BitSet state = registers(program);
        int count = ((P4.Function) i.p4()).callArguments();
        boolean[] inSqliteRegister = new boolean[count];
        boolean any = false;
        for (int k = 0; k < count; k++) {
            if (state.get(i.p2() + k)) {
                inSqliteRegister[k] = true;
                any = true;
            }
        }
        FunctionNodes.NativeCall call = any ? new FunctionNodes.NativeCallInPlace(i.address(), i.p2(), count, i.p3(), new RecordField[count], new int[count], inSqliteRegister)
                        : new FunctionNodes.NativeCall(i.address(), i.p2(), count, i.p3());
        return state.get(i.p3()) ? call.keepingResultInSqlite() : call;
    }
}
