package org.graalite.nodes;

import java.util.BitSet;
import java.util.List;

import org.graalite.program.Instruction;
import org.graalite.program.P4;

/**
 * The registers an instruction may read on the Truffle tier, for the analyses that prove a
 * register's value unused (see ColumnComparisons). An over-approximation: an opcode not listed
 * here may read any register ({@link #reads} answers null), which makes those analyses give up
 * where they meet it. {@link #overwrites} lists the writes that end a value's life: an
 * under-approximation, for the same reason.
 */
final class RegisterReads {
    private RegisterReads() {
    }

    /**
     * Whether {@code i} certainly replaces the value of {@code register} (after reading what it
     * reads, which the caller checks first): the end of the life of the value before.
     */
    static boolean overwrites(Instruction i, int register) {
        switch (i.opcodeName()) {
            case "Column", "MakeRecord", "Function", "PureFunc", "Add", "Subtract", "Multiply", "Divide", "Remainder", "Concat", "BitAnd", "BitOr", "ShiftLeft",
                            "ShiftRight", "And", "Or":
                return i.p3() == register;
            case "Integer", "Int64", "Real", "String8", "String", "Blob", "Rowid", "IdxRowid", "Sequence", "Count", "SorterData", "RowData", "Variable", "BeginSubrtn", "SCopy",
                            "IntCopy", "Not", "BitNot", "IsTrue":
                return i.p2() == register;
            case "Null":
                return register >= i.p2() && register <= Math.max(i.p2(), i.p3());
            case "Copy":
                return register >= i.p2() && register <= i.p2() + i.p3();
            default:
                return false;
        }
    }

    /**
     * The registers {@code i} may read; null when it may read any. {@code program} gives the
     * context some opcodes need (a Column of a pseudo cursor reads its record register, an
     * aggregate step after CollSeq its flag register).
     */
    static BitSet reads(Instruction i, List<Instruction> program) {
        return reads(i, program, true, true);
    }

    /**
     * As {@link #reads}, leaving out the record registers of pseudo cursors, which a Column
     * or a comparison in place reads only through the cursor: null when {@code i} may read
     * any register by itself.
     */
    static BitSet readsOutsideCursors(Instruction i, List<Instruction> program) {
        return reads(i, program, false, false);
    }

    /**
     * As {@link #reads}, where a pseudo cursor's record register counts as read by the Columns
     * of that cursor and not by the readers of a field in place: for an analysis that already
     * refuses where it reaches such a Column, which every reader of its field in place follows
     * directly (ColumnComparisons), with nothing jumping in between.
     */
    static BitSet readsThroughColumns(Instruction i, List<Instruction> program) {
        return reads(i, program, true, false);
    }

    /**
     * {@code columnRecords}: a Column of a pseudo cursor reads the cursor's record register;
     * {@code inPlaceRecords}: so may a reader of a field in place.
     */
    private static BitSet reads(Instruction i, List<Instruction> program, boolean columnRecords, boolean inPlaceRecords) {
        BitSet r = new BitSet();
        switch (i.opcodeName()) {
            case "Init", "Goto", "Halt", "Transaction", "Rewind", "Last", "Next", "Prev", "Close", "NullRow", "Noop", "Explain", "ColumnsUsed", "CursorHint", "Jump",
                            "ElseEq", "Permutation", "OpenEphemeral", "OpenAutoindex", "SorterOpen", "SorterSort", "Sort", "SorterNext", "Once", "Count", "Sequence", "Rowid",
                            "IdxRowid", "DeferredSeek", "Integer", "Int64", "Real", "Null", "Variable", "BeginSubrtn", "SorterData", "RowData", "Gosub",
                            "InitCoroutine", "OpenPseudo", "IfNullRow", "Offset", "FinishSeek", "Abortable", "ReleaseReg", "SeekHit", "IfSizeBetween", "CollSeq", "OpenDup",
                            "FkCheck", "IfEmpty", "ResetSorter", "SequenceTest", "SoftNull", "Trace", "IfNotOpen", "Blob", "Delete",
                            // Schema changes: cookies (SetCookie's value is P3 itself), b-tree roots, the schema and statistics read again.
                            "ReadCookie", "SetCookie", "CreateBtree", "ParseSchema", "LoadAnalysis", "Expire":
                break;
            case "String8", "String":
                // P3 set: r[P3] decides between text and blob (the LIKE optimization's second pass).
                if (i.p3() > 0) {
                    r.set(i.p3());
                }
                break;
            case "OpenRead", "OpenWrite", "ReopenIdx":
                // OPFLAG_P2ISREG: the root page is in register P2.
                if ((i.p5() & 0x10) != 0) {
                    r.set(i.p2());
                }
                break;
            case "Column":
                // A pseudo cursor's row is the record in the register OpenPseudo named.
                if (columnRecords) {
                    for (Instruction o : program) {
                        if (o.opcodeName().equals("OpenPseudo") && o.p1() == i.p1()) {
                            r.set(o.p2());
                        }
                    }
                }
                break;
            case "Eq", "Ne", "Lt", "Le", "Gt", "Ge", "ZeroOrNull", "OffsetLimit":
                r.set(i.p1());
                r.set(i.p3());
                break;
            case "Add", "Subtract", "Multiply", "Divide", "Remainder", "Concat", "BitAnd", "BitOr", "ShiftLeft", "ShiftRight", "And", "Or":
                r.set(i.p1());
                r.set(i.p2());
                break;
            case "If", "IfNot", "IsNull", "NotNull", "IfPos", "DecrJumpZero", "IfNotZero", "MustBeInt", "RealAffinity", "Cast", "AddImm", "ClrSubtype", "IsTrue", "Not",
                            "BitNot", "Return", "Yield", "EndCoroutine", "AggFinal", "SCopy", "IntCopy":
                r.set(i.p1());
                break;
            case "HaltIfNull", "SeekRowid", "NotExists":
                r.set(i.p3());
                break;
            case "Clear":
                // P3: a counter that the number of rows cleared is added to.
                if (i.p3() > 0) {
                    r.set(i.p3());
                }
                break;
            case "NewRowid":
                // The largest rowid so far (AUTOINCREMENT), in the root frame's register P3.
                if (i.p3() > 0) {
                    r.set(i.p3());
                }
                break;
            case "RowSetTest":
                r.set(i.p1());
                r.set(i.p3());
                break;
            case "SeekScan": {
                // Compares with the key of the SeekGE that follows it.
                Instruction seek = i.address() + 1 < program.size() ? program.get(i.address() + 1) : null;
                if (seek == null || !(seek.p4() instanceof P4.Int32 n)) {
                    return null;
                }
                r.set(seek.p3(), seek.p3() + Math.max(n.value(), 1));
                break;
            }
            case "Copy":
                r.set(i.p1(), i.p1() + i.p3() + 1);
                break;
            case "Move":
                r.set(i.p1(), i.p1() + Math.max(i.p3(), 1));
                break;
            case "ResultRow", "MakeRecord", "Affinity", "TypeCheck":
                r.set(i.p1(), i.p1() + i.p2());
                break;
            case "SorterInsert":
                r.set(i.p2());
                break;
            case "IdxInsert":
                r.set(i.p2());
                if (i.p3() > 0 && i.p4() instanceof P4.Int32 n && n.value() > 0) {
                    // Its unpacked key, r[P3..P3+P4-1]: the values of the record (vdbe.c hands
                    // them to the b-tree; a SmallKeySet takes its entries from them).
                    r.set(i.p3(), i.p3() + n.value());
                }
                break;
            case "Insert":
                r.set(i.p2());
                r.set(i.p3());
                break;
            case "SeekLT", "SeekLE", "SeekGE", "SeekGT", "IdxLT", "IdxLE", "IdxGE", "IdxGT", "Found", "NotFound", "NoConflict", "IfNoHope", "SorterCompare", "Filter",
                            "FilterAdd": {
                int n = i.p4() instanceof P4.Int32 k ? k.value() : 0;
                r.set(i.p3(), i.p3() + Math.max(n, 1));
                if (i.opcodeName().startsWith("Filter")) {
                    r.set(i.p1());
                }
                break;
            }
            case "Compare":
                r.set(i.p1(), i.p1() + i.p3());
                r.set(i.p2(), i.p2() + i.p3());
                break;
            case "Function", "PureFunc":
                if (!(i.p4() instanceof P4.Function f)) {
                    return null;
                }
                r.set(i.p2(), i.p2() + f.callArguments());
                break;
            case "AggStep", "AggStep1": {
                r.set(i.p2(), i.p2() + i.p5());
                r.set(i.p3());
                Instruction before = i.address() > 0 ? program.get(i.address() - 1) : null;
                if (before != null && before.opcodeName().equals("CollSeq")) {
                    r.set(before.p1());
                }
                break;
            }
            default:
                return null;
        }
        switch (i.opcodeName()) {
            case "Eq", "Ne", "Lt", "Le", "Gt", "Ge", "MustBeInt", "Filter", "SeekRowid", "NotExists":
                // They may read a field in place, from a pseudo cursor's record register too.
                if (inPlaceRecords) {
                    for (Instruction o : program) {
                        if (o.opcodeName().equals("OpenPseudo")) {
                            r.set(o.p2());
                        }
                    }
                }
                break;
            default:
                break;
        }
        return r;
    }
}
