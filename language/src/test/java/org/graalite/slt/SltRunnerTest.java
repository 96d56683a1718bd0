package org.graalite.slt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The runner itself: it must see wrong results, wrong hashes and wrong statement outcomes. */
class SltRunnerTest {
    private static final String SCRIPT = """
                    hash-threshold 8

                    statement ok
                    CREATE TABLE t(a INTEGER, b TEXT, c REAL)

                    statement ok
                    INSERT INTO t VALUES(1, 'x', 1.5), (2, '', NULL), (3, 'é', 2.0)

                    # a comment before a record
                    query ITR rowsort
                    SELECT a, b, c FROM t
                    ----
                    1
                    x
                    1.500
                    2
                    (empty)
                    NULL
                    3
                    @@
                    2.000

                    query I valuesort
                    SELECT a FROM t UNION ALL SELECT a + 10 FROM t UNION ALL SELECT a + 20 FROM t
                    ----
                    9 values hashing to %s

                    skipif sqlite
                    query I nosort
                    SELECT 'not run'
                    ----
                    0

                    onlyif sqlite
                    query T nosort
                    SELECT 'run'
                    ----
                    run

                    query I nosort
                    SELECT 1
                    ----
                    2

                    statement error
                    SELECT 1

                    statement ok
                    SELECT * FROM nowhere

                    query I nosort
                    SELECT a FROM t WHERE a = 1
                    ----
                    9 values hashing to 00000000000000000000000000000000

                    halt

                    query I nosort
                    SELECT 'after halt'
                    ----
                    0
                    """;

    @Test
    void seesEveryKindOfFailure() {
        List<String> hashed = Arrays.asList("1", "11", "12", "13", "2", "21", "22", "23", "3");
        String script = SCRIPT.replace("%s", SltValues.md5(hashed));
        SltRunner.FileResult result = SltRunner.run("self-test", script);
        List<String> failures = result.failures().stream().map(f -> f.line() + " " + f.kind()).toList();
        // The wrong value, the statement error that succeeds, the statement ok that fails, the wrong hash.
        assertEquals(List.of("40 WRONG_RESULT", "45 STATEMENT", "48 STATEMENT", "51 WRONG_RESULT"), failures, result.failures().toString());
        assertEquals(5, result.counts().queries, "queries run: the skipped one and the one after halt do not count");
        assertEquals(1, result.counts().skipped);
    }

    @Test
    void formatsLikeTheReferenceRunner() {
        assertEquals("NULL", SltValues.format(null, 'I'));
        assertEquals("2", SltValues.format(2.9, 'I'), "sqlite3_column_int64 truncates a real");
        assertEquals("12", SltValues.format(" 12abc", 'I'), "a text reads its integer prefix");
        assertEquals("0", SltValues.format("abc", 'I'));
        assertEquals("3.000", SltValues.format(3L, 'R'));
        assertEquals("1.250", SltValues.format("1.25e0x", 'R'));
        assertEquals("0.063", SltValues.format(0.0625, 'R'), "SQLite's printf rounds half up");
        assertEquals("-0.000", SltValues.format(-0.0001, 'R'), "the sign stays on a value that rounds to zero");
        assertEquals("1.0", SltValues.format(1.0, 'T'), "a real's text is SQLite's");
        assertEquals("(empty)", SltValues.format("", 'T'));
        assertEquals("a@b@@", SltValues.format("a\tbé", 'T'), "each non-printable byte becomes @");
        assertEquals("9223372036854775807", SltValues.format("99999999999999999999", 'I'), "the integer prefix saturates");
    }

    @Test
    void readsMissingOpcodesFromTheTruffleTierError() {
        String message = "sql.Tier=truffle: the Truffle tier cannot run this statement yet; it lacks the opcodes Transaction (write), CreateBtree (statement: create table t(a))";
        assertEquals(List.of("Transaction (write)", "CreateBtree"), List.copyOf(SltRunner.missingOpcodes(message)));
        assertTrue(SltRunner.missingOpcodes("no such table: x").iterator().next().startsWith("(other error"));
    }
}
