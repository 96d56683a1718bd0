package org.graalite.language;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.PolyglotException;
import org.junit.jupiter.api.Test;

/** The option sql.Tier and the observable record of which tier ran what. */
class TierOptionTest {
    @Test
    void truffleTierNamesTheOpcodesItLacks() {
        try (Context c = SqlContexts.create("truffle")) {
            // virtual tables stay on SQLite's VDBE
            PolyglotException e = assertThrows(PolyglotException.class, () -> c.eval("sql", "create virtual table v using rtree(id, x0, x1)"));
            assertTrue(e.getMessage().startsWith("sql.Tier=truffle: the Truffle tier cannot run this statement yet; it lacks the opcodes "), e.getMessage());
            for (String opcode : new String[]{"VCreate"}) {
                assertTrue(e.getMessage().contains(opcode), "the message should name " + opcode + ": " + e.getMessage());
            }
        }
    }

    @Test
    void executionsAreCountedPerTier() {
        try (Context c = SqlContexts.create("auto")) {
            // CREATE TABLE, an insert and a scan run on the Truffle tier, VACUUM on the native tier.
            c.eval("sql", "create table t(a); insert into t values (1)");
            SqlContexts.rows(c.eval("sql", "select * from t"));
            c.eval("sql", "vacuum");
            assertEquals(1, c.getBindings("sql").getMember("nativeExecutions").asLong());
            assertEquals(3, c.getBindings("sql").getMember("truffleExecutions").asLong());
        }
    }

    @Test
    void truffleTierRunsWhatItSupports() {
        try (Context c = SqlContexts.create("truffle")) {
            assertEquals(3, c.eval("sql", "select 1 + 2").getIterator().getIteratorNextElement().getArrayElement(0).asInt());
            assertEquals(1, c.getBindings("sql").getMember("truffleExecutions").asLong());
            assertEquals(0, c.getBindings("sql").getMember("nativeExecutions").asLong());
        }
    }

    @Test
    void explainListsTheProgramOnTheAutoTier() {
        try (Context c = SqlContexts.create("auto")) {
            // EXPLAIN lists the program (one row per instruction, 8 columns); it must not run it.
            var rows = SqlContexts.rows(c.eval("sql", "explain select 1"));
            assertTrue(rows.size() >= 4, "EXPLAIN should list the instructions: " + rows);
            assertEquals(8, rows.get(0).size());
            assertEquals("Init", rows.get(0).get(1));
        }
    }

    @Test
    void badTierValueIsRejected() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SqlContexts.create("fast"));
        assertTrue(e.getMessage().contains("auto, truffle or native"), e.getMessage());
    }
}
