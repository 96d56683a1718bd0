package org.graalite.runtime;

import org.graalite.nativeapi.NativeVdbe;

/**
 * Next when the next entry is on the same leaf page, taken in Java: most steps of a scan.
 * sqlite3BtreeNext's own fast path is one increment of the cursor's cell index; what made it
 * cost more than the rest of a row in the Truffle tier was reaching it (a boundary call, an FFM
 * downcall, the shim finding the cursor, then parsing the cell to locate the record). Here
 * compiled code reads the page directly and makes the stores sqlite3BtreeNext and OP_Next make
 * (the cell index, the cursor's cached cell info and flags, the VdbeCursor's cache status and
 * NULL-row flag), so SQLite's own code finds its cursor as if it had stepped itself.
 * Everything else (the cursor not valid, the last cell of the page, an interior page of an
 * index, a record continuing on overflow pages, a cell that does not fit its page) returns
 * false and the caller takes SQLite's step. The struct offsets come from the shim
 * (graalite_btree_layout), so they follow the compiled amalgamation.
 */
final class LeafStep {
    private static final int CURSOR_STATE = NativeVdbe.btreeLayout(0);
    private static final int CURSOR_FLAGS = NativeVdbe.btreeLayout(1);
    private static final int CURSOR_INFO_SIZE = NativeVdbe.btreeLayout(2);
    private static final int CURSOR_CELL_INDEX = NativeVdbe.btreeLayout(3);
    private static final int CURSOR_PAGE = NativeVdbe.btreeLayout(4);
    private static final int PAGE_LEAF = NativeVdbe.btreeLayout(5);
    private static final int PAGE_INT_KEY_LEAF = NativeVdbe.btreeLayout(6);
    private static final int PAGE_MAX_LOCAL = NativeVdbe.btreeLayout(7);
    private static final int PAGE_CELL_COUNT = NativeVdbe.btreeLayout(8);
    private static final int PAGE_MASK = NativeVdbe.btreeLayout(9);
    private static final int PAGE_DATA = NativeVdbe.btreeLayout(10);
    private static final int PAGE_DATA_END = NativeVdbe.btreeLayout(11);
    private static final int PAGE_CELL_POINTERS = NativeVdbe.btreeLayout(12);
    private static final int VDBE_CURSOR_NULL_ROW = NativeVdbe.btreeLayout(13);
    private static final int VDBE_CURSOR_CACHE_STATUS = NativeVdbe.btreeLayout(14);
    private static final int CURSOR_VALID = NativeVdbe.btreeLayout(15);
    /** BTCF_ValidNKey | BTCF_ValidOvfl: what sqlite3BtreeNext clears. */
    private static final int INVALIDATED_FLAGS = NativeVdbe.btreeLayout(16);
    private static final int CACHE_STALE = NativeVdbe.btreeLayout(17);
    private static final int CURSOR_INFO_KEY = NativeVdbe.btreeLayout(18);
    private static final int VALID_KEY = NativeVdbe.btreeLayout(19);
    private static final int VDBE_CURSOR_MOVETO_TARGET = NativeVdbe.btreeLayout(20);
    private static final int VDBE_CURSOR_DEFERRED_MOVETO = NativeVdbe.btreeLayout(21);
    private static final int VDBE_CURSOR_SEEK_RESULT = NativeVdbe.btreeLayout(22);

    /** What {@link #toCell} does: a step, a seek by rowid, a seek in an index. */
    private static final int NEXT = 0;
    private static final int ROWID_SEEK = 1;
    private static final int INDEX_SEEK = 2;

    private LeafStep() {
    }

    /**
     * Moves cursor {@code c} (whose VdbeCursor and BtCursor are at {@code vdbeCursor} and
     * {@code btCursor}) to the next cell of its leaf page and locates that cell's record, as
     * graalite_cursor_step_located would; false, with nothing changed, when SQLite must step.
     */
    static boolean next(RecordCursor c, long vdbeCursor, long btCursor) {
        if (PageMemory.getByte(btCursor + CURSOR_STATE) != CURSOR_VALID) {
            return false;
        }
        long page = PageMemory.getLong(btCursor + CURSOR_PAGE);
        int cell = PageMemory.getUnsignedShort(btCursor + CURSOR_CELL_INDEX) + 1;
        return toCell(c, vdbeCursor, btCursor, page, cell, NEXT, 0);
    }

    /**
     * Moves table cursor {@code c} to the row with rowid {@code target} when that row is on the
     * leaf page the cursor is on: the row it is on or the next one (sqlite3BtreeTableMoveto's
     * own shortcut, from the cursor's cached key), else a binary search of the leaf when the
     * rowid lies between its first and last; then the stores of OP_SeekRowid and of a deferred
     * seek, and the row's record located. False, with nothing changed, when SQLite must seek (a
     * row on another page, or no such row): a join probing rows in rowid order (TPC-H's lines
     * of one order after another) mostly takes this path.
     */
    static boolean seek(RecordCursor c, long vdbeCursor, long btCursor, long target) {
        if (PageMemory.getByte(btCursor + CURSOR_STATE) != CURSOR_VALID) {
            return false;
        }
        long page = PageMemory.getLong(btCursor + CURSOR_PAGE);
        int count = PageMemory.getUnsignedShort(page + PAGE_CELL_COUNT);
        if (PageMemory.getByte(page + PAGE_LEAF) == 0 || PageMemory.getByte(page + PAGE_INT_KEY_LEAF) == 0 || count == 0) {
            return false;
        }
        int cell = PageMemory.getUnsignedShort(btCursor + CURSOR_CELL_INDEX);
        if ((PageMemory.getByte(btCursor + CURSOR_FLAGS) & VALID_KEY) != 0) {
            long key = PageMemory.getLong(btCursor + CURSOR_INFO_KEY);
            if (key == target) {
                return toCell(c, vdbeCursor, btCursor, page, cell, ROWID_SEEK, target);
            } else if (key != Long.MAX_VALUE && key + 1 == target) {
                return toCell(c, vdbeCursor, btCursor, page, cell + 1, ROWID_SEEK, target);
            }
        }
        // A binary search of the leaf: a table's leaf holds every rowid between its first and last.
        int low = 0;
        int high = count - 1;
        if (rowidAt(page, low) > target || rowidAt(page, high) < target) {
            return false;
        }
        while (low <= high) {
            int mid = (low + high) >>> 1;
            long rowid = rowidAt(page, mid);
            if (rowid == target) {
                return toCell(c, vdbeCursor, btCursor, page, mid, ROWID_SEEK, target);
            } else if (rowid < target) {
                low = mid + 1;
            } else {
                high = mid - 1;
            }
        }
        return false;
    }

    /**
     * {@link #seek}'s first shortcut alone, small enough for compiled code: moves table cursor
     * {@code c} to the row with rowid {@code target} when that is the row after the one its key
     * (left by the last seek) names and the next cell of its leaf page holds it. False, with
     * nothing changed, otherwise.
     */
    static boolean seekNextRow(RecordCursor c, long vdbeCursor, long btCursor, long target) {
        if (PageMemory.getByte(btCursor + CURSOR_STATE) != CURSOR_VALID || (PageMemory.getByte(btCursor + CURSOR_FLAGS) & VALID_KEY) == 0) {
            return false;
        }
        long key = PageMemory.getLong(btCursor + CURSOR_INFO_KEY);
        if (key == Long.MAX_VALUE || key + 1 != target) {
            return false;
        }
        long page = PageMemory.getLong(btCursor + CURSOR_PAGE);
        return toCell(c, vdbeCursor, btCursor, page, PageMemory.getUnsignedShort(btCursor + CURSOR_CELL_INDEX) + 1, ROWID_SEEK, target);
    }

    /** The rowid of cell {@code cell} of table leaf {@code page}: after the payload size, sqlite3GetVarint. */
    private static long rowidAt(long page, int cell) {
        long p = cellAddress(page, cell);
        int i = 0;
        while (PageMemory.getByte(p + i) < 0 && i < 8) {
            i++;
        }
        i++;
        long rowid = 0;
        int end = i + 9;
        int b;
        do {
            b = PageMemory.getByte(p + i);
            i++;
            rowid = i == end ? (rowid << 8) | (b & 0xff) : (rowid << 7) | (b & 0x7f);
        } while (b < 0 && i < end);
        return rowid;
    }

    /** findCell: where cell {@code cell} of {@code page} starts; the cell pointer array holds big-endian offsets, masked to the page. */
    private static long cellAddress(long page, int cell) {
        long pointer = PageMemory.getLong(page + PAGE_CELL_POINTERS) + 2L * cell;
        int offset = PageMemory.getUnsignedShort(page + PAGE_MASK) & (((PageMemory.getByte(pointer) & 0xff) << 8) | (PageMemory.getByte(pointer + 1) & 0xff));
        return PageMemory.getLong(page + PAGE_DATA) + offset;
    }

    /** {@link #seekIndex}: SQLite must seek. */
    static final int UNDECIDED = -1;

    /**
     * SeekGE (SeekGT when {@code above}) of index cursor {@code c} on the key
     * r[first..first+fields-1] when the entry the seek finds is on the leaf page the cursor is
     * on: the entry it is on, if that is at or above the key (above, for SeekGT) and the one
     * before it below (a join probing an index with keys in order, TPC-H's lines of one order
     * after another, finds the cursor there, left by the loop over the previous key), else the
     * first such entry by a binary search of the leaf when its first entry is below the key
     * and its last at or above. Integer keys only. Returns 0 (the cursor is on the entry, its
     * record located, OP_SeekGE's stores made), or {@link #UNDECIDED} with nothing changed.
     *
     * @param seekEq the cursor's OPFLAG_SEEKEQ: only an entry equal to the key counts
     */
    static int seekIndex(RecordCursor c, long vdbeCursor, long btCursor, Object[] registers, int first, int fields, int[] sortFlags, boolean above, boolean seekEq) {
        if (PageMemory.getByte(btCursor + CURSOR_STATE) != CURSOR_VALID) {
            return UNDECIDED;
        }
        long page = PageMemory.getLong(btCursor + CURSOR_PAGE);
        int cell = PageMemory.getUnsignedShort(btCursor + CURSOR_CELL_INDEX);
        int count = PageMemory.getUnsignedShort(page + PAGE_CELL_COUNT);
        if (PageMemory.getByte(page + PAGE_LEAF) == 0 || count < 2 || cell >= count) {
            return UNDECIDED;
        }
        int found = UNDECIDED;
        if (cell >= 1) {
            int here = compareEntry(page, cell, registers, first, fields, sortFlags);
            if (here == NOT_COMPARED) {
                return UNDECIDED;
            }
            if (atOrAbove(here, above)) {
                int before = compareEntry(page, cell - 1, registers, first, fields, sortFlags);
                if (before == NOT_COMPARED) {
                    return UNDECIDED;
                }
                found = atOrAbove(before, above) ? UNDECIDED : cell;
            }
        }
        if (found == UNDECIDED) {
            found = searchLeaf(page, count, registers, first, fields, sortFlags, above);
        }
        if (found == UNDECIDED || (seekEq && compareEntry(page, found, registers, first, fields, sortFlags) != 0)) {
            return UNDECIDED;
        }
        return toCell(c, vdbeCursor, btCursor, page, found, INDEX_SEEK, 0) ? 0 : UNDECIDED;
    }

    /** Whether an entry that compares {@code compared} to the key is one SeekGE (SeekGT when {@code above}) may stop at. */
    private static boolean atOrAbove(int compared, boolean above) {
        return above ? compared > 0 : compared >= 0;
    }

    /**
     * The first cell of index leaf {@code page} at or above the key (above, for SeekGT) when its
     * first cell is below the key and its last at or above, so that the entry sought is on this
     * leaf; {@link #UNDECIDED} otherwise.
     */
    private static int searchLeaf(long page, int count, Object[] registers, int first, int fields, int[] sortFlags, boolean above) {
        int low = 0;
        int high = count - 1;
        int lowest = compareEntry(page, low, registers, first, fields, sortFlags);
        int highest = compareEntry(page, high, registers, first, fields, sortFlags);
        if (lowest == NOT_COMPARED || highest == NOT_COMPARED || atOrAbove(lowest, above) || !atOrAbove(highest, above)) {
            return UNDECIDED;
        }
        // Cell low is below the key, cell high at or above it.
        while (high - low > 1) {
            int mid = (low + high) >>> 1;
            int compared = compareEntry(page, mid, registers, first, fields, sortFlags);
            if (compared == NOT_COMPARED) {
                return UNDECIDED;
            }
            if (atOrAbove(compared, above)) {
                high = mid;
            } else {
                low = mid;
            }
        }
        return high;
    }

    /** {@link #compareEntry}: the entry has a field that is not an integer, or a key that is not one, or overflow pages. */
    private static final int NOT_COMPARED = Integer.MIN_VALUE;

    /**
     * The first {@code fields} fields of index entry {@code cell} (of leaf page {@code page})
     * against the key, as sqlite3VdbeRecordCompare orders integers: negative, zero or positive
     * (DESC fields inverted); {@link #NOT_COMPARED} when anything but integers is involved.
     */
    private static int compareEntry(long page, int cell, Object[] registers, int first, int fields, int[] sortFlags) {
        long p = cellAddress(page, cell);
        int payloadSize = PageMemory.getByte(p);
        int headerSize = PageMemory.getByte(p + 1);
        // Small entries only: one-byte payload size, header size and serial types.
        if (payloadSize < 0 || headerSize < 0 || headerSize <= fields || payloadSize > PageMemory.getUnsignedShort(page + PAGE_MAX_LOCAL) ||
                        p + 1 + payloadSize > PageMemory.getLong(page + PAGE_DATA_END)) {
            return NOT_COMPARED;
        }
        long record = p + 1;
        int body = headerSize;
        for (int i = 0; i < fields; i++) {
            int type = PageMemory.getByte(record + 1 + i);
            if (!(registers[first + i] instanceof Long key) || type < 1 || type > 9 || type == 7) {
                return NOT_COMPARED;
            }
            int length = RecordCursor.serialTypeLength(type);
            if (body + length > payloadSize) {
                return NOT_COMPARED;
            }
            long value = type >= 8 ? type - 8 : PageMemory.readBigEndian(record + body, length);
            body += length;
            int compared = Long.compare(value, key);
            if (compared != 0) {
                return (sortFlags[i] & org.graalite.program.P4.KeyInfo.DESC) != 0 ? -compared : compared;
            }
        }
        return 0;
    }

    /**
     * Puts the cursor on cell {@code cell} of its leaf page {@code page} and locates the cell's
     * record: the stores of sqlite3BtreeNext (when the cell changes), then OP_Next's; for a
     * rowid seek (only if the cell holds rowid {@code target}) the cursor's key as
     * sqlite3BtreeTableMoveto leaves it and OP_SeekRowid's stores; for an index seek (the cell
     * is the cursor's) OP_SeekGE's, with the seek result of an entry above the key.
     */
    private static boolean toCell(RecordCursor c, long vdbeCursor, long btCursor, long page, int cell, int mode, long target) {
        boolean seeking = mode == ROWID_SEEK;
        if (cell >= PageMemory.getUnsignedShort(page + PAGE_CELL_COUNT) || PageMemory.getByte(page + PAGE_LEAF) == 0) {
            return false;
        }
        long p = cellAddress(page, cell);
        // A leaf cell: the payload size, the rowid on a table's leaf, then the record.
        long payloadSize = 0;
        int i = 0;
        int b;
        do {
            b = PageMemory.getByte(p + i);
            payloadSize = (payloadSize << 7) | (b & 0x7f);
            i++;
        } while (b < 0 && i < 9);
        if (b < 0 || payloadSize > PageMemory.getUnsignedShort(page + PAGE_MAX_LOCAL)) {
            // Nine bytes (never a real size) or overflow pages: SQLite's step decides.
            return false;
        }
        boolean table = PageMemory.getByte(page + PAGE_INT_KEY_LEAF) != 0;
        long rowid = 0;
        if (table) {
            // sqlite3GetVarint: seven bits a byte, all eight of a ninth.
            int end = i + 9;
            do {
                b = PageMemory.getByte(p + i);
                i++;
                rowid = i == end ? (rowid << 8) | (b & 0xff) : (rowid << 7) | (b & 0x7f);
            } while (b < 0 && i < end);
        }
        long record = p + i;
        if (record + payloadSize > PageMemory.getLong(page + PAGE_DATA_END) || (seeking && (!table || rowid != target))) {
            return false;
        }
        int flags = PageMemory.getByte(btCursor + CURSOR_FLAGS) & ~INVALIDATED_FLAGS;
        if (cell != PageMemory.getUnsignedShort(btCursor + CURSOR_CELL_INDEX)) {
            PageMemory.putShort(btCursor + CURSOR_CELL_INDEX, (short) cell);
            PageMemory.putShort(btCursor + CURSOR_INFO_SIZE, (short) 0);
            if (seeking) {
                // As sqlite3BtreeTableMoveto leaves a cursor on the key it found.
                PageMemory.putLong(btCursor + CURSOR_INFO_KEY, rowid);
                flags |= VALID_KEY;
            }
            PageMemory.putByte(btCursor + CURSOR_FLAGS, (byte) flags);
        }
        PageMemory.putInt(vdbeCursor + VDBE_CURSOR_CACHE_STATUS, CACHE_STALE);
        PageMemory.putByte(vdbeCursor + VDBE_CURSOR_NULL_ROW, (byte) 0);
        if (mode != NEXT) {
            if (seeking) {
                PageMemory.putLong(vdbeCursor + VDBE_CURSOR_MOVETO_TARGET, target);
            }
            PageMemory.putByte(vdbeCursor + VDBE_CURSOR_DEFERRED_MOVETO, (byte) 0);
            PageMemory.putInt(vdbeCursor + VDBE_CURSOR_SEEK_RESULT, seeking ? 0 : 1);
        }
        c.moved(false);
        c.locateInPage(record, (int) payloadSize);
        if (table) {
            c.steppedTo(rowid);
        }
        return true;
    }

    /** Whether the b-tree cursor at {@code btCursor} is still where a step left it (no write saved its position). */
    static boolean stillValid(long btCursor) {
        return PageMemory.getByte(btCursor + CURSOR_STATE) == CURSOR_VALID;
    }
}
