package org.graalite.language;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.proxy.ProxyExecutable;
import org.junit.jupiter.api.Test;

/**
 * Collations defined by the caller (the connection object's createCollation): SQLite calls them
 * in comparisons, ORDER BY, DISTINCT and indexes, on a context whose other statements still run
 * on the Truffle tier; an error of the collation comes out of the statement; null removes it.
 */
class CollationTest {
    /** Case-insensitive, reversed: the order no built-in collation gives. */
    private static final ProxyExecutable REVERSED_NOCASE = args -> {
        String a = args[0].asString().toLowerCase();
        String b = args[1].asString().toLowerCase();
        return b.compareTo(a);
    };

    /** Queries whose rows every tier must give alike (the native tier's are SQLite's). */
    private static final List<String> QUERIES = List.of(
                    "select min(x), count(*), max(y) from t group by x collate rev order by x collate rev desc",
                    "select (select x from t order by x collate rev limit 1), (select y from t where x = (select min(x collate rev) from t)), min(x collate rev), y from t",
                    "select max(x collate rev), y from t",
                    "select y from t where x collate rev in ('B', 'C', 'x') and y > 2 order by y desc",
                    "select (x, y) < ('B' collate rev, 4), (x, y) < ('A' collate rev, 0), (x, y) <= ('b' collate rev, 1) from t where y = 1",
                    "select x, y from t where x > 'b' collate rev order by x collate rev, y",
                    // Scalar min and max compare by the collation (SQLITE_FUNC_NEEDCOLL): built-in
                    // functions that call a guest back, from SQLite's C code.
                    "select x, max(x collate rev, 'b'), min('c', x collate rev), max(y, 3) from t order by y");

    @Test
    void aGuestCollationOrdersComparesAndIndexes() {
        java.util.Map<String, List<Object>> results = new java.util.HashMap<>();
        for (String tier : List.of("native", "auto", "truffle")) {
            try (Context c = SqlContexts.create(tier)) {
                Value db = c.getBindings("sql");
                db.invokeMember("createCollation", "rev", REVERSED_NOCASE);
                db.invokeMember("execute", "create table t(x text, y integer)");
                db.invokeMember("execute", "insert into t values ('b', 1), ('A', 2), ('c', 3), ('B', 4), ('é', 5)");
                assertEquals(List.of(List.of("é"), List.of("c"), List.of("b"), List.of("B"), List.of("A")), SqlContexts.rows(c.eval("sql", "select x from t order by x collate rev, y")), tier);
                assertEquals(List.of(List.of(1L, 0L, 1L)), SqlContexts.rows(c.eval("sql", "select 'a' = 'A' collate rev, 'a' = 'b' collate rev, 'a' > 'b' collate rev")), tier);
                assertEquals(List.of(List.of(4L)), SqlContexts.rows(c.eval("sql", "select count(distinct x collate rev) from t")), tier);
                // An index in the collation's order, written by inserts and read by a seek.
                db.invokeMember("execute", "create table u(k text collate rev primary key, v)");
                db.invokeMember("execute", "insert into u select x, y from t where y <> 4");
                PolyglotException duplicate = assertThrows(PolyglotException.class, () -> db.invokeMember("execute", "insert into u values ('B', 9)"));
                assertTrue(duplicate.getMessage().contains("UNIQUE constraint failed: u.k"), duplicate.getMessage());
                assertEquals(List.of(List.of("c", 3L), List.of("b", 1L)), SqlContexts.rows(c.eval("sql", "select k, v from u where k > 'D' and k < 'a' order by k")), tier);
                // Grouping (Compare), min and max with the row's other columns (the aggregate's
                // skip flag), subqueries, IN, and row-value comparisons (an ElseEq reads the
                // equal case): the same rows on every tier.
                List<Object> seen = new java.util.ArrayList<>();
                for (String query : QUERIES) {
                    seen.add(SqlContexts.rows(c.eval("sql", query)));
                }
                results.put(tier, seen);
                // Statements without the collation run on the Truffle tier too.
                long before = db.getMember("truffleExecutions").asLong();
                assertEquals(List.of(List.of(15L)), SqlContexts.rows(c.eval("sql", "select sum(y) from t")));
                assertEquals(tier.equals("native") ? before : before + 1, db.getMember("truffleExecutions").asLong(), tier);
            }
        }
        assertEquals(results.get("native"), results.get("auto"));
        assertEquals(results.get("native"), results.get("truffle"));
    }

    @Test
    void anErrorOfTheCollationComesOutOfTheStatement() {
        for (String tier : List.of("native", "truffle")) {
            try (Context c = SqlContexts.create(tier)) {
                Value db = c.getBindings("sql");
                db.invokeMember("createCollation", "boom", (ProxyExecutable) args -> {
                    throw new IllegalStateException("boom " + args[0].asString());
                });
                db.invokeMember("execute", "create table t(x)");
                db.invokeMember("execute", "insert into t values ('a'), ('b')");
                // SQLite sorting (the sorter calls the collation), a comparison of two texts, and
                // an ephemeral index that first compares (so fails) in the step after the first
                // row, through the row loop's own call of the program.
                for (String query : List.of("select x from t order by x collate boom", "select x from t where x < 'c' collate boom", "select distinct x collate boom from t")) {
                    PolyglotException e = assertThrows(PolyglotException.class, () -> SqlContexts.rows(c.eval("sql", query)), tier + ": " + query);
                    assertTrue(e.isHostException() && e.getMessage().startsWith("boom "), e.toString());
                }
                // A result that is not a number counts as equal, as in Python's sqlite3.
                db.invokeMember("createCollation", "text", (ProxyExecutable) args -> "x");
                assertEquals(List.of(List.of(1L)), SqlContexts.rows(c.eval("sql", "select 'a' = 'b' collate text")), tier);
                assertEquals(List.of(List.of(2L)), SqlContexts.rows(c.eval("sql", "select count(*) from t")), tier);
            }
        }
    }

    @Test
    void nullRemovesTheCollation() {
        try (Context c = SqlContexts.create("truffle")) {
            Value db = c.getBindings("sql");
            db.invokeMember("createCollation", "rev", REVERSED_NOCASE);
            assertEquals(List.of(List.of(0L)), SqlContexts.rows(c.eval("sql", "select 'a' < 'b' collate rev")));
            db.invokeMember("createCollation", "rev", null);
            PolyglotException removed = assertThrows(PolyglotException.class, () -> c.eval("sql", "select 'a' < 'b' collate rev"));
            assertEquals("no such collation sequence: rev", removed.getMessage());
        }
    }
}
