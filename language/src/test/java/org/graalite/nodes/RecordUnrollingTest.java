package org.graalite.nodes;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.graalite.program.Instruction;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Which MakeRecords compile to unrolled per-field code and which call the general encoder
 * (NodeFactory.makeOnceBlockRecordsOutOfLine): those in a Once block that no loop of the block
 * repeats run once per execution and stay out of line; records made in loops, in a Once block
 * or not, are unrolled.
 */
class RecordUnrollingTest {
    private static ExplainedPrograms programs;

    @BeforeAll
    static void schema() {
        programs = new ExplainedPrograms();
        programs.run("create table t(a integer, b text, c real)");
    }

    @AfterAll
    static void close() {
        programs.close();
    }

    /** The MakeRecords of {@code sql}: how many are unrolled, how many out of line. */
    private static String records(String sql) {
        List<Instruction> program = programs.program(sql);
        int unrolled = 0;
        int outOfLine = 0;
        for (InstructionNode n : NodeFactory.nodesForTest(program)) {
            boolean u;
            if (n instanceof CursorNodes.MakeRecord m) {
                u = m.unrolled();
            } else if (n instanceof InPlaceReaders.MakeRecord m) {
                u = m.unrolled();
            } else {
                continue;
            }
            if (u) {
                unrolled++;
            } else {
                outOfLine++;
            }
        }
        return unrolled + " unrolled, " + outOfLine + " out of line";
    }

    @Test
    void keysOfAnInListOfConstantsAreMadeOutOfLine() {
        assertEquals("0 unrolled, 3 out of line", records("select count(*) from t where a in (1, 7, 9)"));
    }

    @Test
    void recordsMadeInLoopsAreUnrolled() {
        // The subquery's keys are made in a loop over t inside the Once block.
        assertEquals("1 unrolled, 0 out of line", records("select count(*) from t where b in (select b from t where c > 1)"));
        // GROUP BY: the sorter's record of every row.
        assertEquals("1 unrolled, 0 out of line", records("select b, a, count(*) from t group by b, a"));
        // An INSERT of one row runs once per execution, but has no Once: its record is the statement's work.
        assertEquals("1 unrolled, 0 out of line", records("insert into t values (?, ?, ?)"));
    }
}
