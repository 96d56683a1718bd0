package org.graalite.language;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.PolyglotException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * PRAGMA journal_mode changes the mode on the Truffle tier as on SQLite's VDBE (OP_JournalMode
 * run by the shim): into and out of WAL (the -wal file made, then checkpointed and deleted),
 * through MEMORY, the error for leaving WAL inside a transaction, and an in-memory database
 * that cannot use WAL. Each tier works on a file of its own; their transcripts must be equal.
 */
class JournalModeTest {
    @TempDir
    Path dir;

    private static final List<String> STATEMENTS = List.of(
                    "pragma journal_mode",
                    "pragma journal_mode = wal",
                    "create table t(x)",
                    "insert into t values (1)",
                    "begin",
                    "select count(*) from t",
                    "pragma journal_mode = delete",
                    "commit",
                    "pragma journal_mode = delete",
                    "pragma journal_mode = memory",
                    "pragma journal_mode = wal",
                    "pragma main.journal_mode = truncate",
                    "pragma journal_mode = persist",
                    "pragma journal_mode = off",
                    "pragma journal_mode",
                    "select count(*) from t");

    private List<String> transcript(String tier) {
        Path file = dir.resolve(tier + ".db");
        List<String> out = new ArrayList<>();
        try (Context c = SqlContexts.create(tier, file.toString())) {
            for (String sql : STATEMENTS) {
                try {
                    out.add(SqlContexts.step(c, sql));
                } catch (PolyglotException e) {
                    out.add(sql + " -> error " + e.getMessage());
                }
                if (sql.equals("insert into t values (1)")) {
                    out.add("-wal file: " + Files.exists(dir.resolve(tier + ".db-wal")));
                }
            }
            out.add("-wal file at the end: " + Files.exists(dir.resolve(tier + ".db-wal")));
            c.eval("sql", "attach ':memory:' as m");
            out.add(":memory: " + SqlContexts.rows(c.eval("sql", "pragma m.journal_mode = wal")));
        }
        return out;
    }

    @Test
    void truffleTierChangesTheJournalModeAsSqlite() {
        List<String> expected = transcript("native");
        assertTrue(expected.contains("pragma journal_mode = wal -> [[wal]]"), String.join("\n", expected));
        assertTrue(expected.contains("-wal file: true"), String.join("\n", expected));
        assertTrue(expected.stream().anyMatch(line -> line.startsWith("pragma journal_mode = delete -> error") && line.contains("cannot change out of wal mode from within a transaction")),
                        String.join("\n", expected));
        assertTrue(expected.contains("-wal file at the end: false"), String.join("\n", expected));
        assertEquals(String.join("\n", expected), String.join("\n", transcript("truffle")));
    }
}
