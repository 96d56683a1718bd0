package org.graalite.program;

/**
 * One VDBE instruction: SQLite's opcode number and name, the operands p1, p2, p3 and p5,
 * and the decoded p4 operand.
 */
public record Instruction(int address, int opcode, String opcodeName, int p1, int p2, int p3, P4 p4, int p5) {

    /** p4 as SQLite's EXPLAIN shows it (null where EXPLAIN shows NULL). */
    public String p4Display() {
        return p4.display();
    }

    @Override
    public String toString() {
        return address + "|" + opcodeName + "|" + p1 + "|" + p2 + "|" + p3 + "|" + (p4Display() == null ? "" : p4Display()) + "|" + p5;
    }
}
