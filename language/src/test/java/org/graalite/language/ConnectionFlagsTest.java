package org.graalite.language;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Value;
import org.junit.jupiter.api.Test;

/** The connection object's flag(op[, on]): sqlite3_db_config's on/off options, and only those. */
class ConnectionFlagsTest {
    private static final int ENABLE_TRIGGER = 1003;
    private static final int DEFENSIVE = 1010;

    @Test
    void readsAndSetsOnOffOptions() {
        try (Context c = SqlContexts.create("truffle")) {
            Value db = c.getBindings("sql");
            assertFalse(db.invokeMember("flag", DEFENSIVE).asBoolean());
            assertTrue(db.invokeMember("flag", DEFENSIVE, true).asBoolean());
            assertTrue(db.invokeMember("flag", DEFENSIVE).asBoolean());
            // Triggers off: a trigger is kept but does not fire (on both tiers alike; this one runs on the Truffle tier).
            db.invokeMember("execute", "create table t(x)");
            db.invokeMember("execute", "create table log(x)");
            db.invokeMember("execute", "create trigger t_log after insert on t begin insert into log values (new.x); end");
            assertFalse(db.invokeMember("flag", ENABLE_TRIGGER, false).asBoolean());
            db.invokeMember("execute", "insert into t values (1)");
            assertTrue(db.invokeMember("flag", ENABLE_TRIGGER, true).asBoolean());
            db.invokeMember("execute", "insert into t values (2)");
            assertEquals(List.of(List.of(2L)), SqlContexts.rows(db.invokeMember("execute", "select x from log")));
        }
    }

    /** Options that take other arguments than an int (LOOKASIDE, MAINDBNAME) or none (past the last) are refused before SQLite reads them. */
    @Test
    void refusesOptionsThatAreNotOnOff() {
        try (Context c = SqlContexts.create("auto")) {
            Value db = c.getBindings("sql");
            for (int op : new int[]{1000, 1001, 1023, 5}) {
                PolyglotException e = assertThrows(PolyglotException.class, () -> db.invokeMember("flag", op, true));
                assertTrue(e.getMessage().startsWith("unknown connection option " + op), e.getMessage());
            }
            assertEquals(List.of(List.of(1L)), SqlContexts.rows(db.invokeMember("execute", "select 1")));
        }
    }
}
