package org.graalite.runtime;

import org.graalite.nativeapi.NativeVdbe;

/**
 * The state of one execution of a program on the Truffle tier: its registers, its cursors,
 * where to resume after a row was handed out, and that row. Registers hold null, Long,
 * Double, String or byte[] (see {@link SqlValues}).
 */
public final class Execution {
    public final NativeVdbe vdbe;
    public final Object[] registers;
    public final RecordCursor[] cursors;
    /** The address to continue at when the caller asks for the next row; 0 to start. */
    public int resumeAt;
    /** The values bound to the statement's parameters, by parameter number (1-based). */
    public final Object[] parameters;
    /** Which Once instructions this execution has passed, by address. */
    public final boolean[] onceDone;
    /** The smallest file format this execution writes (255 while it writes none): below 4, records may not use serial types 8 and 9. */
    public int minWriteFileFormat = 255;
    /** The result of the last Compare (for Jump), or of a Lt or Gt that an ElseEq follows: negative, zero or positive. */
    public int compareResult;
    /**
     * Registers that hold a "cleared" NULL (Null with P1 != 0), which IS comparisons find
     * unequal even to NULL; made by the first such Null (most programs have none).
     */
    public boolean[] clearedNull;
    /** The values of the last ResultRow. */
    public Object[] row;

    /**
     * A change to a b-tree moves records in their pages: every cursor must find its record
     * again (SQLite's VDBE invalidates its column caches the same way).
     */
    public void invalidateRecords() {
        for (RecordCursor c : cursors) {
            if (c != null) {
                c.recordMayHaveMoved();
            }
        }
    }

    public Execution(NativeVdbe vdbe, int registerCount, int cursorCount, Object[] parameters, int instructionCount) {
        this.vdbe = vdbe;
        this.onceDone = new boolean[instructionCount];
        this.parameters = parameters;
        this.registers = new Object[registerCount + 1];
        this.cursors = new RecordCursor[cursorCount];
    }
}
