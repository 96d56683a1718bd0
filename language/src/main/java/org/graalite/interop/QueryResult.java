package org.graalite.interop;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.Assumption;
import com.oracle.truffle.api.RootCallTarget;
import com.oracle.truffle.api.dsl.Cached;
import com.oracle.truffle.api.dsl.Specialization;
import com.oracle.truffle.api.nodes.DirectCallNode;
import com.oracle.truffle.api.interop.InteropLibrary;
import com.oracle.truffle.api.interop.StopIterationException;
import com.oracle.truffle.api.interop.TruffleObject;
import com.oracle.truffle.api.interop.UnknownIdentifierException;
import com.oracle.truffle.api.library.ExportLibrary;
import com.oracle.truffle.api.library.ExportMessage;

import org.graalite.nodes.ProgramRootNode;
import org.graalite.runtime.ConnectionLock;
import org.graalite.runtime.RowBatch;
import org.graalite.runtime.SqliteException;
import org.graalite.runtime.Statement;

/**
 * The rows of one execution of a query, read once from first to last. It is iterable (its
 * iterator is itself: iterating again continues where the last iteration stopped) and has the
 * members {@code columns} (the column names) and {@code close()}.
 *
 * <p>When the last row has been read, or the result is closed, the execution ends and its
 * locks are released. A later execution of the same prepared statement makes this result stale.
 */
@ExportLibrary(InteropLibrary.class)
public final class QueryResult implements TruffleObject {
    private static final StringList MEMBERS = new StringList("columns", "close");

    private final Statement statement;
    private final int generation;
    private final boolean closeStatementWhenDone;
    /** The connection's lock (see ConnectionLock), here for the row loop's step: one load. */
    private final ConnectionLock lock;
    /** A row is ready on the statement and has not been handed out. */
    private boolean pending;
    private boolean done;

    public QueryResult(Statement statement, int generation, boolean hasRow, boolean closeStatementWhenDone) {
        this(statement, generation, closeStatementWhenDone);
        this.pending = hasRow;
        if (!hasRow) {
            end();
        }
    }

    /**
     * The result of an execution that has begun but not stepped yet: its first read steps to
     * the first row. JDBC reads a lookup's rows this way, in one call of the program's row
     * batch target, where {@link Database#run} steps once and the batch call steps again.
     */
    public static QueryResult beforeFirstStep(Statement statement, int generation) {
        return new QueryResult(statement, generation, false);
    }

    private QueryResult(Statement statement, int generation, boolean closeStatementWhenDone) {
        this.statement = statement;
        this.generation = generation;
        this.closeStatementWhenDone = closeStatementWhenDone;
        this.lock = statement.database().lock();
    }

    public ColumnNames columns() {
        return statement.columns();
    }

    /** Whether another row is ready. */
    @TruffleBoundary
    public boolean hasNext() {
        if (done) {
            return false;
        }
        checkCurrent();
        if (!pending) {
            pending = statement.step();
            if (!pending) {
                end();
            }
        }
        return pending;
    }

    /** The next row; null after the last. */
    @TruffleBoundary
    public Row next() {
        if (!hasNext()) {
            return null;
        }
        pending = false;
        return new Row(statement.columns(), statement.readRow());
    }

    /**
     * Reads up to {@code most} rows into {@code batch}; fewer only at the end of the rows. On
     * the Truffle tier this is one call of the program with the batch (see
     * {@link ProgramRootNode#execute}), whose compiled code has the loop that collects its rows;
     * elsewhere it steps row by row. An error ends the result and is thrown
     * with the rows before it left in {@code batch}.
     */
    @TruffleBoundary
    public void nextRows(RowBatch batch, int most) {
        batch.start(most);
        if (done) {
            return;
        }
        if (pending) {
            pending = false;
            batch.add(statement.readRow());
        }
        RootCallTarget target = compiledStepTarget();
        if (target != null && !batch.isFull() && !statement.isClosed()) {
            boolean more;
            try {
                more = (Boolean) statement.hostCall().call(statement.execution(), batch);
            } catch (RuntimeException e) {
                // Only an execution that has not produced a row yet may go on natively.
                if (batch.count > 0 || !statement.continuesNativelyAfterSchemaChange(e)) {
                    failed();
                    throw e;
                }
                more = true;
            } catch (Error e) {
                statement.abortAfter(e);
                failed();
                throw e;
            }
            try {
                // A guest collation that failed while SQLite compared for one of the batch's steps.
                Statement.failIfCollationFailed();
            } catch (RuntimeException e) {
                failed();
                throw e;
            }
            if (batch.count > 0) {
                statement.afterStep(true);
            }
            if (!more) {
                statement.afterStep(false);
                end();
                return;
            }
        }
        // The native tier, a statement that went native, or a result made stale (which fails).
        while (!batch.isFull() && hasNext()) {
            pending = false;
            batch.add(statement.readRow());
        }
    }

    /** Reads and drops the remaining rows. */
    public void drain() {
        while (next() != null) {
            // nothing to keep
        }
    }

    @TruffleBoundary
    private void checkCurrent() {
        if (statement.generation() != generation || statement.isClosed()) {
            done = true;
            pending = false;
            throw SqliteException.misuse("this result is closed: its statement was executed again or closed");
        }
    }

    @TruffleBoundary
    private void end() {
        done = true;
        if (closeStatementWhenDone) {
            statement.close();
        } else if (statement.generation() == generation) {
            statement.finish();
        }
    }

    @TruffleBoundary
    public void close() {
        if (!done) {
            pending = false;
            end();
        }
    }

    @ExportMessage
    boolean hasIterator() {
        return true;
    }

    @ExportMessage
    Object getIterator() {
        return this;
    }

    @ExportMessage
    boolean isIterator() {
        return true;
    }

    /**
     * The step of a caller's loop. When the execution runs on the Truffle tier, the program
     * is called through a DirectCallNode cached per call target, so a Python, JavaScript or
     * Java loop over the rows compiles together with the statement; GraalJS shares one
     * iteration built-in per context, hence room for several statements.
     */
    @ExportMessage
    static final class HasIteratorNextElement {
        /**
         * While no context of the engine has had two threads at once: the assumption folds
         * away in compiled code, and the step only counts itself (ConnectionLock#enterAlone).
         */
        @Specialization(guards = {"result.compiledStepTarget() == target", "target != null"}, assumptions = "alone", limit = "4")
        static boolean compiledAlone(QueryResult result,
                        @Cached("result.compiledStepTarget()") RootCallTarget target,
                        @Cached("create(target)") DirectCallNode call,
                        @Cached("result.lock().singleThreaded()") Assumption alone) {
            ConnectionLock lock = result.lock;
            lock.enterAlone();
            try {
                return result.hasNextCompiled(call);
            } finally {
                lock.leaveAlone();
            }
        }

        @Specialization(guards = {"result.compiledStepTarget() == target", "target != null"}, limit = "4")
        static boolean compiled(QueryResult result,
                        @Cached("result.compiledStepTarget()") RootCallTarget target,
                        @Cached("create(target)") DirectCallNode call) {
            return result.hasNextCompiledLocked(call);
        }

        /** Native tier (or a stale result, which fails): SQLite steps behind a boundary. */
        @Specialization(guards = "result.compiledStepTarget() == null")
        static boolean nativeTier(QueryResult result) {
            return result.hasNextLocked();
        }

        /** More statements than the cache holds: an indirect call per row. */
        @Specialization(replaces = {"compiledAlone", "compiled"})
        static boolean megamorphic(QueryResult result) {
            return result.hasNextLocked();
        }
    }

    @ExportMessage
    static final class GetIteratorNextElement {
        @Specialization(guards = {"result.compiledStepTarget() == target", "target != null"}, limit = "4")
        static Object compiled(QueryResult result,
                        @Cached("result.compiledStepTarget()") RootCallTarget target,
                        @Cached("create(target)") DirectCallNode call) throws StopIterationException {
            // A caller's loop asked hasIteratorNextElement first, which stepped to the row: it
            // is in the execution's registers, Java data, and handing it out needs no lock.
            if (!result.pending && !result.hasNextCompiledLocked(call)) {
                throw StopIterationException.create();
            }
            result.pending = false;
            return new Row(result.statement.columns(), result.statement.execution().row);
        }

        @Specialization(guards = "result.compiledStepTarget() == null")
        static Object nativeTier(QueryResult result) throws StopIterationException {
            return megamorphic(result);
        }

        @Specialization(replaces = "compiled")
        static Object megamorphic(QueryResult result) throws StopIterationException {
            Row row = result.nextLocked();
            if (row == null) {
                throw StopIterationException.create();
            }
            return row;
        }
    }

    /** The connection's lock, for the DSL's expressions (the field is private). */
    ConnectionLock lock() {
        return lock;
    }

    /** {@link #hasNext} for a guest's call: holds the connection's lock. */
    @TruffleBoundary
    private boolean hasNextLocked() {
        boolean locked = lock.enter();
        try {
            return hasNext();
        } finally {
            lock.leave(locked);
        }
    }

    /** {@link #next} for a guest's call: holds the connection's lock. */
    @TruffleBoundary
    private Row nextLocked() {
        boolean locked = lock.enter();
        try {
            return next();
        } finally {
            lock.leave(locked);
        }
    }

    /** The call target to step through, when this result is current and runs on the Truffle tier. */
    RootCallTarget compiledStepTarget() {
        return statement.generation() == generation ? statement.truffleTarget() : null;
    }

    /** {@link #hasNextCompiled} for a guest's call: holds the connection's lock. */
    private boolean hasNextCompiledLocked(DirectCallNode call) {
        boolean locked = lock.enter();
        try {
            return hasNextCompiled(call);
        } finally {
            lock.leave(locked);
        }
    }

    private boolean hasNextCompiled(DirectCallNode call) {
        if (done) {
            return false;
        }
        if (!pending) {
            if (statement.generation() != generation || statement.isClosed()) {
                checkCurrent();
            }
            boolean row;
            try {
                // As Statement.step: a schema change before the first row goes on natively, a
                // guest collation's failure during the step fails it.
                row = statement.stepInlined(call);
            } catch (RuntimeException | Error e) {
                failed();
                throw e;
            }
            pending = row;
            if (!row) {
                end();
            }
        }
        return pending;
    }

    @TruffleBoundary
    private void failed() {
        done = true;
        pending = false;
        statement.finish();
        if (closeStatementWhenDone) {
            statement.close();
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
        return member.equals("columns");
    }

    @ExportMessage
    boolean isMemberInvocable(String member) {
        return member.equals("close");
    }

    @ExportMessage
    Object readMember(String member) throws UnknownIdentifierException {
        if (member.equals("columns")) {
            return statement.columns().list();
        }
        throw UnknownIdentifierException.create(member);
    }

    @ExportMessage
    Object invokeMember(String member, @SuppressWarnings("unused") Object[] arguments) throws UnknownIdentifierException {
        if (member.equals("close")) {
            boolean locked = lock.enter();
            try {
                close();
            } finally {
                lock.leave(locked);
            }
            return SqlNull.INSTANCE;
        }
        throw UnknownIdentifierException.create(member);
    }

    @ExportMessage
    @TruffleBoundary
    Object toDisplayString(@SuppressWarnings("unused") boolean allowSideEffects) {
        return "QueryResult" + statement.columns().list().asList();
    }
}
