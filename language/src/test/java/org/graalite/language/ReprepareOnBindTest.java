package org.graalite.language;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.graalite.interop.PreparedStatementObject;
import org.graalite.runtime.Statement;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Value;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A statement whose plan SQLite made from a bound value is prepared again only when a new value
 * can change the plan, as with SQLite's own bind and step: SQLite 3.54 plans {@code x = ?} from
 * whether the value is 0 or 1 (TATP's GET_NEW_DESTINATION has such a term), so values that stay
 * on one side cost no prepare, and a move across costs one. Graalite once cleared the bindings
 * before binding, which expires such a statement every time.
 */
class ReprepareOnBindTest {
    @ParameterizedTest
    @ValueSource(strings = {"native", "auto"})
    void onlyAValueThatCanChangeThePlanPreparesAgain(String tier) {
        try (Context c = SqlContexts.create(tier)) {
            c.eval("sql", "create table sf(s_id integer, sf_type integer, is_active integer, primary key (s_id, sf_type)); "
                            + "create table cf(s_id integer, sf_type integer, start_time integer, end_time integer, numberx text, primary key (s_id, sf_type, start_time)); "
                            + "insert into sf with recursive n(i) as (select 1 union all select i + 1 from n where i < 200) select i / 5, i % 5, i % 2 from n; "
                            + "insert into cf select s_id, sf_type, 8, 16, 'x' || s_id from sf");
            // TATP's GET_NEW_DESTINATION
            Value query = c.getBindings("sql").invokeMember("prepare", "select count(*) from sf, cf where sf.s_id = ? and sf.sf_type = ? and sf.is_active = 1 "
                            + "and cf.s_id = sf.s_id and cf.sf_type = sf.sf_type and cf.start_time <= ? and cf.end_time > ?");
            Statement statement = query.getMember(PreparedStatementObject.HOST_STATEMENT).asHostObject();
            assertTrue(statement.nativeStatement().planUsesParameters(), "the plan no longer depends on the bound value; pick another statement");
            long found = 0;
            long expected = 0;
            for (int i = 0; i < 100; i++) {
                int sId = 2 + i % 38;
                int sfType = 2 + i % 3;
                found += (Long) SqlContexts.rows(query.execute(sId, sfType, 10, 10)).get(0).get(0);
                int row = 5 * sId + sfType;
                expected += row % 2;
            }
            assertEquals(expected, found);
            int before = statement.nativeStatement().reprepareCount();
            assertTrue(before <= 1, tier + ": prepared again " + before + " times for values that all stay above 1");
            query.execute(3, 1, 10, 10);
            query.execute(3, 4, 10, 10);
            assertEquals(before + 2, statement.nativeStatement().reprepareCount(), tier + ": a move across 0/1 and back prepares again, once each");
        }
    }
}
