package org.graalite.runtime;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;

import org.graalite.interop.ColumnNames;
import org.graalite.interop.SqlBlob;
import org.graalite.interop.SqlNull;
import org.graalite.nativeapi.NativeStatement;
import org.graalite.nativeapi.ProgramReader;
import org.graalite.program.Program;

/**
 * A prepared statement of a {@link Database}: the native statement, its result columns and
 * parameters, the tier chosen to run it, and which execution is current.
 *
 * <p>Each execution (bind, run) gets a new generation number; a result of an earlier
 * execution notices that it is stale instead of reading the rows of a later one.
 */
public final class Statement implements AutoCloseable {
    private final Database database;
    private final NativeStatement nativeStatement;
    private final ColumnNames columns;
    private final int parameterCount;
    /** Read right after prepare, before the first step; null until a tier decision needs it. */
    private Program program;
    private Tier tier;
    private int generation;
    /** True between the first step of an execution and its reset. */
    private boolean active;

    Statement(Database database, NativeStatement nativeStatement) {
        this.database = database;
        this.nativeStatement = nativeStatement;
        int n = nativeStatement.columnCount();
        String[] names = new String[n];
        for (int i = 0; i < n; i++) {
            names[i] = nativeStatement.columnName(i);
        }
        this.columns = new ColumnNames(names);
        this.parameterCount = nativeStatement.parameterCount();
    }

    public Database database() {
        return database;
    }

    public NativeStatement nativeStatement() {
        return nativeStatement;
    }

    public ColumnNames columns() {
        return columns;
    }

    public int parameterCount() {
        return parameterCount;
    }

    public boolean isQuery() {
        return columns.size() > 0;
    }

    public boolean isClosed() {
        return nativeStatement.isClosed();
    }

    /** The statement's VDBE program, as it was right after prepare. */
    public Program program() {
        if (program == null) {
            if (active) {
                throw new IllegalStateException("the program must be read before the statement first runs");
            }
            program = ProgramReader.read(nativeStatement);
        }
        return program;
    }

    public Tier tier() {
        if (tier == null) {
            tier = database.chooseTier(this);
        }
        return tier;
    }

    public int generation() {
        return generation;
    }

    /** Starts a new execution: resets a running one; results of earlier executions go stale. */
    @TruffleBoundary
    public int begin() {
        tier();
        if (active) {
            nativeStatement.reset();
            active = false;
        }
        database.countExecution(tier);
        return ++generation;
    }

    /** Steps the current execution: true if a row is ready. On an error the execution ends. */
    @TruffleBoundary
    public boolean step() {
        active = true;
        try {
            boolean row = nativeStatement.step();
            if (!row) {
                finish();
            }
            return row;
        } catch (SqliteException e) {
            active = false;
            throw e;
        }
    }

    /** Ends the current execution, releasing the locks it holds. */
    @TruffleBoundary
    public void finish() {
        if (active) {
            nativeStatement.reset();
            active = false;
        }
    }

    /** The current row's values: Long, Double, String, {@link SqlBlob} or {@link SqlNull}. */
    @TruffleBoundary
    public Object[] readRow() {
        int n = columns.size();
        Object[] values = new Object[n];
        for (int i = 0; i < n; i++) {
            values[i] = readColumn(i);
        }
        return values;
    }

    private Object readColumn(int i) {
        switch (nativeStatement.columnType(i)) {
            case NativeStatement.INTEGER:
                return nativeStatement.columnLong(i);
            case NativeStatement.FLOAT:
                return nativeStatement.columnDouble(i);
            case NativeStatement.TEXT:
                return nativeStatement.columnText(i);
            case NativeStatement.BLOB:
                return new SqlBlob(nativeStatement.columnBlob(i));
            default:
                return SqlNull.INSTANCE;
        }
    }

    @Override
    public void close() {
        active = false;
        nativeStatement.close();
    }
}
