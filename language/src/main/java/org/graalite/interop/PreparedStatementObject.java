package org.graalite.interop;

import com.oracle.truffle.api.Assumption;
import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.RootCallTarget;
import com.oracle.truffle.api.dsl.Cached;
import com.oracle.truffle.api.dsl.Specialization;
import com.oracle.truffle.api.interop.ArityException;
import com.oracle.truffle.api.interop.InteropLibrary;
import com.oracle.truffle.api.interop.TruffleObject;
import com.oracle.truffle.api.interop.UnknownIdentifierException;
import com.oracle.truffle.api.library.ExportLibrary;
import com.oracle.truffle.api.library.ExportMessage;
import com.oracle.truffle.api.nodes.DirectCallNode;

import org.graalite.nativeapi.NativeStatement;
import org.graalite.runtime.Binder;
import org.graalite.runtime.ConnectionLock;
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

    /**
     * A guest's call of the statement. When its last execution ran on the Truffle tier, the
     * program is called through a DirectCallNode cached per call target at the guest's call
     * site (as QueryResult's row loop does), so a Python or JavaScript loop that executes a
     * statement per iteration (an INSERT per row, a lookup per row) compiles the statement's
     * steps into the loop; binding and the start of the execution stay behind boundaries.
     */
    @ExportMessage
    static final class Execute {
        /** While no context of the engine has had two threads at once (see QueryResult.HasIteratorNextElement). */
        @Specialization(guards = {"receiver.truffleTarget() == target", "target != null"}, assumptions = "alone", limit = "4")
        static Object compiledAlone(PreparedStatementObject receiver, Object[] arguments,
                        @Cached("receiver.truffleTarget()") RootCallTarget target,
                        @Cached("create(target)") DirectCallNode call,
                        @Cached("receiver.lock().singleThreaded()") Assumption alone) {
            ConnectionLock lock = receiver.lock();
            lock.enterAlone();
            try {
                return receiver.runCompiled(arguments, target, call);
            } finally {
                lock.leaveAlone();
            }
        }

        @Specialization(guards = {"receiver.truffleTarget() == target", "target != null"}, limit = "4")
        static Object compiled(PreparedStatementObject receiver, Object[] arguments,
                        @Cached("receiver.truffleTarget()") RootCallTarget target,
                        @Cached("create(target)") DirectCallNode call) {
            ConnectionLock lock = receiver.lock();
            boolean locked = lock.enter();
            try {
                return receiver.runCompiled(arguments, target, call);
            } finally {
                lock.leave(locked);
            }
        }

        /** Last run on SQLite's engine (cold, or a statement the Truffle tier leaves to it), or inlining is off. */
        @Specialization(guards = "receiver.truffleTarget() == null")
        static Object notCompiled(PreparedStatementObject receiver, Object[] arguments) {
            return receiver.run(arguments);
        }

        /** More statements at one call site than the cache holds. */
        @Specialization(replaces = {"compiledAlone", "compiled"})
        static Object megamorphic(PreparedStatementObject receiver, Object[] arguments) {
            return receiver.run(arguments);
        }
    }

    ConnectionLock lock() {
        return statement.database().lock();
    }

    /** The call target of the statement's program when its last execution ran on the Truffle tier (for the DSL's expressions). */
    RootCallTarget truffleTarget() {
        return statement.truffleTarget();
    }

    /**
     * {@link #run} with the program stepped through {@code call}, with the connection entered:
     * the same outcome as Database#run, errors included. The tier is chosen anew at the start;
     * if this execution does not run {@code target} it goes on as {@link #run} would.
     */
    private Object runCompiled(Object[] arguments, RootCallTarget target, DirectCallNode call) {
        int generation = begin(arguments);
        if (statement.truffleTarget() != target) {
            return statement.database().runBegun(statement, generation, false);
        }
        if (statement.isQuery()) {
            return firstRows(generation, statement.stepInlined(call));
        }
        long before = statement.execution().vdbe.totalChangesAtBegin;
        while (statement.stepInlined(call)) {
            // a statement without result columns produces no rows
        }
        return changesSince(before);
    }

    /** Ends a running execution, binds {@code arguments} and begins the next execution: its generation. */
    @TruffleBoundary
    private int begin(Object[] arguments) {
        statement.finish();
        Binder.bind(statement, arguments);
        return statement.begin();
    }

    @TruffleBoundary
    private QueryResult firstRows(int generation, boolean hasRow) {
        return new QueryResult(statement, generation, hasRow, false);
    }

    @TruffleBoundary
    private long changesSince(long before) {
        return statement.changesSince(before);
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
