package org.graalite.runtime;

import java.lang.reflect.Field;

import sun.misc.Unsafe;

/**
 * Reads of SQLite's page memory (records in b-tree pages) in compiled code. Each read is one
 * machine load: a read through a MemorySegment carries the segment's bounds and liveness
 * checks into every Column of every compiled statement (about 10 KB of machine code per
 * Column), which made large programs exceed the code size HotSpot installs. The addresses
 * come from SQLite (sqlite3BtreePayloadFetch) and stay valid while the cursor stays on its
 * row, which the interpreter ensures (see RecordCursor). Graalite already runs with
 * {@code --sun-misc-unsafe-memory-access=allow}, which Truffle needs too.
 */
public final class PageMemory {
    private static final Unsafe UNSAFE = unsafe();

    private PageMemory() {
    }

    private static Unsafe unsafe() {
        try {
            Field f = Unsafe.class.getDeclaredField("theUnsafe");
            f.setAccessible(true);
            return (Unsafe) f.get(null);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    static byte getByte(long address) {
        return UNSAFE.getByte(address);
    }

    /** A u16 in native byte order (a field of SQLite's structs), as an int. */
    static int getUnsignedShort(long address) {
        return UNSAFE.getShort(address) & 0xffff;
    }

    /**
     * Writes to fields of SQLite's structs, for the steps and seeks the Truffle tier takes
     * itself (LeafStep): the same stores sqlite3BtreeNext and OP_Next, or OP_SeekRowid and
     * OP_SeekGE, make.
     */
    static void putByte(long address, byte value) {
        UNSAFE.putByte(address, value);
    }

    static void putShort(long address, short value) {
        UNSAFE.putShort(address, value);
    }

    static void putInt(long address, int value) {
        UNSAFE.putInt(address, value);
    }

    static void putLong(long address, long value) {
        UNSAFE.putLong(address, value);
    }

    /** Copies {@code length} bytes at native address {@code from} to native address {@code to}. */
    public static void copy(long from, long to, long length) {
        if (length <= SMALL_COPY) {
            for (int i = 0; i < (int) length; i++) {
                UNSAFE.putByte(to + i, UNSAFE.getByte(from + i));
            }
            return;
        }
        UNSAFE.copyMemory(from, to, length);
    }

    /**
     * Copies of at most this many bytes (a function's text argument, a short result) are made
     * byte by byte: Unsafe.copyMemory passes through two or three of the JVM's copy stubs, which
     * cost more than the copy at these sizes (a tenth of a native function call's time).
     */
    private static final int SMALL_COPY = 32;

    /** Copies the bytes of {@code from} to native address {@code to}. */
    public static void copyFromArray(byte[] from, long to) {
        int n = from.length;
        if (n <= SMALL_COPY) {
            for (int i = 0; i < n; i++) {
                UNSAFE.putByte(to + i, from[i]);
            }
            return;
        }
        UNSAFE.copyMemory(from, Unsafe.ARRAY_BYTE_BASE_OFFSET, null, to, n);
    }

    /** Stores at native address {@code address}: marshalled call arguments (NativeVdbe). */
    public static void storeByte(long address, byte value) {
        UNSAFE.putByte(address, value);
    }

    public static void storeInt(long address, int value) {
        UNSAFE.putInt(address, value);
    }

    public static void storeLong(long address, long value) {
        UNSAFE.putLong(address, value);
    }

    /** Copies {@code length} bytes at {@code address} into {@code to} from index {@code at}. */
    public static void copyToArray(long address, byte[] to, int at, int length) {
        java.util.Objects.checkFromIndexSize(at, length, to.length);
        if (length <= SMALL_COPY) {
            for (int i = 0; i < length; i++) {
                to[at + i] = UNSAFE.getByte(address + i);
            }
            return;
        }
        if (length <= WORD_COPY) {
            // Eight bytes a step: a sorter's record (most are 30 to 100 bytes) copied by
            // Unsafe.copyMemory from code HotSpot compiled went through the VM's copy function
            // with a thread-state change each time.
            int i = 0;
            for (; i + 8 <= length; i += 8) {
                NATIVE_ORDER.putLong(to, at + i, UNSAFE.getLong(address + i));
            }
            for (; i < length; i++) {
                to[at + i] = UNSAFE.getByte(address + i);
            }
            return;
        }
        UNSAFE.copyMemory(null, address, to, Unsafe.ARRAY_BYTE_BASE_OFFSET + at, length);
    }

    /**
     * Whether the bytes at native address {@code address} are {@code bytes[from..to)}, compared a
     * long at a time and then byte by byte (no copy: a record's text is compared with the one the
     * previous row held).
     */
    static boolean equalsArray(long address, byte[] bytes, int from, int to) {
        java.util.Objects.checkFromToIndex(from, to, bytes.length);
        int i = from;
        long a = address - from;
        for (; i + 8 <= to; i += 8) {
            if (UNSAFE.getLong(a + i) != NATIVE_ORDER.getLong(bytes, i)) {
                return false;
            }
        }
        for (; i < to; i++) {
            if (UNSAFE.getByte(a + i) != bytes[i]) {
                return false;
            }
        }
        return true;
    }

    /** Copies {@code length} bytes of {@code from}, from index {@code at}, to native address {@code address}, as {@link #copyToArray} copies the other way. */
    public static void copyFromArray(byte[] from, int at, long address, int length) {
        java.util.Objects.checkFromIndexSize(at, length, from.length);
        if (length <= WORD_COPY) {
            int i = 0;
            for (; i + 8 <= length; i += 8) {
                UNSAFE.putLong(address + i, NATIVE_ORDER.getLong(from, at + i));
            }
            for (; i < length; i++) {
                UNSAFE.putByte(address + i, from[at + i]);
            }
            return;
        }
        UNSAFE.copyMemory(from, Unsafe.ARRAY_BYTE_BASE_OFFSET + at, null, address, length);
    }

    /** Copies of at most this many bytes go a long at a time (see {@link #copyToArray}). */
    private static final int WORD_COPY = 512;

    private static final com.oracle.truffle.api.memory.ByteArraySupport NATIVE_ORDER = java.nio.ByteOrder.nativeOrder() == java.nio.ByteOrder.LITTLE_ENDIAN
                    ? com.oracle.truffle.api.memory.ByteArraySupport.littleEndian()
                    : com.oracle.truffle.api.memory.ByteArraySupport.bigEndian();

    /**
     * An int or long in native byte order at {@code address}: the out-parameters of the
     * shim's calls, read in compiled code (a MemorySegment read there makes partial
     * evaluation recurse through the layout classes).
     */
    public static int getInt(long address) {
        return UNSAFE.getInt(address);
    }

    /** An int that another thread may write (sqlite3_interrupt's flag), read as SQLite's AtomicLoad does. */
    public static int getIntVolatile(long address) {
        return UNSAFE.getIntVolatile(null, address);
    }

    public static long getLong(long address) {
        return UNSAFE.getLong(address);
    }

    /** The big-endian two's-complement integer of {@code length} bytes (1, 2, 3, 4, 6 or 8) at {@code address}. */
    static long readBigEndian(long address, int length) {
        switch (length) {
            case 1:
                return UNSAFE.getByte(address);
            case 2:
                return Short.reverseBytes(UNSAFE.getShort(address));
            case 3:
                return ((long) Short.reverseBytes(UNSAFE.getShort(address)) << 8) | (UNSAFE.getByte(address + 2) & 0xffL);
            case 4:
                return Integer.reverseBytes(UNSAFE.getInt(address));
            case 6:
                return ((long) Short.reverseBytes(UNSAFE.getShort(address)) << 32) | (Integer.reverseBytes(UNSAFE.getInt(address + 2)) & 0xffffffffL);
            default:
                return Long.reverseBytes(UNSAFE.getLong(address));
        }
    }
}
