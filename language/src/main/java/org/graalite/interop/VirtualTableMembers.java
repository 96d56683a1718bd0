package org.graalite.interop;

import com.oracle.truffle.api.interop.ArityException;
import com.oracle.truffle.api.interop.InteropLibrary;
import com.oracle.truffle.api.interop.UnknownIdentifierException;
import com.oracle.truffle.api.interop.UnsupportedMessageException;
import com.oracle.truffle.api.interop.UnsupportedTypeException;

import org.graalite.runtime.Database;

/**
 * The connection object's member that defines virtual tables in guest code:
 * {@code createModule(name, factory, eponymous)}. {@code factory(module, database, table,
 * ...arguments)} returns a table's definition (its declaration, parameters and rows: see
 * org.graalite.runtime.GuestModule). With {@code eponymous} true, the table {@code name}
 * exists at once (better-sqlite3's table(name, definition)); otherwise CREATE VIRTUAL TABLE t
 * USING name(arguments) makes tables (table(name, factory)).
 */
final class VirtualTableMembers {
    static final StringList NAMES = new StringList("createModule");

    private VirtualTableMembers() {
    }

    static Object invoke(String member, Object[] arguments, Database database) throws UnknownIdentifierException, ArityException, UnsupportedTypeException, UnsupportedMessageException {
        InteropLibrary interop = InteropLibrary.getUncached();
        if (!member.equals("createModule")) {
            throw UnknownIdentifierException.create(member);
        }
        if (arguments.length != 3) {
            throw ArityException.create(3, 3, arguments.length);
        }
        if (!interop.isExecutable(arguments[1]) || !interop.isBoolean(arguments[2])) {
            throw UnsupportedTypeException.create(arguments, "createModule(name, factory, eponymous): factory must be executable, eponymous a boolean");
        }
        database.createModule(MemberArguments.sqlText(interop, arguments[0]), arguments[1], interop.asBoolean(arguments[2]));
        return SqlNull.INSTANCE;
    }
}
