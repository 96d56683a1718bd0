package org.graalite.interop;

import com.oracle.truffle.api.interop.ArityException;
import com.oracle.truffle.api.interop.InteropLibrary;
import com.oracle.truffle.api.interop.UnknownIdentifierException;
import com.oracle.truffle.api.interop.UnsupportedMessageException;
import com.oracle.truffle.api.interop.UnsupportedTypeException;

import org.graalite.language.SqlContext;
import org.graalite.nativeapi.Backup;
import org.graalite.runtime.ConnectionLock;
import org.graalite.runtime.Database;

/**
 * The connection object's members that copy a database or a value in and out whole or in
 * parts: backup, serialize, deserialize and blobOpen (see {@link ConnectionObject}).
 */
final class DatabaseCopyMembers {
    static final StringList NAMES = new StringList("serialize", "deserialize", "blobOpen");

    private DatabaseCopyMembers() {
    }

    /**
     * backup(target[, name[, pages[, progress[, sleepMillis[, targetName]]]]]): copies database
     * {@code name} (default "main") over target's {@code targetName} (default "main"),
     * {@code pages} per step (negative: all at once), calling progress(status, remaining,
     * pageCount) after each step; a number it returns is the next step's pages. Called without
     * the connection's lock: each step takes both connections' locks together
     * (ConnectionLock.Pair) and lets them go before the progress callback and any wait, so two
     * threads copying two connections into each other take turns, as with sqlite3 in CPython.
     */
    static Object backup(Object[] arguments, Database database) throws ArityException, UnsupportedTypeException, UnsupportedMessageException {
        InteropLibrary interop = InteropLibrary.getUncached();
        if (arguments.length < 1 || arguments.length > 6) {
            throw ArityException.create(1, 6, arguments.length);
        }
        if (!(arguments[0] instanceof ConnectionObject target)) {
            throw UnsupportedTypeException.create(arguments, "backup(target, ...): target must be a connection");
        }
        String name = MemberArguments.schemaName(interop, arguments, 1);
        int pages = arguments.length > 2 && interop.fitsInInt(arguments[2]) ? interop.asInt(arguments[2]) : -1;
        Object progress = MemberArguments.optionalCallable(interop, arguments, 3, "backup(target, name, pages, progress): progress must be executable");
        int sleepMillis = arguments.length > 4 && interop.fitsInInt(arguments[4]) ? interop.asInt(arguments[4]) : 250;
        Backup.Progress told = progress == null ? null : (status, remaining, pageCount) -> {
            try {
                Object next = interop.execute(progress, status, remaining, pageCount);
                return interop.fitsInInt(next) ? interop.asInt(next) : Backup.KEEP;
            } catch (com.oracle.truffle.api.interop.InteropException e) {
                throw org.graalite.runtime.SqliteException.error("backup progress failed: " + e.getMessage());
            }
        };
        String targetName = MemberArguments.schemaName(interop, arguments, 5);
        ConnectionLock.Pair locks = new ConnectionLock.Pair(database.lock(), target.database().lock());
        Backup.copy(database.connection(), name, target.database().connection(), targetName, pages, told, sleepMillis, new Backup.Steps() {
            @Override
            public void enter() {
                locks.enter();
            }

            @Override
            public void leave() {
                locks.leave();
            }

            @Override
            public void sleep(int millis) {
                ConnectionLock.sleep(millis);
            }
        });
        return SqlNull.INSTANCE;
    }

    static Object invoke(String member, Object[] arguments, Database database, SqlContext context) throws UnknownIdentifierException, ArityException, UnsupportedTypeException, UnsupportedMessageException {
        InteropLibrary interop = InteropLibrary.getUncached();
        switch (member) {
            case "serialize": {
                // serialize([name]): the database's bytes as a BLOB, null if SQLite has none.
                if (arguments.length > 1) {
                    throw ArityException.create(0, 1, arguments.length);
                }
                String name = MemberArguments.schemaName(interop, arguments, 0);
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
                String name = MemberArguments.schemaName(interop, arguments, 1);
                org.graalite.nativeapi.Serialization.deserialize(database.connection(), name, bytes);
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
                String name = MemberArguments.schemaName(interop, arguments, 4);
                return new BlobObject(org.graalite.nativeapi.NativeBlob.open(database.connection(), name, MemberArguments.sqlText(interop, arguments[0]), MemberArguments.sqlText(interop, arguments[1]),
                                interop.asLong(arguments[2]), readOnly), database.lock());
            }
            default:
                throw UnknownIdentifierException.create(member);
        }
    }
}
