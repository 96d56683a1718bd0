package org.graalite.nativeapi;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * User collations on SQLite's side: each is registered with sqlite3_create_collation_v2 and
 * one shared FFM upcall, whose user-data pointer is the collation's id. SQLite calls it
 * wherever it orders text under that collation (comparisons, ORDER BY, indexes), with the two
 * texts as UTF-8: on the native tier, and on the Truffle tier, where SQLite's sorters and
 * index searches call it and the tier's comparisons of two texts ask SQLite to
 * (NativeVdbe.collate), so this upcall is the only caller.
 *
 * <p>SQLite's comparison callback cannot fail: an exception the collation throws is kept (see
 * {@link #takePending}) and the comparison counts as equal; the statement then throws the
 * exception when its step returns, as Python's sqlite3 raises a collation's error.
 */
public final class UserCollations {
    private static final java.lang.invoke.MethodHandle CREATE_COLLATION_V2 = NativeFunction.CREATE_COLLATION_V2.ffm();

    /** How a user collation orders two texts: negative, zero or positive, as Comparator does. */
    public interface Comparison {
        int compare(String a, String b);
    }

    private static final Callbacks<Comparison> COMPARISONS = new Callbacks<>();
    /** SQLITE_UTF8: SQLite hands the collation UTF-8 text. */
    private static final int UTF8 = 1;

    private static final MemorySegment COMPARE = upcall("compare",
                    MethodType.methodType(int.class, MemorySegment.class, int.class, MemorySegment.class, int.class, MemorySegment.class),
                    FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_INT, ValueLayout.ADDRESS));
    /** xDestroy: SQLite drops a collation (redefined, removed, or its connection closed). */
    private static final MemorySegment DESTROY = upcall("destroy", MethodType.methodType(void.class, MemorySegment.class), FunctionDescriptor.ofVoid(ValueLayout.ADDRESS));

    /** The exception a collation threw during a native step on this thread, until the step returns. */
    private static final PendingExceptions PENDING = new PendingExceptions();

    private UserCollations() {
    }

    private static MemorySegment upcall(String method, MethodType type, FunctionDescriptor descriptor) {
        return UserFunctions.upcall(MethodHandles.lookup(), method, type, descriptor);
    }

    /**
     * Defines (or redefines) the collation {@code name} on {@code connection}; a null
     * {@code comparison} removes it. SQLite refuses with SQLITE_BUSY while a statement that
     * uses the collation runs, and expires the prepared statements otherwise.
     */
    public static void register(NativeConnection connection, String name, Comparison comparison) {
        if (comparison != null) {
            // Before SQLite can call it: the connection's sorters stop making critical calls.
            connection.noteGuestCollation();
        }
        long id = comparison == null ? 0 : COMPARISONS.add(comparison);
        int rc;
        MemorySegment compare = comparison == null ? MemorySegment.NULL : COMPARE;
        MemorySegment destroy = comparison == null ? MemorySegment.NULL : DESTROY;
        try (Arena arena = Arena.ofConfined()) {
            rc = (int) CREATE_COLLATION_V2.invokeExact(connection.db(), arena.allocateFrom(name), UTF8, MemorySegment.ofAddress(id), compare, destroy);
        } catch (Throwable t) {
            throw Sqlite3.rethrow(t);
        }
        if (rc != Sqlite3.OK) {
            // SQLite calls xDestroy only when it took the collation.
            COMPARISONS.remove(id);
            throw connection.lastError(rc);
        }
    }

    /** Whether a collation's exception may be kept for this thread (see {@link #takePending}): false means surely not. */
    public static boolean mayBePending() {
        return PENDING.anyKept();
    }

    /** The exception a collation threw during the last native step on this thread, once; null if none. */
    public static RuntimeException takePending() {
        return PENDING.take();
    }

    /** The upcall: never lets an exception cross into SQLite. */
    private static int compare(MemorySegment userData, int length1, MemorySegment text1, int length2, MemorySegment text2) {
        try {
            Comparison c = COMPARISONS.get(userData.address());
            return Integer.signum(c.compare(Sqlite3.string(text1, length1), Sqlite3.string(text2, length2)));
        } catch (RuntimeException e) {
            PENDING.keep(e);
            return 0;
        } catch (Throwable t) {
            return 0;
        }
    }

    private static void destroy(MemorySegment userData) {
        COMPARISONS.remove(userData.address());
    }
}
