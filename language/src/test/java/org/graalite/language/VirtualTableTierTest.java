package org.graalite.language;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Value;
import org.junit.jupiter.api.Test;

/**
 * Statements on virtual tables run on the Truffle tier: under sql.Tier=truffle (which makes a
 * statement the tier cannot run fail, instead of running it natively) they give what the
 * native tier gives. The differential case virtual-tables.sql compares both with sqlite-jdbc.
 */
class VirtualTableTierTest {
    /** The message of a statement that sql.Tier=truffle refuses. */
    private static final String REFUSED = "error sql.Tier=truffle: ";

    /**
     * Every statement of virtual-tables.sql, on the Truffle tier only, gives the native tier's
     * transcript (integrity checks included: IntegrityCk, and VCheck for the virtual tables'
     * own checks); except the one listed here, which the Truffle tier refuses on purpose (see
     * NodeFactory.unsupportedInProgram): an UPDATE of a virtual table that carries its rows
     * through an ephemeral table (its unchanged columns' "no change" values would be lost in
     * Java's records). That UPDATE comes last in the case: the databases differ after it.
     */
    @Test
    void theVirtualTableCaseRunsOnTheTruffleTier() throws Exception {
        List<String> statements = DifferentialTest.statements("virtual-tables.sql");
        List<String> expected = DifferentialTest.graalite(statements, "native");
        List<String> actual = DifferentialTest.graalite(statements, "truffle");
        List<String> refused = new ArrayList<>();
        List<String> nativeLines = new ArrayList<>();
        List<String> truffleLines = new ArrayList<>();
        String statement = null;
        int e = 0;
        for (String line : actual) {
            if (line.startsWith("> ")) {
                statement = line.substring(2);
                // Both transcripts are at this statement: skip the native rows of a refused one.
                while (e < expected.size() && !expected.get(e).equals(line)) {
                    e++;
                }
            }
            if (line.startsWith(REFUSED)) {
                refused.add(statement);
                if (DifferentialTest.isDataChange(statement)) {
                    break;
                }
                continue;
            }
            nativeLines.add(e < expected.size() ? expected.get(e++) : "(no line)");
            truffleLines.add(line);
        }
        assertEquals(List.of("update ft set title = upper(title) where ft match 'fox';"), refused,
                        "only these statements should stay on the native tier");
        assertEquals(String.join("\n", nativeLines), String.join("\n", truffleLines));
        assertTrue(truffleLines.size() > 300, "the case's transcript up to the refused UPDATE: " + truffleLines.size() + " lines");
    }

    /** A prepared MATCH with a parameter, executed again with other values: VOpen, VFilter and VNext run anew each time. */
    @Test
    void aPreparedMatchRunsAgainWithNewArguments() {
        try (Context truffle = SqlContexts.create("truffle"); Context nativeTier = SqlContexts.create("native")) {
            for (Context c : List.of(truffle, nativeTier)) {
                Value db = c.getBindings("sql");
                db.invokeMember("execute", "create virtual table ft using fts5(a)");
                db.invokeMember("execute", "insert into ft values ('alpha beta'), ('beta gamma'), ('gamma delta')");
            }
            for (String word : new String[]{"beta", "gamma", "alpha OR delta", "nothing"}) {
                assertEquals(matches(nativeTier, word), matches(truffle, word), word);
            }
            assertEquals(List.of(List.of(2L), List.of(3L)), matches(truffle, "gamma"));
        }
    }

    private static List<List<Object>> matches(Context c, String query) {
        Value select = c.eval("sql", "select rowid from ft where ft match ? order by rowid");
        return SqlContexts.rows(select.execute(query));
    }

    /** A module's error (an FTS5 query that does not parse) ends the statement with SQLite's message; the connection goes on. */
    @Test
    void aModuleErrorIsTheStatementsError() {
        try (Context c = SqlContexts.create("truffle")) {
            c.eval("sql", "create virtual table ft using fts5(a)");
            c.eval("sql", "insert into ft values ('x y')");
            PolyglotException e = assertThrows(PolyglotException.class, () -> SqlContexts.rows(c.eval("sql", "select * from ft where ft match 'x AND'")));
            assertTrue(e.isGuestException(), e.toString());
            assertEquals("fts5: syntax error near \"\"", e.getMessage());
            assertEquals(List.of(List.of("x y")), SqlContexts.rows(c.eval("sql", "select a from ft where ft match 'y'")));
        }
    }

    /** Unchanged columns of a one-pass UPDATE reach FTS5's xUpdate as "no change" values (sqlite3_value_nochange), not as NULLs. */
    @Test
    void anUpdateKeepsTheColumnsItDoesNotSet() {
        try (Context c = SqlContexts.create("truffle")) {
            c.eval("sql", "create virtual table ft using fts5(a, b, c)");
            c.eval("sql", "insert into ft values ('one', 'two', 'three')");
            assertEquals(1L, c.eval("sql", "update ft set b = 'deux' where rowid = 1").asLong());
            assertEquals(List.of(List.of("one", "deux", "three")), SqlContexts.rows(c.eval("sql", "select a, b, c from ft")));
            assertEquals(List.of(List.of(1L)), SqlContexts.rows(c.eval("sql", "select rowid from ft where ft match 'three'")));
        }
    }

    /**
     * A module that takes an IN list whole (sqlite3_vtab_in(), so SQLite codes OP_VInitIn: a
     * native list of an ephemeral index's keys in a register that VFilter passes to the module):
     * src/test/c/invalues.c, whose plan column says how the module got its values.
     */
    @Test
    void aModuleReadsAnInListThroughVInitIn() throws Exception {
        String library = java.nio.file.Path.of(ExtensionTest.build()).resolveSibling("invalues.so").toString();
        String[] queries = {"select value, plan from in_values where value in (3, 1, 2, 1)", "select value, plan from in_values where value in (select id from t)",
                        "select value, plan from in_values where value = 'x'", "select value, plan from in_values", "select id, (select group_concat(value) from in_values where value in (id, id + 1, 'z')) from t",
                        "select value, plan from in_values where value in (select id from t where id > 5)"};
        try (Context truffle = SqlContexts.create("truffle"); Context nativeTier = SqlContexts.create("native")) {
            for (Context c : List.of(truffle, nativeTier)) {
                Value db = c.getBindings("sql");
                db.invokeMember("enableLoadExtension", true);
                db.invokeMember("loadExtension", library);
                db.invokeMember("execute", "create table t(id integer primary key)");
                db.invokeMember("execute", "insert into t values (2), (4), (5)");
            }
            List<List<Object>> plan = SqlContexts.rows(nativeTier.getBindings("sql").invokeMember("execute", "explain " + queries[0]));
            assertTrue(plan.stream().anyMatch(row -> row.get(1).equals("VInitIn")), "the module should take the IN list whole: " + plan);
            assertEquals(List.of(List.of(1L, 1L), List.of(2L, 1L), List.of(3L, 1L)), SqlContexts.rows(truffle.getBindings("sql").invokeMember("execute", queries[0])));
            for (String query : queries) {
                assertEquals(SqlContexts.rows(nativeTier.getBindings("sql").invokeMember("execute", query)), SqlContexts.rows(truffle.getBindings("sql").invokeMember("execute", query)), query);
            }
        }
    }
}
