package org.graalite.nodes;

import java.util.List;
import java.util.Map;
import java.util.Set;

import org.graalite.program.Instruction;
import org.graalite.program.P4;

/**
 * Which ephemeral rowid tables of a program the Truffle tier keeps in Java
 * ({@link org.graalite.runtime.JavaTable}): a table that OpenEphemeral opens (no key: a rowid
 * table) and its OpenDup copies, when every instruction that names one of these cursors is one
 * that JavaTableNodes carries out on the Java table: opens, NewRowid, Insert of a record with
 * no flag but OPFLAG_APPEND, Delete with OPFLAG_SAVEPOSITION, ResetSorter, Rewind, Last, Next,
 * seeks by rowid, Column, Rowid, NullRow, IfEmpty and Close. Window functions' frames and
 * materialized subqueries are such tables. Anything else on one of the cursors (Prev, an
 * index's instructions, writes that count changes, sorter instructions) leaves the table to
 * SQLite.
 */
final class JavaTables {
    private JavaTables() {
    }

    /** Insert's P5 flag OPFLAG_APPEND: a hint that the rowid is the largest, which changes nothing SQLite's b-tree would do otherwise. */
    private static final int OPFLAG_APPEND = 0x08;
    /** Delete's P5 flag OPFLAG_SAVEPOSITION: the cursor stays where the row was, so that Next finds the row after it. */
    private static final int OPFLAG_SAVEPOSITION = 0x02;

    private static final Set<String> MOVES_AND_READS = Set.of("ResetSorter", "Rewind", "Last", "Next", "Column", "Rowid", "NullRow", "IfEmpty", "Close", "SeekRowid", "NotExists",
                    "SeekGE", "SeekGT", "SeekLE", "SeekLT");

    /**
     * The cursors of the tables kept in Java, each mapped to the address of an Insert into its
     * table (the instruction through which the rows go to SQLite's b-tree if the table
     * spills), or -1 when the program never inserts into it.
     */
    static Map<Integer, Integer> of(List<Instruction> program, CursorUses uses) {
        Map<Integer, Integer> kept = new java.util.HashMap<>();
        for (Instruction open : program) {
            if (!open.opcodeName().equals("OpenEphemeral") || open.p4() instanceof P4.KeyInfo || kept.containsKey(open.p1())) {
                continue;
            }
            int[] group = uses.sharingEphemeralBtree(open.p1());
            if (group == null) {
                continue;
            }
            int insertPc = insertThroughAll(program, group);
            if (insertPc != NOT_KEPT) {
                for (int cursor : group) {
                    kept.put(cursor, insertPc);
                }
            }
        }
        return kept;
    }

    private static final int NOT_KEPT = -2;

    /** The address of an Insert into the table of cursors {@code group} (-1 if none) when every instruction on them may run on a Java table; {@link #NOT_KEPT} otherwise. */
    private static int insertThroughAll(List<Instruction> program, int[] group) {
        int insertPc = -1;
        for (Instruction i : program) {
            int cursor = namedCursorOf(i, group);
            if (cursor < 0) {
                continue;
            }
            String name = i.opcodeName();
            boolean noP4 = i.p4() == null || i.p4() instanceof P4.None;
            boolean allowed = switch (name) {
                case "OpenEphemeral" -> i.p1() == cursor && !(i.p4() instanceof P4.KeyInfo);
                case "OpenDup" -> contains(group, i.p1()) && contains(group, i.p2());
                case "NewRowid" -> i.p3() == 0;
                case "Insert" -> noP4 && (i.p5() & ~OPFLAG_APPEND) == 0;
                case "Delete" -> noP4 && i.p2() == 0 && i.p5() == OPFLAG_SAVEPOSITION;
                default -> MOVES_AND_READS.contains(name) && i.p1() == cursor;
            };
            if (!allowed) {
                return NOT_KEPT;
            }
            if (name.equals("Insert")) {
                insertPc = i.address();
            }
        }
        return insertPc;
    }

    /** The cursor of {@code group} that {@code i} names, or -1. */
    private static int namedCursorOf(Instruction i, int[] group) {
        for (int cursor : group) {
            if (SmallKeyIndexes.namesCursor(i, cursor)) {
                return cursor;
            }
        }
        return -1;
    }

    private static boolean contains(int[] group, int cursor) {
        for (int c : group) {
            if (c == cursor) {
                return true;
            }
        }
        return false;
    }
}
