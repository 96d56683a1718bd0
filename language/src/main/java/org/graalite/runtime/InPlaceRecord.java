package org.graalite.runtime;

/**
 * What a register holds on the Truffle tier when its record stays where SQLite put it: the
 * sorter's current record, which OP_SorterData copies into SQLite's own register (the same
 * register number, whose memory SQLite keeps until that register is written again) and which
 * a pseudo cursor then reads from there, instead of a Java copy of it per row. One object per
 * execution and register, updated at each SorterData into it (CursorNodes.SorterDataInPlace):
 * only where no instruction reads the register but through a pseudo cursor (see NodeFactory),
 * so nothing else ever sees it.
 */
public final class InPlaceRecord {
    long address;
    int size;

    /** The record is now the {@code size} bytes at {@code address}. */
    public void set(long recordAddress, int recordSize) {
        address = recordAddress;
        size = recordSize;
    }
}
