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

    @ExportMessage
    boolean isExecutable() {
        return true;
    }

    /** The call target a caller may inline the program through: on the Truffle tier with inlining allowed, else null. */
    RootCallTarget inlinableTarget() {
        return statement.truffleTarget();
    }

    /** Ends the execution under way, binds {@code arguments} and starts a new one: its generation (see Statement.begin). */
    @TruffleBoundary
    private int start(Object[] arguments) {
        statement.finish();
        Binder.bind(statement, arguments);
        return statement.begin();
    }

    /**
     * A guest's call of the statement. On the Truffle tier the program is called through a
     * DirectCallNode cached per call target, so the call compiles together with the program
     * in the caller's code (a lookup per row of a Python or JavaScript loop, an INSERT per
     * row), as a loop over a result's rows does (see QueryResult); binding and starting the
     * execution stay out of line.
     */
    @ExportMessage
    static final class Execute {
        @Specialization(guards = {"receiver.inlinableTarget() == target", "target != null"}, limit = "3")
        static Object inlined(PreparedStatementObject receiver, Object[] arguments,
                        @Cached("receiver.inlinableTarget()") RootCallTarget target,
                        @Cached("create(target)") DirectCallNode program) {
            Statement statement = receiver.statement;
            int generation = receiver.start(arguments);
            if (receiver.inlinableTarget() != target) {
                // Starting moved the statement off the Truffle tier (a progress handler was set,
                // the schema changed and it was prepared again): run it as any other.
                return statement.database().runBegun(statement, generation, false);
            }
            if (statement.isQuery()) {
                return new QueryResult(statement, generation, statement.stepInlined(program), false);
            }
            long before = statement.totalChangesAtBegin();
            // A step may hand the execution to SQLite's own engine (a schema change before it
            // wrote anything): the steps after it are SQLite's.
            while (statement.truffleTarget() == target ? statement.stepInlined(program) : statement.step()) {
                // a statement without result columns produces no rows
            }
            return statement.changesSince(before);
        }

        /** The first call (the tier is chosen when the statement first runs), the native tier, or inlining switched off. */
        @Specialization(guards = "receiver.inlinableTarget() == null")
        static Object called(PreparedStatementObject receiver, Object[] arguments) {
            return receiver.run(arguments);
        }

        /** More statements than the cache holds at this call site: the program is called, not inlined. */
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
