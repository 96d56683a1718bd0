package org.graalite.interop;

import com.oracle.truffle.api.interop.InteropLibrary;
import com.oracle.truffle.api.interop.StopIterationException;
import com.oracle.truffle.api.interop.TruffleObject;
import com.oracle.truffle.api.library.ExportLibrary;
import com.oracle.truffle.api.library.ExportMessage;

/** Iterates a row's (column name, value) pairs for guests that view a row as a map. */
@ExportLibrary(InteropLibrary.class)
final class HashEntries implements TruffleObject {
    private final ColumnNames columns;
    private final Object[] values;
    private int next;

    HashEntries(ColumnNames columns, Object[] values) {
        this.columns = columns;
        this.values = values;
    }

    @ExportMessage
    boolean isIterator() {
        return true;
    }

    @ExportMessage
    boolean hasIteratorNextElement() {
        return next < values.length;
    }

    @ExportMessage
    Object getIteratorNextElement() throws StopIterationException {
        if (next >= values.length) {
            throw StopIterationException.create();
        }
        int i = next++;
        return new Entry(columns.name(i), values[i]);
    }

    /** A (key, value) pair: an interop array of two elements, as hash iterators return. */
    @ExportLibrary(InteropLibrary.class)
    static final class Entry implements TruffleObject {
        private final String key;
        private final Object value;

        Entry(String key, Object value) {
            this.key = key;
            this.value = value;
        }

        @ExportMessage
        boolean hasArrayElements() {
            return true;
        }

        @ExportMessage
        long getArraySize() {
            return 2;
        }

        @ExportMessage
        boolean isArrayElementReadable(long index) {
            return index == 0 || index == 1;
        }

        @ExportMessage
        Object readArrayElement(long index) throws com.oracle.truffle.api.interop.InvalidArrayIndexException {
            if (index == 0) {
                return key;
            } else if (index == 1) {
                return value;
            }
            throw com.oracle.truffle.api.interop.InvalidArrayIndexException.create(index);
        }
    }
}
