package org.graalite.interop;

import java.util.Arrays;
import java.util.List;

import com.oracle.truffle.api.CompilerDirectives.CompilationFinal;
import com.oracle.truffle.api.interop.InteropLibrary;
import com.oracle.truffle.api.interop.InvalidArrayIndexException;
import com.oracle.truffle.api.interop.TruffleObject;
import com.oracle.truffle.api.library.ExportLibrary;
import com.oracle.truffle.api.library.ExportMessage;

/** An immutable list of strings as an interop array: member names, column names. */
@ExportLibrary(InteropLibrary.class)
public final class StringList implements TruffleObject {
    @CompilationFinal(dimensions = 1) private final String[] items;

    public StringList(String... items) {
        this.items = items;
    }

    public boolean contains(String s) {
        for (String item : items) {
            if (item.equals(s)) {
                return true;
            }
        }
        return false;
    }

    public List<String> asList() {
        return Arrays.asList(items);
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
        return items[(int) index];
    }

    @ExportMessage
    @SuppressWarnings("unused")
    Object toDisplayString(boolean allowSideEffects) {
        return Arrays.toString(items);
    }
}
