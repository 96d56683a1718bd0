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
 * own).
 */
record CursorUses(BitSet pseudo, BitSet deferred, BitSet virtual, BitSet ephemeral, BitSet openedOtherwise, List<int[]> duplicates) {
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
        return new CursorUses(pseudo, deferred, virtual, ephemeral, openedOtherwise, duplicates);
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
