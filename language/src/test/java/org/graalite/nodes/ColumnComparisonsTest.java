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
        return inPlace(sql, "comparisons", n -> n instanceof FieldComparison || n instanceof InPlaceReaders.MustBeInt || n instanceof InPlaceReaders.Filter ||
                        (n instanceof CursorNodes.SeekRowid r && r.readsKeyInPlace()));
    }

    /** How many MakeRecords of {@code sql} take fields in place, and how many Columns then store nothing. */
    private static String records(String sql) {
        return inPlace(sql, "records", n -> n instanceof InPlaceReaders.MakeRecord);
    }

    private static String inPlace(String sql, String readers, java.util.function.Predicate<InstructionNode> reader) {
        List<Instruction> program = programs.program(sql);
        int count = 0;
        int silentColumns = 0;
        for (InstructionNode n : NodeFactory.nodesForTest(program)) {
            if (reader.test(n)) {
                count++;
            } else if (n instanceof CursorNodes.Column c && !c.storesValue()) {
                silentColumns++;
            }
        }
        return count + " " + readers + ", " + silentColumns + " columns";
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
    void likeReadsItsStringInPlace() {
        assertEquals("1 likes, 1 columns", inPlace("select count(*) from t where b like '%x%y'", "likes", n -> n instanceof TextFunctionNodes.LikeInPlace));
        // With ESCAPE, SQLite's own like() of three arguments, which takes the text as the record holds it.
        assertEquals("0 likes, 1 columns", inPlace("select count(*) from t where b like '%x!%' escape '!'", "likes", n -> n instanceof TextFunctionNodes.LikeInPlace));
    }

    @Test
    void sqliteFunctionsTakeTheirTextInPlace() {
        // JSON on a column: the text goes to SQLite as the record's bytes, no String made.
        assertEquals("1 calls, 1 columns", inPlace("select count(*) from t where b ->> '$.x' = 1", "calls", n -> n instanceof FunctionNodes.NativeCallInPlace));
        assertEquals("2 calls, 2 columns", inPlace("select json_extract(b, '$.a'), date(b) from t", "calls", n -> n instanceof FunctionNodes.NativeCallInPlace));
        // JSON made by one function and read by the next stays in SQLite's register between them.
        assertEquals("1 producers, 1 columns", inPlace("select json_object('a', b) ->> '$.a' from t", "producers", n -> n instanceof FunctionNodes.NativeCall c && c.resultStaysInSqlite));
        // (a + 1 reads its Column in place.)
        assertEquals("3 producers, 1 columns", inPlace("select json_extract(json_array(a, json_object('k', a + 1)), '$[1]') ->> '$.k' from t", "producers",
                        n -> n instanceof FunctionNodes.NativeCall c && c.resultStaysInSqlite));
        // A result that something else reads too comes into Java.
        assertEquals("0 producers, 2 columns", inPlace("select length(x), x ->> '$.a' from (select json_object('a', a) as x from t)", "producers",
                        n -> n instanceof FunctionNodes.NativeCall c && c.resultStaysInSqlite));
        // SQLite reads b twice: the result's Column stores its value, hex's Column gives it in place.
        assertEquals("1 calls, 1 columns", inPlace("select b, hex(b) from t", "calls", n -> n instanceof FunctionNodes.NativeCallInPlace));
    }

    @Test
    void stepsOfSqlitesAggregatesTakeTheirArgumentsInPlace() {
        // json_group_array of json_object's result: the object stays in SQLite's register.
        assertEquals("1 producers, 2 columns", inPlace("select json_group_array(json_object('k', a, 'b', b)) from t", "producers",
                        n -> n instanceof FunctionNodes.NativeCall c && c.resultStaysInSqlite));
        // group_concat of a column: the text goes to SQLite as the record's bytes.
        assertEquals("1 steps, 1 columns", inPlace("select group_concat(b) from t", "steps", n -> n instanceof AggregateNodes.NativeStep s && s.readsInPlace()));
        // The step reads what the function left in SQLite's register, and a's field in place.
        assertEquals("1 steps, 2 columns", inPlace("select group_concat(json_object('b', b), a) from t", "steps", n -> n instanceof AggregateNodes.NativeStep s && s.readsInPlace()));
    }

    @Test
    void substrReadsItsTextInPlace() {
        // TPC-H q22's key: the constant arguments come between the Column and the call.
        assertEquals("1 substrs, 1 columns", inPlace("select count(*) from t where substr(b, 1, 2) in ('ab', 'cd')", "substrs", n -> n instanceof TextFunctionNodes.SubstrInPlace));
        assertEquals("1 substrs, 1 columns", inPlace("select substr(b, 3) from t", "substrs", n -> n instanceof TextFunctionNodes.SubstrInPlace));
        // SQLite reads b again for the second result column, and a for the filter: three Columns, two store nothing.
        assertEquals("1 substrs, 2 columns", inPlace("select substr(b, 2, 1), b from t where a > 1", "substrs", n -> n instanceof TextFunctionNodes.SubstrInPlace));
    }

    @Test
    void keysOfSortersAndNewRowsTakeFieldsAsStored() {
        // GROUP BY b, a: the sorter's record of the two columns.
        assertEquals("1 records, 2 columns", records("select b, a, count(*) from t group by b, a"));
        // ORDER BY: the sort key and the columns carried with it.
        assertEquals("1 records, 3 columns", records("select a, b, c from t order by b"));
        // INSERT ... SELECT runs the SELECT as a coroutine: its Column's register crosses a Yield.
        assertEquals("0 records, 0 columns", records("insert into u(v) select b from t"));
        // The key is computed (from a register, its Add reading the field in place); the column carried with it is taken in place.
        assertEquals("1 records, 2 columns", records("select a + 1, count(*) from t group by a + 1"));
    }

    @Test
    void arithmeticReadsItsOperandsInPlace() {
        // TPC-H's revenue: l_extendedprice * (1 - l_discount); the Subtract between the
        // Multiply and the Column of its left operand moves no cursor.
        assertEquals("2 arithmetic, 2 columns", arithmetic("select sum(c * (1 - a)) from t"));
        assertEquals("1 arithmetic, 3 columns", arithmetic("select a + c from t where d > 0"));
        // (SQLite reads the column once for each operand.)
        assertEquals("1 arithmetic, 2 columns", arithmetic("select a * a from t"));
        // The sorter's records of a GROUP BY, as TPC-H Q1: the Columns of the sorter's
        // record in the loop over it, and those of the scan, which its MakeRecord takes in place.
        assertEquals("3 arithmetic, 6 columns", arithmetic("select b, sum(c * (1 - a) * (1 + a)) from t group by b"));
        // The result's column stores its value; SQLite reads the field again for a + 1.
        assertEquals("1 arithmetic, 1 columns", arithmetic("select a, a + 1 from t"));
        // An operand computed before (a + 1) comes from its register.
        assertEquals("2 arithmetic, 2 columns", arithmetic("select (a + 1) * c from t"));
    }

    @Test
    void sumsTakeTheirArgumentInPlace() {
        assertEquals("3 steps, 3 columns", inPlace("select sum(a), total(c), avg(a) from t", "steps", n -> n instanceof InPlaceReaders.SumStep));
        // As TPC-H Q1: over a sorter's records (the scan's Columns go into its MakeRecord in
        // place); count and max keep their registers.
        assertEquals("1 steps, 4 columns", inPlace("select b, sum(c), count(a), max(a) from t group by b", "steps", n -> n instanceof InPlaceReaders.SumStep));
        // A sum of two arguments is no sum (SQLite's error); a sum of an expression takes its register.
        assertEquals("0 steps, 1 columns", inPlace("select sum(a + 1) from t", "steps", n -> n instanceof InPlaceReaders.SumStep));
    }

    /** How many arithmetic instructions of {@code sql} read fields in place, and how many Columns then store nothing. */
    private static String arithmetic(String sql) {
        return inPlace(sql, "arithmetic", n -> n instanceof InPlaceReaders.Arithmetic);
    }

    @Test
    void columnsWhoseValueIsReadStillStore() {
        // The result's Column stores; the filter's does not.
        assertEquals("1 comparisons, 1 columns", fused("select a from t where a > 1"));
        // a + 1 is computed before the comparison: no Column feeds it (the Adds read theirs in place).
        assertEquals("0 comparisons, 2 columns", fused("select a + 1 from t where a + 1 > 5"));
    }
}
