package org.graalite.nodes;

import com.oracle.truffle.api.CompilerDirectives.CompilationFinal;
import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.nodes.ExplodeLoop;

import org.graalite.nativeapi.NativeVdbe;
import org.graalite.runtime.Collations;
import org.graalite.runtime.Execution;
import org.graalite.runtime.RecordCursor;
import org.graalite.runtime.RecordEncoder;
import org.graalite.runtime.ResultCodes;
import org.graalite.runtime.SqlValues;
import org.graalite.runtime.SqliteException;

/**
 * Seeks on tables and indexes, index comparisons, and the temporary b-trees of subqueries and
 * IN lists (OpenEphemeral). Keys built from registers go to SQLite as records and are compared
 * there with the index's own collations; the decisions around them (which way to step after a
 * seek, when to jump) are made here, after each opcode's contract in SQLite's vdbe.c.
 */
final class IndexNodes {
    static final int LT = 0;
    static final int LE = 1;
    static final int GE = 2;
    static final int GT = 3;

    private IndexNodes() {
    }

    static int rc(int result) {
        return result >>> 8;
    }

    /** The comparison of a packed result: -1, 0 or 1 for an entry less than, equal to or greater than the key. */
    static int sign(int result) {
        return (result & 3) - 1;
    }

    @TruffleBoundary
    static byte[] key(Object[] registers, int first, int count) {
        Object[] values = new Object[count];
        System.arraycopy(registers, first, values, 0, count);
        byte[] key = RecordEncoder.makeRecord(values, 0, count, null);
        if (key == null) {
            throw new SqliteException(ResultCodes.SQLITE_TOOBIG, "string or blob too big");
        }
        return key;
    }

    /** A branch on cursor P1 with a key in registers P3..P3+P4-1 and a relation (LT, LE, GE, GT). */
    abstract static class KeyedBranch extends InstructionNode {
        protected final int cursor;
        protected final int operation;
        protected final int first;
        protected final int fields;

        KeyedBranch(int pc, int target, int cursor, int operation, int first, int fields) {
            super(pc, BRANCH, target);
            this.cursor = cursor;
            this.operation = operation;
            this.first = first;
            this.fields = fields;
        }
    }

    /**
     * SeekLT, SeekLE, SeekGE, SeekGT P1 P2 P3 P4: position cursor P1 at the last entry below
     * (LT), at or below (LE), the first at or above (GE), above (GT) the key (r[P3] for a
     * table, r[P3..P3+P4-1] for an index); jump to P2 if there is no such entry.
     */
    static final class Seek extends KeyedBranch {
        /**
         * The index's sort flags when a SeekGE or SeekGT may find the cursor already on its
         * entry, checked in Java (LeafStep.seekIndex); null: SQLite seeks.
         */
        @CompilationFinal(dimensions = 1) private final int[] sortFlags;

        Seek(int pc, int target, int cursor, int operation, int first, int fields, org.graalite.program.P4.KeyInfo key) {
            super(pc, target, cursor, operation, first, fields);
            this.sortFlags = key != null && fields > 0 && (operation == GE || operation == GT) ? java.util.Arrays.copyOf(key.sortFlags(), fields) : null;
        }

        @Override
        public boolean executeBranch(Execution execution) {
            if (sortFlags != null && execution.cursors[cursor].seekIndexOnLeaf(execution.registers, first, fields, sortFlags, operation == GT) == 0) {
                return false;
            }
            return seek(execution);
        }

        @TruffleBoundary
        private boolean seek(Execution execution) {
            NativeVdbe vdbe = execution.vdbe;
            RecordCursor c = execution.cursors[cursor];
            int oc = operation;
            int res;
            c.moved(false);
            if (c.isTable) {
                Object v = execution.registers[first];
                Object n = v instanceof String s ? SqlValues.applyNumericAffinity(s) : v;
                long key;
                if (n instanceof Long l) {
                    key = l;
                } else if (n instanceof Double d) {
                    key = SqlValues.doubleToInt(d);
                    // An integer approximation of a real key shifts the bound: x > 4.9 is x >= 5.
                    int cmp = compareLongToDouble(key, d);
                    if (cmp > 0 && (oc == GT || oc == LE)) {
                        oc--;
                    } else if (cmp < 0 && (oc == LT || oc == GE)) {
                        oc++;
                    }
                } else {
                    // NULL, a blob or text that is no number: nothing is >= it; everything is < it.
                    if (n == null || oc >= GE) {
                        return true;
                    }
                    int r = vdbe.last(cursor);
                    check(vdbe, r);
                    boolean empty = (r & 1) != 0;
                    c.moved(empty);
                    return empty;
                }
                int r = vdbe.tableMoveto(cursor, key);
                check(vdbe, r);
                res = sign(r);
            } else {
                int defaultRc = (oc == GT || oc == LE) ? -1 : 1;
                int r = fields > 0 && fields <= NativeVdbe.MAX_KEY_FIELDS ? vdbe.indexMovetoValues(cursor, execution.registers, first, fields, defaultRc)
                                : vdbe.indexMoveto(cursor, key(execution.registers, first, fields), fields, defaultRc);
                check(vdbe, r);
                res = sign(r);
                if (c.seekEq && (r & 4) == 0) {
                    c.moved(true);
                    return true;
                }
            }
            boolean notFound;
            if (oc >= GE) {
                if (res < 0 || (res == 0 && oc == GT)) {
                    int r = vdbe.next(cursor);
                    check(vdbe, r);
                    notFound = (r & 1) != 0;
                } else {
                    notFound = false;
                }
            } else {
                if (res > 0 || (res == 0 && oc == LT)) {
                    int r = vdbe.prev(cursor);
                    check(vdbe, r);
                    notFound = (r & 1) != 0;
                } else {
                    // The b-tree may be empty.
                    notFound = vdbe.eof(cursor);
                }
            }
            c.moved(notFound);
            return notFound;
        }

        private void check(NativeVdbe vdbe, int result) {
            if (rc(result) != 0) {
                throw vdbe.abort(pc, rc(result));
            }
        }
    }

    /** sqlite3IntFloatCompare(i, r). */
    static int compareLongToDouble(long i, double r) {
        if (Double.isNaN(r)) {
            return 1;
        }
        if (r < -9.223372036854775808e18) {
            return 1;
        }
        if (r >= 9.223372036854775808e18) {
            return -1;
        }
        long y = (long) r;
        if (i < y) {
            return -1;
        } else if (i > y) {
            return 1;
        }
        double s = (double) i;
        return s < r ? -1 : s > r ? 1 : 0;
    }

    /**
     * IdxGT, IdxGE, IdxLT, IdxLE P1 P2 P3 P4: compare index cursor P1's entry (ignoring its
     * rowid) with the key r[P3..P3+P4-1]; jump to P2 if the entry is greater (GT), greater or
     * equal (GE), less (LT), less or equal (LE).
     */
    static final class IndexCompare extends KeyedBranch {
        /** The index's collations and sort flags when the comparison runs in Java; null: SQLite compares. */
        @CompilationFinal(dimensions = 1) private final int[] collations;
        @CompilationFinal(dimensions = 1) private final int[] sortFlags;
        /** The key's texts as UTF-8 bytes, per field, for comparisons in place; null where SQLite compares. */
        @CompilationFinal(dimensions = 1) private final RegisterTexts[] keyTexts;

        IndexCompare(int pc, int target, int cursor, int operation, int first, int fields, org.graalite.program.P4.KeyInfo key) {
            super(pc, target, cursor, operation, first, fields);
            this.collations = key == null ? null : NodeFactory.keyCollations(key, fields);
            this.sortFlags = key == null ? null : java.util.Arrays.copyOf(key.sortFlags(), fields);
            this.keyTexts = key == null ? null : new RegisterTexts[fields];
            for (int i = 0; keyTexts != null && i < fields; i++) {
                keyTexts[i] = new RegisterTexts();
            }
        }

        @Override
        public boolean executeBranch(Execution execution) {
            if (collations == null) {
                return compareNatively(execution);
            }
            // sqlite3VdbeIdxKeyCompare: GT and LE count an equal prefix as "entry below the key".
            int res = compareEntry(execution);
            return operation == GT || operation == GE ? res + 1 > 0 : -res > 0;
        }

        /**
         * The index entry against the key, field by field, as sqlite3VdbeRecordCompare does it:
         * the first difference decides (inverted for DESC fields, and for a NULL in a BIGNULL
         * field); an equal prefix gives the instruction's default.
         */
        @ExplodeLoop
        private int compareEntry(Execution execution) {
            org.graalite.runtime.RecordCursor entry = execution.cursors[cursor];
            Object[] registers = execution.registers;
            for (int i = 0; i < fields; i++) {
                Object key = registers[first + i];
                int type = entry.serialTypeAt(execution.vdbe, i);
                int c;
                RegisterTexts.Encoded text;
                if (key instanceof Long k && InPlaceReaders.isInteger(type)) {
                    // Integer against integer, read in place: index range scans on integer keys
                    // (TPC-H's l_orderkey) compare this way on every entry.
                    c = inOrder(i, Long.compare(type >= 8 ? type - 8 : entry.integerField(i, type), k));
                } else if (key instanceof String s && collations[i] == Collations.BINARY && InPlaceReaders.isText(type) && (text = keyTexts[i].of(s)) != null) {
                    // Text against text with BINARY collation: SQLite's memcmp of the UTF-8
                    // bytes, the field's read where it lies (TPC-H's date ranges on l_shipdate
                    // and o_orderdate compare this way on every entry, without a String each).
                    byte[] bytes = text.utf8();
                    c = inOrder(i, entry.compareFieldBytes(i, type, bytes, bytes.length));
                } else {
                    c = compareDecoded(execution, entry, i, key);
                }
                if (c != 0) {
                    return c;
                }
            }
            return operation == GT || operation == LE ? -1 : 0;
        }

        /** A comparison of field {@code i}'s values in the index's order: inverted for a DESC field. */
        private int inOrder(int i, int compared) {
            return (sortFlags[i] & org.graalite.program.P4.KeyInfo.DESC) != 0 ? -compared : compared;
        }

        /**
         * Field {@code i} of the entry decoded, against the key's: out of line (text is decoded
         * by a call anyway; inlined, the general decoding and comparison were the larger part of
         * every IdxGT, IdxLT, IdxGE and IdxLE).
         */
        @TruffleBoundary
        private int compareDecoded(Execution execution, org.graalite.runtime.RecordCursor entry, int i, Object key) {
            return ComparisonNodes.compareKeyField(entry.column(execution.vdbe, i, null), key, collations[i], sortFlags[i]);
        }

        @TruffleBoundary
        private boolean compareNatively(Execution execution) {
            int defaultRc = operation == GT || operation == LE ? -1 : 0;
            int r = execution.vdbe.indexCompare(cursor, key(execution.registers, first, fields), fields, defaultRc);
            if (rc(r) != 0) {
                throw execution.vdbe.abort(pc, rc(r));
            }
            int res = sign(r);
            return operation == GT || operation == GE ? res + 1 > 0 : -res > 0;
        }
    }

    /**
     * Found, NotFound, NoConflict P1 P2 P3 P4: look up the key (r[P3..P3+P4-1], or the record
     * r[P3] when P4 is 0) in index P1. Found jumps to P2 when an entry has the key as prefix;
     * NotFound when none has; NoConflict also when the key has a NULL.
     */
    static final class Lookup extends InstructionNode {
        static final int FOUND = 0;
        static final int NOT_FOUND = 1;
        static final int NO_CONFLICT = 2;
        /** IfNoHope: NotFound, unless the cursor's seekHit already says a match of P4 terms exists (then fall through). */
        static final int IF_NO_HOPE = 3;

        private final int cursor;
        private final int kind;
        private final int first;
        private final int fields;
        /**
         * The key's collations when the cursor is an ephemeral index whose entries a
         * SmallKeySet follows (Found and NotFound of an IN list); null: SQLite looks up.
         */
        @CompilationFinal(dimensions = 1) private final int[] smallKeyCollations;

        Lookup(int pc, int target, int cursor, int kind, int first, int fields, int[] smallKeyCollations) {
            super(pc, BRANCH, target);
            this.cursor = cursor;
            this.kind = kind;
            this.first = first;
            this.fields = fields;
            this.smallKeyCollations = smallKeyCollations;
        }

        @Override
        public boolean executeBranch(Execution execution) {
            if (kind == IF_NO_HOPE && execution.cursors[cursor].seekHit >= fields) {
                return false;
            }
            if (smallKeyCollations != null) {
                org.graalite.runtime.SmallKeySet keys = execution.cursors[cursor].smallKeys;
                if (keys != null && keys.complete()) {
                    boolean exists = keys.containsPrefix(execution.registers, first, fields, smallKeyCollations);
                    // Nothing reads this cursor's position (SmallKeyIndexes): it stays where it was.
                    return kind == FOUND ? exists : !exists;
                }
            }
            return lookup(execution);
        }

        @TruffleBoundary
        private boolean lookup(Execution execution) {
            Object[] r = execution.registers;
            boolean hasNull = false;
            int result;
            if (fields > 0) {
                for (int i = 0; i < fields; i++) {
                    hasNull |= r[first + i] == null;
                }
                // The key's values go to the shim as they are (no record encoded, as vdbe.c does).
                result = fields <= NativeVdbe.MAX_KEY_FIELDS ? execution.vdbe.indexMovetoValues(cursor, r, first, fields, 0)
                                : execution.vdbe.indexMoveto(cursor, key(r, first, fields), fields, 0);
            } else {
                result = execution.vdbe.indexMoveto(cursor, (byte[]) r[first], fields, 0);
            }
            if (rc(result) != 0) {
                throw execution.vdbe.abort(pc, rc(result));
            }
            boolean exists = sign(result) == 0;
            execution.cursors[cursor].moved(!exists);
            if (kind == FOUND) {
                return exists;
            }
            if (kind == IF_NO_HOPE && exists) {
                execution.cursors[cursor].seekHit = fields;
            }
            return (kind == NO_CONFLICT && hasNull) || !exists;
        }
    }

    /** IdxRowid P1 P2: r[P2] = the rowid of index cursor P1's entry (NULL when it has no row). */
    static final class IndexRowid extends InstructionNode {
        private final int cursor;
        private final int register;

        IndexRowid(int pc, int cursor, int register) {
            super(pc, STRAIGHT, -1);
            this.cursor = cursor;
            this.register = register;
        }

        @Override
        public void execute(Execution execution) {
            RecordCursor c = execution.cursors[cursor];
            execution.registers[register] = c.nullRow ? null : (Object) execution.vdbe.indexRowid(pc, cursor);
        }
    }

    /**
     * DeferredSeek P1 P2 P3 P4: table cursor P3 is on the row of index cursor P1's entry; the
     * seek itself waits until a column outside the index (P4's map) is read, as in vdbe.c.
     */
    static final class DeferredSeek extends InstructionNode {
        private final int index;
        private final int table;
        @CompilationFinal(dimensions = 1) private final int[] altMap;

        DeferredSeek(int pc, int index, int table, int[] altMap) {
            super(pc, STRAIGHT, -1);
            this.index = index;
            this.table = table;
            this.altMap = altMap;
        }

        @Override
        public void execute(Execution execution) {
            RecordCursor entry = execution.cursors[index];
            execution.cursors[table].deferSeek(pc, entry.indexEntryRowid(execution.vdbe, pc), entry, altMap);
        }
    }

    /** OpenEphemeral and OpenAutoindex P1 P2 P3 P4: a temporary table (P4 none) or index (P4 its key); r[P3] becomes an empty record if P3 > 0. */
    static final class OpenEphemeral extends InstructionNode {
        private final int cursor;
        private final boolean isTable;
        private final int emptyRegister;
        /** The program only fills and probes this index: a SmallKeySet follows its entries. */
        private final boolean keepsSmallKeys;
        /** The SmallKeySet is the index's only copy while it is small (SmallKeyIndexes.javaOnly). */
        private final boolean keepsOnlySmallKeys;

        OpenEphemeral(int pc, int cursor, boolean isTable, int emptyRegister, boolean keepsSmallKeys, boolean keepsOnlySmallKeys) {
            super(pc, STRAIGHT, -1);
            this.cursor = cursor;
            this.isTable = isTable;
            this.emptyRegister = emptyRegister;
            this.keepsSmallKeys = keepsSmallKeys;
            this.keepsOnlySmallKeys = keepsSmallKeys && keepsOnlySmallKeys;
        }

        @Override
        public void execute(Execution execution) {
            RecordCursor open = execution.cursors[cursor];
            if (keepsOnlySmallKeys && open != null && open.pseudoRegister < 0 && open.smallKeys != null && open.smallKeys.btreeEmpty()) {
                // Opened in this execution, and its b-tree still empty (its entries were in Java
                // only): emptying it again is SQLite's work for nothing (count(DISTINCT) opens
                // its index again for every group).
                if (emptyRegister > 0) {
                    execution.registers[emptyRegister] = new byte[0];
                }
                open.sequence = 0;
                open.moved(true);
                open.smallKeys.clear();
                return;
            }
            int rc = execution.vdbe.openEphemeral(pc);
            if (rc != 0) {
                throw execution.vdbe.abort(pc, rc);
            }
            if (emptyRegister > 0) {
                execution.registers[emptyRegister] = new byte[0];
            }
            RecordCursor c = execution.cursors[cursor];
            if (c == null || c.pseudoRegister >= 0) {
                c = execution.openCursor(cursor);
            }
            c.isTable = isTable;
            c.sequence = 0;
            c.moved(true);
            // SQLite may have freed the cursor's structs and allocated new ones (a table it
            // could not clear in place).
            c.forgetNativeCursors();
            if (keepsSmallKeys) {
                // Opening an open ephemeral cursor again empties it (sqlite3BtreeClearTable).
                if (c.smallKeys == null) {
                    c.smallKeys = new org.graalite.runtime.SmallKeySet();
                }
                c.smallKeys.clear();
                c.smallKeys.btreeEmptied();
            }
        }
    }

    /** RowData P1 P2: r[P2] = the record of cursor P1's row. */
    static final class RowData extends InstructionNode {
        private final int cursor;
        private final int register;

        RowData(int pc, int cursor, int register) {
            super(pc, STRAIGHT, -1);
            this.cursor = cursor;
            this.register = register;
        }

        @Override
        public void execute(Execution execution) {
            execution.registers[register] = execution.cursors[cursor].record(execution.vdbe);
        }
    }

    /** Sequence P1 P2: r[P2] = cursor P1's next sequence number (0, 1, 2, ...). */
    static final class Sequence extends InstructionNode {
        private final int cursor;
        private final int register;

        Sequence(int pc, int cursor, int register) {
            super(pc, STRAIGHT, -1);
            this.cursor = cursor;
            this.register = register;
        }

        @Override
        public void execute(Execution execution) {
            RecordCursor c = execution.cursors[cursor];
            execution.registers[register] = c.sequence++;
        }
    }

    /** SeekHit P1 P2 P3: cursor P1's seekHit is raised to at least P2 and lowered to at most P3. */
    static final class SeekHit extends InstructionNode {
        private final int cursor;
        private final int low;
        private final int high;

        SeekHit(int pc, int cursor, int low, int high) {
            super(pc, STRAIGHT, -1);
            this.cursor = cursor;
            this.low = low;
            this.high = high;
        }

        @Override
        public void execute(Execution execution) {
            org.graalite.runtime.RecordCursor c = execution.cursors[cursor];
            if (c.seekHit < low) {
                c.seekHit = low;
            } else if (c.seekHit > high) {
                c.seekHit = high;
            }
        }
    }
}
