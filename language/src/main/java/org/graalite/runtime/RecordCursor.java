package org.graalite.runtime;

import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.memory.ByteArraySupport;

import org.graalite.nativeapi.NativeVdbe;

/**
 * A cursor of the Truffle tier over a native B-tree cursor: tracks whether it is on a row and
 * decodes the current row's record in Java, straight from the page memory (or from a copy
 * when the record continues on overflow pages). The header is parsed once per row, lazily,
 * up to the field a Column asks for.
 */
public final class RecordCursor {

    public final int index;
    /** For a pseudo cursor (OpenPseudo): the register whose record is its one row; -1 otherwise. */
    public final int pseudoRegister;
    /** The record a pseudo cursor last decoded: a byte[], or an InPlaceRecord. */
    private Object pseudoRecord;
    /** A table b-tree (rowid keys) rather than an index or a pseudo cursor. */
    public boolean isTable = true;
    /** Opened with OPFLAG_SEEKEQ: seeks only look for equal keys. */
    public boolean seekEq;
    /** The root page a ReopenIdx opened this cursor on (-1 otherwise). */
    public int root = -1;
    /** For an ephemeral index the program only fills and probes: its entries while they are few (see SmallKeySet); null otherwise. */
    public SmallKeySet smallKeys;
    /**
     * The table this cursor is on when the Truffle tier keeps it in Java (an ephemeral rowid
     * table, see JavaTable), and the cursor's position there; null otherwise.
     */
    public JavaTable javaTable;
    byte javaState;
    int javaSlot;
    /** In a {@link JavaTable#GAP}: the rowid of the row deleted under the cursor. */
    long javaGapRowid;
    /**
     * After its table went to SQLite's b-tree while the cursor was in a gap with no row before
     * it: the next Next is a Rewind (SQLite's cursor would have skipped nothing).
     */
    public boolean rewindOnNext;
    /** The IN-early-out counter of SeekHit and IfNoHope: a key prefix of this many terms is known to match. */
    public int seekHit;
    /** The Sequence counter of this cursor. */
    public long sequence;
    /** No current row: every column reads NULL. */
    public boolean nullRow = true;
    /** The current record has been located (payload address and size). */
    private boolean located;
    /** Address of the record in native memory, or 0 when {@link #copy} holds it. */
    private long address;
    private byte[] copy;
    private int size;
    /** Offset of the first byte after the header, and the parsed header so far. */
    private int headerSize;
    private int headerPosition;
    private int parsedFields;
    private int[] serialTypes = new int[16];
    private int[] offsets = new int[17];
    /**
     * Text and blob values decoded from the current record, by field: a program often reads a
     * field twice per row (a WHERE test, then the result), and SQLite's VDBE does not copy it
     * twice either. Valid while {@link #textStamps} holds the current {@link #recordStamp}.
     */
    private Object[] decoded = new Object[16];
    private int[] textStamps = new int[16];
    /**
     * The UTF-8 bytes of each field's last decoded text, in the first {@link #textLengths}
     * bytes (they count only while {@link #decoded} holds that text): when the next row holds the
     * same text, which low-cardinality columns (flags, statuses, categories, dates of one
     * order's lines) often do, the String is reused after one bulk comparison instead of being
     * decoded and allocated again. (A cache of recent texts by hash was tried: dates hit it, but
     * hashing unique names and addresses cost more than it saved, TPC-H q10 1.25x -> 1.5x the
     * native C time.)
     */
    private byte[][] textBytes = new byte[16][];
    private int[] textLengths = new int[16];
    /** Counts the records this cursor has located; 0 is never current. */
    private int recordStamp = 1;
    /**
     * A DeferredSeek's target: the row this table cursor moves to only when something reads it
     * (SQLite's deferredMoveto). Until then a column that the index holds too is read from the
     * index cursor's entry ({@link #alternativeField}), as vdbe.c does with its alt map: a NOT
     * EXISTS over an index, or a query that reads only indexed columns, never seeks.
     */
    private boolean deferred;
    private long deferredRowid;
    /** The DeferredSeek instruction, for errors of the seek when it is carried out. */
    private int deferredPc;
    private RecordCursor altCursor;
    /** The DeferredSeek's P4: table column i is field altMap[i] - 1 of the index entry when positive. */
    private int[] altMap;
    /**
     * The addresses of this cursor's VdbeCursor and BtCursor, which a native step reports, for
     * the steps taken in Java ({@link LeafStep}); 0 until then. They stay valid while the cursor
     * is open: SQLite frees them only when the cursor is closed or opened again, and either
     * makes a new RecordCursor or {@link #reopen}s this one.
     */
    private long vdbeCursor;
    private long btCursor;
    /** The rowid of the table row the last step reached, when {@link #rowidKnown}: Rowid reads it without a call. */
    private long rowid;
    private boolean rowidKnown;
    /** The buffer text is copied into before decoding. */
    private byte[] scratch = new byte[64];
    /** The length of the varint {@link #readVarint} read last. */
    private int varintLength;

    public RecordCursor(int index) {
        this(index, -1);
    }

    public RecordCursor(int index, int pseudoRegister) {
        this.index = index;
        this.pseudoRegister = pseudoRegister;
    }

    /** Back to the state of a newly opened cursor (not a pseudo cursor), keeping the arrays it has grown. */
    void reopen() {
        pseudoRecord = null;
        isTable = true;
        seekEq = false;
        root = -1;
        seekHit = 0;
        sequence = 0;
        nullRow = true;
        located = false;
        address = 0;
        copy = null;
        size = 0;
        headerSize = 0;
        headerPosition = 0;
        parsedFields = 0;
        deferred = false;
        altCursor = null;
        altMap = null;
        vdbeCursor = 0;
        btCursor = 0;
        rowidKnown = false;
        javaTable = null;
        javaState = JavaTable.NO_ROW;
        rewindOnNext = false;
        // decoded[] may keep the previous run's values: their stamps are older than any record's.
        recordStamp++;
    }

    /** A pseudo cursor's row is the record now in its register (re-decoded when that record changes). */
    public void usePseudoRecord(Object record) {
        if (record != pseudoRecord) {
            changePseudoRecord(record);
        }
    }

    /** The values of {@code record} (a record as MakeRecord makes it), field by field. */
    static Object[] decodeRecord(byte[] record) {
        // A pseudo cursor of no execution (any register number makes it one): the record is given here.
        RecordCursor reader = new RecordCursor(-1, 0);
        reader.usePseudoRecord(record);
        Object[] values = new Object[reader.fieldCount(null)];
        for (int i = 0; i < values.length; i++) {
            values[i] = reader.column(null, i, null);
        }
        return values;
    }

    @TruffleBoundary(allowInlining = false)
    private void changePseudoRecord(Object record) {
        if (record instanceof byte[] b) {
            pseudoRecord = b;
            nullRow = false;
            setRecord(b);
        } else if (record instanceof InPlaceRecord r) {
            usePseudoRecordInPlace(r);
        } else {
            pseudoRecord = null;
            nullRow = true;
        }
    }

    /**
     * A pseudo cursor's row is now the record {@code record} stands for (SorterData in place,
     * which calls this as it moves the record; a Column that meets the object in the register
     * after the cursor was opened again comes here through {@link #usePseudoRecord}).
     */
    public void usePseudoRecordInPlace(InPlaceRecord record) {
        pseudoRecord = record;
        nullRow = false;
        locateInPage(record.address, record.size);
    }

    /** The row of a table kept in Java (see JavaTable): {@code record}, which nothing changes while the cursor is on it. */
    void useRowRecord(byte[] record) {
        setRecord(record);
    }

    /** Whether this cursor is on a row of a table kept in Java (JavaTable#ON). */
    public boolean onJavaRow() {
        return javaState == JavaTable.ON;
    }

    private void setRecord(byte[] record) {
        copy = record;
        address = 0;
        size = record.length;
        located = true;
        parseHeaderSize();
    }

    /**
     * After a native step or seek that located the row ({@link NativeVdbe#stepLocated},
     * {@link NativeVdbe#seekLocated}, {@link NativeVdbe#seekRowidLocated}): the record it
     * found, and the native structs it reported, which the steps and seeks of {@link LeafStep}
     * then use. Out of line in compiled code, as the native call before it: it runs once a
     * page for a scan, and for a seek only when the row is on another page.
     */
    @TruffleBoundary
    public void locateReported(NativeVdbe vdbe) {
        locateAt(vdbe, vdbe.locatedAddress());
        vdbeCursor = vdbe.locatedVdbeCursor();
        btCursor = vdbe.locatedBtCursor();
    }

    /** SQLite may have freed this cursor's native structs and allocated new ones: the leaf steps wait for a native step to report them again. */
    public void forgetNativeCursors() {
        vdbeCursor = 0;
        btCursor = 0;
    }

    /**
     * Next taken in Java when the next entry is on the same leaf page (see {@link LeafStep}):
     * the cursor is on it and its record located; false when SQLite must take the step.
     */
    public boolean nextOnLeaf() {
        long bt = btCursor;
        return bt != 0 && LeafStep.next(this, vdbeCursor, bt);
    }

    /**
     * Seek by rowid taken in Java when the row is on the leaf page the b-tree cursor is on (see
     * {@link LeafStep#seek}): the cursor is on it and its record located; false when SQLite
     * must seek. Out of line in compiled code: a search of a page gains nothing from partial
     * evaluation, and inlined at every seek it made a join's compiled statement 40% larger
     * (TPC-H q9: 37,697 IR nodes against 26,834).
     */
    @TruffleBoundary(transferToInterpreterOnException = false)
    public boolean seekOnLeaf(long target) {
        long bt = btCursor;
        if (bt == 0) {
            return false;
        }
        int misses = leafSeekMisses;
        return leafSeekFound(misses, looksOnLeaf(misses) && LeafStep.seek(this, vdbeCursor, bt, target));
    }

    /**
     * How many seeks of this cursor in a row (by rowid in a table, SeekGE/SeekGT in an index)
     * did not find their row on the leaf page the cursor was on. Probes in random order (the
     * deferred seeks of a scan of another index: TPC-H's date ranges of lineitem; q05's
     * lookups of lineitem by order and of supplier by nation, 115,000 of them, 300 found on
     * the page) almost never land on that page, and looking cost two to four cells of it per
     * seek; past {@link #LEAF_SEEK_MISSES_TOLERATED} of them only one seek in
     * {@code LEAF_SEEK_RETRY_MASK + 1} looks, and the first that finds its row there looks again
     * every time.
     */
    private int leafSeekMisses;
    private static final int LEAF_SEEK_MISSES_TOLERATED = 8;
    private static final int LEAF_SEEK_RETRY_MASK = 15;

    /** Whether a seek after {@code misses} misses in a row looks on the leaf page (see {@link #leafSeekMisses}). */
    private static boolean looksOnLeaf(int misses) {
        return misses < LEAF_SEEK_MISSES_TOLERATED || (misses & LEAF_SEEK_RETRY_MASK) == 0;
    }

    /** Counts a seek that looked on the leaf page or skipped it ({@link #leafSeekMisses}); returns {@code found}. */
    private boolean leafSeekFound(int misses, boolean found) {
        if (found) {
            leafSeekMisses = 0;
        } else {
            // The count goes on while seeks skip the page, and never wraps to a negative number.
            leafSeekMisses = misses == Integer.MAX_VALUE ? LEAF_SEEK_MISSES_TOLERATED : misses + 1;
        }
        return found;
    }

    /**
     * SeekGE or SeekGT (above) of this index cursor taken in Java when the entry the seek would
     * find is on the leaf page the cursor is on (see {@link LeafStep#seekIndex}): 0, the cursor
     * on it and its record located; {@link LeafStep#UNDECIDED} when SQLite must seek. Out of
     * line in compiled code, as {@link #seekOnLeaf}.
     */
    @TruffleBoundary(transferToInterpreterOnException = false)
    public int seekIndexOnLeaf(Object[] registers, int first, int fields, int[] sortFlags, boolean above) {
        long bt = btCursor;
        if (bt == 0) {
            return LeafStep.UNDECIDED;
        }
        int misses = leafSeekMisses;
        boolean found = looksOnLeaf(misses) && LeafStep.seekIndex(this, vdbeCursor, bt, registers, first, fields, sortFlags, above, seekEq) == 0;
        return leafSeekFound(misses, found) ? 0 : LeafStep.UNDECIDED;
    }

    /** The current record is the {@code size} bytes at {@code address}, within its page. */
    void locateInPage(long recordAddress, int recordSize) {
        address = recordAddress;
        copy = null;
        size = recordSize;
        located = true;
        parseHeaderSize();
    }

    /** The b-tree changed: the current row stays, but its record must be located again. */
    public void recordMayHaveMoved() {
        // A row of a table kept in Java is an array that no write moves.
        if (pseudoRegister < 0 && (javaTable == null || javaTable.spilled())) {
            located = false;
        }
    }

    /** The cursor moved: forget the record of the previous row. */
    public void moved(boolean atEnd) {
        nullRow = atEnd;
        located = false;
        deferred = false;
        rowidKnown = false;
    }

    /** A step reached the table row with this rowid. */
    public void steppedTo(long rowidOfRow) {
        rowid = rowidOfRow;
        rowidKnown = true;
    }

    /**
     * Whether Rowid may answer {@link #steppedRowid}: a step told the rowid, and no write through
     * another cursor has moved the b-tree cursor since (SQLite would then seek it again).
     */
    public boolean knowsRowid() {
        return rowidKnown && btCursor != 0 && LeafStep.stillValid(btCursor);
    }

    public long steppedRowid() {
        return rowid;
    }

    /** DeferredSeek at {@code pc}: this table cursor is on row {@code rowid}, to be sought when read. */
    public void deferSeek(int pc, long rowid, RecordCursor index, int[] map) {
        moved(false);
        deferred = true;
        deferredRowid = rowid;
        deferredPc = pc;
        // The same index and map for every row of a join: stores of what is already there are
        // skipped, as each store of a reference into this long-lived cursor costs G1 a fence
        // (see Execution#next).
        if (altCursor != index) {
            altCursor = index;
        }
        if (altMap != map) {
            altMap = map;
        }
    }

    public boolean isDeferred() {
        return deferred;
    }

    public long deferredRowid() {
        return deferredRowid;
    }

    /** The index cursor whose entry a deferred seek may read instead ({@link #alternativeField}). */
    public RecordCursor altCursor() {
        return altCursor;
    }

    /** The field of the deferred seek's index entry that holds table column {@code column}; -1 if none does. */
    public int alternativeField(int column) {
        int[] map = altMap;
        return map != null && column < map.length ? map[column] - 1 : -1;
    }

    /**
     * Carries out the deferred seek as {@link #finishSeek}, looking in compiled code first for
     * the row after the one the cursor's last seek found, on the same leaf page
     * ({@link LeafStep#seekNextRow}): a join that reads a table's rows through an index in
     * rowid order (TPC-H's lines of one order after another) seeks that way for most rows, and
     * there the out-of-line call cost more than the step itself (TPC-H q12 1 to 2% faster, in
     * turns with the out-of-line path in one process).
     * For the Column that finds the seek still to be made (see CursorUses#seeksInline): in every
     * Column it made a join's compiled statement a fifth larger.
     */
    public void finishSeekHere(NativeVdbe vdbe) {
        if (deferred) {
            long bt = btCursor;
            if (bt != 0 && LeafStep.seekNextRow(this, vdbeCursor, bt, deferredRowid)) {
                // Found on the leaf, as seekOnLeaf counts it (stored only when it changes).
                if (leafSeekMisses != 0) {
                    leafSeekMisses = 0;
                }
            } else {
                finishSeek(vdbe);
            }
        }
    }

    /** Carries out the deferred seek: the native cursor moves to the row, whose record is located at once. */
    @TruffleBoundary(allowInlining = false)
    public void finishSeek(NativeVdbe vdbe) {
        if (deferred) {
            if (seekOnLeaf(deferredRowid)) {
                return;
            }
            int rc = vdbe.seekLocated(index, deferredRowid);
            if (rc != 0) {
                throw vdbe.abort(deferredPc, rc);
            }
            moved(false);
            locateReported(vdbe);
        }
    }

    /**
     * The rowid at the end of this index cursor's entry, read as sqlite3VdbeIdxRowid reads it:
     * its serial type is the header's last byte (1 to 9 but 7) and its bytes end the record, so
     * no serial type before it is looked at (parsing the whole header to reach it was 2% of
     * TPC-H q10's profile, a DeferredSeek per order and per line item). SQLITE_CORRUPT where
     * SQLite finds the entry corrupt; a DeferredSeek needs no call.
     */
    public long indexEntryRowid(NativeVdbe vdbe, int pc) {
        if (!nullRow) {
            if (!located) {
                locate(vdbe);
            }
            int header = headerSize;
            if (header >= 3 && header <= size) {
                int type = byteAt(header - 1);
                if (type >= 1 && type <= 9 && type != 7) {
                    int length = serialTypeLength(type);
                    if (length <= size - header) {
                        return type >= 8 ? type - 8 : readInteger(size - length, length);
                    }
                }
            }
        }
        throw vdbe.abort(pc, 11);
    }

    /**
     * Whether a Column must first find the current row's record through the native payload
     * call: the cursor is on a row of a B-tree whose record has not been located yet.
     */
    public boolean needsNativeRecord() {
        return !located && !nullRow && pseudoRegister < 0;
    }

    private void locate(NativeVdbe vdbe) {
        if (deferred) {
            // The seek locates the record too.
            finishSeek(vdbe);
        } else {
            locateAt(vdbe, vdbe.payload(index));
        }
    }

    /**
     * The current record is at address {@code p}, as the payload call (through either binding)
     * returned it, with its sizes in {@code vdbe}'s out-parameters.
     */
    public void locateAt(NativeVdbe vdbe, long p) {
        // Records longer than their page continue on overflow pages: copied (a boundary call).
        int total = vdbe.payloadSize();
        if (vdbe.payloadAvailable() < total) {
            setRecord(vdbe.payloadCopy(index, total));
        } else {
            locateInPage(p, total);
        }
    }

    private void parseHeaderSize() {
        recordStamp++;
        parsedFields = 0;
        headerPosition = 0;
        headerSize = 0;
        if (size > 0) {
            headerSize = (int) readVarint(0);
            headerPosition = varintLength;
            offsets[0] = headerSize;
        }
    }

    /**
     * One byte of the record. Multi-byte numbers are assembled from single bytes: reading them
     * with big-endian MemorySegment layouts made partial evaluation fail (recursive inlining).
     */
    private byte byteAt(int offset) {
        return copy != null ? copy[offset] : PageMemory.getByte(address + offset);
    }

    /**
     * The varint at {@code offset}; its length goes to {@link #varintLength}. Serial types and
     * header sizes below 128 (almost all of them) take the first branch; no array is allocated
     * for the second result, which the header loop would not let escape analysis remove.
     */
    private long readVarint(int offset) {
        int first = byteAt(offset);
        if (first >= 0) {
            varintLength = 1;
            return first;
        }
        return readLongVarint(offset);
    }

    private long readLongVarint(int offset) {
        long v = 0;
        for (int i = 0; i < 8; i++) {
            int b = byteAt(offset + i) & 0xff;
            v = (v << 7) | (b & 0x7f);
            if ((b & 0x80) == 0) {
                varintLength = i + 1;
                return v;
            }
        }
        varintLength = 9;
        return (v << 8) | (byteAt(offset + 8) & 0xff);
    }

    /** The current record as bytes (RowData). */
    @TruffleBoundary
    public byte[] record(NativeVdbe vdbe) {
        if (!located) {
            locate(vdbe);
        }
        if (copy != null) {
            return copy.clone();
        }
        byte[] bytes = new byte[size];
        PageMemory.copyToArray(address, bytes, 0, size);
        return bytes;
    }

    /** The number of fields in the current record. */
    public int fieldCount(NativeVdbe vdbe) {
        if (!located) {
            locate(vdbe);
        }
        parseUpTo(Integer.MAX_VALUE);
        return parsedFields;
    }

    private void parseUpTo(int field) {
        if (field < parsedFields) {
            return;
        }
        // A record has at most one field per header byte: fieldCount asks for "all of them".
        int last = Math.min(field, headerSize);
        if (last >= serialTypes.length) {
            growTo(last + 1);
        }
        // The arrays now hold every field up to this one: a header of headerSize bytes
        // describes fewer than headerSize fields.
        int n = parsedFields;
        int position = headerPosition;
        int end = Math.min(headerSize, size);
        int[] types = serialTypes;
        int[] ends = offsets;
        int offset = ends[n];
        byte[] bytes = copy;
        long base = address;
        while (n <= field && position < end) {
            // Serial types below 128 (numbers, and text or blobs up to 57 bytes) are one byte.
            int type = bytes == null ? PageMemory.getByte(base + position) : bytes[position];
            if (type >= 0) {
                position++;
                offset += SMALL_TYPE_SIZES[type];
            } else {
                type = (int) readLongVarint(position);
                position += varintLength;
                offset += serialTypeLength(type);
            }
            types[n] = type;
            ends[n + 1] = offset;
            n++;
        }
        parsedFields = n;
        headerPosition = position;
    }

    /** The sizes of the serial types below 128 (SQLite's sqlite3SmallTypeSizes). */
    private static final byte[] SMALL_TYPE_SIZES = new byte[128];

    static {
        for (int type = 0; type < 128; type++) {
            SMALL_TYPE_SIZES[type] = (byte) serialTypeLength(type);
        }
    }

    @TruffleBoundary
    private void growTo(int fields) {
        if (fields > serialTypes.length) {
            serialTypes = java.util.Arrays.copyOf(serialTypes, fields);
            offsets = java.util.Arrays.copyOf(offsets, fields + 1);
            decoded = java.util.Arrays.copyOf(decoded, fields);
            textStamps = java.util.Arrays.copyOf(textStamps, fields);
            textBytes = java.util.Arrays.copyOf(textBytes, fields);
            textLengths = java.util.Arrays.copyOf(textLengths, fields);
        }
    }

    static int serialTypeLength(int type) {
        switch (type) {
            case 0, 8, 9, 10, 11:
                return 0;
            case 1:
                return 1;
            case 2:
                return 2;
            case 3:
                return 3;
            case 4:
                return 4;
            case 5:
                return 6;
            case 6, 7:
                return 8;
            default:
                return (type - 12) >> 1;
        }
    }

    /** The serial type of field {@code field} of the current row (IsType); -1 when there is no row or the record has fewer fields. */
    @TruffleBoundary
    public int serialType(NativeVdbe vdbe, int field) {
        if (nullRow || ((!located || field >= parsedFields) && !locateField(vdbe, field, field))) {
            return -1;
        }
        return serialTypes[field];
    }

    /**
     * Field {@code field} of the current row: null, Long, Double, String or byte[];
     * {@code absent} when the record has fewer fields (a column added later by ALTER TABLE
     * takes its default). Numbers are read straight from page memory in compiled code; text
     * and blobs are copied behind a boundary.
     */
    public Object column(NativeVdbe vdbe, int field, Object absent) {
        return value(field, serialTypeAt(vdbe, field), absent);
    }

    /** {@link #serialTypeAt}: the cursor has no row. */
    public static final int NO_ROW = -1;
    /** {@link #serialTypeAt}: the record has fewer fields (a column added later by ALTER TABLE). */
    public static final int ABSENT = -2;

    /**
     * The serial type of field {@code field} of the current row, the record located and its
     * header parsed as far as needed; {@link #NO_ROW} or {@link #ABSENT}. Then
     * {@link #integerField}, {@link #realField} or {@link #textOrBlobField} read the value: a
     * Column node that knows which types it meets compiles only their reads.
     */
    public int serialTypeAt(NativeVdbe vdbe, int field) {
        return serialTypeAt(vdbe, field, field, false);
    }

    /**
     * As {@link #serialTypeAt(NativeVdbe, int)}; where the header must be parsed, it is parsed
     * at least up to field {@code parseTo} (the last one the program reads from this cursor),
     * so that the Columns after the first find their fields parsed and make no call. With
     * {@code parseInline} (a constant of the reader that reads first in a row, see
     * RecordField#parsesHeaders) the header of a record in page memory is parsed in compiled
     * code ({@link #parsedInline}), not by a call.
     */
    public int serialTypeAt(NativeVdbe vdbe, int field, int parseTo, boolean parseInline) {
        if (nullRow) {
            return NO_ROW;
        }
        if ((!located || field >= parsedFields) && !(parseInline && parsedInline(field, parseTo)) && !locateField(vdbe, field, parseTo)) {
            return ABSENT;
        }
        if (offsets[field + 1] > size) {
            throw corrupt();
        }
        return serialTypes[field];
    }

    /** The integer of field {@code field}, of serial type {@code type} (1 to 6). */
    public long integerField(int field, int type) {
        return readInteger(offsets[field], serialTypeLength(type));
    }

    /** The real of field {@code field} (serial type 7). */
    public double realField(int field) {
        return Double.longBitsToDouble(readInteger(offsets[field], 8));
    }

    /** Field {@code field}'s value, of serial type {@code type} as {@link #serialTypeAt} gave it (out of line). */
    @TruffleBoundary
    public Object valueOfType(int field, int type, Object absent) {
        return value(field, type, absent);
    }

    /**
     * Field {@code field}'s value, of serial type {@code type} as {@link #serialTypeAt} gave it,
     * decoded by one switch: code shared by every field a ColumnRun reads (text and blobs out
     * of line).
     */
    public Object value(int field, int type, Object absent) {
        if (type >= 1 && type <= 6) {
            return integerField(field, type);
        } else if (type == 7) {
            return SqlValues.real(realField(field));
        } else if (type >= 12) {
            return textOrBlobField(field, type);
        }
        return type == 8 || type == 9 ? (Object) (long) (type - 8) : type == ABSENT ? absent : null;
    }

    /**
     * The text or blob of field {@code field} (serial type 12 or more). A text decoded before
     * (in this record, or the same bytes in the previous row's, see {@link #text}) is found in
     * compiled code; only a text to decode and blobs take the call: a GROUP BY over sorted rows
     * reads each row's key texts and finds the group's (TPC-H q10, seven key columns, five of
     * them texts: ColumnRun's share of the profile 13.4% -> 12.2%).
     */
    public Object textOrBlobField(int field, int type) {
        if (textStamps[field] == recordStamp) {
            return decoded[field];
        }
        int offset = offsets[field];
        if ((type & 1) != 0 && sameTextAsBefore(field, offset, (type - 12) >> 1)) {
            textStamps[field] = recordStamp;
            return decoded[field];
        }
        return textOrBlob(field, type, offset);
    }

    /**
     * Whether the text of {@code length} bytes at {@code offset}, field {@code field}, has the
     * bytes of the text the field held last, whose String {@link #decoded} still holds (see
     * {@link #textBytes}; compared where they are, not copied: TPC-H Q1 about 1% faster, in
     * turns in one process).
     */
    private boolean sameTextAsBefore(int field, int offset, int length) {
        byte[] previous = textBytes[field];
        return previous != null && textLengths[field] == length && InvalidText.isText(decoded[field]) && sameBytes(offset, previous, length);
    }

    /**
     * Whether reading field {@code field} now would parse the header (the row's first read of
     * a record located in page memory): the profile of the readers that parse inline.
     */
    public boolean parsesHeaderFor(int field) {
        return !nullRow && located && copy == null && field >= parsedFields;
    }

    /**
     * Parses the header of a record located in page memory up to {@code parseTo} in compiled
     * code, where a call out of line did it for every row of a scan (SSB's lineorder read for
     * its ninth or sixteenth field: 2 to 9% faster, in turns in one process). False, with the
     * header perhaps parsed, when the record is not located, or is held in a Java array (one
     * continued on overflow pages, a row of a table kept in Java, a record a register holds),
     * when the header's arrays must grow first, or when the record has fewer fields:
     * {@link #locateField} does what is left.
     */
    private boolean parsedInline(int field, int parseTo) {
        if (!located || copy != null || parseTo >= serialTypes.length) {
            return false;
        }
        parseUpTo(parseTo);
        return field < parsedFields;
    }

    /**
     * The first read of a row, or of a field beyond the header parsed so far, where
     * {@link #parsedInline} does not parse: finds the record and parses its header up to
     * {@code field}. Out of line (a call, not code in every Column of every compiled
     * statement); false when the record has fewer fields.
     */
    @TruffleBoundary(allowInlining = false)
    private boolean locateField(NativeVdbe vdbe, int field, int parseTo) {
        if (!located) {
            locate(vdbe);
        }
        parseUpTo(Math.max(field, parseTo));
        return field < parsedFields;
    }

    /** A big-endian two's-complement integer of {@code length} bytes (1 to 8). */
    private long readInteger(int offset, int length) {
        if (copy == null) {
            return PageMemory.readBigEndian(address + offset, length);
        }
        return readBigEndian(copy, offset, length);
    }

    private static final ByteArraySupport BIG_ENDIAN = ByteArraySupport.bigEndian();

    /**
     * As {@link PageMemory#readBigEndian}, from a record held in a Java array (a sorter's, a
     * pseudo cursor's, one copied from overflow pages): one load per width (a loop over the
     * bytes cost each REAL field eight iterations, with a bounds check each).
     */
    static long readBigEndian(byte[] bytes, int offset, int length) {
        switch (length) {
            case 1:
                return bytes[offset];
            case 2:
                return BIG_ENDIAN.getShort(bytes, offset);
            case 3:
                return ((long) BIG_ENDIAN.getShort(bytes, offset) << 8) | (bytes[offset + 2] & 0xffL);
            case 4:
                return BIG_ENDIAN.getInt(bytes, offset);
            case 6:
                return ((long) BIG_ENDIAN.getShort(bytes, offset) << 32) | (BIG_ENDIAN.getInt(bytes, offset + 2) & 0xffffffffL);
            default:
                return BIG_ENDIAN.getLong(bytes, offset);
        }
    }

    /** Text or blob field not decoded yet in this record (see {@link #textOrBlobField}): decoded, and kept for the record's other reads. */
    @TruffleBoundary
    private Object textOrBlob(int field, int type, int offset) {
        int length = (type - 12) >> 1;
        Object value;
        if ((type & 1) == 0) {
            byte[] bytes = new byte[length];
            copyBytes(offset, bytes, length);
            value = bytes;
        } else {
            value = text(field, offset, length);
        }
        decoded[field] = value;
        textStamps[field] = recordStamp;
        return value;
    }

    /**
     * The text of field {@code field}, whose bytes differ from the field's last text's (see
     * {@link #textOrBlobField}): a new String. The bytes are copied once, into the buffer that
     * becomes the field's {@link #textBytes}.
     */
    private Object text(int field, int offset, int length) {
        byte[] previous = textBytes[field];
        byte[] buffer = scratch;
        if (length > buffer.length) {
            buffer = new byte[Math.max(length, 2 * buffer.length)];
        }
        copyBytes(offset, buffer, length);
        Object s = InvalidText.decode(buffer, 0, length);
        // The buffer now holds this field's bytes; the field's old buffer is the next scratch.
        textBytes[field] = buffer;
        textLengths[field] = length;
        scratch = previous != null ? previous : new byte[Math.max(64, length)];
        return s;
    }

    /**
     * Whether the {@code length} bytes of the record at {@code offset} are the first
     * {@code length} of {@code bytes}, read where they are: texts that differ mostly differ in
     * their first or last byte, which are compared first, and a text of one or two bytes (a
     * flag, a status) needs nothing more.
     */
    private boolean sameBytes(int offset, byte[] bytes, int length) {
        if (length == 0) {
            return true;
        }
        if (byteAt(offset) != bytes[0] || byteAt(offset + length - 1) != bytes[length - 1]) {
            return false;
        }
        if (length <= 2) {
            return true;
        }
        if (copy != null) {
            return java.util.Arrays.equals(copy, offset + 1, offset + length - 1, bytes, 1, length - 1);
        }
        return PageMemory.equalsArray(address + offset + 1, bytes, 1, length - 1);
    }

    /**
     * substr(field, start, length) of text field {@code field} (serial type {@code type}, odd and
     * 13 or more), for {@code start} at least 1 and {@code length} at least 0, as func.c's
     * substrFunc finds it in the UTF-8 bytes: {@code start - 1} characters skipped, then up to
     * {@code length} characters taken, a character being a byte of 0xC0 or more with the
     * continuation bytes after it, or any other byte alone; the text ends at a NUL byte, as a C
     * string does. Only the characters taken are decoded.
     */
    @TruffleBoundary
    public Object textSubstring(int field, int type, long start, long length) {
        int end = (type - 13) >> 1;
        int offset = offsets[field];
        int position = 0;
        long skip = start - 1;
        while (skip > 0 && position < end && byteAt(offset + position) != 0) {
            position = afterCharacter(offset, position, end);
            skip--;
        }
        int from = position;
        long take = length;
        while (take > 0 && position < end && byteAt(offset + position) != 0) {
            position = afterCharacter(offset, position, end);
            take--;
        }
        int n = position - from;
        byte[] buffer = n <= scratch.length ? scratch : new byte[n];
        copyBytes(offset + from, buffer, n);
        return InvalidText.decode(buffer, 0, n);
    }

    /** The position after the character at {@code position} (SQLITE_SKIP_UTF8), at most {@code end}. */
    private int afterCharacter(int offset, int position, int end) {
        int lead = byteAt(offset + position) & 0xff;
        int next = position + 1;
        if (lead >= 0xc0) {
            while (next < end && (byteAt(offset + next) & 0xc0) == 0x80) {
                next++;
            }
        }
        return next;
    }

    /** Where {@link #fieldBytes} copies text for comparisons: two, as both operands may be fields of this cursor. */
    private byte[] comparedBytes0 = new byte[32];
    private byte[] comparedBytes1 = new byte[32];

    /**
     * The bytes of text or blob field {@code field} (serial type {@code type}, 12 or more) in
     * the first (type - 12) / 2 bytes of a buffer of this cursor, {@code slot} 0 or 1: a
     * comparison reads the field without a String (see ColumnComparisons). Valid until the
     * next call with the same slot.
     */
    public byte[] fieldBytes(int field, int type, int slot) {
        int length = (type - 12) >> 1;
        byte[] buffer = slot == 0 ? comparedBytes0 : comparedBytes1;
        if (buffer.length < length) {
            buffer = new byte[Math.max(length, 2 * buffer.length)];
            if (slot == 0) {
                comparedBytes0 = buffer;
            } else {
                comparedBytes1 = buffer;
            }
        }
        copyBytes(offsets[field], buffer, length);
        return buffer;
    }

    /**
     * Whether text field {@code field} (serial type {@code type}, 13 or more) may be a number
     * by SQLite's syntax ({@link NumberSyntax#mayBeNumber(String)}), read where the record is.
     */
    public boolean fieldMayBeNumber(int field, int type) {
        return NumberSyntax.mayBeNumber(copy, copy != null ? offsets[field] : address + offsets[field], (type - 12) >> 1);
    }

    /**
     * Text or blob field {@code field} (serial type {@code type}, 12 or more) against the first
     * {@code n} bytes of {@code other}, read where the record is: memcmp of the common length,
     * then the shorter first; -1, 0 or 1. A comparison with a constant needs no copy of the
     * field.
     */
    public int compareFieldBytes(int field, int type, byte[] other, int n) {
        int length = (type - 12) >> 1;
        int offset = offsets[field];
        int common = Math.min(length, n);
        byte[] bytes = copy;
        if (bytes != null) {
            for (int i = 0; i < common; i++) {
                if (bytes[offset + i] != other[i]) {
                    return (bytes[offset + i] & 0xff) < (other[i] & 0xff) ? -1 : 1;
                }
            }
        } else {
            long base = address + offset;
            for (int i = 0; i < common; i++) {
                byte b = PageMemory.getByte(base + i);
                if (b != other[i]) {
                    return (b & 0xff) < (other[i] & 0xff) ? -1 : 1;
                }
            }
        }
        return length < n ? -1 : length > n ? 1 : 0;
    }

    /**
     * The native address of field {@code field}'s body, for a native call to read it where it
     * lies (valid until the cursor moves); 0 when the record is a copy in Java (it continued on
     * overflow pages).
     */
    public long fieldAddress(int field) {
        return copy == null ? address + offsets[field] : 0;
    }

    /** Copies the {@code length} bytes of field {@code field}'s body into {@code to} at {@code at}, as stored (MakeRecord in place). */
    public void copyField(int field, byte[] to, int at, int length) {
        copyBytes(offsets[field], to, at, length);
    }

    private void copyBytes(int offset, byte[] to, int length) {
        copyBytes(offset, to, 0, length);
    }

    private void copyBytes(int offset, byte[] to, int at, int length) {
        if (copy != null) {
            System.arraycopy(copy, offset, to, at, length);
        } else {
            PageMemory.copyToArray(address + offset, to, at, length);
        }
    }

    @TruffleBoundary
    private static RuntimeException corrupt() {
        return new org.graalite.runtime.SqliteException(11, "database disk image is malformed");
    }

}
