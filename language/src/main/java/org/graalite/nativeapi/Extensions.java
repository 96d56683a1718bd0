package org.graalite.nativeapi;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

import org.graalite.runtime.SqliteException;

/**
 * Loadable extensions (sqlite3_enable_load_extension, sqlite3_load_extension), as Python's
 * {@code enable_load_extension}/{@code load_extension}, better-sqlite3's {@code loadExtension}
 * and sqlite-jdbc's {@code enable_load_extension} property use them. Loading is off until a
 * caller turns it on, as in SQLite: an extension is native code that runs in this process.
 */
public final class Extensions {
    private static final MethodHandle ENABLE = NativeFunction.ENABLE_LOAD_EXTENSION.ffm();
    private static final MethodHandle ENABLE_API = NativeFunction.ENABLE_LOAD_EXTENSION_API.ffm();
    private static final MethodHandle LOAD = NativeFunction.LOAD_EXTENSION.ffm();

    private Extensions() {
    }

    /**
     * Turns loading on or off: through the C API and, when {@code sqlFunctionToo}, through the
     * SQL function load_extension() as well (sqlite3_enable_load_extension); otherwise the SQL
     * function stays refused (SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, better-sqlite3's setting).
     */
    public static void enable(NativeConnection connection, boolean enabled, boolean sqlFunctionToo) {
        int rc;
        try {
            rc = sqlFunctionToo ? (int) ENABLE.invokeExact(connection.db(), enabled ? 1 : 0) : (int) ENABLE_API.invokeExact(connection.db(), enabled ? 1 : 0);
        } catch (Throwable t) {
            throw Sqlite3.rethrow(t);
        }
        if (rc != Sqlite3.OK) {
            throw connection.lastError(rc);
        }
    }

    /**
     * Loads the shared library {@code path} and calls its entry point ({@code entryPoint}, or
     * SQLite's guess from the file name when null); SQLite's message when it cannot ("not
     * authorized" while loading is off).
     */
    public static void load(NativeConnection connection, String path, String entryPoint) {
        int rc;
        String message = null;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment error = arena.allocate(ValueLayout.ADDRESS);
            MemorySegment entry = entryPoint == null ? MemorySegment.NULL : arena.allocateFrom(entryPoint);
            rc = (int) LOAD.invokeExact(connection.db(), arena.allocateFrom(path), entry, error);
            message = Sqlite3.takeString(error.get(ValueLayout.ADDRESS, 0));
        } catch (Throwable t) {
            throw Sqlite3.rethrow(t);
        }
        if (rc != Sqlite3.OK) {
            throw message != null ? new SqliteException(rc, message) : connection.lastError(rc);
        }
    }
}
