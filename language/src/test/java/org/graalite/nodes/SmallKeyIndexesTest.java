package org.graalite.nodes;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import org.graalite.program.Instruction;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Which ephemeral indexes Found and NotFound answer in Java (SmallKeyIndexes): those of IN
 * lists and plain IN subqueries, not those whose entries the program reads (NOT IN checks the
 * subquery's first row for NULL), nor DISTINCT's, whose IdxInsert takes the probe's position.
 * The differential case in-lists.sql checks the answers themselves.
 */
class SmallKeyIndexesTest {
    private static ExplainedPrograms programs;

    @BeforeAll
    static void schema() {
        programs = new ExplainedPrograms();
        programs.run("create table t(a integer, b text, c real)");
        programs.run("create table u(x integer, y text)");
    }

    @AfterAll
    static void close() {
        programs.close();
    }

    /** The cursors of {@code sql}'s Found and NotFound that a SmallKeySet answers. */
    private static Set<Integer> answeredInJava(String sql) {
        Set<Integer> cursors = new TreeSet<>();
        List<Instruction> program = programs.program(sql);
        for (Instruction i : program) {
            if ((i.opcodeName().equals("Found") || i.opcodeName().equals("NotFound")) && i.p4() instanceof org.graalite.program.P4.Int32 n &&
                            SmallKeyIndexes.collations(program, i.p1(), n.value()) != null) {
                cursors.add(i.p1());
            }
        }
        return cursors;
    }

    @Test
    void inListsAndInSubqueriesAreAnsweredInJava() {
        assertEquals(1, answeredInJava("select * from t where a in (1, 2, 3)").size());
        assertEquals(1, answeredInJava("select * from t where b in ('x', 'y', 'z', 'w') and c > 0").size());
        assertEquals(1, answeredInJava("select * from t where a in (select x from u)").size());
        assertEquals(1, answeredInJava("select * from t where (a, b) in (select x, y from u)").size());
    }

    @Test
    void indexesWhoseEntriesAreReadOrInsertedAtTheProbeAreNot() {
        // NOT IN reads the subquery's first entry (a NULL there makes every NOT IN NULL).
        assertEquals(Set.of(), answeredInJava("select * from t where a not in (select x from u)"));
        // count(DISTINCT): Found, then IdxInsert with OPFLAG_USESEEKRESULT.
        assertEquals(Set.of(), answeredInJava("select b, count(distinct a) from t group by b"));
        // An IN list with a NOT IN subquery: only the list's index.
        assertEquals(1, answeredInJava("select * from t where a in (1, 2, 3, 4) and c not in (select x from u)").size());
    }
}
