package org.graalite.nodes;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.graalite.program.Instruction;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Which comparisons read Column fields in place (ColumnComparisons): the filters of a scan,
 * also when SQLite reuses the register for something else later, and not where another
 * instruction reads the Column's register. The differential case column-comparisons.sql checks
 * the answers.
 */
class ColumnComparisonsTest {
    private static ExplainedPrograms programs;

    @BeforeAll
    static void schema() {
        programs = new ExplainedPrograms();
        programs.run("create table t(a integer, b text, c real, d date)");
        programs.run("create table u(k integer primary key, v text)");
    }

    @AfterAll
    static void close() {
        programs.close();
    }

    /** How many comparisons (and other readers) of {@code sql} read fields in place, and how many Columns then store nothing. */
    private static String fused(String sql) {
        List<Instruction> program = programs.program(sql);
        InstructionNode[] nodes = NodeFactory.nodesForTest(program);
        int comparisons = 0;
        int silentColumns = 0;
        for (InstructionNode n : nodes) {
            if (n instanceof FieldComparison) {
                comparisons++;
            } else if (n instanceof CursorNodes.Column c && !c.storesValue()) {
                silentColumns++;
            } else if (n instanceof InPlaceReaders.MustBeInt || n instanceof InPlaceReaders.Filter || (n instanceof CursorNodes.SeekRowid r && r.readsKeyInPlace())) {
                comparisons++;
            }
        }
        return comparisons + " comparisons, " + silentColumns + " columns";
    }

    @Test
    void filtersOfAScanReadFieldsInPlace() {
        assertEquals("1 comparisons, 1 columns", fused("select count(*) from t where b = 'x'"));
        assertEquals("1 comparisons, 2 columns", fused("select count(*) from t where d < b"));
        // A REAL column: RealAffinity between Column and comparison, applied by the comparison.
        assertEquals("2 comparisons, 2 columns", fused("select count(*) from t where a > 1 and c < 2.5"));
        // The filter's register is filled again (max's argument, a record) before anything else reads it.
        assertEquals("1 comparisons, 1 columns", fused("select max(b) from t where b > 'x'"));
        assertEquals("2 comparisons, 2 columns", fused("select * from t where b in (select b from t where a > 1) and a > 0"));
        // A join on the rowid: SeekRowid takes the key from the field.
        assertEquals("1 comparisons, 1 columns", fused("select u.v from t, u where u.k = t.a"));
    }

    @Test
    void columnsWhoseValueIsReadStillStore() {
        // The result's Column stores; the filter's does not.
        assertEquals("1 comparisons, 1 columns", fused("select a from t where a > 1"));
        // a + 1 is computed before the comparison: no Column feeds it.
        assertEquals("0 comparisons, 0 columns", fused("select a + 1 from t where a + 1 > 5"));
    }
}
