package org.graalite.runtime;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;

import org.graalite.nativeapi.NativeVdbe;

/**
 * An ephemeral rowid table that the Truffle tier keeps in Java: the frames of window functions
 * (a row appended for each input row, read by three or four cursors, deleted from the front),
 * a materialized subquery. SQLite's VDBE keeps such a table in an ephemeral b-tree, and each
 * insert, delete, step and seek of it was a native call for the Truffle tier (a third of a
 * window query's time). Here they are array operations, with SQLite's semantics for the
 * cursors on the table (the {@link RecordCursor}s that OpenEphemeral and OpenDup opened):
 * <ul>
 * <li>rows in rowid order, in slots {@code head..tail-1} of two arrays: NewRowid's rows append,
 * a delete at the front moves {@code head}, other inserts and deletes shift the slots after
 * them and the positions of the cursors there;
 * <li>a cursor is {@link #ON} a row, or {@link #NO_ROW} (not positioned, or past the end:
 * Column and Rowid read NULL, Next finds nothing), or in a {@link #GAP} where a row was
 * deleted under it (by itself with OPFLAG_SAVEPOSITION, or through another cursor): it reads
 * NULL, as vdbe.c's cursor whose row is gone (handleMovedCursor), and Next moves to the row
 * after the deleted one, as btreeNext does after restoring such a cursor.
 * </ul>
 * When the rows take more than {@link #byteLimit()} bytes, or an operation comes that only
 * SQLite decides (a rowid past the largest, a delete of no row), the table {@link #spill}s:
 * its rows go into the ephemeral b-tree SQLite opened beside it, every cursor is put where it
 * was, and from then on SQLite's VDBE keeps it (the nodes of JavaTableNodes call it) until the
 * execution ends.
 */
public final class JavaTable {
    /** {@link RecordCursor#javaState}: not on a row. */
    public static final byte NO_ROW = 0;
    /** On the row in slot {@link RecordCursor#javaSlot}. */
    public static final byte ON = 1;
    /** Its row was deleted: the next row, if any, is in slot {@link RecordCursor#javaSlot}. */
    public static final byte GAP = 2;

    private long[] rowids = new long[16];
    private byte[][] records = new byte[16][];
    private int head;
    private int tail;
    /** The bytes the rows take (records, and a rough cost per row). */
    private long bytes;
    /** The cursors on this table. */
    private RecordCursor[] members = new RecordCursor[4];
    private int memberCount;
    /** SQLite's b-tree holds the rows now (see {@link #spill}). */
    private boolean spilled;

    /** A row's cost beyond its record: its slots in the two arrays and the array's header. */
    private static final int ROW_OVERHEAD = 32;
    private static long byteLimit = Long.getLong("graalite.javaTableBytes", 64L << 20);

    /** The table cursor {@code opener} (OpenEphemeral) made. */
    public JavaTable(RecordCursor opener) {
        join(opener);
    }

    /** The bytes a table keeps in Java before it spills to SQLite's b-tree. */
    public static long byteLimit() {
        return byteLimit;
    }

    /** For tests: spill at a smaller size. */
    public static void setByteLimit(long limit) {
        byteLimit = limit;
    }

    public boolean spilled() {
        return spilled;
    }

    /** Cursor {@code c} (OpenDup) is on this table now, on no row. */
    @TruffleBoundary
    public void join(RecordCursor c) {
        c.javaTable = this;
        c.javaState = NO_ROW;
        c.rewindOnNext = false;
        for (int k = 0; k < memberCount; k++) {
            if (members[k] == c) {
                return;
            }
        }
        if (memberCount == members.length) {
            members = java.util.Arrays.copyOf(members, 2 * memberCount);
        }
        members[memberCount++] = c;
    }

    /** Cursor {@code c} was closed. */
    @TruffleBoundary
    public void leave(RecordCursor c) {
        for (int k = 0; k < memberCount; k++) {
            if (members[k] == c) {
                members[k] = members[--memberCount];
                members[memberCount] = null;
                break;
            }
        }
        c.javaTable = null;
    }

    public boolean isEmpty() {
        return head == tail;
    }

    /** Empties the table (ResetSorter, OpenEphemeral again): every cursor on no row. */
    @TruffleBoundary
    public void clear() {
        java.util.Arrays.fill(records, head, tail, null);
        head = 0;
        tail = 0;
        bytes = 0;
        for (int k = 0; k < memberCount; k++) {
            members[k].javaState = NO_ROW;
            members[k].moved(true);
        }
    }

    /** Puts {@code c} on the row in {@code slot}, or on no row when there is none (slot past the end): whether it is on a row. */
    private boolean place(RecordCursor c, int slot) {
        if (slot < head || slot >= tail) {
            c.javaState = NO_ROW;
            c.moved(true);
            return false;
        }
        c.javaState = ON;
        c.javaSlot = slot;
        c.moved(false);
        c.useRowRecord(records[slot]);
        return true;
    }

    /** NullRow, IfEmpty: {@code c} on no row. */
    public void leaveRow(RecordCursor c) {
        c.javaState = NO_ROW;
        c.moved(true);
    }

    /** Rewind: whether there is a first row, {@code c} on it. */
    public boolean first(RecordCursor c) {
        return place(c, head);
    }

    /** Last: whether there is a last row, {@code c} on it. */
    public boolean last(RecordCursor c) {
        return place(c, tail - 1);
    }

    /** Next: whether there is a next row, {@code c} on it. */
    public boolean next(RecordCursor c) {
        byte state = c.javaState;
        if (state == NO_ROW) {
            return false;
        }
        return place(c, state == ON ? c.javaSlot + 1 : c.javaSlot);
    }

    /** The rowid of the row {@code c} is on; only when it is {@link #ON} one. */
    public long rowid(RecordCursor c) {
        return rowids[c.javaSlot];
    }

    /** NewRowid: one more than the largest rowid (1 for an empty table), {@code c} on the last row as sqlite3BtreeLast leaves it; -1 when SQLite must choose (the largest is the largest possible). */
    public long newRowid(RecordCursor c) {
        if (head == tail) {
            place(c, head);
            return 1;
        }
        long largest = rowids[tail - 1];
        if (largest == Long.MAX_VALUE) {
            return -1;
        }
        place(c, tail - 1);
        return largest + 1;
    }

    /** Whether a row of {@code record} may be added without passing {@link #byteLimit()}. */
    public boolean fits(byte[] record) {
        return bytes + record.length + ROW_OVERHEAD <= byteLimit;
    }

    /**
     * Insert: the row {@code rowid} (a new one, or replacing the row of that rowid), {@code c}
     * on it. The other cursors stay on their rows.
     */
    public void insert(RecordCursor c, long rowid, byte[] record) {
        if (head == tail || rowid > rowids[tail - 1]) {
            if (tail == rowids.length) {
                makeRoom();
            }
            rowids[tail] = rowid;
            records[tail] = record;
            tail++;
            bytes += record.length + ROW_OVERHEAD;
            place(c, tail - 1);
            return;
        }
        insertInside(c, rowid, record);
    }

    @TruffleBoundary
    private void insertInside(RecordCursor c, long rowid, byte[] record) {
        int slot = search(rowid);
        if (slot < tail && rowids[slot] == rowid) {
            bytes += record.length - records[slot].length;
            records[slot] = record;
            // Cursors on the row read its new record.
            for (int k = 0; k < memberCount; k++) {
                RecordCursor m = members[k];
                if (m != c && m.javaState == ON && m.javaSlot == slot) {
                    place(m, slot);
                }
            }
            place(c, slot);
            return;
        }
        if (tail == rowids.length) {
            makeRoom();
            slot = search(rowid);
        }
        System.arraycopy(rowids, slot, rowids, slot + 1, tail - slot);
        System.arraycopy(records, slot, records, slot + 1, tail - slot);
        rowids[slot] = rowid;
        records[slot] = record;
        tail++;
        bytes += record.length + ROW_OVERHEAD;
        for (int k = 0; k < memberCount; k++) {
            RecordCursor m = members[k];
            // A cursor in a gap whose next row is now after the new one keeps the new one next
            // when it comes after the deleted row (its slot stays), else the old next row.
            if (m.javaState != NO_ROW && (m.javaSlot > slot || (m.javaSlot == slot && (m.javaState == ON || rowid < m.javaGapRowid)))) {
                m.javaSlot++;
            }
        }
        place(c, slot);
    }

    /** Room for one more row at the end: the rows moved to the front when a quarter of the arrays is free there, else larger arrays. */
    @TruffleBoundary
    private void makeRoom() {
        int n = tail - head;
        if (head > 0 && head >= rowids.length / 4) {
            System.arraycopy(rowids, head, rowids, 0, n);
            System.arraycopy(records, head, records, 0, n);
            java.util.Arrays.fill(records, n, tail, null);
            for (int k = 0; k < memberCount; k++) {
                members[k].javaSlot -= head;
            }
            head = 0;
            tail = n;
        } else {
            rowids = java.util.Arrays.copyOf(rowids, 2 * rowids.length);
            records = java.util.Arrays.copyOf(records, 2 * records.length);
        }
    }

    /** The first slot whose rowid is at least {@code rowid} ({@link #tail} if none). */
    private int search(long rowid) {
        int low = head;
        int high = tail;
        while (low < high) {
            int mid = (low + high) >>> 1;
            if (rowids[mid] < rowid) {
                low = mid + 1;
            } else {
                high = mid;
            }
        }
        return low;
    }

    /** SeekRowid and NotExists: whether there is row {@code rowid}, {@code c} on it (else on no row). */
    public boolean seekRowid(RecordCursor c, long rowid) {
        int slot = search(rowid);
        if (slot < tail && rowids[slot] == rowid) {
            return place(c, slot);
        }
        place(c, tail);
        return false;
    }

    /**
     * SeekGE, SeekGT, SeekLE and SeekLT by rowid: whether there is a row at or above (GE), above
     * (GT), at or below (LE) or below (LT) {@code rowid}, {@code c} on the nearest (else on no row).
     */
    public boolean seek(RecordCursor c, long rowid, boolean below, boolean orEqual) {
        int slot;
        if (!below) {
            slot = orEqual ? search(rowid) : rowid == Long.MAX_VALUE ? tail : search(rowid + 1);
        } else {
            // The last slot below rowid (LT) or at or below it (LE).
            slot = (orEqual ? (rowid == Long.MAX_VALUE ? tail : search(rowid + 1)) : search(rowid)) - 1;
        }
        return place(c, slot);
    }

    /**
     * Delete with OPFLAG_SAVEPOSITION of the row {@code c} is on ({@link #ON} one): every cursor
     * on that row is in a {@link #GAP} there.
     */
    public void delete(RecordCursor c) {
        int slot = c.javaSlot;
        bytes -= records[slot].length + ROW_OVERHEAD;
        if (slot == head) {
            records[head] = null;
            head++;
            for (int k = 0; k < memberCount; k++) {
                RecordCursor m = members[k];
                if (m.javaState == ON && m.javaSlot == slot) {
                    m.javaState = GAP;
                    m.javaSlot = head;
                    m.javaGapRowid = rowids[slot];
                    m.moved(true);
                } else if (m.javaState == GAP && m.javaSlot == slot) {
                    // In an earlier gap whose next row this was: the next one is now the first.
                    m.javaSlot = head;
                }
            }
            return;
        }
        deleteInside(slot);
    }

    @TruffleBoundary
    private void deleteInside(int slot) {
        long deleted = rowids[slot];
        System.arraycopy(rowids, slot + 1, rowids, slot, tail - slot - 1);
        System.arraycopy(records, slot + 1, records, slot, tail - slot - 1);
        tail--;
        records[tail] = null;
        for (int k = 0; k < memberCount; k++) {
            RecordCursor m = members[k];
            if (m.javaState == NO_ROW) {
                continue;
            }
            if (m.javaSlot == slot && m.javaState == ON) {
                m.javaState = GAP;
                m.javaGapRowid = deleted;
                m.moved(true);
            } else if (m.javaSlot > slot) {
                m.javaSlot--;
            }
        }
    }

    /**
     * Gives the rows to SQLite: each inserted into the ephemeral b-tree SQLite opened for the
     * table, through the Insert instruction at {@code insertPc} (one of the table's cursors,
     * no flags that count changes), and every cursor put where it was: on its row by a seek;
     * in a gap, on the row before it, reading NULL, so that SQLite's Next finds the row after
     * (or, when no row is before it, {@link RecordCursor#rewindOnNext}); on no row, left as
     * SQLite opened it (on none). From then on SQLite's VDBE keeps the table.
     */
    @TruffleBoundary
    public void spill(NativeVdbe vdbe, int insertPc) {
        for (int slot = head; slot < tail; slot++) {
            vdbe.insert(insertPc, rowids[slot], records[slot]);
        }
        for (int k = 0; k < memberCount; k++) {
            RecordCursor m = members[k];
            byte state = m.javaState;
            m.javaState = NO_ROW;
            if (state == ON) {
                seekNatively(vdbe, insertPc, m, rowids[m.javaSlot]);
            } else if (state == GAP && m.javaSlot > head) {
                seekNatively(vdbe, insertPc, m, rowids[m.javaSlot - 1]);
                m.moved(true);
            } else if (state == GAP) {
                m.moved(true);
                m.rewindOnNext = m.javaSlot < tail;
            } else {
                m.moved(true);
            }
        }
        spilled = true;
        rowids = null;
        records = null;
        head = 0;
        tail = 0;
        bytes = 0;
    }

    private static void seekNatively(NativeVdbe vdbe, int pc, RecordCursor m, long rowid) {
        int rc = vdbe.seekLocated(m.index, rowid);
        if (rc != 0) {
            throw vdbe.abort(pc, rc);
        }
        m.moved(false);
        m.locateReported(vdbe);
    }
}
