package org.graalite.nodes;

import java.util.BitSet;
import java.util.List;

import com.oracle.truffle.api.RootCallTarget;
import com.oracle.truffle.api.TruffleLanguage;

import org.graalite.language.SqlLanguage;
import org.graalite.nativeapi.NativeBinding;
import org.graalite.nativeapi.NfiBinding;
import org.graalite.program.Instruction;
import org.graalite.runtime.Collations;
import org.graalite.runtime.Database;
import org.graalite.program.P4;
import org.graalite.program.Program;

/**
 * Builds the Truffle tier's nodes for a program, and says which instructions it can run:
 * the two stay in one place so that what is reported as supported is exactly what is built.
 */
public final class NodeFactory {
    /** A case-sensitive LIKE (PRAGMA case_sensitive_like). */
    private static final int SQLITE_FUNC_CASE = 0x0008;
    /** FuncDef flags of functions that read or set value subtypes (sqlite3.h). */
    private static final int SQLITE_SUBTYPE = 0x00100000;
    private static final int SQLITE_RESULT_SUBTYPE = 0x01000000;

    private NodeFactory() {
    }

    /**
     * The opcodes the Truffle tier runs only with some operands, and which: for the opcode
     * table (docs/opcodes.md). {@link #unsupported} is what decides.
     */
    public static final java.util.Map<String, String> CONDITIONS = java.util.Map.ofEntries(
                    java.util.Map.entry("Affinity", "with its affinity string"),
                    java.util.Map.entry("TypeCheck", "with its table's columns"),
                    java.util.Map.entry("RowCell", "into a table (INSERT INTO t SELECT * FROM s of tables alike); into an index only VACUUM copies cells, in statements SQLite runs itself"),
                    java.util.Map.entry("Permutation", "before a Compare with built-in collations"),
                    java.util.Map.entry("Program", "when the Truffle tier runs every instruction of the sub-program"),
                    java.util.Map.entry("Eq", "every collation (BINARY, NOCASE and RTRIM in Java; a guest's: SQLite calls it)"),
                    java.util.Map.entry("Ne", "every collation (BINARY, NOCASE and RTRIM in Java; a guest's: SQLite calls it)"),
                    java.util.Map.entry("Lt", "every collation (BINARY, NOCASE and RTRIM in Java; a guest's: SQLite calls it)"),
                    java.util.Map.entry("Le", "every collation (BINARY, NOCASE and RTRIM in Java; a guest's: SQLite calls it)"),
                    java.util.Map.entry("Gt", "every collation (BINARY, NOCASE and RTRIM in Java; a guest's: SQLite calls it)"),
                    java.util.Map.entry("Ge", "every collation (BINARY, NOCASE and RTRIM in Java; a guest's: SQLite calls it)"),
                    java.util.Map.entry("CollSeq", "every collation (BINARY, NOCASE and RTRIM in Java; a guest's: SQLite calls it)"),
                    java.util.Map.entry("Compare", "every collation (a guest's: SQLite calls it)"),
                    java.util.Map.entry("Function", "SQLite's built-in functions (natively, with their values' subtypes: JSON), some in Java; guest functions; extensions' functions"),
                    java.util.Map.entry("PureFunc", "SQLite's built-in functions (natively, with their values' subtypes: JSON), some in Java; guest functions; extensions' functions"),
                    java.util.Map.entry("AggStep", "count, sum, total, avg, min, max, row_number, rank, dense_rank in Java; SQLite's other aggregates natively; guest aggregates"),
                    java.util.Map.entry("AggStep1", "as AggStep"),
                    java.util.Map.entry("AggFinal", "count, sum, total, avg, min, max, row_number, rank, dense_rank in Java; SQLite's other aggregates natively; guest aggregates"),
                    java.util.Map.entry("AggValue", "count, sum, total, avg, min, max, row_number, rank, dense_rank, lag, lead in Java; SQLite's other window functions natively; guest window functions"),
                    java.util.Map.entry("AggInverse", "count, sum, total, avg in Java; SQLite's other window functions natively; guest window functions"),
                    java.util.Map.entry("VColumn", "except an UPDATE's unchanged column (OPFLAG_NOCHNG) carried through an ephemeral table"));

    /** Why the Truffle tier cannot run {@code i}; null if it can. */
    public static String unsupported(Instruction i) {
        return unsupported(i, null);
    }

    /** Why the Truffle tier cannot run {@code i} on {@code database} (which knows the guest functions); null if it can. */
    public static String unsupported(Instruction i, Database database) {
        // A collation that is not SQLite's own (a guest's) in a KeyInfo is SQLite's to call where
        // it orders a cursor's or sorter's keys (the Java paths take only SQLite's collations: see
        // indexKey, SmallKeyIndexes), and NativeVdbe.collate's where Eq, Compare, ... order texts.
        switch (i.opcodeName()) {
            case "Init", "Goto", "Halt", "If", "IfNot", "IsNull", "NotNull", "DecrJumpZero", "Integer", "Int64", "Real", "String8", "String", "Copy", "SCopy", "IntCopy",
                            "Move", "RealAffinity", "ResultRow", "Add", "Subtract", "Multiply", "Divide", "Remainder", "OpenRead", "Close", "Next", "Prev",
                            "Column", "Rowid", "Noop":
                return null;
            case "FkCheck":
                return null;
            case "Rewind", "Last", "OpenEphemeral", "OpenAutoindex", "SeekLT", "SeekLE", "SeekGE", "SeekGT", "IdxLT", "IdxLE", "IdxGE", "IdxGT", "Found",
                            "NotFound", "NoConflict", "IdxRowid", "DeferredSeek", "IdxInsert", "Insert", "NewRowid", "Delete", "RowData", "Sequence", "IfNotZero":
                return null;
            case "RowCell":
                // Into a table; into an index only VACUUM's own statements copy cells, before an
                // IdxInsert that would take the cell (SQLite runs those statements itself).
                return i.p3() != 0 ? null : "RowCell into an index";
            case "OpenDup":
                return null;
            case "AutoCommit", "Savepoint", "Param", "FkCounter", "FkIfZero", "ReadCookie", "SetCookie", "CreateBtree",
                            "Destroy", "Clear", "SqlExec", "ParseSchema", "DropTable", "DropIndex", "DropTrigger", "Expire", "SeekEnd", "SorterCompare",
                            "Pagecount", "MaxPgcnt", "Checkpoint", "JournalMode", "IntegrityCk", "IFindKey", "IncrVacuum", "VCheck", "TableLock", "Vacuum", "LoadAnalysis":
                return null;
            case "Program":
                return i.p4() instanceof P4.SubProgram sub && sub.program() != null ? null : "Program without its sub-program";
            case "Null":
                return null;
            case "And", "Or", "IsTrue", "ZeroOrNull", "AddImm", "MemMax", "IsType", "IfNullRow", "ElseEq", "SeekHit", "IfNoHope", "IfSizeBetween", "Offset":
                return null;
            case "GetSubtype", "SetSubtype", "CursorLock", "CursorUnlock":
                return null;
            case "FinishSeek", "ColumnsUsed", "CursorHint", "Abortable", "Trace":
                // No-ops here; see the nodes below.
                return null;
            case "TypeCheck":
                return i.p4() instanceof P4.Table t && RegisterNodes.TypeCheck.checked(t.columns(), i.p2(), i.p3()) != null ? null : "TypeCheck " + i.p4Display();
            case "Permutation":
                // Only read by the Compare right after it.
                return i.p4() instanceof P4.IntArray ? null : "Permutation " + i.p4Display();
            case "Eq", "Ne", "Lt", "Le", "Gt", "Ge":
                return null;
            case "Transaction", "OpenWrite", "IdxDelete", "HaltIfNull", "ResetCount", "ReleaseReg", "SoftNull", "Cast", "RowSetAdd", "RowSetRead", "RowSetTest", "ReopenIdx", "IfEmpty",
                            "ResetSorter", "SequenceTest", "Explain", "SeekScan":
                return null;
            case "Variable", "Count", "Once", "Concat", "Not", "BitNot", "BitAnd", "BitOr", "ShiftLeft", "ShiftRight", "IfPos", "OffsetLimit", "Jump",
                            "Gosub", "Return", "InitCoroutine", "Yield", "EndCoroutine", "BeginSubrtn", "ClrSubtype", "MustBeInt", "OpenPseudo", "NullRow", "MakeRecord", "SorterOpen", "SorterInsert", "SorterSort", "Sort", "SorterNext",
                            "SorterData":
                return null;
            case "Compare":
                // P5 OPFLAG_PERMUTE reorders the fields through the Permutation before (see permutation()).
                return i.p4() instanceof P4.KeyInfo k && i.p3() <= k.collations().length ? null : "Compare " + i.p4Display();
            case "SeekRowid", "NotExists":
                return null;
            case "CollSeq":
                return null;
            case "Blob", "FilterAdd", "Filter":
                return null;
            case "VOpen", "VFilter", "VColumn", "VNext", "VUpdate", "VBegin", "VCreate", "VDestroy", "VInitIn", "VRename":
                // Their operands are checked against the whole program in unsupportedInProgram.
                return null;
            case "Affinity":
                return i.p4() instanceof P4.Text ? null : "Affinity without affinities";
            case "Function", "PureFunc": {
                if (!(i.p4() instanceof P4.Function f) || !f.context()) {
                    return i.opcodeName() + " " + i.p4Display();
                }
                if (!f.builtin() && database == null) {
                    // Without a database (tests of the nodes) no guest function is known.
                    return i.opcodeName() + " " + i.p4Display();
                } else if (!f.builtin() && database.userFunction(f) != null) {
                    // A guest function: called from Java, where Graal can inline it.
                    return null;
                }
                // SQLite's C code (built in, or an extension's): called through the shim, with
                // the arguments' subtypes where the program has any (SubtypeNodes).
                return null;
            }
            case "AggStep", "AggStep1", "AggFinal", "AggInverse", "AggValue": {
                // AggStep1 is AggStep once SQLite's VDBE has run it (P4 then holds a context).
                if (!(i.p4() instanceof P4.Function f) || f.context() != i.opcodeName().equals("AggStep1")) {
                    return i.opcodeName() + " " + i.p4Display();
                }
                if (!sqliteAggregate(i, database)) {
                    // A guest's aggregate or window function (createWindowFunction: inverse() and
                    // value() for window frames).
                    return database != null ? null : i.opcodeName() + " " + i.p4Display();
                }
                // SQLite's own aggregates: the common ones in Java, every other one (and an
                // extension's) by SQLite.
                return null;
            }
            default:
                return i.opcodeName();
        }
    }

    /** The instructions that may name a virtual-table cursor (VOpen's P1): the module answers them. */
    private static final java.util.Set<String> VIRTUAL_CURSOR_INSTRUCTIONS = java.util.Set.of("VOpen", "VFilter", "VColumn", "VNext", "Rowid", "NullRow", "IfNullRow", "Close");
    /** VColumn's P5 for an UPDATE's unchanged column (sqlite3_vtab_nochange()). */
    static final int OPFLAG_NOCHNG = 0x01;

    /**
     * Why the Truffle tier cannot run {@code program} although it runs each of its instructions
     * (what instructions do together); empty if it can.
     * <ul>
     * <li>A virtual-table cursor named by an instruction other than those the module answers
     * (the code generator emits none; a b-tree read of it would read no record).
     * <li>A VColumn with OPFLAG_NOCHNG whose "no change" value would go through Java to a
     * VUpdate: Java's registers cannot carry it, so VUpdate takes such a register as SQLite
     * holds it; that is right only where the VColumn stores into VUpdate's arguments (a
     * one-pass UPDATE), not where a record of an ephemeral table carries the value to them.
     * </ul>
     */
    public static java.util.Set<String> unsupportedInProgram(List<Instruction> program) {
        java.util.Set<String> reasons = new java.util.TreeSet<>();
        String analyze = AnalyzeState.unsupported(program);
        if (analyze != null) {
            reasons.add(analyze);
        }
        CursorUses uses = CursorUses.of(program);
        if (uses.virtual().isEmpty()) {
            return reasons;
        }
        for (Instruction i : program) {
            String name = i.opcodeName();
            if (uses.isVirtual(i.p1()) && SmallKeyIndexes.namesCursorInP1(name) && !VIRTUAL_CURSOR_INSTRUCTIONS.contains(name)) {
                reasons.add(name + " on a virtual table");
            }
            if (name.equals("VColumn") && (i.p5() & OPFLAG_NOCHNG) != 0 && !(inVirtualUpdate(program, i.p3()) && !inRecord(program, i.p3()))) {
                reasons.add("VColumn of an unchanged column through a record");
            }
        }
        return reasons;
    }

    /** Whether register {@code register} is an argument of a VUpdate of {@code program}. */
    private static boolean inVirtualUpdate(List<Instruction> program, int register) {
        for (Instruction i : program) {
            if (i.opcodeName().equals("VUpdate") && register >= i.p3() && register < i.p3() + i.p2()) {
                return true;
            }
        }
        return false;
    }

    /** Whether a MakeRecord of {@code program} reads register {@code register}. */
    private static boolean inRecord(List<Instruction> program, int register) {
        for (Instruction i : program) {
            if (i.opcodeName().equals("MakeRecord") && register >= i.p1() && register < i.p1() + i.p2()) {
                return true;
            }
        }
        return false;
    }

    /**
     * VUpdate's arguments that a VColumn with OPFLAG_NOCHNG writes (in a one-pass UPDATE, the one
     * instruction that does, see {@link #unsupportedInProgram}), by argument; null if none.
     */
    private static boolean[] keptArguments(List<Instruction> program, Instruction update) {
        boolean[] kept = new boolean[Math.max(0, update.p2())];
        boolean any = false;
        for (Instruction i : program) {
            int k = i.p3() - update.p3();
            if (i.opcodeName().equals("VColumn") && (i.p5() & OPFLAG_NOCHNG) != 0 && k >= 0 && k < kept.length) {
                kept[k] = true;
                any = true;
            }
        }
        return any ? kept : null;
    }

    /** P4 as a count of key registers (0 when P4 is unused). */
    /**
     * Whether IdxInsert {@code insert}'s unpacked key, registers P3 to P3+P4-1, holds exactly the
     * values of its record: the instruction right before it made the record from them, without
     * affinities (SQLite applies them in the registers too, the Truffle tier's encoders not
     * always) and not from a table's record in place (InPlaceReaders, whose Columns never ran),
     * and nothing jumps to the IdxInsert past it.
     */
    private static boolean recordValuesInRegisters(Instruction insert, Build build) {
        int at = insert.address();
        List<Instruction> program = build.program();
        if (insert.p3() <= 0 || int32(insert) <= 0 || at == 0 || program.get(at) != insert) {
            return false;
        }
        Instruction make = program.get(at - 1);
        if (!make.opcodeName().equals("MakeRecord") || make.p1() != insert.p3() || make.p2() != int32(insert) || make.p3() != insert.p2() ||
                        build.fused().operands(at - 1) != null) {
            return false;
        }
        for (Instruction i : program) {
            if (i.p1() == at || i.p2() == at || i.p3() == at) {
                return false;
            }
        }
        return true;
    }

    private static int int32(Instruction i) {
        return i.p4() instanceof P4.Int32 n ? n.value() : 0;
    }

    /**
     * The collation of a comparison's or CollSeq's P4 (BINARY when absent); -1 if Graalite has
     * no such collation (a guest's: see ComparisonNodes.Compare's guestCollation).
     */
    private static int collation(Instruction i) {
        if (i.p4() instanceof P4.None) {
            return Collations.BINARY;
        }
        return i.p4() instanceof P4.CollSeq c ? Collations.of(c.name()) : -1;
    }

    /** The collations of a key's first {@code fields} fields; null if one is not Graalite's. */
    static int[] keyCollations(P4.KeyInfo key, int fields) {
        if (fields > key.collations().length) {
            return null;
        }
        int[] collations = new int[fields];
        for (int f = 0; f < fields; f++) {
            collations[f] = Collations.of(key.collations()[f]);
            if (collations[f] < 0) {
                return null;
            }
        }
        return collations;
    }

    /**
     * SorterData whose record may stay in SQLite's register P2 becomes SorterDataInPlace:
     * pseudo cursor P3 is the only one the program opens on register P2, and no instruction
     * reads the value SorterData puts there but through a pseudo cursor (RegisterLife). SQLite's
     * ORDER BY and GROUP BY loops are so (the register may be the sorter's input record before
     * the sort); a register that something else reads, or a program with an instruction that
     * may read any register on the way, keeps the Java copy.
     */
    private static void readSorterRecordsInPlace(InstructionNode[] nodes, List<Instruction> program) {
        BitSet[] reads = null;
        for (Instruction data : program) {
            if (!(nodes[data.address()] instanceof CursorNodes.SorterData) || !onlyPseudoCursorOn(program, data.p2(), data.p3())) {
                continue;
            }
            if (reads == null) {
                reads = new BitSet[program.size()];
                for (Instruction i : program) {
                    reads[i.address()] = RegisterReads.readsOutsideCursors(i, program);
                }
            }
            if (RegisterLife.readOnlyBy(program, nodes, reads, data.address() + 1, data.p2(), pc -> false)) {
                nodes[data.address()] = new CursorNodes.SorterDataInPlace(data.address(), data.p2(), data.p3());
            }
        }
    }

    /** Whether every OpenPseudo of {@code program} on register {@code register} opens cursor {@code cursor}. */
    private static boolean onlyPseudoCursorOn(List<Instruction> program, int register, int cursor) {
        for (Instruction i : program) {
            if (i.opcodeName().equals("OpenPseudo") && i.p2() == register && i.p1() != cursor) {
                return false;
            }
        }
        return true;
    }

    /**
     * The KeyInfo every instruction that opens {@code cursor} gives it, when they agree and its
     * first {@code fields} collations are built-in ones: then an index comparison on that cursor
     * can run in Java. Null otherwise (SQLite compares, with the cursor's own KeyInfo).
     */
    private static P4.KeyInfo indexKey(List<Instruction> program, int cursor, int fields) {
        P4.KeyInfo found = null;
        for (Instruction i : program) {
            if (i.p1() != cursor) {
                continue;
            }
            switch (i.opcodeName()) {
                case "OpenRead", "ReopenIdx", "OpenWrite", "OpenEphemeral", "OpenAutoindex" -> {
                    if (!(i.p4() instanceof P4.KeyInfo k) || keyCollations(k, fields) == null || fields > k.sortFlags().length) {
                        return null;
                    }
                    if (found != null && !found.sameOrdering(k)) {
                        return null;
                    }
                    found = k;
                }
                case "OpenDup", "OpenPseudo", "SorterOpen" -> {
                    return null;
                }
                default -> {
                }
            }
        }
        return found;
    }

    /** The call target that runs {@code program} (every instruction must be supported, its sub-programs' too). */
    public static RootCallTarget create(TruffleLanguage<?> language, Program program, String sql, Database database) {
        return build(language, program, sql, database, new TriggerNodes.Subprograms(language, database, sql), false);
    }

    /** The call target of a trigger sub-program of a statement; {@code subprograms} holds the statement's others. */
    static RootCallTarget createSubprogram(TruffleLanguage<?> language, Program program, String name, Database database, TriggerNodes.Subprograms subprograms) {
        return build(language, program, name, database, subprograms, true);
    }

    private static RootCallTarget build(TruffleLanguage<?> language, Program program, String sql, Database database, TriggerNodes.Subprograms subprograms, boolean subprogram) {
        List<Instruction> instructions = program.instructions();
        // The NFI functions when the language's contexts use sql.NativeBinding=nfi; null: FFM.
        NfiBinding nfi = language instanceof SqlLanguage l && l.nativeBinding() == NativeBinding.NFI ? l.nfi() : null;
        if (nfi == null && language instanceof SqlLanguage l && l.nativeBinding() == NativeBinding.NFI) {
            throw new IllegalStateException("sql.NativeBinding=nfi, but no context of the language has loaded NFI");
        }
        Build build = new Build(instructions, database, nativeAccumulators(instructions, database), clearable(instructions), lastFieldsRead(instructions), CursorUses.of(instructions), subprograms, subprogram, nfi, ColumnComparisons.NONE,
                        usesSubtypes(instructions));
        InstructionNode[] nodes = nodes(build);
        boolean[] interruptChecks = new boolean[nodes.length];
        for (Instruction i : instructions) {
            interruptChecks[i.address()] = ProgramRootNode.checksInterrupt(i.opcodeName());
        }
        return new ProgramRootNode(language, nodes, interruptChecks, sql).getCallTarget();
    }

    /** The nodes of {@code build}'s program, comparisons reading Column fields in place where they can. */
    private static InstructionNode[] nodes(Build build) {
        List<Instruction> instructions = build.program();
        InstructionNode[] nodes = new InstructionNode[instructions.size()];
        for (Instruction i : instructions) {
            nodes[i.address()] = node(i, build);
        }
        // Comparisons that read their Column's field in place, now that the nodes tell where control goes.
        ColumnComparisons fused = ColumnComparisons.of(instructions, nodes, pc -> fusable(instructions.get(pc), build));
        if (!fused.isEmpty()) {
            Build again = build.withFused(fused);
            for (Instruction i : instructions) {
                if (fused.columnValueUnused(i.address()) || fused.operands(i.address()) != null) {
                    nodes[i.address()] = node(i, again);
                }
            }
        }
        formColumnRuns(nodes, build);
        readSorterRecordsInPlace(nodes, instructions);
        passVirtualColumnsInSqliteRegisters(nodes, build.program());
        makeOnceBlockRecordsOutOfLine(nodes, build);
        JavaTableNodes.wrap(nodes, instructions, build.cursorUses());
        makeRecordsInBuffer(nodes, instructions);
        return nodes;
    }

    /**
     * A MakeRecord whose record only the SorterInsert, Insert or IdxInsert right after it (past
     * other IdxInserts) reads, which copy it into SQLite's memory at once, makes it in the execution's record buffer
     * (reused from record to record) instead of an array of its own: each row a sorter takes
     * (GROUP BY, ORDER BY) and each row and index entry an INSERT writes allocated one (TPC-H
     * Q1 allocates 81 MB an execution instead of 113, a JDBC insert of three columns 120 bytes
     * instead of 160). Only a MakeRecord whose fields compiled code holds unrolled; not where
     * anything jumps to the consumer, and not for a consumer that keeps the record: a table kept
     * in Java (whose nodes are not these classes), an index whose entries a key set in Java
     * follows.
     *
     * <p>A sorter's record register is often also the register of the pseudo cursor that reads
     * the sorted records back (SorterData writes it); a Column of that cursor, or a reader of
     * its field in place (which ColumnComparisons lets read only right after its Column), would
     * read the record it holds, so reaching one before the register is written again refuses.
     */
    private static void makeRecordsInBuffer(InstructionNode[] nodes, List<Instruction> program) {
        boolean[] entered = jumpTargets(nodes);
        BitSet[] reads = null;
        for (Instruction i : program) {
            int pc = i.address();
            if (!i.opcodeName().equals("MakeRecord")) {
                continue;
            }
            // An INSERT into a table with indexes makes the row's record after the index keys
            // and inserts the entries (IdxInsert of their own records) before the row.
            int consumerPc = pc + 1;
            while (consumerPc < nodes.length && !entered[consumerPc] && program.get(consumerPc).opcodeName().equals("IdxInsert") && program.get(consumerPc).p2() != i.p3() &&
                            nodes[consumerPc] instanceof WriteNodes.IndexInsert between && !between.readsBuffer()) {
                consumerPc++;
            }
            if (consumerPc >= nodes.length || entered[consumerPc]) {
                continue;
            }
            Instruction next = program.get(consumerPc);
            InstructionNode consumer = nodes[consumerPc];
            // P2 is the record register of all three readers.
            boolean readsRecord = next.p2() == i.p3();
            boolean sorter = readsRecord && consumer instanceof CursorNodes.SorterInsert;
            boolean insert = readsRecord && consumer instanceof WriteNodes.Insert ins && !ins.preformatted() && next.p3() != i.p3();
            boolean index = readsRecord && consumer instanceof WriteNodes.IndexInsert ix && !ix.keepsSmallKeys();
            // Out of line (a Once block's, more than the unrolled fields), the record keeps an array of its own.
            boolean unrolled = nodes[pc] instanceof CursorNodes.MakeRecord plain ? plain.unrolled() : nodes[pc] instanceof InPlaceReaders.MakeRecord inPlace && inPlace.unrolled();
            if (!sorter && !insert && !index || !unrolled) {
                continue;
            }
            if (reads == null) {
                reads = new BitSet[program.size()];
                for (Instruction r : program) {
                    reads[r.address()] = RegisterReads.readsThroughColumns(r, program);
                }
            }
            int reader = consumerPc;
            if (!RegisterLife.readOnlyBy(program, nodes, reads, pc + 1, i.p3(), at -> at == reader)) {
                continue;
            }
            nodes[pc] = nodes[pc] instanceof CursorNodes.MakeRecord m ? m.inBuffer() : ((InPlaceReaders.MakeRecord) nodes[pc]).inBuffer();
            nodes[consumerPc] = sorter ? ((CursorNodes.SorterInsert) consumer).fromBuffer() : insert ? ((WriteNodes.Insert) consumer).fromBuffer() : ((WriteNodes.IndexInsert) consumer).fromBuffer();
        }
    }

    /**
     * A MakeRecord in a Once block and in no loop of that block runs at most once per execution
     * (the keys of an IN list of constants): its record is made out of line, as the unrolled
     * form would only make the compiled statement larger and slower to compile (TPC-H q16 has
     * eight of them).
     */
    private static void makeOnceBlockRecordsOutOfLine(InstructionNode[] nodes, Build build) {
        for (Instruction once : build.program()) {
            if (!once.opcodeName().equals("Once") || once.p2() <= once.address() || once.p2() > nodes.length) {
                continue;
            }
            int start = once.address() + 1;
            int end = once.p2();
            for (int pc = start; pc < end; pc++) {
                if (nodes[pc] instanceof CursorNodes.MakeRecord m && !inLoop(nodes, pc, start, end)) {
                    nodes[pc] = m.outOfLine();
                } else if (nodes[pc] instanceof InPlaceReaders.MakeRecord m && !inLoop(nodes, pc, start, end)) {
                    nodes[pc] = m.outOfLine();
                }
            }
        }
    }

    /** Whether a branch, jump or jump through a register in [pc, end) may go back to an address in [start, pc]: {@code pc} may run more than once per pass through [start, end). */
    private static boolean inLoop(InstructionNode[] nodes, int pc, int start, int end) {
        for (int from = pc; from < end; from++) {
            InstructionNode n = nodes[from];
            if (n == null) {
                continue;
            }
            if ((n.kind == InstructionNode.BRANCH || n.kind == InstructionNode.JUMP) && n.target >= start && n.target <= pc) {
                return true;
            }
            if (n.candidates != null) {
                for (int target : n.candidates) {
                    if (target >= start && target <= pc) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /**
     * Replaces each run of at least {@link ColumnRun#MIN_LENGTH} Columns on one cursor that
     * store their values and that nothing jumps into (past the run's first) by one ColumnRun at
     * the run's first address; the ColumnRun jumps past the run, so the other Columns' nodes
     * are never reached.
     */
    private static void formColumnRuns(InstructionNode[] nodes, Build build) {
        List<Instruction> program = build.program();
        boolean[] entered = jumpTargets(nodes);
        int pc = 0;
        while (pc < nodes.length) {
            int end = pc;
            while (end < nodes.length && nodes[end] instanceof CursorNodes.Column column && column.storesValue() && program.get(end).p1() == program.get(pc).p1() && (end == pc || !entered[end])) {
                end++;
            }
            int length = end - pc;
            if (length >= ColumnRun.MIN_LENGTH) {
                int[] fields = new int[length];
                int[] registers = new int[length];
                Object[] absent = new Object[length];
                for (int k = 0; k < length; k++) {
                    Instruction column = program.get(pc + k);
                    fields[k] = column.p2();
                    registers[k] = column.p3();
                    absent[k] = absentValue(column);
                }
                int cursor = program.get(pc).p1();
                nodes[pc] = new ColumnRun(pc, cursor, fields, registers, absent, build.lastFieldRead(cursor), BtreeCallNodes.Payload.create(build.nfi()), build.cursorUses());
            }
            pc = Math.max(end, pc + 1);
        }
    }

    /**
     * A call of SQLite's function whose argument a VColumn has just written (the run of VColumns
     * right before the call, nothing jumping in between) takes that argument as it stands in
     * SQLite's register, where VColumn left the module's value: a pointer value
     * (sqlite3_result_pointer), which Java holds as NULL, reaches the function whole. FTS3 and
     * FTS4 hand their cursor to snippet(), offsets() and matchinfo() that way, through the
     * table's hidden column; without this they fail with "illegal first argument" once the
     * statement runs on the Truffle tier. Any other value is the one Java holds too, and on a
     * null row the VColumn makes SQLite's register NULL as well.
     */
    private static void passVirtualColumnsInSqliteRegisters(InstructionNode[] nodes, List<Instruction> program) {
        boolean[] entered = null;
        for (int pc = 1; pc < nodes.length; pc++) {
            if (!(nodes[pc] instanceof FunctionNodes.NativeCall call) || !call.readsRegistersAsWritten() || !program.get(pc - 1).opcodeName().equals("VColumn")) {
                continue;
            }
            if (entered == null) {
                entered = jumpTargets(nodes);
            }
            boolean[] fromVColumn = new boolean[call.argumentCount];
            boolean any = false;
            for (int k = 0; k < fromVColumn.length; k++) {
                int register = call.firstArgument + k;
                for (int at = pc - 1; at >= 0 && !entered[at + 1] && program.get(at).opcodeName().equals("VColumn"); at--) {
                    if (program.get(at).p3() == register) {
                        if (!(nodes[at] instanceof VirtualTableNodes.Column column)) {
                            break;
                        }
                        nodes[at] = column.withSqliteRegisterRead();
                        fromVColumn[k] = true;
                        any = true;
                        break;
                    }
                }
            }
            if (any) {
                nodes[pc] = call.takingFromSqliteRegisters(fromVColumn);
            }
        }
    }

    /** The addresses some instruction continues at other than by falling through: branch and jump targets, the addresses a jump through a register can reach, resume points after ResultRow. */
    private static boolean[] jumpTargets(InstructionNode[] nodes) {
        boolean[] targets = new boolean[nodes.length + 1];
        for (InstructionNode n : nodes) {
            if (n == null) {
                continue;
            }
            if ((n.kind == InstructionNode.BRANCH || n.kind == InstructionNode.JUMP) && n.target >= 0 && n.target < targets.length) {
                targets[n.target] = true;
            } else if (n.kind == InstructionNode.ROW) {
                targets[n.pc + 1] = true;
            }
            if (n.candidates != null) {
                for (int c : n.candidates) {
                    if (c >= 0 && c < targets.length) {
                        targets[c] = true;
                    }
                }
            }
        }
        return targets;
    }

    /** For tests: the nodes of a program without triggers or user functions (FFM binding). */
    static InstructionNode[] nodesForTest(List<Instruction> instructions) {
        return nodes(new Build(instructions, null, nativeAccumulators(instructions, null), clearable(instructions), lastFieldsRead(instructions), CursorUses.of(instructions), null, false, null, ColumnComparisons.NONE,
                        usesSubtypes(instructions)));
    }

    /** Where a Return can continue: after each Gosub that stores its address in the same register, or (P3) right after itself. */
    private static int[] returnTargets(List<Instruction> program, Instruction ret) {
        java.util.TreeSet<Integer> targets = new java.util.TreeSet<>();
        for (Instruction i : program) {
            if (i.opcodeName().equals("Gosub") && i.p1() == ret.p1()) {
                targets.add(i.address() + 1);
            }
        }
        targets.add(ret.address() + 1);
        return targets.stream().mapToInt(Integer::intValue).toArray();
    }

    /**
     * Where a Yield on register {@code register} can continue: the coroutine's entry (InitCoroutine
     * P3), after any Yield on the register, or at an EndCoroutine of it (which leaves its own
     * address minus one in the register).
     */
    private static int[] yieldTargets(List<Instruction> program, int register) {
        java.util.TreeSet<Integer> targets = new java.util.TreeSet<>();
        for (Instruction i : program) {
            if (i.p1() != register) {
                continue;
            }
            switch (i.opcodeName()) {
                case "InitCoroutine" -> targets.add(i.p3());
                case "Yield" -> targets.add(i.address() + 1);
                case "EndCoroutine" -> targets.add(i.address());
                default -> {
                }
            }
        }
        return targets.stream().mapToInt(Integer::intValue).toArray();
    }

    /** EndCoroutine continues at P2 of the Yield that last entered the coroutine. */
    private static InstructionNode endCoroutine(List<Instruction> program, Instruction end) {
        int[] callerTargets = new int[program.size()];
        java.util.Arrays.fill(callerTargets, -1);
        java.util.TreeSet<Integer> targets = new java.util.TreeSet<>();
        for (Instruction i : program) {
            if (i.opcodeName().equals("Yield") && i.p1() == end.p1()) {
                callerTargets[i.address()] = i.p2();
                targets.add(i.p2());
            }
        }
        return new SubroutineNodes.EndCoroutine(end.address(), end.p1(), callerTargets, targets.stream().mapToInt(Integer::intValue).toArray());
    }

    /** What building one program's nodes needs to know about the whole program. */
    private record Build(List<Instruction> program, Database database, java.util.Set<Integer> nativeAccumulators, java.util.BitSet clearable, java.util.Map<Integer, Integer> lastFields,
                    CursorUses cursorUses, TriggerNodes.Subprograms subprograms, boolean subprogram, NfiBinding nfi, ColumnComparisons fused, boolean subtypes) {
        Build withFused(ColumnComparisons f) {
            return new Build(program, database, nativeAccumulators, clearable, lastFields, cursorUses, subprograms, subprogram, nfi, f, subtypes);
        }

        /** What Copy, SCopy and Move do with the values' subtypes (Transfer). */
        int transferredSubtypes(boolean dropped) {
            return !subtypes ? RegisterNodes.Transfer.NO_SUBTYPES : dropped ? RegisterNodes.Transfer.DROP_SUBTYPES : RegisterNodes.Transfer.CARRY_SUBTYPES;
        }

        /** The last field a Column of the program reads from cursor {@code cursor}. */
        int lastFieldRead(int cursor) {
            return lastFields.getOrDefault(cursor, 0);
        }

        /** Whether one of registers first..last may hold a cleared NULL (Null P1 != 0 writes them). */
        boolean mayBeCleared(int first, int last) {
            int next = clearable.nextSetBit(first);
            return next >= 0 && next <= last;
        }
    }

    /** Function or PureFunc: a guest's, a Java implementation of a built-in one, or a call of SQLite's own C function. */
    private static InstructionNode functionCall(Instruction i, Build build) {
        int pc = i.address();
        Database database = build.database();
        List<Instruction> program = build.program();
        P4.Function f = (P4.Function) i.p4();
        if (!f.builtin()) {
            org.graalite.runtime.UserFunction user = database.userFunction(f);
            if (user == null) {
                // An extension's C function (which may have a built-in one's name).
                return nativeCall(i, build);
            }
            if (user.java() != null) {
                return new FunctionNodes.JavaCall(pc, i.p2(), f.callArguments(), i.p3(), user);
            }
            return FunctionNodes.GuestFunctionCall.create(pc, i.p2(), f.callArguments(), i.p3(), user);
        }
        if (TextFunctionNodes.isBuiltinSubstr(i)) {
            ColumnComparisons.Operands inPlace = build.fused().operands(pc);
            if (inPlace != null) {
                return new TextFunctionNodes.SubstrInPlace(pc, i.p2(), f.callArguments(), i.p3(), recordField(program.get(inPlace.left().column()), build), inPlace.left().conversion());
            }
            return new TextFunctionNodes.Substr(pc, i.p2(), f.callArguments(), i.p3());
        }
        if (TextFunctionNodes.isBuiltinLike(i)) {
            // (The same test ColumnComparisons makes before it lets LIKE read its string in place.)
            boolean noCase = (f.flags() & SQLITE_FUNC_CASE) == 0;
            ColumnComparisons.Operands inPlace = build.fused().operands(pc);
            if (inPlace != null) {
                return new TextFunctionNodes.LikeInPlace(pc, i.p2(), i.p3(), noCase, recordField(program.get(inPlace.left().column()), build), inPlace.left().conversion());
            }
            return new TextFunctionNodes.Like(pc, i.p2(), i.p3(), noCase);
        }
        if (f.name().equals("round") && (f.callArguments() == 1 || f.callArguments() == 2)) {
            return new ValueFunctionNodes.Round(pc, i.p2(), f.callArguments(), i.p3());
        }
        if (f.callArguments() == 1) {
            switch (f.name()) {
                case "abs":
                    return new ValueFunctionNodes.Abs(pc, i.p2(), i.p3());
                case "length":
                    return new ValueFunctionNodes.Length(pc, i.p2(), i.p3());
                case "typeof":
                    return new ValueFunctionNodes.Typeof(pc, i.p2(), i.p3());
                case "upper", "lower":
                    return new ValueFunctionNodes.AsciiCase(pc, i.p2(), i.p3(), f.name().equals("upper"));
                default:
                    break;
            }
        }
        return nativeCall(i, build);
    }

    /**
     * A call of SQLite's own C function; where Columns fill argument registers for it alone
     * (see ColumnComparisons), their text goes to SQLite as the bytes the records hold.
     */
    private static FunctionNodes.NativeCall nativeCall(Instruction i, Build build) {
        if (AnalyzeState.isStatFunction(i)) {
            return AnalyzeState.call(i, build.program());
        }
        FunctionNodes.NativeCall call = nativeCallReadingArguments(i, build);
        if (callsNoJava((P4.Function) i.p4())) {
            call.callingWithoutUpcalls();
        }
        // Its result read only by the next native call, in SQLite's register (see ColumnComparisons.source).
        return build.fused().columnValueUnused(i.address()) ? call.keepingResultInSqlite() : call;
    }

    /**
     * AggStep or AggInverse of SQLite's own aggregate, whose state SQLite keeps: its arguments
     * from their registers, or where ColumnComparisons found them, from fields in place or a
     * call's result in SQLite's register, as a function call's.
     */
    private static AggregateNodes.NativeStep nativeStep(Instruction i, Build build, int skipFlag) {
        boolean withoutUpcalls = callsNoJava((P4.Function) i.p4());
        ColumnComparisons.Operands inPlace = build.fused().operands(i.address());
        if (inPlace == null) {
            return new AggregateNodes.NativeStep(i.address(), i.p2(), i.p5(), build.subtypes(), skipFlag, withoutUpcalls, null, null, null);
        }
        int count = i.p5();
        RecordField[] fields = new RecordField[count];
        int[] conversions = new int[count];
        boolean[] inSqliteRegister = new boolean[count];
        readsInPlace(inPlace, build, fields, conversions, inSqliteRegister);
        return new AggregateNodes.NativeStep(i.address(), i.p2(), count, build.subtypes(), skipFlag, withoutUpcalls, fields, conversions, inSqliteRegister);
    }

    /** Fills, for each operand found in place, its field and conversion (a Column's) or marks it in SQLite's register (a call's result). */
    private static void readsInPlace(ColumnComparisons.Operands inPlace, Build build, RecordField[] fields, int[] conversions, boolean[] inSqliteRegister) {
        for (int k = 0; k < fields.length; k++) {
            ColumnComparisons.Operand o = inPlace.all()[k];
            if (o == null) {
                continue;
            }
            Instruction source = build.program().get(o.column());
            if (source.opcodeName().equals("Column")) {
                fields[k] = recordField(source, build);
                conversions[k] = o.conversion();
            } else {
                // The native call before left its result in SQLite's register.
                inSqliteRegister[k] = true;
            }
        }
    }

    /** FuncDef's flags (sqliteInt.h): sqlite3GetFuncCollSeq may be called; side effects (load_extension). */
    private static final int SQLITE_FUNC_NEEDCOLL = 0x0020;
    private static final int SQLITE_FUNC_UNSAFE = 0x00200000;

    /**
     * Whether SQLite's function or aggregate {@code f} cannot call back into Java: one of
     * SQLite's own (a guest's or an extension's may run anything), comparing no values under a
     * collation (which may be a guest's: min and max) and without side effects. SQLite's own functions call no
     * other callback (Graalite registers no log callback; progress handlers run between
     * instructions).
     */
    static boolean callsNoJava(P4.Function f) {
        return f.builtin() && (f.flags() & (SQLITE_FUNC_NEEDCOLL | SQLITE_FUNC_UNSAFE)) == 0;
    }

    private static FunctionNodes.NativeCall nativeCallReadingArguments(Instruction i, Build build) {
        P4.Function f = (P4.Function) i.p4();
        ColumnComparisons.Operands inPlace = build.fused().operands(i.address());
        if (inPlace == null) {
            return new FunctionNodes.NativeCall(i.address(), i.p2(), f.callArguments(), i.p3());
        }
        RecordField[] fields = new RecordField[f.callArguments()];
        int[] conversions = new int[fields.length];
        boolean[] inSqliteRegister = new boolean[fields.length];
        readsInPlace(inPlace, build, fields, conversions, inSqliteRegister);
        return new FunctionNodes.NativeCallInPlace(i.address(), i.p2(), f.callArguments(), i.p3(), fields, conversions, inSqliteRegister);
    }

    /**
     * Whether a function of the program sets or reads value subtypes (SQLITE_RESULT_SUBTYPE,
     * SQLITE_SUBTYPE: JSON's), or the program saves and restores them itself (an ordered
     * aggregate's GetSubtype and SetSubtype): then its registers keep subtypes (SubtypeNodes).
     */
    public static boolean usesSubtypes(List<Instruction> program) {
        for (Instruction i : program) {
            if (i.p4() instanceof P4.Function f && (f.flags() & (SQLITE_SUBTYPE | SQLITE_RESULT_SUBTYPE)) != 0) {
                return true;
            }
            if (i.opcodeName().equals("GetSubtype") || i.opcodeName().equals("SetSubtype")) {
                return true;
            }
        }
        return false;
    }

    /** By cursor, the last field a Column of the program reads from it. */
    private static java.util.Map<Integer, Integer> lastFieldsRead(List<Instruction> program) {
        java.util.Map<Integer, Integer> last = new java.util.HashMap<>();
        for (Instruction i : program) {
            if (i.opcodeName().equals("Column")) {
                last.merge(i.p1(), i.p2(), Math::max);
            }
        }
        return last;
    }

    /** The registers some Null with P1 != 0 sets to cleared NULLs. */
    private static java.util.BitSet clearable(List<Instruction> program) {
        java.util.BitSet registers = new java.util.BitSet();
        for (Instruction i : program) {
            if (i.opcodeName().equals("Null") && i.p1() != 0) {
                registers.set(i.p2(), Math.max(i.p2(), i.p3()) + 1);
            }
        }
        return registers;
    }

    /** Eq, Ne, Lt, Le, Gt or Ge: on registers, or reading the fields of the Columns before it in place. */
    private static InstructionNode comparison(Instruction i, int relation, Build build) {
        if (collation(i) < 0) {
            // (fusable kept its Columns' values in registers.)
            return new ComparisonNodes.Compare(i.address(), i.p2(), relation, i.p1(), i.p3(), i.p5(), Collations.GUEST, elseEqFollows(build.program(), i), build.mayBeCleared(i.p3(), i.p3()));
        }
        ColumnComparisons.Operands fused = build.fused().operands(i.address());
        if (fused == null) {
            return new ComparisonNodes.Compare(i.address(), i.p2(), relation, i.p1(), i.p3(), i.p5(), collation(i), elseEqFollows(build.program(), i), build.mayBeCleared(i.p3(), i.p3()));
        }
        List<Instruction> program = build.program();
        ColumnComparisons.Operand left = fused.left();
        ColumnComparisons.Operand right = fused.right();
        return new FieldComparison(i.address(), i.p2(), relation, i.p5(), collation(i), elseEqFollows(program, i), left != null ? recordField(program.get(left.column()), build) : null,
                        i.p3(), left != null ? left.conversion() : 0, right != null ? recordField(program.get(right.column()), build) : null, i.p1(), right != null ? right.conversion() : 0);
    }

    /** Add, Subtract, Multiply, Divide or Remainder: on registers, or reading the fields of the Columns before it in place. */
    private static InstructionNode arithmetic(Instruction i, int operation, Build build) {
        ColumnComparisons.Operands fused = build.fused().operands(i.address());
        if (fused == null) {
            return new ArithmeticNodes.Arithmetic(i.address(), operation, i.p1(), i.p2(), i.p3());
        }
        List<Instruction> program = build.program();
        ColumnComparisons.Operand left = fused.left();
        ColumnComparisons.Operand right = fused.right();
        return new InPlaceReaders.Arithmetic(i.address(), operation, left != null ? recordField(program.get(left.column()), build) : null, i.p2(), left != null ? left.conversion() : 0,
                        right != null ? recordField(program.get(right.column()), build) : null, i.p1(), right != null ? right.conversion() : 0, i.p3());
    }

    /** Whether a comparison may read Column fields in place: a collation of Graalite's, and no cleared NULL for IS to tell apart. */
    private static boolean fusable(Instruction i, Build build) {
        if (!ColumnComparisons.isComparison(i)) {
            return true;
        }
        return collation(i) >= 0 && !((i.p5() & ComparisonNodes.NULLEQ) != 0 && build.mayBeCleared(i.p3(), i.p3()));
    }

    /** The field a Column instruction reads. */
    private static RecordField recordField(Instruction column, Build build) {
        return new RecordField(column.address(), column.p1(), column.p2(), absentValue(column), build.lastFieldRead(column.p1()), BtreeCallNodes.Payload.create(build.nfi()), build.cursorUses());
    }

    /** A Column's P4: the value of a field its record lacks (a column added by ALTER TABLE), or null. */
    private static Object absentValue(Instruction column) {
        return column.p4() instanceof P4.Value v ? v.value() : null;
    }

    /** MakeRecord with the fields of the Columns before it that nothing else reads taken in place. */
    private static InstructionNode makeRecordInPlace(Instruction i, String affinity, ColumnComparisons.Operands inPlace, Build build) {
        ColumnComparisons.Operand[] operands = inPlace.all();
        int[] fieldOf = new int[operands.length];
        List<RecordField> fields = new java.util.ArrayList<>();
        List<Integer> conversions = new java.util.ArrayList<>();
        for (int k = 0; k < operands.length; k++) {
            if (operands[k] == null) {
                fieldOf[k] = -1;
            } else {
                fieldOf[k] = fields.size();
                fields.add(recordField(build.program().get(operands[k].column()), build));
                conversions.add(operands[k].conversion());
            }
        }
        return new InPlaceReaders.MakeRecord(i.address(), i.p1(), i.p2(), i.p3(), affinity, fields.toArray(new RecordField[0]), fieldOf,
                        conversions.stream().mapToInt(Integer::intValue).toArray());
    }

    /** Whether the comparison at {@code i} is followed by an ElseEq (only ReleaseReg may come between). */
    private static boolean elseEqFollows(List<Instruction> program, Instruction i) {
        for (int a = i.address() + 1; a < program.size(); a++) {
            String name = program.get(a).opcodeName();
            if (!name.equals("ReleaseReg")) {
                return name.equals("ElseEq");
            }
        }
        return false;
    }

    /** The register order of a Compare: the Permutation right before it with OPFLAG_PERMUTE (P5 bit 1), else 0, 1, 2... */
    private static int[] permutation(List<Instruction> program, Instruction compare) {
        int[] order = new int[compare.p3()];
        for (int f = 0; f < order.length; f++) {
            order[f] = f;
        }
        if ((compare.p5() & 1) != 0 && compare.address() > 0 && program.get(compare.address() - 1).p4() instanceof P4.IntArray a
                        && program.get(compare.address() - 1).opcodeName().equals("Permutation")) {
            for (int f = 0; f < order.length && f < a.values().length; f++) {
                order[f] = a.values()[f];
            }
        }
        return order;
    }

    private static boolean builtinAggregate(Instruction i) {
        return (i.opcodeName().startsWith("Agg")) && i.p4() instanceof P4.Function f && f.builtin();
    }

    /**
     * Whether aggregate instruction {@code i} calls SQLite's C code: a built-in aggregate, or
     * one an extension defined (not a guest's aggregate of {@code database}; without a
     * database, only built-in ones count).
     */
    private static boolean sqliteAggregate(Instruction i, Database database) {
        if (builtinAggregate(i)) {
            return true;
        }
        return database != null && i.opcodeName().startsWith("Agg") && i.p4() instanceof P4.Function f && database.userAggregate(f) == null;
    }

    /** AggInverse (or AggStep1 with P1 set) of one of SQLite's own aggregates: in Java where its state is. */
    private static InstructionNode builtinInverse(int pc, Instruction i, Build build) {
        if (build.nativeAccumulators().contains(i.p3())) {
            return nativeStep(i, build, 0);
        }
        P4.Function f = (P4.Function) i.p4();
        return new WindowAggregateNodes.Inverse(pc, AggregateNodes.kind(f.name(), f.argumentCount()), i.p2(), i.p5(), i.p3());
    }

    /**
     * AggInverse of guest window function {@code user} (or the AggStep1 with P1 set that SQLite's
     * VDBE makes of it): called directly in the guest's conventions for the window steppers
     * shape, else out of line through the accumulator's inverse(...).
     */
    private static InstructionNode guestInverse(int pc, Instruction i, org.graalite.runtime.UserAggregate user) {
        if (user.inverseConventions() != null) {
            return new AggregateNodes.GuestConventionStep(pc, i.p2(), i.p5(), i.p3(), user, true);
        } else if (user.isJava() || user.isFunctions()) {
            // No window function: UserAggregate#inverse reports it.
            return new AggregateNodes.OutOfLineStep(pc, i.p2(), i.p5(), i.p3(), user, true);
        }
        return new AggregateNodes.GuestStep(pc, i.p2(), i.p5(), i.p3(), user, true);
    }

    /**
     * The accumulator registers of SQLite's own aggregates that SQLite itself runs: those
     * without a Java implementation (group_concat, percent_rank, ntile, first_value, ...), those
     * of an extension, min and max under a guest's collation, and all of them where values carry
     * subtypes.
     */
    private static java.util.Set<Integer> nativeAccumulators(List<Instruction> program, Database database) {
        // With value subtypes about, SQLite's own aggregates that return one of their arguments
        // keep its subtype (max of JSON values is JSON, lag of one too): the Java ones would drop
        // it. Those that compute a number (count, sum, total, avg, row_number, rank, dense_rank)
        // return none in SQLite either, and stay in Java.
        boolean subtypes = usesSubtypes(program);
        java.util.Set<Integer> registers = new java.util.HashSet<>();
        for (Instruction i : program) {
            if (sqliteAggregate(i, database)) {
                // An extension's aggregate may have the name of one with a Java implementation.
                // min and max under a guest's collation (the CollSeq before): SQLite calls it.
                Instruction before = i.address() > 0 ? program.get(i.address() - 1) : null;
                boolean guestCollation = before != null && before.opcodeName().equals("CollSeq") && collation(before) < 0;
                if ((subtypes && returnsAnArgument(i)) || guestCollation || !javaAggregate(i)) {
                    registers.add(accumulator(i));
                }
            }
        }
        return registers;
    }

    /** Whether SQLite's aggregate of {@code i} returns one of its argument values as it is (min, max, lag, lead), subtype included. */
    private static boolean returnsAnArgument(Instruction i) {
        P4.Function f = (P4.Function) i.p4();
        return switch (AggregateNodes.kind(f.name(), f.argumentCount())) {
            case AggregateNodes.COUNT, AggregateNodes.SUM, AggregateNodes.TOTAL, AggregateNodes.AVG, AggregateNodes.ROW_NUMBER, AggregateNodes.RANK, AggregateNodes.DENSE_RANK -> false;
            default -> true;
        };
    }

    /** The accumulator register of aggregate instruction {@code i}. */
    private static int accumulator(Instruction i) {
        return i.opcodeName().startsWith("AggStep") || i.opcodeName().equals("AggInverse") ? i.p3() : i.p1();
    }

    /** Whether {@code i} is an AggInverse, or the AggStep1 with P1 set that SQLite's VDBE makes of one. */
    private static boolean inverse(Instruction i) {
        return i.opcodeName().equals("AggInverse") || (i.opcodeName().equals("AggStep1") && i.p1() != 0);
    }

    /**
     * Whether built-in aggregate instruction {@code i} has a Java implementation
     * (AggregateNodes, WindowAggregateNodes): every step, value and final of the built-in
     * aggregates and window functions with a kind, and the inverse of those that have one (min
     * and max have none; SQLite keeps their frames in an ephemeral index).
     */
    private static boolean javaAggregate(Instruction i) {
        if (!builtinAggregate(i)) {
            return false;
        }
        P4.Function f = (P4.Function) i.p4();
        int kind = AggregateNodes.kind(f.name(), f.argumentCount());
        return kind >= 0 && !(inverse(i) && (kind == AggregateNodes.MIN || kind == AggregateNodes.MAX));
    }

    /** Whether the Truffle tier keeps every ephemeral rowid table of {@code program} in Java (see JavaTables). */
    public static boolean keepsEphemeralTablesInJava(List<Instruction> program) {
        java.util.Map<Integer, Integer> kept = JavaTables.of(program, CursorUses.of(program));
        for (Instruction i : program) {
            if (i.opcodeName().equals("OpenEphemeral") && !(i.p4() instanceof P4.KeyInfo) && !kept.containsKey(i.p1())) {
                return false;
            }
        }
        return true;
    }

    /** Whether the program computes window functions over frames (AggInverse or AggValue: SQLite emits them for windows only). */
    public static boolean computesWindows(List<Instruction> program) {
        for (Instruction i : program) {
            if (i.opcodeName().equals("AggInverse") || i.opcodeName().equals("AggValue")) {
                return true;
            }
        }
        return false;
    }

    private static InstructionNode node(Instruction i, Build build) {
        List<Instruction> program = build.program();
        Database database = build.database();
        int pc = i.address();
        switch (i.opcodeName()) {
            case "Init":
            case "Goto":
                return new ControlNodes.Jump(pc, i.p2());
            case "Halt":
                if (build.subprogram() && i.p1() == 0) {
                    return new TriggerNodes.Return(pc);
                }
                // RAISE(ABORT|FAIL|ROLLBACK, message) leaves the message in register P3.
                return new ControlNodes.Halt(pc, i.p1() != 0 && i.p3() > 0 && i.p4() instanceof P4.None ? i.p3() : 0);
            case "Program":
                return new TriggerNodes.Program(pc, i.p2(), i.p1(), ((P4.SubProgram) i.p4()).program(), build.subprograms());
            case "Param":
                return new TriggerNodes.Param(pc, i.p1(), i.p2());
            case "SeekEnd":
                return new WriteNodes.SeekEnd(pc, i.p1());
            case "JournalMode":
                return new SchemaNodes.JournalMode(pc, i.p2());
            case "IncrVacuum":
                return new SchemaNodes.IncrVacuum(pc, i.p2());
            case "Vacuum":
                return new SchemaNodes.Vacuum(pc, i.p2());
            case "LoadAnalysis":
                // sqlite3AnalysisLoad through graalite_op_schema: the statistics ANALYZE wrote are read into the schema.
                return new SchemaNodes.Change(pc, 0, 0, false, 0);
            case "IntegrityCk":
                return new IntegrityCheckNodes.IntegrityCk(pc, i.p1(), i.p2(), i.p3());
            case "VCheck":
                return new IntegrityCheckNodes.VCheck(pc, i.p2());
            case "IFindKey": {
                // Its key is the one of the Found before it (P4 there: the number of registers).
                Instruction found = pc > 0 ? build.program().get(pc - 1) : null;
                return new IntegrityCheckNodes.IFindKey(pc, i.p2(), i.p1(), i.p3(), found != null && found.opcodeName().equals("Found") ? int32(found) : 0);
            }
            case "SorterCompare":
                return new WriteNodes.SorterCompare(pc, i.p2(), i.p3());
            case "Checkpoint":
                return new SchemaNodes.Change(pc, i.p3(), 0, false, i.p1(), true);
            case "ReadCookie":
            case "CreateBtree":
            case "Pagecount":
            case "MaxPgcnt":
                return new SchemaNodes.Change(pc, i.p2(), 0, false, i.p1());
            case "Destroy":
                return new SchemaNodes.Change(pc, i.p2(), 0, true, i.p3());
            case "Clear":
                return new SchemaNodes.Change(pc, 0, i.p3() > 0 ? i.p3() : 0, false, i.p2());
            case "SetCookie":
            case "SqlExec":
            case "ParseSchema":
            case "DropTable":
            case "DropIndex":
            case "DropTrigger":
            case "Expire":
                return new SchemaNodes.Change(pc, 0, 0, false, 0);
            case "FkCounter":
                return new ForeignKeyNodes.Counter(pc);
            case "FkIfZero":
                return new ForeignKeyNodes.IfZero(pc, i.p2(), i.p1() != 0);
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
                if (i.p3() > 0) {
                    return new RegisterNodes.TextOrBlob(pc, i.p2(), ((P4.Text) i.p4()).value(), i.p3(), i.p5());
                }
                return new RegisterNodes.Constant(pc, i.p2(), ((P4.Text) i.p4()).value());
            case "Null": {
                int last = Math.max(i.p2(), i.p3());
                int[] cleared = build.nativeAccumulators().stream().filter(r -> r >= i.p2() && r <= last).mapToInt(Integer::intValue).sorted().toArray();
                return new RegisterNodes.SetNull(pc, i.p2(), i.p3(), cleared, i.p1() != 0, build.mayBeCleared(i.p2(), last));
            }
            case "Copy":
                // P5 0x0002: the copy loses the value's subtype.
                return new RegisterNodes.Transfer(pc, i.p1(), i.p2(), i.p3() + 1, false, build.mayBeCleared(i.p2(), i.p2() + i.p3()), build.transferredSubtypes((i.p5() & 0x0002) != 0));
            case "SCopy":
                return new RegisterNodes.Transfer(pc, i.p1(), i.p2(), 1, false, build.mayBeCleared(i.p2(), i.p2()), build.transferredSubtypes(false));
            case "IntCopy":
                // IntCopy's source always holds an integer (vdbe.c asserts MEM_Int); registers
                // hold immutable Longs, so the copy is the same reference copy as SCopy's, but
                // a new integer, without the source's subtype.
                return new RegisterNodes.Transfer(pc, i.p1(), i.p2(), 1, false, build.mayBeCleared(i.p2(), i.p2()), build.transferredSubtypes(true));
            case "Move":
                return new RegisterNodes.Transfer(pc, i.p1(), i.p2(), i.p3(), true, build.mayBeCleared(i.p2(), i.p2() + i.p3() - 1), build.transferredSubtypes(false));
            case "RealAffinity":
                return new RegisterNodes.RealAffinity(pc, i.p1());
            case "ResultRow":
                return new RegisterNodes.ResultRow(pc, i.p1(), i.p2());
            case "Add":
                return arithmetic(i, ArithmeticNodes.ADD, build);
            case "Subtract":
                return arithmetic(i, ArithmeticNodes.SUBTRACT, build);
            case "Multiply":
                return arithmetic(i, ArithmeticNodes.MULTIPLY, build);
            case "Divide":
                return arithmetic(i, ArithmeticNodes.DIVIDE, build);
            case "Remainder":
                return arithmetic(i, ArithmeticNodes.REMAINDER, build);
            case "Eq":
                return comparison(i, ComparisonNodes.EQ, build);
            case "Ne":
                return comparison(i, ComparisonNodes.NE, build);
            case "Lt":
                return comparison(i, ComparisonNodes.LT, build);
            case "Le":
                return comparison(i, ComparisonNodes.LE, build);
            case "Gt":
                return comparison(i, ComparisonNodes.GT, build);
            case "Ge":
                return comparison(i, ComparisonNodes.GE, build);
            case "Transaction":
                return new CursorNodes.Transaction(pc);
            case "AutoCommit":
                return new TransactionNodes.AutoCommit(pc);
            case "Savepoint":
                return new TransactionNodes.Savepoint(pc);
            case "TableLock":
                return new TransactionNodes.TableLock(pc);
            case "OpenRead":
                // P5 OPFLAG_SEEKEQ (0x02): the cursor only looks for equal keys.
                return new CursorNodes.OpenRead(pc, i.p1(), !(i.p4() instanceof P4.KeyInfo), (i.p5() & 0x02) != 0, -1);
            case "OpenEphemeral":
            case "OpenAutoindex":
                return new IndexNodes.OpenEphemeral(pc, i.p1(), !(i.p4() instanceof P4.KeyInfo), i.p3(),
                                i.opcodeName().equals("OpenEphemeral") && SmallKeyIndexes.collations(build.program(), i.p1(), 0) != null,
                                i.opcodeName().equals("OpenEphemeral") && SmallKeyIndexes.javaOnly(build.program(), i.p1()));
            case "SeekLT":
                return new IndexNodes.Seek(pc, i.p2(), i.p1(), IndexNodes.LT, i.p3(), int32(i), indexKey(build.program(), i.p1(), int32(i)));
            case "SeekLE":
                return new IndexNodes.Seek(pc, i.p2(), i.p1(), IndexNodes.LE, i.p3(), int32(i), indexKey(build.program(), i.p1(), int32(i)));
            case "SeekGE":
                return new IndexNodes.Seek(pc, i.p2(), i.p1(), IndexNodes.GE, i.p3(), int32(i), indexKey(build.program(), i.p1(), int32(i)));
            case "SeekGT":
                return new IndexNodes.Seek(pc, i.p2(), i.p1(), IndexNodes.GT, i.p3(), int32(i), indexKey(build.program(), i.p1(), int32(i)));
            case "IdxLT":
                return new IndexNodes.IndexCompare(pc, i.p2(), i.p1(), IndexNodes.LT, i.p3(), int32(i), indexKey(build.program(), i.p1(), int32(i)));
            case "IdxLE":
                return new IndexNodes.IndexCompare(pc, i.p2(), i.p1(), IndexNodes.LE, i.p3(), int32(i), indexKey(build.program(), i.p1(), int32(i)));
            case "IdxGE":
                return new IndexNodes.IndexCompare(pc, i.p2(), i.p1(), IndexNodes.GE, i.p3(), int32(i), indexKey(build.program(), i.p1(), int32(i)));
            case "IdxGT":
                return new IndexNodes.IndexCompare(pc, i.p2(), i.p1(), IndexNodes.GT, i.p3(), int32(i), indexKey(build.program(), i.p1(), int32(i)));
            case "Found":
                return new IndexNodes.Lookup(pc, i.p2(), i.p1(), IndexNodes.Lookup.FOUND, i.p3(), int32(i), SmallKeyIndexes.collations(build.program(), i.p1(), int32(i)));
            case "NotFound":
                return new IndexNodes.Lookup(pc, i.p2(), i.p1(), IndexNodes.Lookup.NOT_FOUND, i.p3(), int32(i), SmallKeyIndexes.collations(build.program(), i.p1(), int32(i)));
            case "NoConflict":
                return new IndexNodes.Lookup(pc, i.p2(), i.p1(), IndexNodes.Lookup.NO_CONFLICT, i.p3(), int32(i), null);
            case "IdxRowid":
                return new IndexNodes.IndexRowid(pc, i.p1(), i.p2());
            case "DeferredSeek":
                return new IndexNodes.DeferredSeek(pc, i.p1(), i.p3(), i.p4() instanceof P4.IntArray map ? map.values() : null);
            case "IdxInsert":
                return new WriteNodes.IndexInsert(pc, i.p1(), i.p2(), SmallKeyIndexes.collations(build.program(), i.p1(), 0) != null, SmallKeyIndexes.javaOnly(build.program(), i.p1()),
                                recordValuesInRegisters(i, build) ? i.p3() : 0, recordValuesInRegisters(i, build) ? int32(i) : 0, build.cursorUses().sharingEphemeralBtree(i.p1()));
            case "IdxDelete":
                // The key is P5 registers from P2 (SQLite 3.54's code generator leaves P3 at 0).
                return new WriteNodes.IndexDelete(pc, i.p1(), i.p2(), i.p5() > 0 ? i.p5() : i.p3(), build.cursorUses().sharingEphemeralBtree(i.p1()));
            case "Insert":
                return new WriteNodes.Insert(pc, i.p1(), i.p2(), i.p3(), (i.p5() & WriteNodes.OPFLAG_PREFORMAT) != 0, build.cursorUses().sharingEphemeralBtree(i.p1()));
            case "RowCell":
                return new WriteNodes.RowCell(pc, i.p3());
            case "NewRowid":
                return new WriteNodes.NewRowid(pc, i.p1(), i.p2(), i.p3());
            case "Delete":
                return new WriteNodes.Delete(pc, i.p1(), build.cursorUses().sharingEphemeralBtree(i.p1()));
            case "OpenWrite":
                return new WriteNodes.OpenWrite(pc, i.p1(), i.p2(), (i.p5() & WriteNodes.OPFLAG_P2ISREG) != 0, !(i.p4() instanceof P4.KeyInfo));
            case "HaltIfNull":
                return new WriteNodes.HaltIfNull(pc, i.p3());
            case "ResetCount":
                return new WriteNodes.ResetCount(pc);
            case "Cast":
                return new RegisterNodes.Cast(pc, i.p1());
            case "IfEmpty":
                return new CursorNodes.IfEmpty(pc, i.p2(), i.p1());
            case "CursorLock", "CursorUnlock":
                return new CursorNodes.Pin(pc, i.p1(), i.opcodeName().equals("CursorLock"));
            case "ResetSorter":
                return new CursorNodes.ResetSorter(pc, i.p1());
            case "SequenceTest":
                return new CursorNodes.SequenceTest(pc, i.p2(), i.p1());
            case "OpenDup":
                return new CursorNodes.OpenDup(pc, i.p1(), i.p2());
            case "RowSetAdd":
                return new RowSetNodes.Add(pc, i.p1(), i.p2());
            case "RowSetRead":
                return new RowSetNodes.Read(pc, i.p2(), i.p1(), i.p3());
            case "RowSetTest":
                return new RowSetNodes.Test(pc, i.p2(), i.p1(), i.p3(), int32(i));
            case "ReopenIdx":
                // OpenRead, except that a cursor already open on that index stays as it is.
                return new CursorNodes.OpenRead(pc, i.p1(), !(i.p4() instanceof P4.KeyInfo), (i.p5() & 0x02) != 0, i.p2());
            case "SoftNull":
                // A NULL for MakeRecord that keeps the old value's memory: in Java simply NULL.
                return new RegisterNodes.SetNull(pc, i.p1(), i.p1());
            case "ReleaseReg":
                // A debugging aid of SQLite's: nothing to do.
            case "Explain":
                // Query-plan information for EXPLAIN QUERY PLAN and scan statistics: a no-op when running.
            case "SeekScan":
                // An optimization that may skip the SeekGE that follows by stepping; doing the seek is equivalent.
                return new ControlNodes.Jump(pc, pc + 1);
            case "RowData":
                return new IndexNodes.RowData(pc, i.p1(), i.p2());
            case "Sequence":
                return new IndexNodes.Sequence(pc, i.p1(), i.p2());
            case "IfNotZero":
                return new ControlNodes.IfPos(pc, i.p2(), i.p1(), 1, true);
            case "Close":
                return new CursorNodes.Close(pc, i.p1());
            case "Rewind":
                // With P2 = 0 the move never jumps: an "empty" outcome falls through too.
                return new CursorNodes.Move(pc, i.p2() > 0 ? i.p2() : pc + 1, i.p1(), CursorNodes.Move.FIRST, null);
            case "Last":
                return new CursorNodes.Move(pc, i.p2() > 0 ? i.p2() : pc + 1, i.p1(), CursorNodes.Move.LAST, null);
            case "Next":
                return new CursorNodes.Move(pc, i.p2(), i.p1(), CursorNodes.Move.NEXT, BtreeCallNodes.Step.create(build.nfi(), true));
            case "Prev":
                return new CursorNodes.Move(pc, i.p2(), i.p1(), CursorNodes.Move.PREV, BtreeCallNodes.Step.create(build.nfi(), false));
            case "Column":
                return new CursorNodes.Column(pc, i.p3(), !build.fused().columnValueUnused(pc), recordField(i, build));
            case "Rowid":
                if (build.cursorUses().isVirtual(i.p1())) {
                    return new VirtualTableNodes.Rowid(pc, i.p1(), i.p2());
                }
                return new CursorNodes.Rowid(pc, i.p1(), i.p2());
            case "VBegin":
                return new VirtualTableNodes.Begin(pc);
            case "VCreate":
                return new VirtualTableNodes.Create(pc, i.p2());
            case "VDestroy":
                return new VirtualTableNodes.Destroy(pc);
            case "VRename":
                return new VirtualTableNodes.Rename(pc, i.p1());
            case "VOpen":
                return new VirtualTableNodes.Open(pc, i.p1());
            case "VInitIn":
                return new VirtualTableNodes.InitIn(pc, i.p2());
            case "VFilter":
                return new VirtualTableNodes.Filter(pc, i.p2(), i.p1(), i.p3(), program.stream().anyMatch(in -> in.opcodeName().equals("VInitIn")));
            case "VNext":
                return new VirtualTableNodes.Next(pc, i.p2(), i.p1());
            case "VColumn":
                return new VirtualTableNodes.Column(pc, i.p1(), i.p3(), build.subtypes());
            case "VUpdate":
                return new VirtualTableNodes.Update(pc, i.p3(), i.p2(), keptArguments(program, i));
            case "Noop":
                return new ControlNodes.Jump(pc, pc + 1);
            case "FkCheck":
                return new ForeignKeyNodes.Check(pc);
            case "Variable":
                return new RegisterNodes.Variable(pc, i.p1(), i.p2());
            case "Once":
                return new ControlNodes.Once(pc, i.p2());
            case "MustBeInt": {
                ColumnComparisons.Operands inPlace = build.fused().operands(pc);
                if (inPlace != null) {
                    return new InPlaceReaders.MustBeInt(pc, i.p2(), recordField(program.get(inPlace.left().column()), build), inPlace.left().conversion());
                }
                return new ControlNodes.MustBeInt(pc, i.p2(), i.p1());
            }
            case "OpenPseudo":
                return new CursorNodes.OpenPseudo(pc, i.p1(), i.p2());
            case "NullRow":
                return new CursorNodes.NullRow(pc, i.p1());
            case "MakeRecord": {
                String affinity = i.p4() instanceof P4.Text t ? t.value() : null;
                ColumnComparisons.Operands inPlace = build.fused().operands(pc);
                if (inPlace != null) {
                    return makeRecordInPlace(i, affinity, inPlace, build);
                }
                return new CursorNodes.MakeRecord(pc, i.p1(), i.p2(), i.p3(), affinity);
            }
            case "SorterOpen":
                return new CursorNodes.SorterOpen(pc, i.p1());
            case "SorterInsert":
                return new CursorNodes.SorterInsert(pc, i.p2());
            case "SorterSort":
            case "Sort":
                return new CursorNodes.SorterMove(pc, i.p2(), i.p1(), true);
            case "SorterNext":
                return new CursorNodes.SorterMove(pc, i.p2(), i.p1(), false);
            case "SorterData":
                return new CursorNodes.SorterData(pc, i.p2());
            case "Blob":
                return new BloomFilterNodes.Blob(pc, i.p2(), i.p1(), i.p4() instanceof P4.Bytes b ? b.value() : null);
            case "Affinity":
                return new RegisterNodes.Affinity(pc, i.p1(), ((P4.Text) i.p4()).value());
            case "FilterAdd":
                return new BloomFilterNodes.Filter(pc, -1, i.p1(), i.p3(), int32(i), true);
            case "Filter": {
                ColumnComparisons.Operands inPlace = build.fused().operands(pc);
                if (inPlace != null) {
                    return new InPlaceReaders.Filter(pc, i.p2(), i.p1(), recordField(program.get(inPlace.left().column()), build), inPlace.left().conversion());
                }
                return new BloomFilterNodes.Filter(pc, i.p2(), i.p1(), i.p3(), int32(i), false);
            }
            case "ClrSubtype":
                // Without functions that set subtypes, no value has one to clear.
                return build.subtypes() ? new SubtypeNodes.Clear(pc, i.p1()) : new ControlNodes.Jump(pc, pc + 1);
            case "GetSubtype":
                return new SubtypeNodes.Get(pc, i.p1(), i.p2());
            case "SetSubtype":
                return new SubtypeNodes.Set(pc, i.p1(), i.p2());
            case "BeginSubrtn":
                return new RegisterNodes.SetNull(pc, i.p2(), i.p3());
            case "Concat":
                return new ExpressionNodes.Concat(pc, i.p1(), i.p2(), i.p3());
            case "Not":
                return new ExpressionNodes.Not(pc, i.p1(), i.p2());
            case "BitNot":
                return new ExpressionNodes.BitNot(pc, i.p1(), i.p2());
            case "BitAnd":
                return new ExpressionNodes.Bits(pc, ExpressionNodes.BIT_AND, i.p1(), i.p2(), i.p3());
            case "BitOr":
                return new ExpressionNodes.Bits(pc, ExpressionNodes.BIT_OR, i.p1(), i.p2(), i.p3());
            case "ShiftLeft":
                return new ExpressionNodes.Bits(pc, ExpressionNodes.SHIFT_LEFT, i.p1(), i.p2(), i.p3());
            case "ShiftRight":
                return new ExpressionNodes.Bits(pc, ExpressionNodes.SHIFT_RIGHT, i.p1(), i.p2(), i.p3());
            case "IfPos":
                return new ControlNodes.IfPos(pc, i.p2(), i.p1(), i.p3());
            case "OffsetLimit":
                return new ControlNodes.OffsetLimit(pc, i.p1(), i.p2(), i.p3());
            case "Jump":
                return new ControlNodes.ThreeWayJump(pc, i.p1(), i.p2(), i.p3());
            case "Compare": {
                P4.KeyInfo key = (P4.KeyInfo) i.p4();
                int[] collations = new int[i.p3()];
                for (int f = 0; f < collations.length; f++) {
                    int c = Collations.of(key.collations()[f]);
                    collations[f] = c >= 0 ? c : Collations.GUEST;
                }
                return new ComparisonNodes.CompareVectors(pc, i.p1(), i.p2(), i.p3(), java.util.Arrays.copyOf(key.sortFlags(), i.p3()), collations, permutation(program, i));
            }
            case "Permutation":
                // Its P4 is read by the Compare after it when that one is built.
                return new ControlNodes.Jump(pc, pc + 1);
            case "And":
                return new ExpressionNodes.Logic(pc, true, i.p1(), i.p2(), i.p3());
            case "Or":
                return new ExpressionNodes.Logic(pc, false, i.p1(), i.p2(), i.p3());
            case "IsTrue":
                return new ExpressionNodes.IsTrue(pc, i.p1(), i.p2(), i.p3() != 0, int32(i) != 0);
            case "ZeroOrNull":
                return new ExpressionNodes.ZeroOrNull(pc, i.p1(), i.p2(), i.p3());
            case "AddImm":
                return new RegisterNodes.AddImmediate(pc, i.p1(), i.p2());
            case "MemMax":
                return new RegisterNodes.MemMax(pc, i.p1(), i.p2());
            case "TypeCheck": {
                P4.Table table = (P4.Table) i.p4();
                return new RegisterNodes.TypeCheck(pc, i.p1(), table.name(), RegisterNodes.TypeCheck.checked(table.columns(), i.p2(), i.p3()));
            }
            case "IsType":
                return new ControlNodes.IsType(pc, i.p2(), i.p1(), i.p3(), int32(i), i.p5());
            case "IfNullRow":
                return new ControlNodes.IfNullRow(pc, i.p2(), i.p1(), i.p3());
            case "ElseEq":
                return new ControlNodes.ElseEq(pc, i.p2());
            case "SeekHit":
                return new IndexNodes.SeekHit(pc, i.p1(), i.p2(), i.p3());
            case "IfNoHope":
                return new IndexNodes.Lookup(pc, i.p2(), i.p1(), IndexNodes.Lookup.IF_NO_HOPE, i.p3(), int32(i), null);
            case "IfSizeBetween":
                // Generated by PRAGMA optimize, whose program also has SqlExec (native).
                return new CursorNodes.IfSizeBetween(pc, i.p2(), i.p1());
            case "Offset":
                // sqlite_offset() exists only with SQLITE_ENABLE_OFFSET_SQL_FUNC, which neither
                // Graalite's library (sqlite-options.txt) nor sqlite-jdbc enables; the shim's
                // helper reports SQLITE_MISUSE without it.
                return new CursorNodes.Offset(pc, i.p3());
            case "FinishSeek":
                return new CursorNodes.FinishSeek(pc, i.p1());
            case "ColumnsUsed":
                // A hint for SQLite's b-tree (only with SQLITE_ENABLE_COLUMN_USED_MASK).
            case "CursorHint":
                // A hint for SQLite's b-tree (only with SQLITE_ENABLE_CURSOR_HINTS).
            case "Abortable":
                // An assertion of SQLite's debugging builds.
                return new ControlNodes.Jump(pc, pc + 1);
            case "Trace":
                // Statement tracing (sqlite3_trace_v2) of a trigger program: Graalite registers no
                // trace callback, and Trace never jumps (its P1 is always at the Once-reset threshold).
                return new ControlNodes.Jump(pc, pc + 1);
            case "Gosub":
                return new SubroutineNodes.Gosub(pc, i.p2(), i.p1());
            case "Return":
                return new SubroutineNodes.Return(pc, i.p1(), returnTargets(program, i));
            case "InitCoroutine":
                return i.p2() == 0 ? new SubroutineNodes.InitCoroutine(pc, pc + 1, i.p1(), i.p3()) : new SubroutineNodes.InitCoroutine(pc, i.p2(), i.p1(), i.p3());
            case "Yield":
                return new SubroutineNodes.Yield(pc, i.p1(), yieldTargets(program, i.p1()));
            case "EndCoroutine":
                return endCoroutine(program, i);
            case "Function":
            case "PureFunc": {
                InstructionNode call = functionCall(i, build);
                return build.subtypes() && call instanceof FunctionNodes.NativeCall c ? c.withSubtypes() : call;
            }
            case "SeekRowid":
            case "NotExists":
            {
                ColumnComparisons.Operands inPlace = build.fused().operands(pc);
                BtreeCallNodes.SeekRowid seek = BtreeCallNodes.SeekRowid.create(build.nfi(), i.opcodeName().equals("SeekRowid"));
                if (inPlace != null) {
                    return new CursorNodes.SeekRowid(pc, i.p2(), i.p1(), i.p3(), seek, recordField(program.get(inPlace.left().column()), build), inPlace.left().conversion());
                }
                return new CursorNodes.SeekRowid(pc, i.p2(), i.p1(), i.p3(), seek);
            }
            case "Count":
                return new CursorNodes.CountRows(pc, i.p1(), i.p2());
            case "CollSeq":
                return new AggregateNodes.CollSeq(pc, i.p1());
            case "AggInverse":
                if (!sqliteAggregate(i, database)) {
                    return guestInverse(pc, i, database.userAggregate((P4.Function) i.p4()));
                }
                return builtinInverse(pc, i, build);
            case "AggValue":
                if (!sqliteAggregate(i, database)) {
                    org.graalite.runtime.UserAggregate user = database.userAggregate((P4.Function) i.p4());
                    // (SQLite lets only window functions have AggValue; any other aggregate's
                    // accumulator has no value member, which the node reports.)
                    return new AggregateNodes.GuestValue(pc, i.p1(), i.p3(), user);
                }
                if (build.nativeAccumulators().contains(i.p1())) {
                    return new AggregateNodes.NativeValue(pc, i.p3(), build.subtypes(), callsNoJava((P4.Function) i.p4()));
                }
                P4.Function valued = (P4.Function) i.p4();
                return new WindowAggregateNodes.Value(pc, AggregateNodes.kind(valued.name(), valued.argumentCount()), i.p1(), i.p3());
            case "AggStep":
            case "AggStep1": {
                P4.Function f = (P4.Function) i.p4();
                if (!sqliteAggregate(i, database)) {
                    org.graalite.runtime.UserAggregate user = database.userAggregate(f);
                    if (inverse(i)) {
                        // An AggInverse that SQLite's VDBE has run (it becomes AggStep1 with P1 set).
                        return guestInverse(pc, i, user);
                    }
                    if (user.isJava()) {
                        return new AggregateNodes.OutOfLineStep(pc, i.p2(), i.p5(), i.p3(), user, false);
                    } else if (user.conventions() != null) {
                        return new AggregateNodes.GuestConventionStep(pc, i.p2(), i.p5(), i.p3(), user, false);
                    }
                    return new AggregateNodes.GuestStep(pc, i.p2(), i.p5(), i.p3(), user, false);
                }
                if (inverse(i)) {
                    return builtinInverse(pc, i, build);
                }
                Instruction before = pc > 0 ? program.get(pc - 1) : null;
                boolean collSeq = before != null && before.opcodeName().equals("CollSeq");
                if (build.nativeAccumulators().contains(i.p3())) {
                    return nativeStep(i, build, collSeq ? before.p1() : 0);
                }
                AggregateNodes.Step step = new AggregateNodes.Step(pc, AggregateNodes.kind(f.name(), f.argumentCount()), i.p2(), i.p5(), i.p3(), collSeq ? before.p1() : 0,
                                collSeq ? collation(before) : Collations.BINARY);
                ColumnComparisons.Operands inPlace = build.fused().operands(pc);
                if (inPlace != null && step.sumsOneArgument()) {
                    return new InPlaceReaders.SumStep(pc, recordField(program.get(inPlace.left().column()), build), inPlace.left().conversion(), i.p3());
                }
                return step;
            }
            case "AggFinal": {
                P4.Function f = (P4.Function) i.p4();
                if (!sqliteAggregate(i, database)) {
                    return new AggregateNodes.GuestFinal(pc, i.p1(), database.userAggregate(f));
                }
                if (build.nativeAccumulators().contains(i.p1())) {
                    return new AggregateNodes.NativeValue(pc, i.p1(), build.subtypes(), callsNoJava(f));
                }
                return new AggregateNodes.Final(pc, AggregateNodes.kind(f.name(), f.argumentCount()), i.p1());
            }
            default:
                throw new IllegalArgumentException("the Truffle tier cannot run " + i.opcodeName());
        }
    }
}
