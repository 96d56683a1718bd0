package org.graalite.nodes;

import java.util.BitSet;
import java.util.List;

import org.graalite.program.Instruction;

/**
 * What a program does with its cursors that a Column must allow for: which cursors OpenPseudo
 * opens (their row is a record in a register) and which DeferredSeek positions (their row may
 * be read from an index entry, or sought first). A Column of any other cursor leaves those
 * paths out of its compiled code: most Columns read a table or an index that is neither. And
 * which cursors VOpen opens on virtual tables, whose rows Rowid asks the module for.
 */
record CursorUses(BitSet pseudo, BitSet deferred, BitSet virtual) {
    static CursorUses of(List<Instruction> program) {
        BitSet pseudo = new BitSet();
        BitSet deferred = new BitSet();
        BitSet virtual = new BitSet();
        for (Instruction i : program) {
            switch (i.opcodeName()) {
                case "OpenPseudo" -> pseudo.set(i.p1());
                case "DeferredSeek" -> deferred.set(i.p3());
                case "VOpen" -> virtual.set(i.p1());
                default -> {
                }
            }
        }
        return new CursorUses(pseudo, deferred, virtual);
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
