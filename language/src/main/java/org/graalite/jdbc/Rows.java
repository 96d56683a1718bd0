package org.graalite.jdbc;

import java.sql.SQLException;
import java.util.Iterator;
import java.util.List;

import org.graalite.interop.QueryResult;
import org.graalite.runtime.RowBatch;

/**
 * Where a result set's rows come from: a query running in the {@code sql} language, or rows the
 * driver made itself. A row is an Object[] of Long, Double, String, byte[] or null.
 */
abstract class Rows {
    /** The next row, or null after the last. */
    abstract Object[] next() throws SQLException;

    /** Ends the query early, releasing what it holds. */
    abstract void close();

    /**
     * Whether {@link #close} has anything to release: false once the query ran to its end (a
     * one-row lookup's rows are all read by its execution), so that closing its result set
     * takes no lock. Only ever goes from true to false.
     */
    abstract boolean holdsExecution();

    /**
     * The rows of one execution run by a {@link DirectStatement}. Entering the context costs
     * more than stepping to a row of a scan, so a read-only query reads ahead, as JDBC drivers
     * do by their fetch size: 2 rows in the execution's own call, then twice as many each call,
     * up to the statement's fetch size (default {@link #MOST_ROWS_PER_CALL}). When the connection ran
     * another statement since the last call (a caller that updates rows while it reads a query,
     * as JDBC code often does), it goes back to one row per call; queries that change nothing
     * (lookups made for each row it reads) do not count. Rows read ahead do not show
     * changes the connection makes after they were read; SQLite leaves undefined whether a
     * query sees such changes, and a fetch size of 1 steps exactly when the caller asks, as
     * sqlite-jdbc does. An error met while reading ahead is thrown after the rows before it.
     */
    static final class Direct extends Rows {
        private static final int MOST_ROWS_PER_CALL = 256;

        private final GraaliteConnection connection;
        private final QueryResult result;
        /** The most rows one call reads: 1 when the query must not read ahead. */
        private final int mostRowsPerCall;
        /** The rows of the last call; rows before {@link #position} were handed out. */
        private final RowBatch batch = new RowBatch();
        private int position;
        private int rowsPerCall = 1;
        /** The connection's {@link GraaliteConnection#changingExecutions()} at the last call. */
        private long executionsSeen;
        private SQLException error;
        private boolean done;

        /**
         * @param readAhead whether the query may read ahead (it does not write)
         * @param fetchSize the statement's fetch size, 0 when it has none
         */
        Direct(GraaliteConnection connection, QueryResult result, boolean readAhead, int fetchSize) {
            this.connection = connection;
            this.result = result;
            this.mostRowsPerCall = !readAhead ? 1 : fetchSize > 0 ? Math.min(fetchSize, MOST_ROWS_PER_CALL) : MOST_ROWS_PER_CALL;
            this.executionsSeen = connection.changingExecutions();
        }

        @Override
        Object[] next() throws SQLException {
            if (position == batch.count) {
                if (error != null) {
                    SQLException e = error;
                    error = null;
                    throw e;
                }
                if (done) {
                    return null;
                }
                synchronized (connection) {
                    fill();
                }
                if (batch.count == 0) {
                    return next();
                }
            }
            Object[] row = batch.rows[position];
            batch.rows[position++] = null;
            return row;
        }

        private void fill() {
            long executions = connection.changingExecutions();
            if (executions != executionsSeen) {
                rowsPerCall = 1;
            }
            executionsSeen = executions;
            connection.entry().run(this::read);
        }

        /**
         * The first rows, read by the execution's own call into the language (the context is
         * entered): two when the query may read ahead, so that a lookup of one row also finds
         * its end without another call.
         */
        void readFirst() {
            rowsPerCall = Math.min(2, mostRowsPerCall);
            read();
        }

        /**
         * After {@link #readFirst}: the error that ended the execution before its first row
         * (which the execution's call throws, as a first step's error), else null.
         */
        SQLException errorBeforeAnyRow() {
            if (batch.count > 0 || error == null) {
                return null;
            }
            SQLException e = error;
            error = null;
            return e;
        }

        /** Reads up to {@link #rowsPerCall} rows into the batch; the context is entered. */
        private void read() {
            position = 0;
            try {
                result.nextRows(batch, rowsPerCall);
                if (!batch.isFull()) {
                    done = true;
                }
            } catch (RuntimeException e) {
                done = true;
                error = Errors.translate(e);
            }
            for (int i = 0; i < batch.count; i++) {
                DirectStatement.toDriverValues(batch.rows[i]);
            }
            rowsPerCall = Math.min(2 * rowsPerCall, mostRowsPerCall);
        }

        @Override
        boolean holdsExecution() {
            return !done;
        }

        @Override
        void close() {
            if (!done) {
                done = true;
                position = batch.count;
                connection.entry().run(result::close);
            }
        }
    }

    /** Rows the driver made (generated keys). */
    static final class Fixed extends Rows {
        private final Iterator<Object[]> rows;

        Fixed(List<Object[]> rows) {
            this.rows = rows.iterator();
        }

        @Override
        Object[] next() {
            return rows.hasNext() ? rows.next() : null;
        }

        @Override
        void close() {
        }

        @Override
        boolean holdsExecution() {
            return false;
        }
    }
}
