package org.graalite.interop;

import com.oracle.truffle.api.interop.ArityException;
import com.oracle.truffle.api.interop.InteropLibrary;
import com.oracle.truffle.api.interop.UnknownIdentifierException;
import com.oracle.truffle.api.interop.UnsupportedMessageException;
import com.oracle.truffle.api.interop.UnsupportedTypeException;

import org.graalite.language.SqlContext;
import org.graalite.runtime.Database;

/**
 * The connection object's members that read or set how the connection behaves: limit, flag,
 * enableLoadExtension, loadExtension, numbersAreReal, addExtensionFunctions, walSynchronous
 * and invalidTextAsBytes (see {@link ConnectionObject}).
 */
final class ConnectionOptionMembers {
    static final StringList NAMES = new StringList("limit", "enableLoadExtension", "loadExtension", "flag", "numbersAreReal", "addExtensionFunctions", "walSynchronous", "invalidTextAsBytes");

    private ConnectionOptionMembers() {
    }

    static Object invoke(String member, Object[] arguments, Database database, SqlContext context) throws UnknownIdentifierException, ArityException, UnsupportedTypeException, UnsupportedMessageException {
        InteropLibrary interop = InteropLibrary.getUncached();
        switch (member) {
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
            case "numbersAreReal": {
                // numbersAreReal([on]): whether the guest's plain numbers are REALs when bound
                // as parameters or returned by functions and aggregates defined afterwards
                // (Database#guestNumbersAreReal; JavaScript's better-sqlite3 module sets it).
                // Returns the setting before.
                return booleanSetting(member, arguments, database.guestNumbersAreReal(), database::setGuestNumbersAreReal);
            }
            case "invalidTextAsBytes": {
                // invalidTextAsBytes([on]): whether rows hand out TEXT that is not valid UTF-8
                // as its bytes (Database#invalidTextAsBytes; the Python module sets it). Returns
                // the setting before.
                return booleanSetting(member, arguments, database.invalidTextAsBytes(), database::setInvalidTextAsBytes);
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
                String entryPoint = arguments.length == 2 && !interop.isNull(arguments[1]) ? MemberArguments.sqlText(interop, arguments[1]) : null;
                context.checkExtensionsAllowed();
                org.graalite.nativeapi.Extensions.load(database.connection(), context.extensionPath(MemberArguments.sqlText(interop, arguments[0])), entryPoint);
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
            case "walSynchronous": {
                // walSynchronous(level): the synchronous level (0 to 3, -1 for SQLite's
                // default) that databases in WAL mode take unless PRAGMA synchronous set one,
                // SQLITE_DEFAULT_WAL_SYNCHRONOUS for this connection (better-sqlite3's is 1).
                // Returns the setting before.
                if (arguments.length != 1) {
                    throw ArityException.create(1, 1, arguments.length);
                }
                if (!interop.fitsInInt(arguments[0]) || interop.asInt(arguments[0]) < -1 || interop.asInt(arguments[0]) > 3) {
                    throw UnsupportedTypeException.create(arguments, "walSynchronous(level): -1 or 0 to 3");
                }
                return database.setWalSynchronous(interop.asInt(arguments[0]));
            }
            case "addExtensionFunctions": {
                // addExtensionFunctions(): the functions sqlite-jdbc adds to its connections
                // (ExtensionFunctions); Graalite's JDBC driver calls it on each of its own.
                if (arguments.length != 0) {
                    throw ArityException.create(0, 0, arguments.length);
                }
                org.graalite.nativeapi.ExtensionFunctions.add(database.connection());
                return SqlNull.INSTANCE;
            }
            default:
                throw UnknownIdentifierException.create(member);
        }
    }

    /** A member NAME([on]) of a boolean setting: sets it to {@code on} if given, and returns {@code before}, its value until then. */
    private static boolean booleanSetting(String name, Object[] arguments, boolean before, java.util.function.Consumer<Boolean> set) throws ArityException, UnsupportedTypeException {
        InteropLibrary interop = InteropLibrary.getUncached();
        if (arguments.length > 1) {
            throw ArityException.create(0, 1, arguments.length);
        }
        if (arguments.length == 1 && !interop.isBoolean(arguments[0])) {
            throw UnsupportedTypeException.create(arguments, name + "([on]): a boolean");
        }
        if (arguments.length == 1) {
            try {
                set.accept(interop.asBoolean(arguments[0]));
            } catch (UnsupportedMessageException e) {
                throw UnsupportedTypeException.create(arguments, name + "([on]): a boolean");
            }
        }
        return before;
    }
}
