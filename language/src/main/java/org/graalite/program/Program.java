package org.graalite.program;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * A VDBE program as SQLite's code generator left it: the instructions, and how many
 * registers ("memory cells") and cursors it needs. Subprograms (trigger bodies) are
 * programs too, reached through {@link P4.SubProgram} operands.
 */
public record Program(List<Instruction> instructions, int registerCount, int cursorCount) {

    /** The names of the opcodes this program and its subprograms use, sorted. */
    public Set<String> opcodeNames() {
        Set<String> names = new TreeSet<>();
        collect(this, names, new java.util.IdentityHashMap<>());
        return names;
    }

    private static void collect(Program p, Set<String> names, java.util.Map<Program, Boolean> seen) {
        if (seen.put(p, Boolean.TRUE) != null) {
            return;
        }
        for (Instruction i : p.instructions) {
            names.add(i.opcodeName());
            if (i.p4() instanceof P4.SubProgram sub && sub.program() != null) {
                collect(sub.program(), names, seen);
            }
        }
    }

    /**
     * The rows SQLite's EXPLAIN lists for this program: its own instructions, then those of
     * each trigger subprogram in the order the listing meets them (addresses restart at 0 in
     * each subprogram).
     */
    public List<Instruction> explainRows() {
        List<Program> programs = new java.util.ArrayList<>();
        programs.add(this);
        List<Instruction> rows = new java.util.ArrayList<>();
        for (int k = 0; k < programs.size(); k++) {
            for (Instruction i : programs.get(k).instructions) {
                rows.add(i);
                if (i.p4() instanceof P4.SubProgram sub && sub.program() != null && !containsIdentical(programs, sub.program())) {
                    programs.add(sub.program());
                }
            }
        }
        return rows;
    }

    private static boolean containsIdentical(List<Program> programs, Program p) {
        for (Program q : programs) {
            if (q == p) {
                return true;
            }
        }
        return false;
    }

    /** The EXPLAIN listing as text, one instruction a line: {@code addr|opcode|p1|p2|p3|p4|p5}. */
    public String listing() {
        StringBuilder sb = new StringBuilder();
        for (Instruction i : explainRows()) {
            sb.append(i).append('\n');
        }
        return sb.toString();
    }
}
