package org.graalite.interop;

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
        // Bindings cannot change while an execution runs: end it first.
        statement.finish();
        Binder.bind(statement, arguments);
        return statement.database().run(statement, false);
    }

    /**
     * {@link #run} with the program called through the caller's {@code program} node, a
     * DirectCallNode of the statement's {@link Statement#truffleTarget()}: a guest's loop that
     * runs the statement (an INSERT per row, a lookup per row of an outer query) compiles
     * together with the statement's program, as a loop over a result's rows does
     * (QueryResult). Binding and the start of the execution stay behind a boundary; when the
     * start chose another target (the statement went to SQLite's engine for this execution, or
     * was prepared again with another program), the execution goes on as {@link #run} would.
     */
    private Object runInlined(Object[] arguments, DirectCallNode program) {
        int generation = begin(arguments);
        if (statement.truffleTarget() != program.getCallTarget()) {
            return statement.database().runBegun(statement, generation, false);
        }
        if (statement.isQuery()) {
            return new QueryResult(statement, generation, statement.stepInlined(program), false);
        }
        long before = totalChangesAtBegin();
        while (statement.stepInlined(program)) {
            // a statement without result columns produces no rows
        }
        return changesSince(before);
    }

    @TruffleBoundary
    private long totalChangesAtBegin() {
        return statement.totalChangesAtBegin();
    }

    @TruffleBoundary
    private long changesSince(long before) {
        return statement.changesSince(before);
    }

    /** The call target of the statement's program when its last execution ran on the Truffle tier (and inlining is on), else null. */
    RootCallTarget inlinableTarget() {
        return statement.truffleTarget();
    }

    @TruffleBoundary
    private int begin(Object[] arguments) {
        statement.finish();
        Binder.bind(statement, arguments);
        return statement.begin();
    }

    @ExportMessage
    boolean isExecutable() {
        return true;
    }

    /**
     * Runs the statement. Where its last execution ran on the Truffle tier, through a
     * DirectCallNode cached per call target (see {@link #runInlined}); a few statements per
     * call site, as one site of a guest's module runs every statement of a program.
     */
    @ExportMessage
    static final class Execute {
        @Specialization(guards = {"receiver.inlinableTarget() == target", "target != null"}, limit = "4")
        static Object inlined(PreparedStatementObject receiver, Object[] arguments,
                        @Cached("receiver.inlinableTarget()") RootCallTarget target,
                        @Cached("create(target)") DirectCallNode program) {
            return receiver.runInlined(arguments, program);
        }

        /** SQLite's engine ran the last execution (or none ran yet): this one starts behind a boundary. */
        @Specialization(guards = "receiver.inlinableTarget() == null")
        static Object notInlined(PreparedStatementObject receiver, Object[] arguments) {
            return receiver.run(arguments);
        }

        /** More statements than the cache holds: an indirect call of each program. */
        @Specialization(replaces = "inlined")
        static Object megamorphic(PreparedStatementObject receiver, Object[] arguments) {
            return receiver.run(arguments);
        }
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
        statement.close();
    }

    @ExportMessage
    @TruffleBoundary
    Object toDisplayString(@SuppressWarnings("unused") boolean allowSideEffects) {
        return "PreparedStatement[" + (statement.isClosed() ? "closed" : statement.nativeStatement().sql()) + "]";
    }
}
