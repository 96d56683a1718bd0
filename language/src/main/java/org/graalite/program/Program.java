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

    /**
     * A text that is equal for two programs exactly when the Truffle tier would build the same
     * nodes for them: every instruction's opcode and operands, p4 in full (blob constants byte
     * for byte), subprograms excluded (programs with them do not run on the Truffle tier).
     */
    public String fingerprint() {
        StringBuilder sb = new StringBuilder();
        for (Instruction i : instructions) {
            sb.append(i.opcode()).append(' ').append(i.p1()).append(' ').append(i.p2()).append(' ').append(i.p3()).append(' ').append(i.p5()).append(' ');
            P4 p4 = i.p4();
            if (p4 instanceof P4.Value v && v.value() instanceof byte[] b) {
                sb.append("blob:").append(java.util.HexFormat.of().formatHex(b));
            } else if (p4 instanceof P4.Value v) {
                sb.append(v.value() == null ? "null" : v.value().getClass().getSimpleName() + ":" + v.value());
            } else if (p4 instanceof P4.Bytes b) {
                sb.append("bytes:").append(java.util.HexFormat.of().formatHex(b.value()));
            } else if (p4 instanceof P4.KeyInfo k) {
                sb.append(k.display()).append('/').append(k.allFields());
            } else if (p4 instanceof P4.Function f) {
                sb.append(f.name()).append('/').append(f.argumentCount()).append('/').append(f.flags()).append('/').append(f.callArguments());
            } else {
                sb.append(p4.getClass().getSimpleName()).append(':').append(p4.display());
            }
            sb.append('\n');
        }
        return sb.toString();
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
