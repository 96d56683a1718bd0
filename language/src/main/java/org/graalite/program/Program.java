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

    /** This program, then each trigger sub-program in the order EXPLAIN meets them, each once. */
    public List<Program> withSubprograms() {
        List<Program> programs = new java.util.ArrayList<>();
        programs.add(this);
        for (int k = 0; k < programs.size(); k++) {
            for (Instruction i : programs.get(k).instructions) {
                if (i.p4() instanceof P4.SubProgram sub && sub.program() != null && !containsIdentical(programs, sub.program())) {
                    programs.add(sub.program());
                }
            }
        }
        return programs;
    }

    /**
     * The rows SQLite's EXPLAIN lists for this program: its own instructions, then those of
     * each trigger subprogram in the order the listing meets them (addresses restart at 0 in
     * each subprogram).
     */
    public List<Instruction> explainRows() {
        List<Instruction> rows = new java.util.ArrayList<>();
        for (Program p : withSubprograms()) {
            rows.addAll(p.instructions);
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
     * for byte), and the same of each trigger sub-program (a P4 sub-program by its position in
     * {@link #withSubprograms}).
     */
    /**
     * Whether the program (or a trigger program of it) calls a function SQLite did not define
     * (a guest's, an extension's): its nodes depend on who defines the function now.
     */
    public boolean callsDefinedFunctions() {
        for (Program p : withSubprograms()) {
            for (Instruction i : p.instructions()) {
                if (i.p4() instanceof P4.Function f && !f.builtin()) {
                    return true;
                }
            }
        }
        return false;
    }

    public String fingerprint() {
        StringBuilder sb = new StringBuilder();
        List<Program> programs = withSubprograms();
        for (int k = 0; k < programs.size(); k++) {
            if (k > 0) {
                sb.append("subprogram ").append(k).append(' ').append(programs.get(k).registerCount).append(' ').append(programs.get(k).cursorCount).append('\n');
            }
            fingerprint(programs.get(k), programs, sb);
        }
        return sb.toString();
    }

    private static void fingerprint(Program program, List<Program> programs, StringBuilder sb) {
        for (Instruction i : program.instructions) {
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
                if (!f.builtin()) {
                    // Who defined it: a function defined again (another guest callable, an
                    // extension's) makes another program, whose nodes call the new definition.
                    sb.append('@').append(f.userData()).append('/').append(f.implementation());
                }
            } else if (p4 instanceof P4.SubProgram sub) {
                int index = -1;
                for (int k = 0; k < programs.size(); k++) {
                    if (programs.get(k) == sub.program()) {
                        index = k;
                    }
                }
                sb.append("subprogram:").append(index);
            } else {
                sb.append(p4.getClass().getSimpleName()).append(':').append(p4.display());
            }
            sb.append('\n');
        }
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
