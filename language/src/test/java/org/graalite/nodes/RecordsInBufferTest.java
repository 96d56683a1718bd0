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
        programs.run("CREATE TABLE ix (a INTEGER PRIMARY KEY, b TEXT, c REAL)");
        programs.run("CREATE INDEX ix_b ON ix(b)");
        programs.run("CREATE TABLE u (x TEXT)");
        programs.run("CREATE TRIGGER u_log AFTER INSERT ON u BEGIN INSERT INTO log VALUES (new.x); END");
    }

    @AfterAll
    static void close() {
        programs.close();
    }

    /** The opcodes of the instructions that read a record from the buffer, each after a MakeRecord made there. */
    private static List<String> inBuffer(String sql) {
        List<Instruction> program = programs.program(sql);
        InstructionNode[] nodes = NodeFactory.nodesForTest(program);
        List<String> consumers = new ArrayList<>();
        int made = 0;
        for (int pc = 0; pc < nodes.length; pc++) {
            if (nodes[pc] instanceof CursorNodes.MakeRecord plain ? plain.madeInBuffer() : nodes[pc] instanceof InPlaceReaders.MakeRecord inPlace && inPlace.madeInBuffer()) {
                made++;
            }
            if (nodes[pc] instanceof CursorNodes.SorterInsert s && s.readsBuffer() || nodes[pc] instanceof WriteNodes.Insert i && i.readsBuffer() ||
                            nodes[pc] instanceof WriteNodes.IndexInsert x && x.readsBuffer()) {
                consumers.add(program.get(pc).opcodeName());
            }
        }
        assertEquals(made, consumers.size(), "each record made in the buffer has its reader");
        return consumers;
    }

    @Test
    void anInsertsRecord() {
        assertEquals(List.of("Insert"), inBuffer("INSERT INTO fill VALUES (?, ?, ?)"));
    }

    @Test
    void anInsertsIndexEntryAndRow() {
        // The index entry's record, the row's, the entry's IdxInsert, the row's Insert: the row's
        // record goes to the buffer (past the IdxInsert), the entry's does not (another record
        // is made between it and its reader).
        assertEquals(List.of("Insert"), inBuffer("INSERT INTO ix VALUES (?, ?, ?)"));
    }

    @Test
    void anOrderByLimitsEphemeralIndex() {
        // GROUP BY ... ORDER BY ... LIMIT: the groups go to an ephemeral index, each right after its record.
        assertEquals(List.of("IdxInsert"), inBuffer("SELECT b, sum(c) FROM ix GROUP BY b ORDER BY 2 LIMIT 3"));
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
