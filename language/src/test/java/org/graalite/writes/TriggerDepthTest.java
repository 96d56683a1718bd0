package org.graalite.writes;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

import org.graalite.language.SqlContexts;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Value;
import org.junit.jupiter.api.Test;

/**
 * Triggers that fire themselves 2,000 levels deep: SQLite stops at its limit of 1,000 levels
 * ("triggers nested too deep"). The Truffle tier nests on the Java stack, which may run out
 * first: then SQLite ends the execution with an error, which undoes what it wrote, and runs
 * the statement again on its VDBE, which nests on the heap, so both tiers end the same way
 * (a reset without the error had committed the rows written, about 800 of them).
 */
class TriggerDepthTest {
    @Test
    void triggersNestedTooDeepEndAsInSqlite() {
        List<List<String>> outcomes = new ArrayList<>();
        for (String tier : List.of("native", "auto")) {
            try (Context c = SqlContexts.create(tier)) {
                Value db = c.getBindings("sql");
                List<String> seen = new ArrayList<>();
                db.invokeMember("execute", "pragma recursive_triggers = on");
                db.invokeMember("execute", "create table t(n)");
                db.invokeMember("execute", "create trigger deeper after insert on t when new.n < 2000 begin insert into t values (new.n + 1); end");
                seen.add(run(db, "insert into t values (1)"));
                seen.add(run(db, "select count(*) from t"));
                // In a transaction.
                db.invokeMember("execute", "begin");
                seen.add(run(db, "insert into t values (1995)"));
                seen.add(run(db, "insert into t values (1)"));
                db.invokeMember("execute", "commit");
                seen.add(run(db, "select count(*), max(n) from t"));
                // Shallow enough for both.
                seen.add(run(db, "insert into t values (1900)"));
                seen.add(run(db, "select count(*), max(n) from t"));
                outcomes.add(seen);
            }
        }
        // SQLite's own outcome: out of autocommit nothing stays; in the transaction, the rows
        // written before the error stay (the statement opened no statement journal).
        assertEquals(List.of("triggers nested too deep", "[[0]]", "1", "triggers nested too deep", "[[1007, 2000]]", "1", "[[1108, 2000]]"), outcomes.get(0));
        assertEquals(outcomes.get(0), outcomes.get(1));
    }

    private static String run(Value db, String sql) {
        try {
            Value result = db.invokeMember("execute", sql);
            return result.isNumber() ? String.valueOf(result.asLong()) : String.valueOf(SqlContexts.rows(result));
        } catch (PolyglotException e) {
            return e.getMessage();
        }
    }
}
