package org.graalite.nodes;

import java.util.BitSet;
import java.util.List;

import org.graalite.program.Instruction;

/**
 * What a program does with its cursors that a Column must allow for: which cursors OpenPseudo
 * opens (their row is a record in a register) and which DeferredSeek positions (their row may
 * be read from an index entry, or sought first). A Column of any other cursor leaves those
 * paths out of its compiled code: most Columns read a table or an index that is neither. And
 * which cursors VOpen opens on virtual tables, whose rows Rowid asks the module for; and which
 * are only ever ephemeral b-trees (OpenEphemeral, OpenAutoindex) and their OpenDup copies, whose
 * writes cannot move the records other cursors are on (an ephemeral b-tree has a pager of its
 * own). And which Column carries out each DeferredSeek ({@link #seeksInline}).
 */
record CursorUses(BitSet pseudo, BitSet deferred, BitSet virtual, BitSet ephemeral, BitSet openedOtherwise, List<int[]> duplicates, BitSet seekingColumns) {
    static CursorUses of(List<Instruction> program) {
        BitSet pseudo = new BitSet();
        BitSet deferred = new BitSet();
        BitSet virtual = new BitSet();
        BitSet ephemeral = new BitSet();
        BitSet openedOtherwise = new BitSet();
        List<int[]> duplicates = new java.util.ArrayList<>();
        for (Instruction i : program) {
            switch (i.opcodeName()) {
                case "OpenPseudo" -> {
                    pseudo.set(i.p1());
                    openedOtherwise.set(i.p1());
                }
                case "DeferredSeek" -> deferred.set(i.p3());
                case "VOpen" -> {
                    virtual.set(i.p1());
                    openedOtherwise.set(i.p1());
                }
                case "OpenEphemeral", "OpenAutoindex" -> ephemeral.set(i.p1());
                case "OpenDup" -> duplicates.add(new int[]{i.p1(), i.p2()});
                case "OpenRead", "OpenWrite", "ReopenIdx", "SorterOpen" -> openedOtherwise.set(i.p1());
                default -> {
                }
            }
        }
        return new CursorUses(pseudo, deferred, virtual, ephemeral, openedOtherwise, duplicates, seekingColumns(program));
    }

    /**
     * The Columns that carry out a DeferredSeek: after each DeferredSeek, the first Column of its
     * table cursor, in the instructions that follow it before anything that moves a cursor or
     * jumps away, that reads a column its index does not hold (the DeferredSeek's P4 map). That
     * Column finds the seek still to be made whenever the program passes the DeferredSeek and
     * reaches it; the Columns after it find it made.
     */
    private static BitSet seekingColumns(List<Instruction> program) {
        BitSet seeking = new BitSet();
        for (int d = 0; d < program.size(); d++) {
            Instruction seek = program.get(d);
            if (!seek.opcodeName().equals("DeferredSeek")) {
                continue;
            }
            int table = seek.p3();
            int[] map = seek.p4() instanceof org.graalite.program.P4.IntArray m ? m.values() : null;
            for (int k = d + 1; k < program.size() && k <= d + SEEKING_COLUMN_DISTANCE; k++) {
                Instruction i = program.get(k);
                String op = i.opcodeName();
                if (op.equals("Column") && i.p1() == table) {
                    boolean inIndex = map != null && i.p2() < map.length && map[i.p2()] > 0;
                    if (!inIndex) {
                        seeking.set(i.address());
                        break;
                    }
                } else if (!READS_ONLY.contains(op)) {
                    break;
                }
            }
        }
        return seeking;
    }

    /** How far after a DeferredSeek its seeking Column is looked for. */
    private static final int SEEKING_COLUMN_DISTANCE = 16;

    /**
     * Instructions that may stand between a DeferredSeek and the Column that carries it out:
     * they read registers and cursors, or branch forward past the rest of the row (a test of a
     * column of the index, a comparison).
     */
    private static final java.util.Set<String> READS_ONLY = java.util.Set.of("Column", "Rowid", "IdxRowid", "Eq", "Ne", "Lt", "Le", "Gt", "Ge", "IsNull", "NotNull", "If",
                    "IfNot", "Copy", "SCopy", "Integer", "Real", "String8", "Null", "Affinity", "RealAffinity", "IsTrue", "Noop");

    /** Whether the Column at {@code pc} carries out a DeferredSeek (see {@link #seekingColumns}). */
    boolean seeksInline(int pc) {
        return seekingColumns.get(pc);
    }

    /** Whether one of the {@code count} Columns from {@code pc} on carries out a DeferredSeek (a ColumnRun's). */
    boolean seeksInlineWithin(int pc, int count) {
        int next = seekingColumns.nextSetBit(pc);
        return next >= 0 && next < pc + count;
    }

    /**
     * The cursors whose records a write through {@code cursor} may move, when it is only ever
     * an ephemeral b-tree: itself and its OpenDup copies (the only cursors on that b-tree);
     * null when any cursor's may move.
     */
    int[] sharingEphemeralBtree(int cursor) {
        if (cursor < 0 || !ephemeral.get(cursor) || openedOtherwise.get(cursor)) {
            return null;
        }
        // The cursor and its copies, and theirs: every cursor of the b-tree.
        java.util.TreeSet<Integer> sharing = new java.util.TreeSet<>();
        sharing.add(cursor);
        boolean grew = true;
        while (grew) {
            grew = false;
            for (int[] d : duplicates) {
                int copy = d[0];
                int original = d[1];
                if (copy == cursor) {
                    // The cursor is itself a copy of another b-tree's cursor.
                    return null;
                }
                if (sharing.contains(original) && sharing.add(copy)) {
                    if (openedOtherwise.get(copy) || ephemeral.get(copy)) {
                        // A copy that is also opened some other way.
                        return null;
                    }
                    grew = true;
                }
            }
        }
        return sharing.stream().mapToInt(Integer::intValue).toArray();
    }

    boolean isVirtual(int cursor) {
        return cursor >= 0 && virtual.get(cursor);
    }

    boolean mayBePseudo(int cursor) {
        return cursor >= 0 && pseudo.get(cursor);
    }

    boolean mayBeDeferred(int cursor) {
        return cursor >= 0 && deferred.get(cursor);
    }
}
