package org.graalite.nativeapi;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.charset.StandardCharsets;

import org.graalite.runtime.ResultCodes;
import org.graalite.runtime.SqliteException;

/**
 * Virtual-table modules whose tables are written in Java or a guest language (better-sqlite3's
 * Database#table): the module struct is the shim's (graalite_guest_module.c), which calls the
 * upcalls of this class for everything that runs the module's code. A module, a table and a
 * cursor are Java objects here, known to SQLite by their ids ({@link Callbacks}); SQLite drops
 * each (xDestroy of the module, xDisconnect, xClose) when it is done with it, at the latest
 * when the connection closes, and the id is then forgotten.
 *
 * <p>Statements over such tables run on either tier: on the Truffle tier SQLite's virtual-table
 * opcodes are run through the shim, which calls the same module. An exception the module's
 * code throws becomes an SQLite error of the call, and is kept (see {@link #takePending}) so
 * that the statement throws the exception itself, as better-sqlite3 throws the generator's.
 */
public final class VirtualTables {
    private static final java.lang.invoke.MethodHandle MODULE_CREATE = NativeFunction.GUEST_MODULE_CREATE.ffm();
    private static final java.lang.invoke.MethodHandle TABLE_DECLARE = NativeFunction.GUEST_TABLE_DECLARE.ffm();
    private static final java.lang.invoke.MethodHandle ERROR = NativeFunction.GUEST_ERROR.ffm();

    /** What makes a module's tables: one per eponymous use, per CREATE VIRTUAL TABLE and per connect of such a table. */
    public interface Module {
        /**
         * The table for SQLite's xConnect arguments: the module's name, the database's, the
         * table's, then the arguments of CREATE VIRTUAL TABLE ... USING module(arguments).
         */
        Table connect(String[] arguments);
    }

    /** One table: its columns, and its rows for the arguments of a query. */
    public interface Table {
        /** The CREATE TABLE statement that declares the table: first its parameters, as HIDDEN columns, then its columns. */
        String declaration();

        /** The parameters' names (at most {@link #MAX_PARAMETERS}): the first columns of the declaration. */
        String[] parameters();

        /** Whether SQLite refuses the table in triggers and views (SQLITE_VTAB_DIRECTONLY). */
        boolean directOnly();

        /**
         * A scan of the rows for {@code arguments}, one per parameter: its value (never null:
         * a NULL argument gives no rows, without a scan), or null where the query constrains
         * the parameter with no '='.
         */
        Scan scan(Object[] arguments);
    }

    /** A scan of a table's rows, before its first row until {@link #advance} is called. */
    public interface Scan {
        /** Moves to the next row; false when there is none. */
        boolean advance();

        /** Column {@code i} (parameters first) of the current row: null, Long, Double, String or byte[]. */
        Object column(int i);
    }

    /** Parameters are arguments by a bit of the plan number each: an int has 32. */
    public static final int MAX_PARAMETERS = 32;

    private static final class Cursor {
        final Table table;
        Scan scan;

        Cursor(Table table) {
            this.table = table;
        }
    }

    private static final Callbacks<Module> MODULES = new Callbacks<>();
    private static final Callbacks<Table> TABLES = new Callbacks<>();
    private static final Callbacks<Cursor> CURSORS = new Callbacks<>();
    private static final PendingExceptions PENDING = new PendingExceptions();
    private static final int ROW = 0;
    private static final int DONE = 1;

    static {
        MemorySegment connect = upcall("connect", MethodType.methodType(long.class, long.class, MemorySegment.class, MemorySegment.class, int.class, MemorySegment.class, MemorySegment.class),
                        FunctionDescriptor.of(ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG, ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.ADDRESS));
        MemorySegment disconnect = upcall("disconnect", MethodType.methodType(void.class, long.class), FunctionDescriptor.ofVoid(ValueLayout.JAVA_LONG));
        MemorySegment open = upcall("open", MethodType.methodType(long.class, long.class), FunctionDescriptor.of(ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG));
        MemorySegment filter = upcall("filter", MethodType.methodType(int.class, long.class, int.class, int.class, MemorySegment.class, MemorySegment.class),
                        FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.ADDRESS));
        MemorySegment next = upcall("next", MethodType.methodType(int.class, long.class, MemorySegment.class), FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG, ValueLayout.ADDRESS));
        MemorySegment column = upcall("column", MethodType.methodType(void.class, long.class, MemorySegment.class, int.class),
                        FunctionDescriptor.ofVoid(ValueLayout.JAVA_LONG, ValueLayout.ADDRESS, ValueLayout.JAVA_INT));
        MemorySegment close = upcall("close", MethodType.methodType(void.class, long.class), FunctionDescriptor.ofVoid(ValueLayout.JAVA_LONG));
        MemorySegment destroy = upcall("destroyModule", MethodType.methodType(void.class, long.class), FunctionDescriptor.ofVoid(ValueLayout.JAVA_LONG));
        try {
            NativeFunction.GUEST_MODULE_CALLBACKS.ffm().invokeExact(connect, disconnect, open, filter, next, column, close, destroy);
        } catch (Throwable t) {
            throw Sqlite3.rethrow(t);
        }
    }

    private VirtualTables() {
    }

    private static MemorySegment upcall(String method, MethodType type, FunctionDescriptor descriptor) {
        return UserFunctions.upcall(MethodHandles.lookup(), method, type, descriptor);
    }

    /**
     * Registers {@code module} as {@code name} on {@code connection}, in place of a module of
     * that name: an eponymous-only module (the table {@code name} exists at once, in every
     * schema) or a table factory (CREATE VIRTUAL TABLE t USING name(...)).
     */
    public static void register(NativeConnection connection, String name, Module module, boolean eponymous) {
        long id = MODULES.add(module);
        int rc;
        try (Arena arena = Arena.ofConfined()) {
            rc = (int) MODULE_CREATE.invokeExact(connection.db(), arena.allocateFrom(name), id, eponymous ? 1 : 0);
        } catch (Throwable t) {
            MODULES.remove(id);
            throw Sqlite3.rethrow(t);
        }
        if (rc != Sqlite3.OK) {
            // SQLite has called the module's destroy upcall already, unless the shim refused first.
            MODULES.remove(id);
            throw connection.lastError(rc);
        }
    }

    /** The modules, tables and cursors SQLite holds now, in all connections (tests check that closing releases them). */
    static int liveObjects() {
        return MODULES.size() + TABLES.size() + CURSORS.size();
    }

    /** The exception a module's code threw during the last native call on this thread, once; null if none. */
    public static RuntimeException takePending() {
        return PENDING.take();
    }

    /** Keeps a guest's exception for the statement to throw; returns the message SQLite reports. */
    private static String failed(Throwable t) {
        if (t instanceof RuntimeException r && !(t instanceof SqliteException)) {
            PENDING.keep(r);
        }
        return t.getMessage() == null ? t.toString() : t.getMessage();
    }

    private static void error(MemorySegment pzErr, String message) {
        try (Arena arena = Arena.ofConfined()) {
            ERROR.invokeExact(pzErr, arena.allocateFrom(message));
        } catch (Throwable t) {
            // Nothing more can be reported; the shim reports a generic failure.
        }
    }

    // ---- The upcalls: none lets an exception cross into SQLite.

    private static long connect(long moduleId, MemorySegment db, MemorySegment table, int argc, MemorySegment argv, MemorySegment pzErr) {
        try {
            Module module = MODULES.get(moduleId);
            if (module == null || argc < 3) {
                error(pzErr, "virtual table module is gone");
                return 0;
            }
            String[] arguments = new String[argc];
            for (int i = 0; i < argc; i++) {
                arguments[i] = Sqlite3.string(Sqlite3.pointerAt(argv, i));
            }
            Table t = module.connect(arguments);
            String[] parameters = t.parameters();
            if (parameters.length > MAX_PARAMETERS) {
                error(pzErr, "virtual table \"" + arguments[2] + "\" has more than " + MAX_PARAMETERS + " parameters");
                return 0;
            }
            java.io.ByteArrayOutputStream names = new java.io.ByteArrayOutputStream();
            for (String p : parameters) {
                names.writeBytes(p.getBytes(StandardCharsets.UTF_8));
                names.write(0);
            }
            byte[] nameBytes = names.toByteArray();
            int rc;
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment n = arena.allocate(Math.max(1, nameBytes.length));
                MemorySegment.copy(nameBytes, 0, n, ValueLayout.JAVA_BYTE, 0, nameBytes.length);
                rc = (int) TABLE_DECLARE.invokeExact(db, table, arena.allocateFrom(arguments[2]), arena.allocateFrom(t.declaration()), t.directOnly() ? 1 : 0,
                                parameters.length, n, nameBytes.length, pzErr);
            }
            if (rc != Sqlite3.OK) {
                if (pzErr.reinterpret(8).get(ValueLayout.ADDRESS, 0).address() == 0) {
                    error(pzErr, "failed to declare virtual table \"" + arguments[2] + "\"");
                }
                return 0;
            }
            return TABLES.add(t);
        } catch (Throwable e) {
            error(pzErr, failed(e));
            return 0;
        }
    }

    private static void disconnect(long tableId) {
        TABLES.remove(tableId);
    }

    private static long open(long tableId) {
        Table table = TABLES.get(tableId);
        return table == null ? 0 : CURSORS.add(new Cursor(table));
    }

    private static void close(long cursorId) {
        CURSORS.remove(cursorId);
    }

    private static void destroyModule(long moduleId) {
        MODULES.remove(moduleId);
    }

    /** xFilter: a new scan with the plan's arguments (idxNum has bit i where parameter i has one); ROW, DONE or -rc. */
    private static int filter(long cursorId, int idxNum, int argc, MemorySegment argv, MemorySegment pzErr) {
        try {
            Cursor cursor = CURSORS.get(cursorId);
            if (cursor == null) {
                return -ResultCodes.SQLITE_MISUSE;
            }
            cursor.scan = null;
            int count = cursor.table.parameters().length;
            Object[] arguments = new Object[count];
            int next = 0;
            for (int i = 0; i < count; i++) {
                if ((idxNum & (1 << i)) != 0) {
                    if (next >= argc) {
                        return -ResultCodes.SQLITE_MISUSE;
                    }
                    arguments[i] = UserFunctions.value(Sqlite3.pointerAt(argv, next++));
                    // A NULL argument equals nothing: no rows, and the generator does not run.
                    if (arguments[i] == null) {
                        return DONE;
                    }
                }
            }
            Scan scan = cursor.table.scan(arguments);
            cursor.scan = scan;
            return scan.advance() ? ROW : DONE;
        } catch (Throwable e) {
            error(pzErr, failed(e));
            return -ResultCodes.SQLITE_ERROR;
        }
    }

    /** xNext: ROW, DONE or -rc. */
    private static int next(long cursorId, MemorySegment pzErr) {
        try {
            Cursor cursor = CURSORS.get(cursorId);
            if (cursor == null || cursor.scan == null) {
                return cursor == null ? -ResultCodes.SQLITE_MISUSE : DONE;
            }
            return cursor.scan.advance() ? ROW : DONE;
        } catch (Throwable e) {
            error(pzErr, failed(e));
            return -ResultCodes.SQLITE_ERROR;
        }
    }

    /** xColumn: the value of column {@code i} of the current row as the result of {@code context}. */
    private static void column(long cursorId, MemorySegment context, int i) {
        try {
            Cursor cursor = CURSORS.get(cursorId);
            if (cursor == null || cursor.scan == null) {
                UserFunctions.error(context, "virtual table cursor has no row");
                return;
            }
            UserFunctions.result(context, cursor.scan.column(i));
        } catch (Throwable e) {
            UserFunctions.error(context, failed(e));
        }
    }
}
