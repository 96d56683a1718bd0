package org.graalite.nodes;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.graalite.language.SqlContexts;
import org.graalite.program.Instruction;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Value;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A sorter's records read in place (CursorNodes.SorterDataInPlace): ORDER BY and GROUP BY
 * loops read their pseudo cursor's record where SQLite's OP_SorterData copies it, and give
 * SQLite's rows, with every storage class, records larger than a page, NULL rows of a LEFT
 * JOIN's pseudo cursor, and two executions of one statement interleaved (a caller's loop over
 * the rows that runs the statement again for each row).
 */
class SorterDataInPlaceTest {
    private static final String DATA = "create table s(k integer primary key, g integer, t text, r real, b blob);"
                    + "with recursive n(i) as (select 1 union all select i + 1 from n where i < 3000) "
                    + "insert into s select i, i % 23, case i % 7 when 0 then null else 'text-' || (i * 7919 % 1000) end, "
                    + "case i % 5 when 0 then null else (i * 31 % 997) / 7.0 end, case i % 11 when 0 then zeroblob(i % 5) else x'00ff' || randomblob(0) end from n;"
                    + "insert into s values (5000, 1, printf('%.9000c', 'x'), 1.5, zeroblob(7000)), (5001, 2, '', 0.0, x'');";

    static final String[] SORTED = {
                    "select k, t, r, b from s order by t, r desc, k",
                    "select g, count(*), sum(r), group_concat(t, ','), max(length(b)) from s group by g order by 3 desc",
                    "select t, count(distinct g) from s group by t order by 2, 1",
                    "select g, t from s where g < 3 order by length(t) desc, k limit 20 offset 3",
                    "select a.g, b.t from s a left join (select g, t from s where k < 5 order by t) b on a.g = b.g where a.k < 60 order by a.k, b.t",
                    "select distinct g % 5, typeof(r) from s order by 1, 2",
    };

    /** How many SorterData nodes of {@code program} read in place, and how many copy. */
    private static String sorterData(List<Instruction> program) {
        int inPlace = 0;
        int copied = 0;
        for (InstructionNode n : NodeFactory.nodesForTest(program)) {
            inPlace += n instanceof CursorNodes.SorterDataInPlace ? 1 : 0;
            copied += n instanceof CursorNodes.SorterData ? 1 : 0;
        }
        return inPlace + " in place, " + copied + " copied";
    }

    @Test
    void sortedQueriesReadTheSortersRecordsInPlace() {
        try (ExplainedPrograms programs = new ExplainedPrograms()) {
            programs.run("create table s(k integer primary key, g integer, t text, r real, b blob)");
            // A GROUP BY's sorter and the ORDER BY's after it: the first's record register was its input before the sort.
            String[] expected = {"1 in place, 0 copied", "2 in place, 0 copied", "2 in place, 0 copied"};
            for (int q = 0; q < expected.length; q++) {
                String query = SORTED[q];
                assertEquals(expected[q], sorterData(programs.program(query)), query);
            }
        }
    }

    /** A program that reads the sorter's output register itself (here a ResultRow of it, made up) keeps the Java copy. */
    @Test
    void aRegisterReadOtherwiseKeepsTheCopy() {
        try (ExplainedPrograms programs = new ExplainedPrograms()) {
            programs.run("create table s(k integer primary key, g integer, t text, r real, b blob)");
            List<Instruction> program = new ArrayList<>(programs.program(SORTED[0]));
            int register = -1;
            for (Instruction i : program) {
                if (i.opcodeName().equals("SorterData")) {
                    register = i.p2();
                } else if (i.opcodeName().equals("ResultRow") && register >= 0) {
                    program.set(i.address(), new Instruction(i.address(), i.opcode(), "ResultRow", register, 1, 0, org.graalite.program.P4.None.INSTANCE, 0));
                }
            }
            assertEquals("0 in place, 1 copied", sorterData(program));
        }
    }

    @Test
    void sortedRowsMatchSqlite(@TempDir Path dir) {
        String path = dir.resolve("s.db").toString();
        try (Context nativeTier = SqlContexts.create("native", path); Context truffleTier = SqlContexts.create("truffle", path)) {
            nativeTier.eval("sql", DATA);
            for (String query : SORTED) {
                TruffleTierTest.assertSameRowsOnTheTruffleTier(nativeTier, truffleTier, query);
            }
        }
    }

    @Test
    void interleavedExecutionsOfOneStatementKeepTheirOwnRecords(@TempDir Path dir) {
        String path = dir.resolve("s.db").toString();
        String query = "select g, k, t from s where k % 97 = ? order by t, k";
        try (Context nativeTier = SqlContexts.create("native", path); Context truffleTier = SqlContexts.create("truffle", path)) {
            nativeTier.eval("sql", DATA);
            Value onSqlite = nativeTier.getBindings("sql").invokeMember("prepare", query);
            Value statement = truffleTier.getBindings("sql").invokeMember("prepare", query);
            List<String> expected = new ArrayList<>();
            List<String> got = new ArrayList<>();
            for (List<Object> row : SqlContexts.rows(onSqlite.execute(3))) {
                expected.add(TruffleTierTest.render(List.of(row)) + TruffleTierTest.render(SqlContexts.rows(onSqlite.execute(((Number) row.get(0)).longValue()))));
            }
            Value outer = statement.execute(3).getIterator();
            while (outer.hasIteratorNextElement()) {
                List<Object> row = new ArrayList<>();
                Value r = outer.getIteratorNextElement();
                for (long i = 0; i < r.getArraySize(); i++) {
                    row.add(SqlContexts.hostValue(r.getArrayElement(i)));
                }
                // The same SQL again (the same program and nodes, another execution) while the
                // outer execution is in the middle of its sorter.
                Value again = truffleTier.getBindings("sql").invokeMember("prepare", query);
                got.add(TruffleTierTest.render(List.of(row)) + TruffleTierTest.render(SqlContexts.rows(again.execute(((Number) row.get(0)).longValue()))));
            }
            assertEquals(expected, got);
        }
    }
}
