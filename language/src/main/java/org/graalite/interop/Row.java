package org.graalite.interop;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.interop.InteropLibrary;
import com.oracle.truffle.api.interop.InvalidArrayIndexException;
import com.oracle.truffle.api.interop.TruffleObject;
import com.oracle.truffle.api.interop.UnknownIdentifierException;
import com.oracle.truffle.api.library.ExportLibrary;
import com.oracle.truffle.api.library.ExportMessage;

/**
 * One result row. Array-like (Python's {@code for a, b in rows}, JavaScript's
 * destructuring, {@code row[0]}) and readable by column name as a member ({@code row.name},
 * {@code row["name"]} in JavaScript). Values are Long, Double, String, {@link SqlBlob} or
 * {@link SqlNull}.
 *
 * <p>Rows have no hash entries: GraalPy treats an object with hash entries as a dict, and
 * then iterating a row would give its column names instead of its values.
 */
@ExportLibrary(InteropLibrary.class)
public final class Row implements TruffleObject {
    private final ColumnNames columns;
    private final Object[] values;

    public Row(ColumnNames columns, Object[] values) {
        this.columns = columns;
        this.values = values;
    }

    public Object get(int i) {
        return values[i];
    }

    public int size() {
        return values.length;
    }

    @ExportMessage
    boolean hasArrayElements() {
        return true;
    }

    @ExportMessage
    long getArraySize() {
        return values.length;
    }

    @ExportMessage
    boolean isArrayElementReadable(long index) {
        return index >= 0 && index < values.length;
    }

    @ExportMessage
    Object readArrayElement(long index) throws InvalidArrayIndexException {
        if (index < 0 || index >= values.length) {
            throw InvalidArrayIndexException.create(index);
        }
        return values[(int) index];
    }

    @ExportMessage
    boolean hasMembers() {
        return true;
    }

    @ExportMessage
    Object getMembers(@SuppressWarnings("unused") boolean includeInternal) {
        return columns.list();
    }

    @ExportMessage
    boolean isMemberReadable(String member) {
        return columns.indexOf(member) >= 0;
    }

    @ExportMessage
    Object readMember(String member) throws UnknownIdentifierException {
        int i = columns.indexOf(member);
        if (i < 0) {
            throw UnknownIdentifierException.create(member);
        }
        return values[i];
    }

    @ExportMessage
    @TruffleBoundary
    Object toDisplayString(@SuppressWarnings("unused") boolean allowSideEffects) {
        StringBuilder sb = new StringBuilder("(");
        for (int i = 0; i < values.length; i++) {
            if (i > 0) {
                sb.append(", ");
            }
            Object v = values[i];
            sb.append(v instanceof String s ? "'" + s + "'" : InteropLibrary.getUncached().toDisplayString(v));
        }
        return sb.append(')').toString();
    }
}
