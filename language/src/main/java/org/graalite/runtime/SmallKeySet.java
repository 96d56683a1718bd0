package org.graalite.runtime;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;

/**
 * The entries of a small ephemeral index, decoded and kept in Java beside SQLite's b-tree, so
 * that Found and NotFound on it compare in Java instead of calling SQLite. SQLite builds such
 * an index for {@code x IN (list)} and {@code x IN (SELECT ...)}: a handful of entries, probed
 * once per row of the outer scan. A native probe (the key marshalled, the shim, the b-tree
 * descent) costs several times a comparison with each of a few entries.
 *
 * <p>The b-tree stays the truth: every entry is inserted there as well, and once the index
 * holds more than {@link #LIMIT} entries this set stops following it and lookups go to SQLite
 * again. NodeFactory keeps this for cursors the program only fills and probes (never reads,
 * steps or deletes from, and never inserts into with the position of the last probe).
 */
public final class SmallKeySet {
    /** The entries kept at most; beyond, the index is SQLite's alone until it is opened again. */
    public static final int LIMIT = 16;

    private final Object[][] entries = new Object[LIMIT][];
    /**
     * The entries as records, while they are in Java only (see {@link #addDeferred}): the
     * b-tree gets them when the set outgrows its limit.
     */
    private final byte[][] records = new byte[LIMIT + 1][];
    private int size;
    private boolean overflowed;
    /**
     * The entries' first fields, when they are all texts or all integers (an IN list of either,
     * as TPC-H's): a probe of one field of the same class is then a hash lookup, where a text
     * under BINARY or an integer equals exactly the values that are equal to it as Java
     * objects. Built at the first such probe after a change; null when the entries are mixed.
     */
    private java.util.HashSet<Object> firstFields;
    /** The class all first fields share (String or Long), when {@link #firstFields} was built; null when not built or mixed. */
    private Class<?> firstFieldClass;
    private boolean firstFieldsBuilt;

    /** The index was opened (or cleared by OpenEphemeral): no entries. */
    public void clear() {
        java.util.Arrays.fill(entries, 0, size, null);
        java.util.Arrays.fill(records, 0, size, null);
        size = 0;
        overflowed = false;
        firstFieldsChanged();
    }

    /** Probes since the entries last changed, while {@link #firstFields} is not built. */
    private int probesSinceChange;

    private void firstFieldsChanged() {
        probesSinceChange = 0;
        firstFields = null;
        firstFieldClass = null;
        firstFieldsBuilt = false;
    }

    /**
     * Whether SQLite's b-tree holds nothing: it was opened (or emptied) since the entries last
     * went to it. For an index kept in Java only, opening it again then needs no call of SQLite.
     */
    private boolean btreeEmpty;

    /** SQLite has just opened or emptied the index's b-tree. */
    public void btreeEmptied() {
        btreeEmpty = true;
    }

    public boolean btreeEmpty() {
        return btreeEmpty;
    }

    /** False once the index outgrew {@link #LIMIT}: then only SQLite's b-tree can answer. */
    public boolean complete() {
        return !overflowed;
    }

    /** An entry (a record as IdxInsert inserts it) was added to the index. */
    @TruffleBoundary
    public void add(byte[] record) {
        if (overflowed) {
            return;
        }
        if (size == LIMIT) {
            clear();
            overflowed = true;
            return;
        }
        entries[size++] = RecordCursor.decodeRecord(record);
        firstFieldsChanged();
    }

    /**
     * An entry for an index whose only reader is this set (SmallKeyIndexes.javaOnly): it is kept
     * here and not written to the b-tree, as long as the set holds at most {@link #LIMIT}
     * entries. Returns null then; when this entry is one too many, the set stops following the
     * index and returns the records the b-tree must get now (all of them, this one last), with
     * their count in {@link #pendingCount()}.
     */
    public byte[][] addDeferred(byte[] record) {
        if (size < LIMIT) {
            keep(record, decode(record));
            return null;
        }
        return overflow(record);
    }

    /**
     * {@link #addDeferred} of a record whose values the program still holds in registers
     * {@code r[first..first+count-1]} (IdxInsert's unpacked key, P3 and P4: what MakeRecord
     * encoded, its affinities applied): they are the entry's fields, without decoding the record.
     */
    public byte[][] addDeferred(byte[] record, Object[] registers, int first, int count) {
        if (size < LIMIT) {
            Object[] fields = new Object[count];
            for (int i = 0; i < count; i++) {
                fields[i] = registers[first + i];
            }
            keep(record, fields);
            return null;
        }
        return overflow(record);
    }

    private void keep(byte[] record, Object[] fields) {
        records[size] = record;
        entries[size++] = fields;
        firstFieldsChanged();
    }

    @TruffleBoundary
    private static Object[] decode(byte[] record) {
        return RecordCursor.decodeRecord(record);
    }

    @TruffleBoundary
    private byte[][] overflow(byte[] record) {
        btreeEmpty = false;
        byte[][] pending = records.clone();
        pending[size] = record;
        pendingCount = size + 1;
        clear();
        overflowed = true;
        return pending;
    }

    private int pendingCount;

    /** How many records the last {@link #addDeferred} that overflowed returned. */
    public int pendingCount() {
        return pendingCount;
    }

    /**
     * Whether an entry starts with the key r[first..first+fields-1], each field equal by its
     * collation as sqlite3VdbeRecordCompare finds it (NULL equals NULL there, an integer the
     * real of the same value, and an entry with fewer fields than the key matches on those);
     * only for a {@link #complete()} set.
     */
    @TruffleBoundary
    public boolean containsPrefix(Object[] registers, int first, int fields, int[] collations) {
        if (fields == 1) {
            Object key = registers[first];
            // The hash pays for itself over the probes between changes: an IN list is probed
            // once per row and never changes, count(DISTINCT)'s index changes after most probes.
            if (!firstFieldsBuilt && ++probesSinceChange > size) {
                buildFirstFields();
            }
            if (firstFields != null && key != null && key.getClass() == firstFieldClass && (firstFieldClass == Long.class || collations[0] == Collations.BINARY)) {
                return firstFields.contains(key);
            }
        }
        for (int e = 0; e < size; e++) {
            Object[] entry = entries[e];
            if (startsWith(entry, registers, first, Math.min(fields, entry.length), collations)) {
                return true;
            }
        }
        return false;
    }

    private void buildFirstFields() {
        firstFieldsBuilt = true;
        Class<?> shared = null;
        for (int e = 0; e < size; e++) {
            Object[] entry = entries[e];
            // An entry without fields starts every key; other classes compare across classes.
            Class<?> c = entry.length == 0 || entry[0] == null ? null : entry[0].getClass();
            if (c != String.class && c != Long.class || (shared != null && c != shared)) {
                return;
            }
            shared = c;
        }
        java.util.HashSet<Object> set = new java.util.HashSet<>();
        for (int e = 0; e < size; e++) {
            set.add(entries[e][0]);
        }
        firstFields = set;
        firstFieldClass = shared;
    }

    private static boolean startsWith(Object[] entry, Object[] registers, int first, int fields, int[] collations) {
        for (int i = 0; i < fields; i++) {
            if (!Collations.equal(entry[i], registers[first + i], collations[i])) {
                return false;
            }
        }
        return true;
    }
}
