package org.graalite.nodes;

import java.util.List;
import java.util.Set;

import org.graalite.program.Instruction;
import org.graalite.program.P4;

/**
 * Which ephemeral indexes of a program a {@link org.graalite.runtime.SmallKeySet} may follow,
 * so that their Found and NotFound compare in Java: those the program only opens, fills with
 * IdxInsert and probes (the index of {@code x IN (...)}). A cursor qualifies when no instruction
 * reads its position or its entries (Column, Next, IdxRowid, ...), or changes it otherwise
 * (IdxDelete, ResetSorter, ...); the one read allowed is a Column of the entry a Rewind right
 * before it found (NOT IN's NULL check). An IdxInsert with OPFLAG_USESEEKRESULT takes the
 * position of the last probe (a probe answered in Java leaves the b-tree cursor where it was),
 * so it is allowed only where the set keeps the entries itself ({@link #javaOnly}).
 */
final class SmallKeyIndexes {
    private SmallKeyIndexes() {
    }

    /** The opcodes whose P1 names a cursor (vdbe.c's p->apCsr[pOp->p1] and allocateCursor). */
    private static final Set<String> CURSOR_IN_P1 = Set.of("OpenRead", "ReopenIdx", "OpenWrite", "OpenDup", "OpenAutoindex", "OpenEphemeral", "SorterOpen", "SequenceTest",
                    "OpenPseudo", "Close", "ColumnsUsed", "SeekLT", "SeekLE", "SeekGE", "SeekGT", "SeekHit", "IfNotOpen", "IfNoHope", "NoConflict", "NotFound", "Found", "IFindKey",
                    "SeekRowid", "NotExists", "Sequence", "NewRowid", "Insert", "RowCell", "Delete", "SorterCompare", "SorterData", "RowData", "Rowid", "NullRow", "SeekEnd",
                    "Last", "IfSizeBetween", "SorterSort", "Sort", "Rewind", "IfEmpty", "SorterNext", "Prev", "Next", "IdxInsert", "SorterInsert", "IdxDelete", "DeferredSeek",
                    "IdxRowid", "FinishSeek", "IdxLE", "IdxGT", "IdxLT", "IdxGE", "ResetSorter", "Column", "Count", "CursorHint", "CursorLock", "CursorUnlock", "IfNullRow",
                    "Offset", "IsType", "VOpen", "VFilter", "VColumn", "VNext", "VInitIn");
    /** Whether {@code opcodeName}'s P1 names a cursor. */
    static boolean namesCursorInP1(String opcodeName) {
        return CURSOR_IN_P1.contains(opcodeName);
    }

    /** The opcodes whose P2 names a cursor too. */
    private static final Set<String> CURSOR_IN_P2 = Set.of("OpenDup", "RowCell");
    /** The opcodes whose P3 names a cursor too. */
    private static final Set<String> CURSOR_IN_P3 = Set.of("CursorHint", "IdxRowid", "SorterData", "DeferredSeek");

    /** Whether instruction {@code i} names cursor {@code cursor} (in P1, or in the P2 or P3 of the opcodes whose P2 or P3 names one). */
    static boolean namesCursor(Instruction i, int cursor) {
        String name = i.opcodeName();
        return (i.p1() == cursor && CURSOR_IN_P1.contains(name)) || (i.p2() == cursor && CURSOR_IN_P2.contains(name)) || (i.p3() == cursor && CURSOR_IN_P3.contains(name));
    }

    /** IdxInsert's P5 flag: insert where the last seek of the cursor left it. */
    private static final int OPFLAG_USESEEKRESULT = 0x10;

    /**
     * The collations of the first {@code fields} key fields when a SmallKeySet may follow
     * ephemeral index {@code cursor} of {@code program}; null when it may not (SQLite looks up).
     */
    static int[] collations(List<Instruction> program, int cursor, int fields) {
        Uses uses = uses(program, cursor);
        if (uses == null || fields > uses.key.sortFlags().length || (uses.insertsAtSeekResult && !uses.javaOnly())) {
            return null;
        }
        return NodeFactory.keyCollations(uses.key, fields);
    }

    /**
     * Whether the SmallKeySet that follows ephemeral index {@code cursor} may be its only copy
     * while it is small: nothing reads the b-tree (no Rewind, no Column), and the program's
     * IdxInserts carry no flag but OPFLAG_USESEEKRESULT, which the entries written later do
     * without. Then IdxInsert keeps an entry in Java, and the b-tree gets the entries only when
     * they outgrow the set: count(DISTINCT x) per group (an index opened again for each group,
     * probed and filled once per row) and IN lists call SQLite for nothing while they are small.
     */
    static boolean javaOnly(List<Instruction> program, int cursor) {
        Uses uses = uses(program, cursor);
        return uses != null && uses.javaOnly();
    }

    /** What the program does with an ephemeral index a SmallKeySet may follow. */
    private record Uses(P4.KeyInfo key, boolean readsEntries, boolean insertsAtSeekResult, boolean insertsWithOtherFlags) {
        boolean javaOnly() {
            return !readsEntries && !insertsWithOtherFlags;
        }
    }

    /** The uses of {@code cursor}, or null when a SmallKeySet may not follow it. */
    private static Uses uses(List<Instruction> program, int cursor) {
        P4.KeyInfo key = null;
        boolean readsEntries = false;
        boolean insertsAtSeekResult = false;
        boolean insertsWithOtherFlags = false;
        for (Instruction i : program) {
            String name = i.opcodeName();
            if (!namesCursor(i, cursor)) {
                continue;
            }
            switch (name) {
                case "OpenEphemeral" -> {
                    if (i.p1() != cursor || !(i.p4() instanceof P4.KeyInfo k) || (key != null && !key.sameOrdering(k))) {
                        return null;
                    }
                    key = k;
                }
                case "IdxInsert" -> {
                    insertsAtSeekResult |= (i.p5() & OPFLAG_USESEEKRESULT) != 0;
                    insertsWithOtherFlags |= (i.p5() & ~OPFLAG_USESEEKRESULT) != 0;
                }
                case "Found", "NotFound" -> {
                    // A key of registers (P4 fields), not a record to unpack.
                    if (!(i.p4() instanceof P4.Int32 n) || n.value() <= 0) {
                        return null;
                    }
                }
                case "NullRow", "Close" -> {
                }
                case "Rewind" -> readsEntries = true;
                case "Column" -> {
                    if (!readsRightAfterRewind(program, i, cursor)) {
                        return null;
                    }
                    readsEntries = true;
                }
                default -> {
                    return null;
                }
            }
        }
        if (key == null || NodeFactory.keyCollations(key, key.collations().length) == null) {
            // No index, or a collation only SQLite can apply (a guest's): SQLite compares.
            return null;
        }
        return new Uses(key, readsEntries, insertsAtSeekResult, insertsWithOtherFlags);
    }

    /**
     * Whether Column {@code column} of {@code cursor} reads the entry a Rewind of the cursor
     * right before it moved to, and nothing else: NOT IN's check of the subquery's first entry
     * for a NULL (Found C; Rewind C; Column C 0 r; Ne ...). The Rewind positions the b-tree
     * cursor itself, so a probe answered in Java before it (which leaves the cursor where it
     * was) changes nothing this Column reads. Conservatively, no instruction may name the
     * Column's address in any operand (a jump to it would skip the Rewind).
     */
    private static boolean readsRightAfterRewind(List<Instruction> program, Instruction column, int cursor) {
        int at = column.address();
        if (at == 0 || at >= program.size() || program.get(at) != column) {
            return false;
        }
        Instruction before = program.get(at - 1);
        if (!before.opcodeName().equals("Rewind") || before.p1() != cursor) {
            return false;
        }
        for (Instruction i : program) {
            if (i.p1() == at || i.p2() == at || i.p3() == at) {
                return false;
            }
        }
        return true;
    }
}
