package org.graalite.nativeapi;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import org.graalite.runtime.SqliteException;

/**
 * Incremental I/O on one BLOB of a row (sqlite3_blob_open, _read, _write, _close): reads and
 * writes bytes of the value in place, without reading or writing the whole row. Its size is
 * fixed. Closing the connection closes it too (else sqlite3_close_v2 would keep the
 * connection open as a zombie until the handle is closed, which an unreachable one never is).
 */
public final class NativeBlob {
    private static final java.lang.invoke.MethodHandle BLOB_OPEN = NativeFunction.BLOB_OPEN.ffm();
    private static final java.lang.invoke.MethodHandle BLOB_BYTES = NativeFunction.BLOB_BYTES.ffm();
    private static final java.lang.invoke.MethodHandle BLOB_READ = NativeFunction.BLOB_READ.ffm();
    private static final java.lang.invoke.MethodHandle BLOB_WRITE = NativeFunction.BLOB_WRITE.ffm();
    private static final java.lang.invoke.MethodHandle BLOB_CLOSE = NativeFunction.BLOB_CLOSE.ffm();

    private final NativeConnection connection;
    private MemorySegment blob;
    private final int size;

    private NativeBlob(NativeConnection connection, MemorySegment blob, int size) {
        this.connection = connection;
        this.blob = blob;
        this.size = size;
    }

    /** Opens the value of {@code column} in row {@code row} of {@code database}.{@code table}; SQLite's error if it cannot. */
    public static NativeBlob open(NativeConnection connection, String database, String table, String column, long row, boolean readOnly) {
        int rc;
        MemorySegment blob;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(ValueLayout.ADDRESS);
            rc = (int) BLOB_OPEN.invokeExact(connection.db(), arena.allocateFrom(database), arena.allocateFrom(table), arena.allocateFrom(column), row, readOnly ? 0 : 1, out);
            blob = out.get(ValueLayout.ADDRESS, 0);
            if (rc != Sqlite3.OK) {
                SqliteException e = connection.lastError(rc);
                if (blob.address() != 0) {
                    int ignored = (int) BLOB_CLOSE.invokeExact(blob);
                }
                throw e;
            }
            connection.blobOpened(blob);
            return new NativeBlob(connection, blob, (int) BLOB_BYTES.invokeExact(blob));
        } catch (SqliteException e) {
            throw e;
        } catch (Throwable t) {
            throw Sqlite3.rethrow(t);
        }
    }

    public int size() {
        return size;
    }

    public boolean isClosed() {
        return blob == null || !connection.blobOpen(blob);
    }

    /** {@code length} bytes from {@code offset}. */
    public byte[] read(int offset, int length) {
        MemorySegment b = open();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment buffer = arena.allocate(Math.max(1, length));
            int rc = (int) BLOB_READ.invokeExact(b, buffer, length, offset);
            if (rc != Sqlite3.OK) {
                throw connection.lastError(rc);
            }
            return length == 0 ? new byte[0] : buffer.asSlice(0, length).toArray(ValueLayout.JAVA_BYTE);
        } catch (SqliteException e) {
            throw e;
        } catch (Throwable t) {
            throw Sqlite3.rethrow(t);
        }
    }

    /** Writes {@code bytes} at {@code offset}. */
    public void write(int offset, byte[] bytes) {
        MemorySegment b = open();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment buffer = arena.allocate(Math.max(1, bytes.length));
            MemorySegment.copy(bytes, 0, buffer, ValueLayout.JAVA_BYTE, 0, bytes.length);
            int rc = (int) BLOB_WRITE.invokeExact(b, buffer, bytes.length, offset);
            if (rc != Sqlite3.OK) {
                throw connection.lastError(rc);
            }
        } catch (SqliteException e) {
            throw e;
        } catch (Throwable t) {
            throw Sqlite3.rethrow(t);
        }
    }

    /** Closes the handle; idempotent. */
    public void close() {
        MemorySegment b = blob;
        if (b == null) {
            return;
        }
        blob = null;
        if (connection.releaseBlob(b)) {
            closeHandle(b);
        }
    }

    /** sqlite3_blob_close. */
    static void closeHandle(MemorySegment b) {
        try {
            int ignored = (int) BLOB_CLOSE.invokeExact(b);
        } catch (Throwable t) {
            throw Sqlite3.rethrow(t);
        }
    }

    /** The handle, while neither this object nor the connection closed it. */
    private MemorySegment open() {
        if (blob == null || !connection.blobOpen(blob)) {
            blob = null;
            throw new SqliteException(21, "the blob is closed");
        }
        return blob;
    }
}
