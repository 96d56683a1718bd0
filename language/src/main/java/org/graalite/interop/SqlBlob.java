package org.graalite.interop;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.interop.InteropLibrary;
import com.oracle.truffle.api.interop.InvalidBufferOffsetException;
import com.oracle.truffle.api.interop.TruffleObject;
import com.oracle.truffle.api.interop.UnsupportedMessageException;
import com.oracle.truffle.api.library.ExportLibrary;
import com.oracle.truffle.api.library.ExportMessage;

import java.nio.ByteOrder;

/**
 * A BLOB value: a read-only byte buffer for guest languages (Java's {@code Value.readBuffer},
 * JavaScript's {@code new Uint8Array(b)}) that is also a read-only array of its bytes as
 * unsigned numbers, because GraalPy builds {@code bytes(b)} from an array, not from a buffer.
 */
@ExportLibrary(InteropLibrary.class)
public final class SqlBlob implements TruffleObject {
    private final byte[] bytes;
    /**
     * Whether these are the bytes of a TEXT value that is not valid UTF-8, handed out as bytes
     * to a guest that asked for them (Database#invalidTextAsBytes): Python's sqlite3 raises or
     * gives them to its text_factory, where a String would have U+FFFD in their place.
     */
    private final boolean invalidText;

    public SqlBlob(byte[] bytes) {
        this(bytes, false);
    }

    public SqlBlob(byte[] bytes, boolean invalidText) {
        this.bytes = bytes;
        this.invalidText = invalidText;
    }

    /** See {@link #SqlBlob(byte[], boolean)}. */
    public boolean isInvalidText() {
        return invalidText;
    }

    public byte[] bytes() {
        return bytes;
    }

    @ExportMessage
    boolean hasArrayElements() {
        return true;
    }

    @ExportMessage
    long getArraySize() {
        return bytes.length;
    }

    @ExportMessage
    boolean isArrayElementReadable(long index) {
        return index >= 0 && index < bytes.length;
    }

    @ExportMessage
    Object readArrayElement(long index) throws com.oracle.truffle.api.interop.InvalidArrayIndexException {
        if (index < 0 || index >= bytes.length) {
            throw com.oracle.truffle.api.interop.InvalidArrayIndexException.create(index);
        }
        return bytes[(int) index] & 0xff;
    }

    @ExportMessage
    boolean hasBufferElements() {
        return true;
    }

    @ExportMessage
    long getBufferSize() {
        return bytes.length;
    }

    @ExportMessage
    boolean isBufferWritable() {
        return false;
    }

    private void check(long offset, int length) throws InvalidBufferOffsetException {
        if (offset < 0 || offset + length > bytes.length) {
            throw InvalidBufferOffsetException.create(offset, length);
        }
    }

    @ExportMessage
    byte readBufferByte(long offset) throws InvalidBufferOffsetException {
        check(offset, 1);
        return bytes[(int) offset];
    }

    @ExportMessage
    void readBuffer(long offset, byte[] destination, int destinationOffset, int length) throws InvalidBufferOffsetException {
        check(offset, length);
        System.arraycopy(bytes, (int) offset, destination, destinationOffset, length);
    }

    @ExportMessage
    short readBufferShort(ByteOrder order, long offset) throws InvalidBufferOffsetException {
        check(offset, 2);
        return java.nio.ByteBuffer.wrap(bytes).order(order).getShort((int) offset);
    }

    @ExportMessage
    int readBufferInt(ByteOrder order, long offset) throws InvalidBufferOffsetException {
        check(offset, 4);
        return java.nio.ByteBuffer.wrap(bytes).order(order).getInt((int) offset);
    }

    @ExportMessage
    long readBufferLong(ByteOrder order, long offset) throws InvalidBufferOffsetException {
        check(offset, 8);
        return java.nio.ByteBuffer.wrap(bytes).order(order).getLong((int) offset);
    }

    @ExportMessage
    float readBufferFloat(ByteOrder order, long offset) throws InvalidBufferOffsetException {
        check(offset, 4);
        return java.nio.ByteBuffer.wrap(bytes).order(order).getFloat((int) offset);
    }

    @ExportMessage
    double readBufferDouble(ByteOrder order, long offset) throws InvalidBufferOffsetException {
        check(offset, 8);
        return java.nio.ByteBuffer.wrap(bytes).order(order).getDouble((int) offset);
    }

    // A BLOB value is immutable: every write is unsupported.

    @ExportMessage
    @SuppressWarnings("unused")
    void writeBufferByte(long offset, byte value) throws UnsupportedMessageException {
        throw UnsupportedMessageException.create();
    }

    @ExportMessage
    @SuppressWarnings("unused")
    void writeBufferShort(ByteOrder order, long offset, short value) throws UnsupportedMessageException {
        throw UnsupportedMessageException.create();
    }

    @ExportMessage
    @SuppressWarnings("unused")
    void writeBufferInt(ByteOrder order, long offset, int value) throws UnsupportedMessageException {
        throw UnsupportedMessageException.create();
    }

    @ExportMessage
    @SuppressWarnings("unused")
    void writeBufferLong(ByteOrder order, long offset, long value) throws UnsupportedMessageException {
        throw UnsupportedMessageException.create();
    }

    @ExportMessage
    @SuppressWarnings("unused")
    void writeBufferFloat(ByteOrder order, long offset, float value) throws UnsupportedMessageException {
        throw UnsupportedMessageException.create();
    }

    @ExportMessage
    @SuppressWarnings("unused")
    void writeBufferDouble(ByteOrder order, long offset, double value) throws UnsupportedMessageException {
        throw UnsupportedMessageException.create();
    }

    @ExportMessage
    @TruffleBoundary
    @SuppressWarnings("unused")
    Object toDisplayString(boolean allowSideEffects) {
        StringBuilder sb = new StringBuilder("X'");
        for (byte b : bytes) {
            sb.append(String.format("%02X", b));
        }
        return sb.append('\'').toString();
    }
}
