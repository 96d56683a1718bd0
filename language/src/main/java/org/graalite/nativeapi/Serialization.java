package org.graalite.nativeapi;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import org.graalite.runtime.SqliteException;

/**
 * A database as the bytes of its file and back (sqlite3_serialize, sqlite3_deserialize), as
 * Python's {@code Connection.serialize} and {@code deserialize} and better-sqlite3's
 * {@code serialize} use them.
 */
public final class Serialization {
    private static final java.lang.invoke.MethodHandle SERIALIZE = NativeFunction.SERIALIZE.ffm();
    private static final java.lang.invoke.MethodHandle DESERIALIZE = NativeFunction.DESERIALIZE.ffm();
    private static final java.lang.invoke.MethodHandle MALLOC64 = NativeFunction.MALLOC64.ffm();
    private static final java.lang.invoke.MethodHandle FREE = NativeFunction.FREE.ffm();

    /** SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_RESIZEABLE: SQLite owns the copy and may grow it. */
    private static final int OWNED_AND_RESIZEABLE = 1 | 2;

    private Serialization() {
    }

    /** The bytes of database {@code schema} ("main", "temp" or an attached one); null when SQLite has none to give. */
    public static byte[] serialize(NativeConnection connection, String schema) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment size = arena.allocate(ValueLayout.JAVA_LONG);
            MemorySegment data = (MemorySegment) SERIALIZE.invokeExact(connection.db(), arena.allocateFrom(schema), size, 0);
            if (data.address() == 0) {
                return null;
            }
            try {
                long n = size.get(ValueLayout.JAVA_LONG, 0);
                return data.reinterpret(n).toArray(ValueLayout.JAVA_BYTE);
            } finally {
                FREE.invokeExact(data);
            }
        } catch (Throwable t) {
            throw Sqlite3.rethrow(t);
        }
    }

    /**
     * Replaces database {@code schema} of the connection with the database in {@code bytes}
     * (SQLite reads them from a copy it owns); SQLite's error if it cannot.
     */
    public static void deserialize(NativeConnection connection, String schema, byte[] bytes) {
        int rc;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment copy = (MemorySegment) MALLOC64.invokeExact((long) Math.max(1, bytes.length));
            if (copy.address() == 0) {
                throw new SqliteException(7, "out of memory");
            }
            MemorySegment.copy(bytes, 0, copy.reinterpret(bytes.length), ValueLayout.JAVA_BYTE, 0, bytes.length);
            // SQLite frees the copy, also when it fails.
            rc = (int) DESERIALIZE.invokeExact(connection.db(), arena.allocateFrom(schema), copy, (long) bytes.length, (long) bytes.length, OWNED_AND_RESIZEABLE);
        } catch (SqliteException e) {
            throw e;
        } catch (Throwable t) {
            throw Sqlite3.rethrow(t);
        }
        if (rc != Sqlite3.OK) {
            throw connection.lastError(rc);
        }
    }
}
