package org.graalite.runtime;

import java.util.Set;
import java.util.TreeSet;

import org.graalite.nodes.NodeFactory;
import org.graalite.program.Instruction;
import org.graalite.program.Program;

/**
 * What the Truffle tier can execute: a program runs on it only if the node factory supports
 * every one of its instructions, those of its trigger sub-programs included.
 */
public final class TruffleTierSupport {
    private TruffleTierSupport() {
    }

    /** The opcodes (with the variant, where only some are supported) the Truffle tier lacks for {@code program}, sorted; empty if it can run it. */
    public static Set<String> missingOpcodes(Program program, Database database) {
        Set<String> missing = new TreeSet<>();
        for (Program p : program.withSubprograms()) {
            for (Instruction i : p.instructions()) {
                String reason = NodeFactory.unsupported(i, database);
                if (reason != null) {
                    missing.add(reason);
                }
            }
            missing.addAll(NodeFactory.unsupportedInProgram(p.instructions()));
        }
        return missing;
    }
}
