package org.graalite.nodes;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.List;

import org.graalite.program.Instruction;
import org.junit.jupiter.api.Test;

/**
 * Which cursors a write may move the records of (CursorUses.sharingEphemeralBtree): for a write
 * through a cursor that is only ever an ephemeral b-tree, the cursors on that b-tree (itself and
 * its OpenDup copies, and theirs); for anything else, every cursor (null).
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
}
