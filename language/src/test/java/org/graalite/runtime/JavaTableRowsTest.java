package org.graalite.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * The rows and cursor positions of a JavaTable where SQLite's window code does not take them
 * (JavaTableTest compares whole queries with SQLite): inserts below the largest rowid and
 * replacements, deletes inside the table, cursors on the rows moved and in the gaps those
 * leave, and slots reused after many deletes at the front. The expected positions are
 * SQLite's b-tree's: a cursor stays on its row when rows come or go beside it; a cursor whose
 * row was deleted reads no row, and its Next finds the first row above the deleted rowid.
 */
class JavaTableRowsTest {
    private static byte[] record(long value) {
        // A record of one integer field: header size 2, serial type 6 (8 bytes), the value.
        byte[] r = new byte[10];
        r[0] = 2;
        r[1] = 6;
        for (int i = 0; i < 8; i++) {
            r[2 + i] = (byte) (value >>> (56 - 8 * i));
        }
        return r;
    }

    /** A table that the first cursor opened and the others joined. */
    private static JavaTable tableOf(RecordCursor... cursors) {
        JavaTable t = new JavaTable(cursors[0]);
        for (int k = 1; k < cursors.length; k++) {
            t.join(cursors[k]);
        }
        return t;
    }

    private static long value(RecordCursor c) {
        return (Long) c.column(null, 0, null);
    }

    private static List<Long> rowids(JavaTable t, RecordCursor c) {
        List<Long> seen = new ArrayList<>();
        for (boolean on = t.first(c); on; on = t.next(c)) {
            seen.add(t.rowid(c));
            assertEquals(t.rowid(c) * 10, value(c));
        }
        return seen;
    }

    @Test
    void insertsKeepRowidOrderAndCursorsStayOnTheirRows() {
        RecordCursor writer = new RecordCursor(0);
        RecordCursor reader = new RecordCursor(1);
        JavaTable t = tableOf(writer, reader);
        for (long rowid : new long[]{5, 10, 20}) {
            t.insert(writer, rowid, record(rowid * 10));
        }
        assertTrue(t.seekRowid(reader, 10));
        t.insert(writer, 7, record(70));
        t.insert(writer, 1, record(10));
        // The reader is still on row 10, and its Next finds 20.
        assertEquals(10, t.rowid(reader));
        assertEquals(100, value(reader));
        assertTrue(t.next(reader));
        assertEquals(20, t.rowid(reader));
        assertEquals(List.of(1L, 5L, 7L, 10L, 20L), rowids(t, writer));
        // A replacement: the cursor on the row reads the new record.
        assertTrue(t.seekRowid(reader, 7));
        t.insert(writer, 7, record(71));
        assertEquals(71, value(reader));
        assertEquals(7, t.rowid(writer));
    }

    @Test
    void aDeletedRowReadsNoRowAndNextFindsTheRowAfterIt() {
        RecordCursor deleter = new RecordCursor(0);
        RecordCursor other = new RecordCursor(1);
        RecordCursor later = new RecordCursor(2);
        JavaTable t = tableOf(deleter, other, later);
        for (long rowid = 1; rowid <= 6; rowid++) {
            t.insert(deleter, rowid, record(rowid * 10));
        }
        assertTrue(t.seekRowid(deleter, 3));
        assertTrue(t.seekRowid(other, 3));
        assertTrue(t.seekRowid(later, 5));
        t.delete(deleter);
        // Both cursors that were on row 3 read no row; the one on row 5 stays there.
        assertFalse(deleter.onJavaRow());
        assertTrue(deleter.nullRow);
        assertFalse(other.onJavaRow());
        assertEquals(5, t.rowid(later));
        assertEquals(50, value(later));
        // A row inserted into the gap above the deleted rowid is the next row; below it, not.
        t.insert(later, 2, record(20));
        assertEquals(2, t.rowid(later));
        assertTrue(t.seekRowid(later, 5));
        assertTrue(t.next(other));
        assertEquals(4, t.rowid(other));
        assertTrue(t.next(deleter));
        assertEquals(4, t.rowid(deleter));
        assertEquals(List.of(1L, 2L, 4L, 5L, 6L), rowids(t, later));
    }

    @Test
    void aCursorInAGapFindsTheFirstRowLeftWhenTheRowAfterItIsDeletedToo() {
        RecordCursor deleter = new RecordCursor(0);
        RecordCursor behind = new RecordCursor(1);
        JavaTable t = tableOf(deleter, behind);
        for (long rowid = 1; rowid <= 4; rowid++) {
            t.insert(deleter, rowid, record(rowid * 10));
        }
        assertTrue(t.first(deleter));
        assertTrue(t.first(behind));
        // Rows 1 and 2 deleted from the front while the other cursor stays in the gap of row 1.
        t.delete(deleter);
        assertTrue(t.next(deleter));
        assertEquals(2, t.rowid(deleter));
        t.delete(deleter);
        assertTrue(t.next(behind));
        assertEquals(3, t.rowid(behind));
        assertTrue(t.next(deleter));
        assertEquals(3, t.rowid(deleter));
    }

    @Test
    void deletingTheLastRowLeavesNothingNext() {
        RecordCursor c = new RecordCursor(0);
        JavaTable t = new JavaTable(c);
        t.insert(c, 1, record(10));
        t.insert(c, 2, record(20));
        assertTrue(t.last(c));
        t.delete(c);
        assertFalse(t.next(c));
        assertTrue(c.nullRow);
        assertEquals(2, t.newRowid(c));
    }

    @Test
    void aWindowOfRowsMovesThroughTheArraysWithoutLosingCursors() {
        RecordCursor writer = new RecordCursor(0);
        RecordCursor start = new RecordCursor(1);
        RecordCursor current = new RecordCursor(2);
        JavaTable t = tableOf(writer, start, current);
        // Frames of ten rows over 10,000: appends at the end, deletes at the front (slots reused).
        long expectedStart = 1;
        for (int i = 0; i < 10_000; i++) {
            long rowid = t.newRowid(writer);
            assertEquals(i + 1, rowid);
            t.insert(writer, rowid, record(rowid * 10));
            if (i == 0) {
                assertTrue(t.first(start));
                assertTrue(t.first(current));
            } else {
                assertTrue(t.next(current));
            }
            assertEquals(rowid, t.rowid(current));
            if (i >= 9) {
                assertEquals(expectedStart, t.rowid(start));
                t.delete(start);
                assertTrue(t.next(start));
                expectedStart++;
                assertEquals(expectedStart, t.rowid(start));
                assertEquals(expectedStart * 10, value(start));
            }
        }
        // Seeks in each direction over what is left (rows 9992 to 10000).
        assertTrue(t.seek(current, 9995, false, false));
        assertEquals(9996, t.rowid(current));
        assertTrue(t.seek(current, 9995, true, false));
        assertEquals(9994, t.rowid(current));
        assertTrue(t.seek(current, 1, false, true));
        assertEquals(9992, t.rowid(current));
        assertFalse(t.seek(current, 1, true, true));
        assertFalse(t.seek(current, Long.MAX_VALUE, false, false));
        assertTrue(t.seek(current, Long.MAX_VALUE, true, true));
        assertEquals(10_000, t.rowid(current));
        t.clear();
        assertTrue(t.isEmpty());
        assertFalse(t.next(current));
        assertEquals(1, t.newRowid(writer));
    }
}
