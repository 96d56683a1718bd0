package org.graalite.nodes;

import java.util.List;

import com.oracle.truffle.api.RootCallTarget;
import com.oracle.truffle.api.TruffleLanguage;

import org.graalite.program.Instruction;
import org.graalite.program.P4;
import org.graalite.program.Program;

/**
 * Builds the Truffle tier's nodes for a program, and says which instructions it can run:
 * the two stay in one place so that what is reported as supported is exactly what is built.
 */
public final class NodeFactory {
    private NodeFactory() {
    }

    /** Why the Truffle tier cannot run {@code i}; null if it can. */
    public static String unsupported(Instruction i) {
        switch (i.opcodeName()) {
            case "Init", "Goto", "Halt", "If", "IfNot", "IsNull", "NotNull", "DecrJumpZero", "Integer", "Int64", "Real", "String8", "String", "Copy", "SCopy",
                            "Move", "RealAffinity", "ResultRow", "Add", "Subtract", "Multiply", "Divide", "Remainder", "OpenRead", "Close", "Next", "Prev",
                            "Column", "Rowid", "Noop":
                return null;
            case "Rewind", "Last":
                // With P2 = 0 the move never jumps; SQLite's code generator uses that rarely.
                return i.p2() > 0 ? null : i.opcodeName() + " without a jump";
            case "Null":
                // P1 != 0 makes a "cleared" NULL that NULLEQ comparisons treat as unequal.
                return i.p1() == 0 ? null : "Null with P1";
            case "Eq", "Ne", "Lt", "Le", "Gt", "Ge":
                return i.p4() instanceof P4.None || (i.p4() instanceof P4.CollSeq c && c.name().equals("BINARY")) ? null : i.opcodeName() + " with collation " + i.p4Display();
            case "Transaction":
                return i.p2() == 0 ? null : "Transaction (write)";
            case "Variable", "Count":
                return null;
            case "SeekRowid", "NotExists":
                // With P2 = 0 a missing row is corruption; the code generator does that for NotExists only in writes.
                return i.p2() > 0 ? null : i.opcodeName() + " without a jump";
            case "CollSeq":
                return i.p4() instanceof P4.CollSeq c && c.name().equals("BINARY") ? null : "CollSeq " + i.p4Display();
            case "AggStep", "AggFinal":
                return i.p4() instanceof P4.Function f && !f.context() && AggregateNodes.kind(f.name(), f.argumentCount()) >= 0 ? null : i.opcodeName() + " " + i.p4Display();
            default:
                return i.opcodeName();
        }
    }

    /** The call target that runs {@code program} (every instruction must be supported). */
    public static RootCallTarget create(TruffleLanguage<?> language, Program program, String sql) {
        List<Instruction> instructions = program.instructions();
        InstructionNode[] nodes = new InstructionNode[instructions.size()];
        for (Instruction i : instructions) {
            nodes[i.address()] = node(i, instructions);
        }
        return new ProgramRootNode(language, nodes, sql).getCallTarget();
    }

    private static InstructionNode node(Instruction i, List<Instruction> program) {
        int pc = i.address();
        switch (i.opcodeName()) {
            case "Init":
            case "Goto":
                return new ControlNodes.Jump(pc, i.p2());
            case "Halt":
                return new ControlNodes.Halt(pc);
            case "If":
                return new ControlNodes.Truth(pc, i.p2(), i.p1(), true, i.p3() != 0);
            case "IfNot":
                return new ControlNodes.Truth(pc, i.p2(), i.p1(), false, i.p3() != 0);
            case "IsNull":
                return new ControlNodes.NullTest(pc, i.p2(), i.p1(), true);
            case "NotNull":
                return new ControlNodes.NullTest(pc, i.p2(), i.p1(), false);
            case "DecrJumpZero":
                return new ControlNodes.DecrJumpZero(pc, i.p2(), i.p1());
            case "Integer":
                return new RegisterNodes.Constant(pc, i.p2(), (long) i.p1());
            case "Int64":
                return new RegisterNodes.Constant(pc, i.p2(), ((long) i.p3() << 32) | (i.p1() & 0xffffffffL));
            case "Real":
                return new RegisterNodes.Constant(pc, i.p2(), Double.longBitsToDouble(((long) i.p3() << 32) | (i.p1() & 0xffffffffL)));
            case "String8":
            case "String":
                return new RegisterNodes.Constant(pc, i.p2(), ((P4.Text) i.p4()).value());
            case "Null":
                return new RegisterNodes.SetNull(pc, i.p2(), i.p3());
            case "Copy":
                return new RegisterNodes.Transfer(pc, i.p1(), i.p2(), i.p3() + 1, false);
            case "SCopy":
                return new RegisterNodes.Transfer(pc, i.p1(), i.p2(), 1, false);
            case "Move":
                return new RegisterNodes.Transfer(pc, i.p1(), i.p2(), i.p3(), true);
            case "RealAffinity":
                return new RegisterNodes.RealAffinity(pc, i.p1());
            case "ResultRow":
                return new RegisterNodes.ResultRow(pc, i.p1(), i.p2());
            case "Add":
                return new ArithmeticNodes.Arithmetic(pc, ArithmeticNodes.ADD, i.p1(), i.p2(), i.p3());
            case "Subtract":
                return new ArithmeticNodes.Arithmetic(pc, ArithmeticNodes.SUBTRACT, i.p1(), i.p2(), i.p3());
            case "Multiply":
                return new ArithmeticNodes.Arithmetic(pc, ArithmeticNodes.MULTIPLY, i.p1(), i.p2(), i.p3());
            case "Divide":
                return new ArithmeticNodes.Arithmetic(pc, ArithmeticNodes.DIVIDE, i.p1(), i.p2(), i.p3());
            case "Remainder":
                return new ArithmeticNodes.Arithmetic(pc, ArithmeticNodes.REMAINDER, i.p1(), i.p2(), i.p3());
            case "Eq":
                return new ComparisonNodes.Compare(pc, i.p2(), ComparisonNodes.EQ, i.p1(), i.p3(), i.p5());
            case "Ne":
                return new ComparisonNodes.Compare(pc, i.p2(), ComparisonNodes.NE, i.p1(), i.p3(), i.p5());
            case "Lt":
                return new ComparisonNodes.Compare(pc, i.p2(), ComparisonNodes.LT, i.p1(), i.p3(), i.p5());
            case "Le":
                return new ComparisonNodes.Compare(pc, i.p2(), ComparisonNodes.LE, i.p1(), i.p3(), i.p5());
            case "Gt":
                return new ComparisonNodes.Compare(pc, i.p2(), ComparisonNodes.GT, i.p1(), i.p3(), i.p5());
            case "Ge":
                return new ComparisonNodes.Compare(pc, i.p2(), ComparisonNodes.GE, i.p1(), i.p3(), i.p5());
            case "Transaction":
                return new CursorNodes.Transaction(pc);
            case "OpenRead":
                return new CursorNodes.OpenRead(pc, i.p1());
            case "Close":
                return new CursorNodes.Close(pc, i.p1());
            case "Rewind":
                return new CursorNodes.Move(pc, i.p2(), i.p1(), CursorNodes.Move.FIRST);
            case "Last":
                return new CursorNodes.Move(pc, i.p2(), i.p1(), CursorNodes.Move.LAST);
            case "Next":
                return new CursorNodes.Move(pc, i.p2(), i.p1(), CursorNodes.Move.NEXT);
            case "Prev":
                return new CursorNodes.Move(pc, i.p2(), i.p1(), CursorNodes.Move.PREV);
            case "Column":
                return new CursorNodes.Column(pc, i.p1(), i.p2(), i.p3(), i.p4() instanceof P4.Value v ? v.value() : null);
            case "Rowid":
                return new CursorNodes.Rowid(pc, i.p1(), i.p2());
            case "Noop":
                return new ControlNodes.Jump(pc, pc + 1);
            case "Variable":
                return new RegisterNodes.Variable(pc, i.p1(), i.p2());
            case "SeekRowid":
            case "NotExists":
                return new CursorNodes.SeekRowid(pc, i.p2(), i.p1(), i.p3());
            case "Count":
                return new CursorNodes.CountRows(pc, i.p1(), i.p2());
            case "CollSeq":
                return new AggregateNodes.CollSeq(pc, i.p1());
            case "AggStep": {
                P4.Function f = (P4.Function) i.p4();
                Instruction before = pc > 0 ? program.get(pc - 1) : null;
                int skipRegister = before != null && before.opcodeName().equals("CollSeq") ? before.p1() : 0;
                return new AggregateNodes.Step(pc, AggregateNodes.kind(f.name(), f.argumentCount()), i.p2(), i.p5(), i.p3(), skipRegister);
            }
            case "AggFinal": {
                P4.Function f = (P4.Function) i.p4();
                return new AggregateNodes.Final(pc, AggregateNodes.kind(f.name(), f.argumentCount()), i.p1());
            }
            default:
                throw new IllegalArgumentException("the Truffle tier cannot run " + i.opcodeName());
        }
    }
}
