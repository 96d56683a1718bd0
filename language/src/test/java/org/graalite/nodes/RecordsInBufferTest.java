package org.graalite.nodes;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

import org.graalite.program.Instruction;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Which MakeRecords make their record in the execution's record buffer (NodeFactory#makeRecordsInBuffer), by the opcode that reads it. */
class RecordsInBufferTest {
    private static ExplainedPrograms programs;

    @BeforeAll
    static void schema() {
        programs = new ExplainedPrograms();
        programs.run("CREATE TABLE fill (a BIGINT, b DOUBLE PRECISION, c VARCHAR(32))");
        programs.run("CREATE TABLE t (a INTEGER PRIMARY KEY, b TEXT, c INTEGER)");
        programs.run("CREATE TABLE log (m TEXT)");
        programs.run("CREATE TABLE u (x TEXT)");
        programs.run("CREATE TRIGGER u_log AFTER INSERT ON u BEGIN INSERT INTO log VALUES (new.x); END");
    }

    @AfterAll
    static void close() {
        programs.close();
    }

    /** The opcode after each MakeRecord made in the buffer. */
    private static List<String> inBuffer(String sql) {
        List<Instruction> program = programs.program(sql);
        InstructionNode[] nodes = NodeFactory.nodesForTest(program);
        List<String> consumers = new ArrayList<>();
        for (int pc = 0; pc < nodes.length; pc++) {
            boolean made = nodes[pc] instanceof CursorNodes.MakeRecord plain ? plain.madeInBuffer() : nodes[pc] instanceof InPlaceReaders.MakeRecord inPlace && inPlace.madeInBuffer();
            if (made) {
                consumers.add(program.get(pc + 1).opcodeName());
            }
        }
        return consumers;
    }

    @Test
    void anInsertsRecord() {
        assertEquals(List.of("Insert"), inBuffer("INSERT INTO fill VALUES (?, ?, ?)"));
    }

    @Test
    void aSortersRecordWhoseRegisterThePseudoCursorReadsLater() {
        // GROUP BY through a sorter: SorterData writes the record register the pseudo cursor reads.
        assertEquals(List.of("SorterInsert"), inBuffer("SELECT b, sum(c) FROM t GROUP BY b"));
        assertEquals(List.of("SorterInsert"), inBuffer("SELECT b, c FROM t ORDER BY b"));
    }

    @Test
    void notARecordThatAnIndexOrAnEphemeralTableKeeps() {
        // DISTINCT's ephemeral index takes its key through IdxInsert (a key set in Java may keep it).
        assertEquals(List.of(), inBuffer("SELECT DISTINCT b FROM t"));
    }

    @Test
    void notBeforeATrigger() {
        // The INSERT into u fires its trigger (a Program instruction that may read any register)
        // after the Insert, on the path where the record's register is still alive: refused.
        assertEquals(List.of(), inBuffer("INSERT INTO u VALUES ('x')"));
    }
}
