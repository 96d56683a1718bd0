package org.graalite.language;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.graalite.interop.PreparedStatementObject;
import org.graalite.runtime.Statement;
import org.graalite.runtime.Tier;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Value;
import org.junit.jupiter.api.Test;

/**
 * With STAT4 (as sqlite-jdbc and better-sqlite3 build SQLite) and an ANALYZEd table, SQLite
 * plans {@code indexed_column = ?} from the bound value, and prepares the statement again at
 * every new value: here a value that fills most of the table takes the other index. The Truffle
 * tier runs both programs, with SQLite's results, and reads each from SQLite once, not at every
 * change of plan (TATP's GET_NEW_DESTINATION changed plans at every other execution).
 */
class PlanVariantsTest {
    private static final String SCHEMA = "create table t(id integer primary key, a int, b int, x int); create index ia on t(a); create index ib on t(b); "
                    + "insert into t with recursive n(i) as (select 1 union all select i + 1 from n where i < 10000) "
                    + "select i, case when i % 20 = 0 then i else 1 end, i % 100, i from n; analyze";
    private static final String QUERY = "select count(*), sum(x) from t where a = ? and b = ?";

    @Test
    void aPlanThatFollowsTheBoundValueRunsOnTheTruffleTierAndIsReadOncePerProgram() {
        try (Context truffle = SqlContexts.create("truffle"); Context reference = SqlContexts.create("native")) {
            truffle.eval("sql", SCHEMA);
            reference.eval("sql", SCHEMA);
            assertEquals("SEARCH t USING INDEX ib (b=?)", plan(truffle, "a = 1 and b = 7"), "STAT4 no longer steers the plan here; pick other data");
            assertEquals("SEARCH t USING INDEX ia (a=?)", plan(truffle, "a = 40 and b = 40"));

            Value query = truffle.getBindings("sql").invokeMember("prepare", QUERY);
            Value referenceQuery = reference.getBindings("sql").invokeMember("prepare", QUERY);
            Statement statement = query.getMember(PreparedStatementObject.HOST_STATEMENT).asHostObject();
            List<List<Object>> found = new ArrayList<>();
            List<List<Object>> expected = new ArrayList<>();
            for (int i = 0; i < 60; i++) {
                // Every other execution the common value 1, the others a rare one (a multiple of 20).
                int a = i % 2 == 0 ? 1 : 20 * (1 + i % 50);
                int b = i % 100;
                found.addAll(SqlContexts.rows(query.execute(a, b)));
                expected.addAll(SqlContexts.rows(referenceQuery.execute(a, b)));
            }
            assertEquals(expected, found);
            assertEquals(Tier.TRUFFLE, statement.tier());
            assertTrue(statement.nativeStatement().reprepareCount() >= 50, "SQLite prepared the statement again " + statement.nativeStatement().reprepareCount() + " times");
            assertTrue(statement.programReads() <= 3, "the program was read " + statement.programReads() + " times for two plans");
        }
    }

    /**
     * A schema change between executions makes programs that may look like remembered ones
     * (SQLite frees the tables and indexes that shapes name by address): none is taken for a
     * program of the schema before, and the results stay SQLite's.
     */
    @Test
    void aSchemaChangeForgetsTheProgramsOfTheSchemaBefore() {
        try (Context truffle = SqlContexts.create("truffle"); Context reference = SqlContexts.create("native")) {
            truffle.eval("sql", SCHEMA);
            reference.eval("sql", SCHEMA);
            Value query = truffle.getBindings("sql").invokeMember("prepare", QUERY);
            Value referenceQuery = reference.getBindings("sql").invokeMember("prepare", QUERY);
            Statement statement = query.getMember(PreparedStatementObject.HOST_STATEMENT).asHostObject();
            String[] changes = {"drop index ib; create index ib on t(b, x)", "alter table t add column y int default 7",
                            "drop index ia; create index ia on t(a, b)", "update t set x = x + 1 where b = 3; analyze"};
            List<List<Object>> found = new ArrayList<>();
            List<List<Object>> expected = new ArrayList<>();
            for (String change : changes) {
                for (int i = 0; i < 12; i++) {
                    int a = i % 2 == 0 ? 1 : 20 * (1 + i);
                    int b = i % 4 == 1 ? (20 * (1 + i)) % 100 : 3;
                    found.addAll(SqlContexts.rows(query.execute(a, b)));
                    expected.addAll(SqlContexts.rows(referenceQuery.execute(a, b)));
                }
                truffle.eval("sql", change);
                reference.eval("sql", change);
            }
            assertEquals(expected, found);
            assertEquals(Tier.TRUFFLE, statement.tier());
        }
    }

    private static String plan(Context context, String where) {
        List<List<Object>> rows = SqlContexts.rows(context.eval("sql", "explain query plan select count(*), sum(x) from t where " + where));
        return String.valueOf(rows.get(0).get(3));
    }
}
