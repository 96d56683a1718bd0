package org.graalite.interop;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.interop.ArityException;
import com.oracle.truffle.api.interop.InteropLibrary;
import com.oracle.truffle.api.interop.TruffleObject;
import com.oracle.truffle.api.interop.UnknownIdentifierException;
import com.oracle.truffle.api.interop.UnsupportedMessageException;
import com.oracle.truffle.api.interop.UnsupportedTypeException;
import com.oracle.truffle.api.library.ExportLibrary;
import com.oracle.truffle.api.library.ExportMessage;

import org.graalite.nativeapi.NativeBlob;

/**
 * An open BLOB of a row, as guests see it (the connection object's {@code blobOpen}): the
 * readable member {@code size}, and {@code read(offset, length)} (a BLOB), {@code
 * write(offset, bytes)}, {@code close()}. Positions and bounds are the guest module's to keep
 * (Python's sqlite3.Blob); SQLite refuses reads and writes past the end.
 */
@ExportLibrary(InteropLibrary.class)
public final class BlobObject implements TruffleObject {
    private static final StringList MEMBERS = new StringList("size", "read", "write", "close");

    private final NativeBlob blob;
    /** The lock of the blob's connection (see ConnectionLock). */
    private final org.graalite.runtime.ConnectionLock lock;

    BlobObject(NativeBlob blob, org.graalite.runtime.ConnectionLock lock) {
        this.blob = blob;
        this.lock = lock;
    }

    @ExportMessage
    boolean hasMembers() {
        return true;
    }

    @ExportMessage
    Object getMembers(@SuppressWarnings("unused") boolean includeInternal) {
        return MEMBERS;
    }

    @ExportMessage
    boolean isMemberReadable(String member) {
        return member.equals("size");
    }

    @ExportMessage
    boolean isMemberInvocable(String member) {
        return member.equals("read") || member.equals("write") || member.equals("close");
    }

    @ExportMessage
    @TruffleBoundary
    Object readMember(String member) throws UnknownIdentifierException {
        if (member.equals("size")) {
            boolean locked = lock.enter();
            try {
                return blob.size();
            } finally {
                lock.leave(locked);
            }
        }
        throw UnknownIdentifierException.create(member);
    }

    @ExportMessage
    @TruffleBoundary
    Object invokeMember(String member, Object[] arguments) throws UnknownIdentifierException, ArityException, UnsupportedTypeException, UnsupportedMessageException {
        boolean locked = lock.enter();
        try {
            return invokeLocked(member, arguments);
        } finally {
            lock.leave(locked);
        }
    }

    private Object invokeLocked(String member, Object[] arguments) throws UnknownIdentifierException, ArityException, UnsupportedTypeException, UnsupportedMessageException {
        InteropLibrary interop = InteropLibrary.getUncached();
        switch (member) {
            case "read":
                if (arguments.length != 2) {
                    throw ArityException.create(2, 2, arguments.length);
                }
                return new SqlBlob(blob.read(interop.asInt(arguments[0]), interop.asInt(arguments[1])));
            case "write": {
                if (arguments.length != 2) {
                    throw ArityException.create(2, 2, arguments.length);
                }
                if (!(org.graalite.runtime.Binder.toSqlValue(0, arguments[1]) instanceof byte[] bytes)) {
                    throw UnsupportedTypeException.create(arguments, "write(offset, bytes): bytes must be a byte buffer or array");
                }
                blob.write(interop.asInt(arguments[0]), bytes);
                return SqlNull.INSTANCE;
            }
            case "close":
                blob.close();
                return SqlNull.INSTANCE;
            default:
                throw UnknownIdentifierException.create(member);
        }
    }

    @ExportMessage
    @SuppressWarnings("unused")
    Object toDisplayString(boolean allowSideEffects) {
        return "sql blob";
    }
}
