package org.graalite.language;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Value;
import org.junit.jupiter.api.Test;

/**
 * SQLite's limit on the length of a string or BLOB (SQLITE_LIMIT_LENGTH, 1,000,000,000 bytes by
 * default): a concatenation beyond it fails with "string or blob too big" on the Truffle tier
 * as in SQLite's VDBE (the Truffle tier made the 1.2 GB string), and the connection goes on.
 */
class LengthLimitTest {
    @Test
    void concatenationBeyondTheLimitFailsOnBothTiers() {
        List<List<String>> outcomes = new ArrayList<>();
        for (String tier : List.of("native", "truffle")) {
            try (Context c = SqlContexts.create(tier)) {
                Value db = c.getBindings("sql");
                List<String> seen = new ArrayList<>();
                seen.add(run(db, "select length(x || x) from (select printf('%.*c', 600000000, 'a') as x)"));
                seen.add(run(db, "select length(x || x) from (select zeroblob(600000000) as x)"));
                seen.add(run(db, "select length(x || x) from (select printf('%.*c', 3, 'a') as x)"));
                outcomes.add(seen);
            }
        }
        assertEquals(List.of("string or blob too big", "string or blob too big", "[[6]]"), outcomes.get(0), "SQLite's own outcome");
        assertEquals(outcomes.get(0), outcomes.get(1), "the Truffle tier's outcome");
    }

    /**
     * A record beyond the limit (two fields of 600 MB: each value is within it) fails MakeRecord
     * with "string or blob too big" on both tiers, for a table row and for a sorter's record,
     * and the failed insert leaves nothing behind.
     */
    @Test
    void recordsBeyondTheLimitFailOnBothTiers() {
        List<List<String>> outcomes = new ArrayList<>();
        for (String tier : List.of("native", "truffle")) {
            try (Context c = SqlContexts.create(tier)) {
                Value db = c.getBindings("sql");
                List<String> seen = new ArrayList<>();
                run(db, "create table t(a, b)");
                seen.add(run(db, "insert into t select x, x from (select zeroblob(600000000) as x)"));
                seen.add(run(db, "select count(*) from t"));
                seen.add(run(db, "select length(a), length(b) from (select x as a, x || zeroblob(1) as b from (select zeroblob(600000000) as x)) order by a, b"));
                seen.add(run(db, "insert into t select x, x from (select zeroblob(3) as x)"));
                seen.add(run(db, "select count(*) from t"));
                outcomes.add(seen);
            }
        }
        assertEquals(List.of("string or blob too big", "[[0]]", "string or blob too big", "1", "[[1]]"), outcomes.get(0), "SQLite's own outcome");
        assertEquals(outcomes.get(0), outcomes.get(1), "the Truffle tier's outcome");
    }

    /** A LIKE or GLOB pattern longer than SQLITE_LIMIT_LIKE_PATTERN_LENGTH (50,000 bytes by default) is "too complex". */
    @Test
    void likePatternsBeyondTheLimitFailOnBothTiers() {
        List<List<String>> outcomes = new ArrayList<>();
        for (String tier : List.of("native", "truffle")) {
            try (Context c = SqlContexts.create(tier)) {
                Value db = c.getBindings("sql");
                List<String> seen = new ArrayList<>();
                seen.add(run(db, "select 'a' like printf('%.*c', 60000, 'a')"));
                seen.add(run(db, "select 'a' glob printf('%.*c', 60000, 'a')"));
                seen.add(run(db, "select count(*) from (select printf('%.*c', 60000, 'a') as x) where 'a' like x"));
                seen.add(run(db, "select 'a' like printf('%.*c', 50000, 'a'), 'a' like printf('%.*c', 49999, '%') || 'a'"));
                outcomes.add(seen);
            }
        }
        String tooComplex = "LIKE or GLOB pattern too complex";
        assertEquals(List.of(tooComplex, tooComplex, tooComplex, "[[0, 1]]"), outcomes.get(0), "SQLite's own outcome");
        assertEquals(outcomes.get(0), outcomes.get(1), "the Truffle tier's outcome");
    }

    private static String run(Value db, String sql) {
        try {
            Value result = db.invokeMember("execute", sql);
            // A query's rows; a change's count of rows.
            return result.hasIterator() ? String.valueOf(SqlContexts.rows(result)) : result.toString();
        } catch (PolyglotException e) {
            return e.getMessage();
        }
    }
}
