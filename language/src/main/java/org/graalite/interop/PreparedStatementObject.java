package org.graalite.interop;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.interop.ArityException;
import com.oracle.truffle.api.interop.InteropLibrary;
import com.oracle.truffle.api.interop.TruffleObject;
import com.oracle.truffle.api.interop.UnknownIdentifierException;
import com.oracle.truffle.api.library.ExportLibrary;
import com.oracle.truffle.api.library.ExportMessage;

import org.graalite.nativeapi.NativeStatement;
import org.graalite.runtime.Binder;
import org.graalite.runtime.Statement;

/**
 * A prepared statement for guests. Calling it with parameter values (positional, or one
 * object or map for named parameters) runs it and returns its {@link QueryResult}, or the
 * number of changed rows.
 *
 * <p>Members: {@code columns}, {@code parameters} (names, null for plain {@code ?}),
 * {@code parameterCount}, {@code readonly}, {@code sql}, {@code declaredTypes},
 * {@code tableNames}, {@code originNames}, {@code execute(...)} (same as calling it), and
 * {@code close()}.
 *
 * <p>One more member is not listed: {@link #HOST_STATEMENT}, for Graalite's JDBC driver.
 */
@ExportLibrary(InteropLibrary.class)
public final class PreparedStatementObject implements TruffleObject {
    private static final StringList MEMBERS = new StringList("columns", "parameters", "parameterCount", "readonly", "sql", "declaredTypes", "tableNames", "originNames",
                    "execute", "close");

    /**
     * The runtime {@link Statement} as a host object. Graalite's JDBC driver, Java code in the
     * same module, runs it through its Java methods with the context entered: each polyglot
     * Value message (execute, one per row, one conversion per row to a Java array) enters and
     * leaves the context and converts values, which made JDBC twice as slow as the Value API.
     * Guests gain nothing from it that prepare and execute do not give them.
     */
    public static final String HOST_STATEMENT = "hostStatement";

    private final Statement statement;

    public PreparedStatementObject(Statement statement) {
        this.statement = statement;
    }

    public Statement statement() {
        return statement;
    }

    @TruffleBoundary
    private Object run(Object[] arguments) {
        org.graalite.runtime.ConnectionLock lock = statement.database().lock();
        boolean locked = lock.enter();
        try {
            // Bindings cannot change while an execution runs: end it first.
            statement.finish();
            Binder.bind(statement, arguments);
            return statement.database().run(statement, false);
        } finally {
            lock.leave(locked);
        }
    }

    @ExportMessage
    boolean isExecutable() {
        return true;
    }

    @ExportMessage
    Object execute(Object[] arguments) {
        return run(arguments);
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
        return (MEMBERS.contains(member) && !isMemberInvocable(member)) || member.equals(HOST_STATEMENT);
    }

    @ExportMessage
    boolean isMemberInvocable(String member) {
        return member.equals("execute") || member.equals("close");
    }

    @ExportMessage
    @TruffleBoundary
    Object readMember(String member) throws UnknownIdentifierException {
        org.graalite.runtime.ConnectionLock lock = statement.database().lock();
        boolean locked = lock.enter();
        try {
            return readMemberLocked(member);
        } finally {
            lock.leave(locked);
        }
    }

    private Object readMemberLocked(String member) throws UnknownIdentifierException {
        NativeStatement s = statement.nativeStatement();
        switch (member) {
            case "columns":
                return statement.columns().list();
            case "parameterCount":
                return statement.parameterCount();
            case "parameters": {
                String[] names = new String[statement.parameterCount()];
                for (int i = 0; i < names.length; i++) {
                    names[i] = s.parameterName(i + 1);
                }
                return new NullableStringList(names);
            }
            case "readonly":
                return s.isReadOnly();
            case "sql":
                return s.sql();
            case HOST_STATEMENT:
                return org.graalite.language.SqlContext.get(null).asHostValue(statement);
            case "declaredTypes":
            case "tableNames":
            case "originNames": {
                String[] values = new String[statement.columns().size()];
                for (int i = 0; i < values.length; i++) {
                    values[i] = member.equals("declaredTypes") ? s.columnDeclaredType(i) : member.equals("tableNames") ? s.columnTableName(i) : s.columnOriginName(i);
                }
                return new NullableStringList(values);
            }
            default:
                throw UnknownIdentifierException.create(member);
        }
    }

    @ExportMessage
    Object invokeMember(String member, Object[] arguments) throws UnknownIdentifierException, ArityException {
        switch (member) {
            case "execute":
                return run(arguments);
            case "close":
                if (arguments.length != 0) {
                    throw ArityException.create(0, 0, arguments.length);
                }
                close();
                return SqlNull.INSTANCE;
            default:
                throw UnknownIdentifierException.create(member);
        }
    }

    @TruffleBoundary
    private void close() {
        org.graalite.runtime.ConnectionLock lock = statement.database().lock();
        boolean locked = lock.enter();
        try {
            statement.close();
        } finally {
            lock.leave(locked);
        }
    }

    @ExportMessage
    @TruffleBoundary
    Object toDisplayString(@SuppressWarnings("unused") boolean allowSideEffects) {
        return "PreparedStatement[" + (statement.isClosed() ? "closed" : statement.nativeStatement().sql()) + "]";
    }
}
