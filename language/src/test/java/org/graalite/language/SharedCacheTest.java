package org.graalite.language;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Value;
import org.junit.jupiter.api.Test;

/**
 * Connections in shared-cache mode ({@code file:NAME?mode=memory&cache=shared}, a common way to
 * share an in-memory database between connections): their programs lock each table they use
 * (TableLock) before their first Transaction, so without TableLock on the Truffle tier every
 * statement that touches a table ran on SQLite's VDBE. Two connections of one cache take turns
 * writing, reading and waiting on each other's table locks; the Truffle tier reports what
 * SQLite's VDBE reports (rows, "database table is locked: t", read_uncommitted), and under
 * sql.Tier=auto their queries run on the Truffle tier.
 */
class SharedCacheTest {
    /** Which connection runs each statement: 'a' the context's own, 'b' another of the same cache. */
    private static final List<String> STEPS = List.of(
                    "a create table t(k integer primary key, v text)",
                    "a create table u(x)",
                    "a insert into t values (1, 'one'), (2, 'two')",
                    "b select k, v from t order by k",
                    "a begin",
                    "a insert into t values (3, 'three')",
                    "b select count(*) from t",
                    "b select count(*) from u",
                    "b insert into u values (1)",
                    "b pragma read_uncommitted = 1",
                    "b select count(*) from t",
                    "b pragma read_uncommitted = 0",
                    "a commit",
                    "b select k, v from t order by k",
                    "b begin",
                    "b update t set v = upper(v) where k = 2",
                    "a select v from t where k = 2",
                    "b rollback",
                    "a select v from t where k = 2");

    private static List<String> transcript(Context c, String cacheName) {
        Value a = c.getBindings("sql");
        Value b = a.invokeMember("open", "file:" + cacheName + "?mode=memory&cache=shared");
        List<String> out = new ArrayList<>();
        for (String step : STEPS) {
            Value connection = step.charAt(0) == 'a' ? a : b;
            String sql = step.substring(2);
            String outcome;
            try {
                Value result = connection.invokeMember("execute", sql);
                outcome = SqlContexts.outcome(result);
            } catch (PolyglotException e) {
                outcome = "error: " + e.getMessage();
            }
            out.add(step + " -> " + outcome);
        }
        b.invokeMember("close");
        return out;
    }

    @Test
    void truffleTierTakesTheSameTableLocksAsSqlite() {
        List<String> expected;
        try (Context c = SqlContexts.create("native", "file:shared-native?mode=memory&cache=shared")) {
            expected = transcript(c, "shared-native");
        }
        String text = String.join("\n", expected);
        assertTrue(text.contains("b select count(*) from t -> error: database table is locked: t"), text);
        assertTrue(text.contains("b select count(*) from t -> [[3]]"), text);
        try (Context c = SqlContexts.create("truffle", "file:shared-truffle?mode=memory&cache=shared")) {
            assertEquals(text, String.join("\n", transcript(c, "shared-truffle")));
        }
    }

    @Test
    void autoTierRunsSharedCacheQueriesOnTheTruffleTier() {
        try (Context c = SqlContexts.create("auto", "file:shared-auto?mode=memory&cache=shared")) {
            Value db = c.getBindings("sql");
            db.invokeMember("execute", "create table t(x)");
            db.invokeMember("execute", "insert into t values (1), (2), (3)");
            long truffleBefore = db.getMember("truffleExecutions").asLong();
            long nativeBefore = db.getMember("nativeExecutions").asLong();
            Value sum = db.invokeMember("prepare", "select sum(x) from t where x > ?");
            for (int i = 0; i < 10; i++) {
                assertEquals(List.of(List.of(5L)), SqlContexts.rows(sum.execute(1)));
            }
            assertEquals(10, db.getMember("truffleExecutions").asLong() - truffleBefore);
            assertEquals(nativeBefore, db.getMember("nativeExecutions").asLong());
        }
    }
}
