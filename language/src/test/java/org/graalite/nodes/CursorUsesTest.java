package org.graalite.nodes;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.graalite.program.Instruction;
import org.junit.jupiter.api.Test;

/**
 * Which cursors a write may move the records of (CursorUses.sharingEphemeralBtree): for a write
 * through a cursor that is only ever an ephemeral b-tree, the cursors on that b-tree (itself and
 * its OpenDup copies, and theirs); for anything else, every cursor (null). And which Column
 * carries out a DeferredSeek (CursorUses.seeksInline).
 */
class CursorUsesTest {
    private static List<Instruction> program(Object[]... instructions) {
        List<Instruction> program = new ArrayList<>();
        for (Object[] i : instructions) {
            program.add(new Instruction(program.size(), 0, (String) i[0], (Integer) i[1], (Integer) i[2], 0, null, 0));
        }
        return program;
    }

    @Test
    void anEphemeralBtreeAndItsCopies() {
        CursorUses uses = CursorUses.of(program(new Object[]{"OpenRead", 0, 2}, new Object[]{"OpenEphemeral", 3, 1}, new Object[]{"OpenDup", 4, 3}, new Object[]{"OpenDup", 5, 4},
                        new Object[]{"OpenAutoindex", 6, 2}, new Object[]{"SorterOpen", 7, 3}));
        assertArrayEquals(new int[]{3, 4, 5}, uses.sharingEphemeralBtree(3));
        assertArrayEquals(new int[]{6}, uses.sharingEphemeralBtree(6));
        // A table of the database, a sorter, a copy (its b-tree is another cursor's).
        assertNull(uses.sharingEphemeralBtree(0));
        assertNull(uses.sharingEphemeralBtree(7));
        assertNull(uses.sharingEphemeralBtree(4));
    }

    @Test
    void aCursorOpenedAnotherWayTooMayShareAnything() {
        CursorUses uses = CursorUses.of(program(new Object[]{"OpenEphemeral", 1, 1}, new Object[]{"OpenRead", 1, 2}, new Object[]{"OpenEphemeral", 2, 1}, new Object[]{"OpenDup", 3, 2},
                        new Object[]{"OpenPseudo", 3, 9}));
        assertNull(uses.sharingEphemeralBtree(1));
        assertNull(uses.sharingEphemeralBtree(2));
    }

    /** DeferredSeek P1 P2 P3 P4: table cursor {@code table} on index cursor {@code index}'s row; {@code map} as P4. */
    private static Instruction deferredSeek(int address, int index, int table, int[] map) {
        return new Instruction(address, 0, "DeferredSeek", index, 0, table, map == null ? null : new org.graalite.program.P4.IntArray(map), 0);
    }

    private static Instruction instruction(int address, String opcode, int p1, int p2) {
        return new Instruction(address, 0, opcode, p1, p2, 0, null, 0);
    }

    @Test
    void theFirstColumnOutsideTheIndexCarriesOutTheSeek() {
        // Table column 0 is field 1 of the index entry (the map holds field + 1); column 2 is not in the index.
        CursorUses uses = CursorUses.of(List.of(deferredSeek(0, 4, 1, new int[]{2, 0, 0}), instruction(1, "Column", 1, 0), instruction(2, "Column", 3, 1),
                        instruction(3, "Eq", 5, 9), instruction(4, "Column", 1, 2), instruction(5, "Column", 1, 1), instruction(6, "Next", 4, 1)));
        assertFalse(uses.seeksInline(1));
        assertFalse(uses.seeksInline(2));
        assertTrue(uses.seeksInline(4));
        assertFalse(uses.seeksInline(5));
        // A run of Columns from 1 or from 4 holds it; one of 5 and 6 does not.
        assertTrue(uses.seeksInlineWithin(1, 4));
        assertTrue(uses.seeksInlineWithin(4, 2));
        assertFalse(uses.seeksInlineWithin(1, 3));
        assertFalse(uses.seeksInlineWithin(5, 2));
    }

    @Test
    void noColumnCarriesOutASeekBeyondAJumpOrAStep() {
        CursorUses uses = CursorUses.of(List.of(deferredSeek(0, 4, 1, null), instruction(1, "Next", 4, 0), instruction(2, "Column", 1, 2),
                        deferredSeek(3, 4, 1, null), instruction(4, "Goto", 0, 7), instruction(5, "Column", 1, 2)));
        assertFalse(uses.seeksInline(2));
        assertFalse(uses.seeksInline(5));
    }
}
