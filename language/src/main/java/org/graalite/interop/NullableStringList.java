package org.graalite.interop;

import com.oracle.truffle.api.interop.InteropLibrary;
import com.oracle.truffle.api.interop.InvalidArrayIndexException;
import com.oracle.truffle.api.interop.TruffleObject;
import com.oracle.truffle.api.library.ExportLibrary;
import com.oracle.truffle.api.library.ExportMessage;

/** A list of strings some of which are missing (SQL NULL), as an interop array. */
@ExportLibrary(InteropLibrary.class)
final class NullableStringList implements TruffleObject {
    private final String[] items;

    NullableStringList(String[] items) {
        this.items = items;
    }

    @ExportMessage
    boolean hasArrayElements() {
        return true;
    }

    @ExportMessage
    long getArraySize() {
        return items.length;
    }

    @ExportMessage
    boolean isArrayElementReadable(long index) {
        return index >= 0 && index < items.length;
    }

    @ExportMessage
    Object readArrayElement(long index) throws InvalidArrayIndexException {
        if (!isArrayElementReadable(index)) {
            throw InvalidArrayIndexException.create(index);
        }
        String s = items[(int) index];
        return s == null ? SqlNull.INSTANCE : s;
    }
}
