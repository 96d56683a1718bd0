package org.graalite.nodes;

import java.util.List;

import org.graalite.nativeapi.NativeConnection;
import org.graalite.nativeapi.NativeStatement;
import org.graalite.nativeapi.ProgramReader;
import org.graalite.program.Instruction;

/** A native connection to an in-memory database whose statements' programs tests of the node analyses read. */
final class ExplainedPrograms implements AutoCloseable {
    private final NativeConnection connection = NativeConnection.open(":memory:", false);

    /** Runs {@code sql} (a schema statement) to its end. */
    void run(String sql) {
        try (NativeStatement s = connection.prepareOne(sql)) {
            while (s.step()) {
                // no rows
            }
        }
    }

    /** The instructions SQLite compiles {@code sql} to. */
    List<Instruction> program(String sql) {
        try (NativeStatement s = connection.prepareOne(sql)) {
            return ProgramReader.read(s).instructions();
        }
    }

    @Override
    public void close() {
        connection.close();
    }
}
