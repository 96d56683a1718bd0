package org.graalite.nativeapi;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * Authorizers (sqlite3_set_authorizer): SQLite asks one, while it prepares a statement, about
 * each action the statement takes (read a column, insert into a table, call a function...),
 * through one shared FFM upcall whose argument is the authorizer's id. The answer is
 * SQLITE_OK, SQLITE_DENY (the statement fails to prepare) or SQLITE_IGNORE (a column reads as
 * NULL); an authorizer that throws denies. Preparing is SQLite's on both tiers, so the
 * authorizer applies to both.
 */
public final class Authorizers {
    private static final java.lang.invoke.MethodHandle SET_AUTHORIZER = NativeFunction.SET_AUTHORIZER.ffm();

    /** SQLite's answers. */
    public static final int OK = 0;
    public static final int DENY = 1;

    /** An authorizer: the action code and its up to four texts (null where SQLite gives none). */
    public interface Authorizer {
        int authorize(int action, String first, String second, String database, String trigger);
    }

    private static final Callbacks<Authorizer> AUTHORIZERS = new Callbacks<>();
    private static final MemorySegment AUTHORIZE = UserFunctions.upcall(MethodHandles.lookup(), "authorize",
                    MethodType.methodType(int.class, MemorySegment.class, int.class, MemorySegment.class, MemorySegment.class, MemorySegment.class, MemorySegment.class),
                    FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.ADDRESS));

    private Authorizers() {
    }

    /**
     * Sets the authorizer of {@code connection} (null: none) and returns its id, 0 for none;
     * {@code previous}, the id the last call returned, is forgotten. SQLite expires the
     * connection's prepared statements, which are then prepared again under the new one.
     */
    public static long set(NativeConnection connection, Authorizer authorizer, long previous) {
        long id = authorizer == null ? 0 : AUTHORIZERS.add(authorizer);
        MemorySegment callback = authorizer == null ? MemorySegment.NULL : AUTHORIZE;
        int rc;
        try {
            rc = (int) SET_AUTHORIZER.invokeExact(connection.db(), callback, MemorySegment.ofAddress(id));
        } catch (Throwable t) {
            AUTHORIZERS.remove(id);
            throw Sqlite3.rethrow(t);
        }
        if (rc != Sqlite3.OK) {
            AUTHORIZERS.remove(id);
            throw connection.lastError(rc);
        }
        forget(previous);
        return id;
    }

    /** Forgets the authorizer {@code id} (its connection has closed or replaced it). */
    public static void forget(long id) {
        AUTHORIZERS.remove(id);
    }

    /** The upcall: never lets an exception cross into SQLite; throwing denies. */
    private static int authorize(MemorySegment id, int action, MemorySegment first, MemorySegment second, MemorySegment database, MemorySegment trigger) {
        try {
            Authorizer authorizer = AUTHORIZERS.get(id.address());
            return authorizer == null ? OK : authorizer.authorize(action, Sqlite3.string(first), Sqlite3.string(second), Sqlite3.string(database), Sqlite3.string(trigger));
        } catch (Throwable t) {
            return DENY;
        }
    }
}
