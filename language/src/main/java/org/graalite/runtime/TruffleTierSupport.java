package org.graalite.runtime;

import java.util.Set;
import java.util.TreeSet;

import org.graalite.program.Program;

/**
 * What the Truffle tier can execute. The tier's instruction nodes register their opcodes
 * here; a program runs on the Truffle tier only if every opcode it (and its subprograms)
 * uses is supported.
 */
public final class TruffleTierSupport {
    /** The opcodes the Truffle tier implements. Empty until the interpreter lands (issue 4). */
    private static final Set<String> SUPPORTED = Set.of();

    private TruffleTierSupport() {
    }

    /** The opcodes of {@code program} that the Truffle tier lacks, sorted; empty if it can run it. */
    public static Set<String> missingOpcodes(Program program) {
        Set<String> missing = new TreeSet<>(program.opcodeNames());
        missing.removeAll(SUPPORTED);
        return missing;
    }
}
