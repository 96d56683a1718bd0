package org.graalite.interop;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.interop.InteropLibrary;
import com.oracle.truffle.api.interop.StopIterationException;
import com.oracle.truffle.api.interop.TruffleObject;
import com.oracle.truffle.api.interop.UnknownIdentifierException;
import com.oracle.truffle.api.library.ExportLibrary;
import com.oracle.truffle.api.library.ExportMessage;

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
    /** A row is ready on the statement and has not been handed out. */
    private boolean pending;
    private boolean done;

    public QueryResult(Statement statement, int generation, boolean hasRow, boolean closeStatementWhenDone) {
        this.statement = statement;
        this.generation = generation;
        this.closeStatementWhenDone = closeStatementWhenDone;
        this.pending = hasRow;
        if (!hasRow) {
            end();
        }
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

    /** Reads and drops the remaining rows. */
    public void drain() {
        while (next() != null) {
            // nothing to keep
        }
    }

    private void checkCurrent() {
        if (statement.generation() != generation || statement.isClosed()) {
            done = true;
            pending = false;
            throw SqliteException.misuse("this result is closed: its statement was executed again or closed");
        }
    }

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

    @ExportMessage
    boolean hasIteratorNextElement() {
        return hasNext();
    }

    @ExportMessage
    Object getIteratorNextElement() throws StopIterationException {
        Row row = next();
        if (row == null) {
            throw StopIterationException.create();
        }
        return row;
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
            close();
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
