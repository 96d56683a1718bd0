package org.graalite.interop;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
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
 * sqlite3_interrupt does (a guest calls it from a function the statement runs; another thread
 * cannot enter the context while a statement runs, and uses the JDBC driver's cancel()).
 * {@code enableLoadExtension(enabled[, sqlFunctionToo])} and {@code loadExtension(path[,
 * entryPoint])} load SQLite extensions (native libraries; off until enabled).
 * {@code integerColumns(row)} tells which values of a result row are INTEGERs ("1" and "0").
 * {@code flag(op[, on])} reads or sets one of sqlite3_db_config's on/off options.
 *
 * <p>One more member is not listed: {@link #HOST_CONNECTION}, for Graalite's JDBC driver.
 */
@ExportLibrary(InteropLibrary.class)
public final class ConnectionObject implements TruffleObject {
    private static final StringList MEMBERS = new StringList("prepare", "execute", "close", "begin", "commit", "rollback", "backup", "serialize", "deserialize", "interrupt", "setProgressHandler", "setAuthorizer", "limit", "blobOpen", "enableLoadExtension", "loadExtension", "integerColumns", "flag", "createFunction", "createAggregate", "createWindowFunction", "createCollation", "open", "changes", "totalChanges", "lastInsertRowid", "autocommit", "sqliteVersion", "path",
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

    @ExportMessage
    boolean isMemberReadable(String member) {
        // A switch (hash, then one comparison), not a search of MEMBERS: guests read
        // autocommit, changes and lastInsertRowid around every statement they run.
        switch (member) {
            case "changes", "totalChanges", "lastInsertRowid", "autocommit", "sqliteVersion", "path", "truffleExecutions", "nativeExecutions", HOST_CONNECTION:
                return true;
            default:
                return false;
        }
    }

    @ExportMessage
    boolean isMemberInvocable(String member) {
        // Every listed member but the properties that isMemberReadable answers.
        return MEMBERS.contains(member) && !isMemberReadable(member);
    }

    @ExportMessage
    @TruffleBoundary
    Object readMember(String member) throws UnknownIdentifierException {
        NativeConnection c = database.connection();
        switch (member) {
            case "changes":
                return c.changes();
            case "totalChanges":
                return c.totalChanges();
            case "lastInsertRowid":
                return c.lastInsertRowid();
            case "autocommit":
                return c.autocommit();
            case "sqliteVersion":
                return NativeConnection.libraryVersion();
            case "path":
                return c.path();
            case "truffleExecutions":
                return database.statistics().truffleExecutions();
            case "nativeExecutions":
                return database.statistics().nativeExecutions();
            case HOST_CONNECTION:
                return context.asHostValue(c);
            default:
                throw UnknownIdentifierException.create(member);
        }
    }

    @ExportMessage
    @TruffleBoundary
    Object invokeMember(String member, Object[] arguments) throws UnknownIdentifierException, ArityException, UnsupportedTypeException, UnsupportedMessageException {
        InteropLibrary interop = InteropLibrary.getUncached();
        switch (member) {
            case "prepare": {
                if (arguments.length != 1) {
                    throw ArityException.create(1, 1, arguments.length);
                }
                return new PreparedStatementObject(database.prepare(sqlText(interop, arguments[0])));
            }
            case "execute": {
                if (arguments.length < 1) {
                    throw ArityException.create(1, -1, arguments.length);
                }
                PreparedStatementObject statement = new PreparedStatementObject(database.prepare(sqlText(interop, arguments[0])));
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
            case "backup": {
                // backup(target[, name[, pages[, progress[, sleepMillis[, targetName]]]]]): copies
                // database `name` (default "main") over target's `targetName` (default "main"), `pages` per step
                // (negative: all at once), calling progress(status, remaining, pageCount) after
                // each step; a number it returns is the next step's pages.
                if (arguments.length < 1 || arguments.length > 6) {
                    throw ArityException.create(1, 6, arguments.length);
                }
                if (!(arguments[0] instanceof ConnectionObject target)) {
                    throw UnsupportedTypeException.create(arguments, "backup(target, ...): target must be a connection");
                }
                String name = schemaName(interop, arguments, 1);
                int pages = arguments.length > 2 && interop.fitsInInt(arguments[2]) ? interop.asInt(arguments[2]) : -1;
                Object progress = optionalCallable(interop, arguments, 3, "backup(target, name, pages, progress): progress must be executable");
                int sleepMillis = arguments.length > 4 && interop.fitsInInt(arguments[4]) ? interop.asInt(arguments[4]) : 250;
                org.graalite.nativeapi.Backup.Progress told = progress == null ? null : (status, remaining, pageCount) -> {
                    try {
                        Object next = interop.execute(progress, status, remaining, pageCount);
                        return interop.fitsInInt(next) ? interop.asInt(next) : org.graalite.nativeapi.Backup.KEEP;
                    } catch (com.oracle.truffle.api.interop.InteropException e) {
                        throw org.graalite.runtime.SqliteException.error("backup progress failed: " + e.getMessage());
                    }
                };
                String targetName = schemaName(interop, arguments, 5);
                org.graalite.nativeapi.Backup.copy(database.connection(), name, target.database.connection(), targetName, pages, told, sleepMillis);
                return SqlNull.INSTANCE;
            }
            case "serialize": {
                // serialize([name]): the database's bytes as a BLOB, null if SQLite has none.
                if (arguments.length > 1) {
                    throw ArityException.create(0, 1, arguments.length);
                }
                String name = schemaName(interop, arguments, 0);
                byte[] bytes = org.graalite.nativeapi.Serialization.serialize(database.connection(), name);
                return bytes == null ? SqlNull.INSTANCE : new SqlBlob(bytes);
            }
            case "deserialize": {
                // deserialize(bytes[, name]): the database becomes the one in bytes.
                if (arguments.length < 1 || arguments.length > 2) {
                    throw ArityException.create(1, 2, arguments.length);
                }
                if (!(org.graalite.runtime.Binder.toSqlValue(0, arguments[0]) instanceof byte[] bytes)) {
                    throw UnsupportedTypeException.create(arguments, "deserialize(bytes[, name]): bytes must be a byte buffer or array");
                }
                String name = schemaName(interop, arguments, 1);
                org.graalite.nativeapi.Serialization.deserialize(database.connection(), name, bytes);
                return SqlNull.INSTANCE;
            }
            case "createWindowFunction": {
                // createWindowFunction(name, argumentCount, factory): factory() makes an
                // accumulator with step(...), inverse(...), value() and finalize(); a null
                // factory removes the function of that name and argument count.
                if (arguments.length != 3) {
                    throw ArityException.create(3, 3, arguments.length);
                }
                if (!interop.fitsInInt(arguments[1])) {
                    throw UnsupportedTypeException.create(arguments, "createWindowFunction(name, argumentCount, factory)");
                }
                String name = sqlText(interop, arguments[0]);
                int argumentCount = interop.asInt(arguments[1]);
                if (interop.isNull(arguments[2])) {
                    database.removeFunction(name, argumentCount);
                } else {
                    database.createWindowFunction(org.graalite.runtime.UserAggregate.ofFactory(name, argumentCount, arguments[2], null));
                }
                return SqlNull.INSTANCE;
            }
            case "createCollation": {
                // createCollation(name, compare): compare(a, b) orders two texts by the sign of
                // its result; null removes the collation.
                if (arguments.length != 2) {
                    throw ArityException.create(2, 2, arguments.length);
                }
                String name = sqlText(interop, arguments[0]);
                // A Java Comparator (Graalite's JDBC driver) is kept as the Java object it is.
                Object host = context.hostObject(arguments[1]);
                if (host instanceof java.util.Comparator<?>) {
                    database.createCollation(name, new org.graalite.runtime.UserCollation(name, host));
                } else if (interop.isNull(arguments[1])) {
                    database.createCollation(name, null);
                } else if (interop.isExecutable(arguments[1])) {
                    database.createCollation(name, new org.graalite.runtime.UserCollation(name, arguments[1]));
                } else {
                    throw UnsupportedTypeException.create(arguments, "createCollation(name, compare): compare must be executable or null");
                }
                return SqlNull.INSTANCE;
            }
            case "blobOpen": {
                // blobOpen(table, column, row[, readOnly[, name]]): the BLOB of one row, for
                // incremental reads and writes (a BlobObject).
                if (arguments.length < 3 || arguments.length > 5) {
                    throw ArityException.create(3, 5, arguments.length);
                }
                if (!interop.fitsInLong(arguments[2])) {
                    throw UnsupportedTypeException.create(arguments, "blobOpen(table, column, row[, readOnly[, name]]): row must be an integer");
                }
                boolean readOnly = arguments.length > 3 && interop.isBoolean(arguments[3]) && interop.asBoolean(arguments[3]);
                String name = schemaName(interop, arguments, 4);
                return new BlobObject(org.graalite.nativeapi.NativeBlob.open(database.connection(), name, sqlText(interop, arguments[0]), sqlText(interop, arguments[1]),
                                interop.asLong(arguments[2]), readOnly));
            }
            case "limit": {
                // limit(category[, value]): sqlite3_limit; returns the value before.
                if (arguments.length < 1 || arguments.length > 2) {
                    throw ArityException.create(1, 2, arguments.length);
                }
                if (!interop.fitsInInt(arguments[0]) || (arguments.length == 2 && !interop.fitsInInt(arguments[1]))) {
                    throw UnsupportedTypeException.create(arguments, "limit(category[, value]): ints");
                }
                return database.limit(interop.asInt(arguments[0]), arguments.length == 2 ? interop.asInt(arguments[1]) : -1);
            }
            case "setAuthorizer": {
                // setAuthorizer(callable): callable(action, first, second, database, trigger)
                // answers 0 (allow), 1 (deny) or 2 (ignore) while statements are prepared; null removes it.
                if (arguments.length != 1) {
                    throw ArityException.create(1, 1, arguments.length);
                }
                database.setAuthorizer(optionalCallable(interop, arguments, 0, "setAuthorizer(callable): callable must be executable or null"));
                return SqlNull.INSTANCE;
            }
            case "setProgressHandler": {
                // setProgressHandler(callable, instructions): callable() every `instructions`
                // VDBE instructions stops the statement when it answers true; null removes it.
                if (arguments.length != 2) {
                    throw ArityException.create(2, 2, arguments.length);
                }
                String usage = "setProgressHandler(callable, instructions): callable must be executable or null, instructions an int";
                Object handler = optionalCallable(interop, arguments, 0, usage);
                if (!interop.fitsInInt(arguments[1])) {
                    throw UnsupportedTypeException.create(arguments, usage);
                }
                database.setProgressHandler(handler, interop.asInt(arguments[1]));
                return SqlNull.INSTANCE;
            }
            case "enableLoadExtension": {
                // enableLoadExtension(enabled[, sqlFunctionToo]): lets loadExtension (and, unless
                // sqlFunctionToo is false, SQL's load_extension()) load native extensions.
                if (arguments.length < 1 || arguments.length > 2) {
                    throw ArityException.create(1, 2, arguments.length);
                }
                if (!interop.isBoolean(arguments[0]) || (arguments.length == 2 && !interop.isBoolean(arguments[1]))) {
                    throw UnsupportedTypeException.create(arguments, "enableLoadExtension(enabled[, sqlFunctionToo]): booleans");
                }
                boolean sqlFunctionToo = arguments.length < 2 || interop.asBoolean(arguments[1]);
                context.checkExtensionsAllowed();
                org.graalite.nativeapi.Extensions.enable(database.connection(), interop.asBoolean(arguments[0]), sqlFunctionToo);
                return SqlNull.INSTANCE;
            }
            case "loadExtension": {
                // loadExtension(path[, entryPoint]): sqlite3_load_extension.
                if (arguments.length < 1 || arguments.length > 2) {
                    throw ArityException.create(1, 2, arguments.length);
                }
                String entryPoint = arguments.length == 2 && !interop.isNull(arguments[1]) ? sqlText(interop, arguments[1]) : null;
                context.checkExtensionsAllowed();
                org.graalite.nativeapi.Extensions.load(database.connection(), context.extensionPath(sqlText(interop, arguments[0])), entryPoint);
                return SqlNull.INSTANCE;
            }
            case "flag": {
                // flag(op[, on]): sqlite3_db_config's on/off option op (SQLITE_DBCONFIG_*),
                // set when on is given; answers its value afterwards.
                if (arguments.length < 1 || arguments.length > 2) {
                    throw ArityException.create(1, 2, arguments.length);
                }
                if (!interop.fitsInInt(arguments[0]) || (arguments.length == 2 && !interop.isBoolean(arguments[1]))) {
                    throw UnsupportedTypeException.create(arguments, "flag(op[, on]): an int and a boolean");
                }
                int value = arguments.length == 2 ? (interop.asBoolean(arguments[1]) ? 1 : 0) : -1;
                return org.graalite.nativeapi.ConnectionFlags.set(database.connection(), interop.asInt(arguments[0]), value);
            }
            case "integerColumns": {
                // integerColumns(row): which values of a result row are INTEGERs, as a string
                // of '1' and '0' (better-sqlite3's safe integers; JavaScript numbers cannot tell).
                if (arguments.length != 1) {
                    throw ArityException.create(1, 1, arguments.length);
                }
                if (!(arguments[0] instanceof Row row)) {
                    throw UnsupportedTypeException.create(arguments, "integerColumns(row): a row of a result");
                }
                char[] kinds = new char[row.size()];
                for (int i = 0; i < kinds.length; i++) {
                    kinds[i] = row.get(i) instanceof Long ? '1' : '0';
                }
                return new String(kinds);
            }
            case "interrupt":
                if (arguments.length != 0) {
                    throw ArityException.create(0, 0, arguments.length);
                }
                database.connection().interrupt();
                return SqlNull.INSTANCE;
            case "open": {
                // open(path[, readOnly]): another connection, to the same or another database
                if (arguments.length < 1 || arguments.length > 2) {
                    throw ArityException.create(1, 2, arguments.length);
                }
                boolean readOnly = arguments.length == 2 && interop.isBoolean(arguments[1]) && interop.asBoolean(arguments[1]);
                return new ConnectionObject(context.openDatabase(sqlText(interop, arguments[0]), readOnly), context);
            }
            case "createAggregate": {
                // createAggregate(name, argumentCount, factory[, argumentSlots]): factory() makes an object with step(...) and finalize();
                // createAggregate(name, argumentCount, start, step, finalize[, slotStep, argumentSlots]): state = start(),
                // state = step(state, ...), finalize(state).
                // The optional ones are the guest modules' argument-less step (see
                // UserAggregate#slots): the accumulator's slotStep() in the object shape,
                // slotStep() in the functions shape, reading the state (functions shape) and
                // the arguments from argumentSlots.
                int n = arguments.length;
                if (n < 3 || n > 7) {
                    throw ArityException.create(3, 7, n);
                }
                if (!interop.fitsInInt(arguments[1])) {
                    throw UnsupportedTypeException.create(arguments, "createAggregate(name, argumentCount, factory | start, step, finalize)");
                }
                String name = sqlText(interop, arguments[0]);
                int count = interop.asInt(arguments[1]);
                org.graalite.runtime.UserAggregate aggregate;
                if (n == 3 && context.hostObject(arguments[2]) instanceof org.graalite.runtime.JavaAggregate.Factory java) {
                    aggregate = org.graalite.runtime.UserAggregate.ofJava(name, count, java);
                } else if (n == 3 || n == 4) {
                    if (!(interop.isExecutable(arguments[2]) || interop.isInstantiable(arguments[2]))) {
                        throw UnsupportedTypeException.create(arguments, "createAggregate(name, argumentCount, factory)");
                    }
                    Object slots = n == 4 ? argumentSlots(interop, arguments, 3, count) : null;
                    aggregate = org.graalite.runtime.UserAggregate.ofFactory(name, count, arguments[2], slots);
                } else if (n == 5 || n == 7) {
                    if (!interop.isExecutable(arguments[2]) || !interop.isExecutable(arguments[3]) || !interop.isExecutable(arguments[4]) || (n == 7 && !interop.isExecutable(arguments[5]))) {
                        throw UnsupportedTypeException.create(arguments, "createAggregate(name, argumentCount, start, step, finalize[, slotStep, argumentSlots])");
                    }
                    Object slots = n == 7 ? argumentSlots(interop, arguments, 6, count + 1) : null;
                    aggregate = org.graalite.runtime.UserAggregate.ofFunctions(name, count, arguments[2], arguments[3], arguments[4], n == 7 ? arguments[5] : null, slots);
                } else {
                    throw ArityException.create(5, 7, n);
                }
                database.createAggregate(aggregate);
                return SqlNull.INSTANCE;
            }
            case "createFunction": {
                // createFunction(name, argumentCount, callable[, deterministic[, slotCallable, argumentSlots]]):
                // the last two are the guest modules' argument-less form of the callable (see
                // UserFunction.ArgumentSlots): a callable of no arguments and a guest array of
                // argumentCount elements, from which it reads its arguments.
                if (arguments.length < 3 || arguments.length > 6 || arguments.length == 5) {
                    throw ArityException.create(3, 6, arguments.length);
                }
                // A JavaFunction (Graalite's JDBC driver) is kept as the Java object it is, and called without interop.
                Object java = context.hostObject(arguments[2]) instanceof org.graalite.runtime.JavaFunction f ? f : null;
                if (!interop.fitsInInt(arguments[1]) || (java == null && !interop.isExecutable(arguments[2]))) {
                    throw UnsupportedTypeException.create(arguments, "createFunction(name, argumentCount, callable[, deterministic[, slotCallable, argumentSlots]])");
                }
                boolean deterministic = arguments.length >= 4 && interop.isBoolean(arguments[3]) && interop.asBoolean(arguments[3]);
                int argumentCount = interop.asInt(arguments[1]);
                org.graalite.runtime.UserFunction.ArgumentSlots slots = null;
                if (arguments.length == 6) {
                    if (java != null || argumentCount < 1 || !interop.isExecutable(arguments[4]) || !interop.hasArrayElements(arguments[5]) || interop.getArraySize(arguments[5]) != argumentCount) {
                        throw UnsupportedTypeException.create(arguments, "slotCallable must be executable and argumentSlots an array of argumentCount elements");
                    }
                    slots = new org.graalite.runtime.UserFunction.ArgumentSlots(arguments[4], arguments[5]);
                }
                database.createFunction(sqlText(interop, arguments[0]), argumentCount, java != null ? java : arguments[2], deterministic, slots);
                return SqlNull.INSTANCE;
            }
            default:
                throw UnknownIdentifierException.create(member);
        }
    }

    private static org.graalite.runtime.Statement bindAll(PreparedStatementObject statement, Object[] arguments) {
        org.graalite.runtime.Binder.bind(statement.statement(), arguments);
        return statement.statement();
    }

    /** arguments[index] as argument slots: a guest array of {@code size} elements, for a fixed argument count. */
    private static Object argumentSlots(InteropLibrary interop, Object[] arguments, int index, int size) throws UnsupportedTypeException, UnsupportedMessageException {
        Object slots = arguments[index];
        if (size < 1 || !interop.hasArrayElements(slots) || interop.getArraySize(slots) != size) {
            throw UnsupportedTypeException.create(arguments, "argumentSlots must be an array of " + size + " elements");
        }
        return slots;
    }

    /** arguments[index] as the name of an attached database ("main" when absent or null). */
    private static String schemaName(InteropLibrary interop, Object[] arguments, int index) throws UnsupportedTypeException, UnsupportedMessageException {
        return arguments.length > index && !interop.isNull(arguments[index]) ? sqlText(interop, arguments[index]) : "main";
    }

    /** arguments[index] as a callable, null when absent or null; {@code usage} is the error otherwise. */
    private static Object optionalCallable(InteropLibrary interop, Object[] arguments, int index, String usage) throws UnsupportedTypeException {
        if (arguments.length <= index || interop.isNull(arguments[index])) {
            return null;
        }
        if (!interop.isExecutable(arguments[index])) {
            throw UnsupportedTypeException.create(arguments, usage);
        }
        return arguments[index];
    }

    private static String sqlText(InteropLibrary interop, Object value) throws UnsupportedTypeException, UnsupportedMessageException {
        if (!interop.isString(value)) {
            throw UnsupportedTypeException.create(new Object[]{value}, "the SQL text must be a string");
        }
        return interop.asString(value);
    }

    @ExportMessage
    @SuppressWarnings("unused")
    Object toDisplayString(boolean allowSideEffects) {
        return "sql connection";
    }
}
