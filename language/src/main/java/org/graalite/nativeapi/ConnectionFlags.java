package org.graalite.nativeapi;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

import org.graalite.runtime.SqliteException;

/**
 * A connection's on/off options (sqlite3_db_config with SQLITE_DBCONFIG_ENABLE_FKEY to
 * SQLITE_DBCONFIG_ENABLE_COMMENTS: defensive mode, double-quoted strings, triggers, views...),
 * as Python 3.12's {@code Connection.setconfig} and {@code getconfig} use them.
 */
public final class ConnectionFlags {
    private static final MethodHandle DB_CONFIG_FLAG = NativeFunction.DB_CONFIG_FLAG.ffm();
    private static final MethodHandle WAL_SYNCHRONOUS_DEFAULT = NativeFunction.WAL_SYNCHRONOUS_DEFAULT.ffm();

    /** SQLITE_DBCONFIG_ENABLE_FKEY and SQLITE_DBCONFIG_ENABLE_COMMENTS: the range of on/off options. */
    public static final int FIRST = 1002;
    public static final int LAST = 1022;

    private ConnectionFlags() {
    }

    /**
     * Sets option {@code op} on ({@code 1}) or off ({@code 0}), or only reads it ({@code -1});
     * answers its value afterwards (SQLite may refuse a change, then it stays).
     */
    public static boolean set(NativeConnection connection, int op, int value) {
        if (op < FIRST || op > LAST) {
            throw SqliteException.error("unknown connection option " + op + ": the on/off options are " + FIRST + " to " + LAST);
        }
        int rc;
        int current;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(ValueLayout.JAVA_INT);
            rc = (int) DB_CONFIG_FLAG.invokeExact(connection.db(), op, value, out);
            current = out.get(ValueLayout.JAVA_INT, 0);
        } catch (Throwable t) {
            throw Sqlite3.rethrow(t);
        }
        if (rc != Sqlite3.OK) {
            throw connection.lastError(rc);
        }
        return current != 0;
    }

    /**
     * Gives each database of the connection whose synchronous level no PRAGMA synchronous set
     * {@code walLevel} (0 OFF, 1 NORMAL, 2 FULL, 3 EXTRA) while it is in WAL mode, SQLite's
     * default otherwise: SQLITE_DEFAULT_WAL_SYNCHRONOUS for this connection only (see
     * Database#setWalSynchronous). False when a database's journal mode could not be known yet
     * (its first page unreadable so far): then ask again later. With {@code leavingOnly},
     * databases in WAL mode keep their level (SQLite changes it when a database leaves WAL mode
     * at once, when it enters WAL mode at its next transaction).
     */
    public static boolean applyWalSynchronous(NativeConnection connection, int walLevel, boolean leavingOnly) {
        try {
            return (int) WAL_SYNCHRONOUS_DEFAULT.invokeExact(connection.db(), walLevel, leavingOnly ? 1 : 0) != 0;
        } catch (Throwable t) {
            throw Sqlite3.rethrow(t);
        }
    }
}
