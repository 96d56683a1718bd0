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
 * lists and IN and NOT IN subqueries (NOT IN reads the subquery's first entry for a NULL, after a
 * Rewind of its own) and count(DISTINCT)'s, whose IdxInsert takes the probe's position and so
 * must find the entries kept in Java only (SmallKeyIndexes.javaOnly).
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
    void notInSubqueriesAreAnsweredInJava() {
        // NOT IN reads the subquery's first entry (a NULL there makes every NOT IN NULL), but
        // right after a Rewind of its own, which does not depend on where a probe left the cursor.
        assertEquals(1, answeredInJava("select * from t where a not in (select x from u)").size());
        assertEquals(2, answeredInJava("select * from t where a in (1, 2, 3, 4) and c not in (select x from u)").size());
    }

    /** The cursors of {@code sql}'s Found and NotFound whose SmallKeySet is the index's only copy while it is small. */
    private static Set<Integer> keptInJavaOnly(String sql) {
        Set<Integer> cursors = new TreeSet<>();
        List<Instruction> program = programs.program(sql);
        for (Instruction i : answeredInJava(sql).stream().map(c -> program.stream().filter(x -> x.p1() == c).findFirst().orElseThrow()).toList()) {
            if (SmallKeyIndexes.javaOnly(program, i.p1())) {
                cursors.add(i.p1());
            }
        }
        return cursors;
    }

    @Test
    void indexesOnlyFilledAndProbedAreKeptInJavaOnly() {
        // count(DISTINCT): Found, then IdxInsert with OPFLAG_USESEEKRESULT, which is right only
        // when no probe was answered in Java or the entries are written later, without it.
        String distinct = "select b, count(distinct a) from t group by b";
        assertEquals(1, answeredInJava(distinct).size());
        assertEquals(answeredInJava(distinct), keptInJavaOnly(distinct));
        assertEquals(1, keptInJavaOnly("select * from t where a in (1, 2, 3)").size());
        assertEquals(1, keptInJavaOnly("select * from t where a in (select x from u)").size());
        // NOT IN reads the index's first entry from the b-tree: the b-tree keeps every entry.
        assertEquals(Set.of(), keptInJavaOnly("select * from t where a not in (select x from u)"));
    }

    @Test
    void indexesReadAndInsertedAtTheProbeAreNot() {
        // An IdxInsert at the probe's position into an index the program also reads: the
        // entries must be in the b-tree, where a probe answered in Java did not move the cursor.
        List<Instruction> program = programs.program("select * from t where a not in (select x from u)");
        Instruction probe = program.stream().filter(i -> i.opcodeName().equals("Found")).findFirst().orElseThrow();
        int fields = ((org.graalite.program.P4.Int32) probe.p4()).value();
        List<Instruction> atProbe = new java.util.ArrayList<>(program);
        for (Instruction i : program) {
            if (i.opcodeName().equals("IdxInsert") && i.p1() == probe.p1()) {
                atProbe.set(i.address(), new Instruction(i.address(), i.opcode(), i.opcodeName(), i.p1(), i.p2(), i.p3(), i.p4(), i.p5() | 0x10));
            }
        }
        assertEquals(true, SmallKeyIndexes.collations(program, probe.p1(), fields) != null);
        assertEquals(null, SmallKeyIndexes.collations(atProbe, probe.p1(), fields));
    }

    @Test
    void aColumnReachedOtherwiseThanFromItsRewindIsARead() {
        List<Instruction> program = programs.program("select * from t where a not in (select x from u)");
        Instruction probe = program.stream().filter(i -> i.opcodeName().equals("Found")).findFirst().orElseThrow();
        Instruction column = program.stream().filter(i -> i.opcodeName().equals("Column") && i.p1() == probe.p1()).findFirst().orElseThrow();
        int fields = ((org.graalite.program.P4.Int32) probe.p4()).value();
        assertEquals(true, SmallKeyIndexes.collations(program, probe.p1(), fields) != null);
        // A jump to the Column (here the Found's own target) could arrive without the Rewind.
        List<Instruction> jumpedTo = new java.util.ArrayList<>(program);
        jumpedTo.set(probe.address(), new Instruction(probe.address(), probe.opcode(), probe.opcodeName(), probe.p1(), column.address(), probe.p3(), probe.p4(), probe.p5()));
        assertEquals(null, SmallKeyIndexes.collations(jumpedTo, probe.p1(), fields));
        // Without the Rewind right before it, the Column reads where the last probe left the cursor.
        Instruction rewind = program.get(column.address() - 1);
        List<Instruction> noRewind = new java.util.ArrayList<>(program);
        noRewind.set(rewind.address(), new Instruction(rewind.address(), rewind.opcode(), "Noop", 0, 0, 0, null, 0));
        assertEquals(null, SmallKeyIndexes.collations(noRewind, probe.p1(), fields));
    }
}
