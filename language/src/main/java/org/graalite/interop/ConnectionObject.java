package org.graalite.interop;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.dsl.Cached;
import com.oracle.truffle.api.dsl.Specialization;
import com.oracle.truffle.api.interop.ArityException;
import com.oracle.truffle.api.interop.InteropLibrary;
import com.oracle.truffle.api.interop.TruffleObject;
import com.oracle.truffle.api.interop.UnknownIdentifierException;
import com.oracle.truffle.api.interop.UnsupportedMessageException;
import com.oracle.truffle.api.interop.UnsupportedTypeException;
import com.oracle.truffle.api.library.ExportLibrary;
import com.oracle.truffle.api.library.ExportMessage;

import org.graalite.nativeapi.NativeConnection;
import org.graalite.runtime.Database;

/**
 * The context's database connection as guests see it: the {@code sql} language's top scope
 * ({@code context.getBindings("sql")}).
 *
 * <p>Invocable: {@code prepare(sql)} (a {@link PreparedStatementObject}, not yet run),
 * {@code execute(sql, args...)} (prepare, run with the arguments, return what running
 * returns), {@code close()}. Readable: {@code changes}, {@code totalChanges},
 * {@code lastInsertRowid}, {@code autocommit} (true outside an explicit transaction),
 * {@code sqliteVersion}, {@code path}, {@code truffleExecutions}, {@code nativeExecutions}.
 * {@code blobOpen(table, column, row[, readOnly, name])} opens a BLOB for incremental I/O.
 * {@code setAuthorizer(callable)} is sqlite3_set_authorizer; {@code limit(category[, value])}
 * is sqlite3_limit (while the length limits are lowered, statements run on the native tier).
 * {@code setProgressHandler(callable, instructions)} is sqlite3_progress_handler (statements
 * then run on the native tier). {@code createWindowFunction(name, argumentCount, factory)} defines an aggregate that also
 * works over window frames: its accumulators have {@code inverse(...)} and {@code value()} as
 * well. {@code serialize([name])} gives a database's bytes and {@code deserialize(bytes[, name])}
 * replaces it by the database in them. {@code backup(target[, name, pages, progress, sleepMillis])} copies a database into another
 * connection with SQLite's online backup. {@code begin()}, {@code commit()} and
 * {@code rollback()} control transactions (commit and
 * rollback do nothing outside one). {@code createCollation(name, compare)} defines a collation: {@code compare(a, b)} orders
 * two texts by the sign of its result (null removes it; statements that use it run on the
 * native tier). {@code interrupt()} makes the running statements stop with SQLITE_INTERRUPT, as
 * sqlite3_interrupt does, from any thread (the only member that does not wait for another
 * thread's call into the connection to end: see ConnectionLock).
 * {@code enableLoadExtension(enabled[, sqlFunctionToo])} and {@code loadExtension(path[,
 * entryPoint])} load SQLite extensions (native libraries; off until enabled).
 * {@code integerColumns(row)} tells which values of a result row are INTEGERs ("1" and "0");
 * functions and aggregates created with integer kinds get the same for their arguments
 * ({@link GuestCallbackMembers}).
 * {@code flag(op[, on])} reads or sets one of sqlite3_db_config's on/off options.
 * {@code numbersAreReal([on])} reads or sets whether the guest's plain numbers are REALs when
 * bound or returned by functions and aggregates defined afterwards (JavaScript's numbers in
 * better-sqlite3; BigInts stay INTEGERs).
 * {@code addExtensionFunctions()} adds the SQL functions sqlite-jdbc has beside SQLite's own
 * (stdev, variance, mode, reverse, padl, charindex...; see ExtensionFunctions), as Graalite's
 * JDBC driver does for each of its connections.
 * {@code walSynchronous(level)} sets the synchronous level databases take in WAL mode unless
 * PRAGMA synchronous set one (SQLITE_DEFAULT_WAL_SYNCHRONOUS for this connection).
 * {@code createModule(name, factory, eponymous)} defines a virtual-table module written in
 * guest code ({@link VirtualTableMembers}).
 *
 * <p>One more member is not listed: {@link #HOST_CONNECTION}, for Graalite's JDBC driver.
 *
 * <p>This class runs statements and transactions; the members that hand guest code to SQLite
 * are {@link GuestCallbackMembers}, those that copy databases and values
 * {@link DatabaseCopyMembers}, those that set how the connection behaves
 * {@link ConnectionOptionMembers}, the one that defines virtual tables {@link VirtualTableMembers}.
 */
@ExportLibrary(InteropLibrary.class)
public final class ConnectionObject implements TruffleObject {
    private static final StringList MEMBERS = new StringList("prepare", "execute", "close", "begin", "commit", "rollback", "backup", "serialize", "deserialize", "interrupt", "setProgressHandler", "setAuthorizer", "limit", "blobOpen", "enableLoadExtension", "loadExtension", "integerColumns", "invalidTextColumns", "flag", "numbersAreReal", "addExtensionFunctions", "walSynchronous", "invalidTextAsBytes", "createFunction", "createAggregate", "createWindowFunction", "createCollation", "createModule", "open", "changes", "totalChanges", "lastInsertRowid", "autocommit", "sqliteVersion", "path",
                    "truffleExecutions", "nativeExecutions");

    /**
     * The {@link NativeConnection} as a host object: the JDBC driver's Statement.cancel() calls
     * its interrupt() from another thread, without entering the context the running statement
     * holds.
     */
    public static final String HOST_CONNECTION = "hostConnection";

    private final Database database;
    private final org.graalite.language.SqlContext context;

    public ConnectionObject(Database database, org.graalite.language.SqlContext context) {
        this.database = database;
        this.context = context;
    }

    /** The connection's database (for another connection object's backup into this one). */
    Database database() {
        return database;
    }

    @ExportMessage
    boolean isScope() {
        return true;
    }

    @ExportMessage
    boolean hasLanguage() {
        return true;
    }

    @ExportMessage
    Class<? extends com.oracle.truffle.api.TruffleLanguage<?>> getLanguage() {
        return org.graalite.language.SqlLanguage.class;
    }

    @ExportMessage
    boolean hasMembers() {
        return true;
    }

    @ExportMessage
    Object getMembers(@SuppressWarnings("unused") boolean includeInternal) {
        return MEMBERS;
    }

    /** The members readable as properties; each one's position is its case in {@link #readProperty}. */
    private static final String[] PROPERTIES = {"changes", "totalChanges", "lastInsertRowid", "autocommit", "sqliteVersion", "path", "truffleExecutions", "nativeExecutions", HOST_CONNECTION};
    private static final int CHANGES = 0;
    private static final int TOTAL_CHANGES = 1;
    private static final int LAST_INSERT_ROWID = 2;
    private static final int AUTOCOMMIT = 3;
    private static final int SQLITE_VERSION = 4;
    private static final int PATH = 5;
    private static final int TRUFFLE_EXECUTIONS = 6;
    private static final int NATIVE_EXECUTIONS = 7;
    private static final int HOST_CONNECTION_PROPERTY = 8;

    /** The position of {@code member} in {@link #PROPERTIES}, or -1 if it is not a property. */
    static int propertyIndex(String member) {
        for (int i = 0; i < PROPERTIES.length; i++) {
            if (PROPERTIES[i].equals(member)) {
                return i;
            }
        }
        return -1;
    }

    /**
     * Guests read autocommit, changes and lastInsertRowid around every statement they run, with
     * a member name that is equal at each call site but often a new string (GraalPy converts
     * its own): a site compares it with the name it saw first instead of hashing it.
     */
    @ExportMessage
    static final class IsMemberReadable {
        @Specialization(guards = "member.equals(cachedMember)", limit = "4")
        static boolean cached(@SuppressWarnings("unused") ConnectionObject receiver, @SuppressWarnings("unused") String member,
                        @SuppressWarnings("unused") @Cached("member") String cachedMember,
                        @Cached("propertyIndex(cachedMember)") int index) {
            return index >= 0;
        }

        @Specialization(replaces = "cached")
        static boolean generic(@SuppressWarnings("unused") ConnectionObject receiver, String member) {
            return propertyIndex(member) >= 0;
        }
    }

    @ExportMessage
    boolean isMemberInvocable(String member) {
        // Every listed member but the properties that isMemberReadable answers.
        return MEMBERS.contains(member) && propertyIndex(member) < 0;
    }

    @ExportMessage
    static final class ReadMember {
        @Specialization(guards = "member.equals(cachedMember)", limit = "4")
        static Object cached(ConnectionObject receiver, String member,
                        @SuppressWarnings("unused") @Cached("member") String cachedMember,
                        @Cached("propertyIndex(cachedMember)") int index) throws UnknownIdentifierException {
            return receiver.readProperty(index, member);
        }

        @Specialization(replaces = "cached")
        static Object generic(ConnectionObject receiver, String member) throws UnknownIdentifierException {
            return receiver.readProperty(propertyIndex(member), member);
        }
    }

    @TruffleBoundary
    private Object readProperty(int index, String member) throws UnknownIdentifierException {
        boolean locked = database.lock().enter();
        try {
            return readPropertyLocked(index, member);
        } finally {
            database.lock().leave(locked);
        }
    }

    private Object readPropertyLocked(int index, String member) throws UnknownIdentifierException {
        NativeConnection c = database.connection();
        switch (index) {
            case CHANGES:
                return c.changes();
            case TOTAL_CHANGES:
                return c.totalChanges();
            case LAST_INSERT_ROWID:
                return c.lastInsertRowid();
            case AUTOCOMMIT:
                return c.autocommit();
            case SQLITE_VERSION:
                return NativeConnection.libraryVersion();
            case PATH:
                return c.path();
            case TRUFFLE_EXECUTIONS:
                return database.statistics().truffleExecutions();
            case NATIVE_EXECUTIONS:
                return database.statistics().nativeExecutions();
            case HOST_CONNECTION_PROPERTY:
                return context.asHostValue(c);
            default:
                throw UnknownIdentifierException.create(member);
        }
    }

    @ExportMessage
    @TruffleBoundary
    Object invokeMember(String member, Object[] arguments) throws UnknownIdentifierException, ArityException, UnsupportedTypeException, UnsupportedMessageException {
        if (member.equals("interrupt")) {
            // sqlite3_interrupt may be called from any thread while a statement runs: it must
            // not wait for the statement's call to end.
            if (arguments.length != 0) {
                throw ArityException.create(0, 0, arguments.length);
            }
            database.connection().interrupt();
            return SqlNull.INSTANCE;
        }
        if (member.equals("backup")) {
            // Takes this connection's lock and the target's together, step by step.
            return DatabaseCopyMembers.backup(arguments, database);
        }
        boolean locked = database.lock().enter();
        try {
            return invokeLocked(member, arguments);
        } finally {
            database.lock().leave(locked);
        }
    }

    private Object invokeLocked(String member, Object[] arguments) throws UnknownIdentifierException, ArityException, UnsupportedTypeException, UnsupportedMessageException {
        InteropLibrary interop = InteropLibrary.getUncached();
        if (GuestCallbackMembers.NAMES.contains(member)) {
            return GuestCallbackMembers.invoke(member, arguments, database, context);
        } else if (DatabaseCopyMembers.NAMES.contains(member)) {
            return DatabaseCopyMembers.invoke(member, arguments, database, context);
        } else if (ConnectionOptionMembers.NAMES.contains(member)) {
            return ConnectionOptionMembers.invoke(member, arguments, database, context);
        } else if (VirtualTableMembers.NAMES.contains(member)) {
            return VirtualTableMembers.invoke(member, arguments, database);
        }
        switch (member) {
            case "prepare": {
                if (arguments.length != 1) {
                    throw ArityException.create(1, 1, arguments.length);
                }
                return new PreparedStatementObject(database.prepare(MemberArguments.sqlText(interop, arguments[0])));
            }
            case "execute": {
                if (arguments.length < 1) {
                    throw ArityException.create(1, -1, arguments.length);
                }
                PreparedStatementObject statement = new PreparedStatementObject(database.prepare(MemberArguments.sqlText(interop, arguments[0])));
                Object[] rest = java.util.Arrays.copyOfRange(arguments, 1, arguments.length);
                Object result = statement.statement().database().run(bindAll(statement, rest), true);
                return result;
            }
            case "close":
                database.close();
                return SqlNull.INSTANCE;
            case "begin":
            case "commit":
            case "rollback": {
                // begin() is BEGIN (an error inside a transaction, as in SQLite); commit() and
                // rollback() end the open transaction and, as in DB-API and JDBC, do nothing
                // without one.
                if (arguments.length != 0) {
                    throw ArityException.create(0, 0, arguments.length);
                }
                if (member.equals("begin") || !database.connection().autocommit()) {
                    database.run(database.prepare(member.toUpperCase(java.util.Locale.ROOT)), true);
                }
                return SqlNull.INSTANCE;
            }
            case "integerColumns": {
                // integerColumns(row): which values of a result row are INTEGERs, as a string
                // of '1' and '0' (better-sqlite3's safe integers; JavaScript numbers cannot tell).
                return valueKinds(member, arguments, v -> v instanceof Long);
            }
            case "invalidTextColumns": {
                // invalidTextColumns(row): which values of a result row are TEXT whose bytes are
                // not valid UTF-8, handed out as bytes (invalidTextAsBytes), as a string of '1'
                // and '0': what the Python module asks of a row with a BLOB object in it.
                return valueKinds(member, arguments, v -> v instanceof SqlBlob blob && blob.isInvalidText());
            }
            case "open": {
                // open(path[, readOnly]): another connection, to the same or another database
                if (arguments.length < 1 || arguments.length > 2) {
                    throw ArityException.create(1, 2, arguments.length);
                }
                boolean readOnly = arguments.length == 2 && interop.isBoolean(arguments[1]) && interop.asBoolean(arguments[1]);
                return new ConnectionObject(context.openDatabase(MemberArguments.sqlText(interop, arguments[0]), readOnly), context);
            }
            default:
                throw UnknownIdentifierException.create(member);
        }
    }

    /** NAME(row): a string of '1' for each value of the result row {@code arguments[0]} that is of the kind, '0' for the others. */
    private static String valueKinds(String name, Object[] arguments, java.util.function.Predicate<Object> kind) throws ArityException, UnsupportedTypeException {
        if (arguments.length != 1) {
            throw ArityException.create(1, 1, arguments.length);
        }
        if (!(arguments[0] instanceof Row row)) {
            throw UnsupportedTypeException.create(arguments, name + "(row): a row of a result");
        }
        char[] kinds = new char[row.size()];
        for (int i = 0; i < kinds.length; i++) {
            kinds[i] = kind.test(row.get(i)) ? '1' : '0';
        }
        return new String(kinds);
    }

    private static org.graalite.runtime.Statement bindAll(PreparedStatementObject statement, Object[] arguments) {
        org.graalite.runtime.Binder.bind(statement.statement(), arguments);
        return statement.statement();
    }

    @ExportMessage
    @SuppressWarnings("unused")
    Object toDisplayString(boolean allowSideEffects) {
        return "sql connection";
    }
}
