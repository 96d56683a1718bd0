package org.graalite.jdbc;

import java.sql.SQLException;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;

import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Value;

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
     * The rows of one execution of a query, read through the polyglot API. Each row costs two
     * calls: one to step to the next row, one to copy its values into a host array.
     */
    static final class Query extends Rows {
        private final Value result;
        private boolean done;

        Query(Value result) {
            this.result = result;
        }

        @Override
        Object[] next() throws SQLException {
            if (done) {
                return null;
            }
            Value row;
            try {
                row = result.getIteratorNextElement();
            } catch (NoSuchElementException e) {
                done = true;
                return null;
            } catch (PolyglotException e) {
                done = true;
                throw Errors.translate(e);
            }
            Object[] values = row.as(Object[].class);
            for (int i = 0; i < values.length; i++) {
                // A BLOB is the one row value that is not a Java primitive: a byte buffer that is
                // also an array of its bytes (so the conversion above made it a List).
                if (values[i] instanceof Value || values[i] instanceof java.util.List<?>) {
                    Value blob = row.getArrayElement(i);
                    byte[] bytes = new byte[Math.toIntExact(blob.getBufferSize())];
                    blob.readBuffer(0, bytes, 0, bytes.length);
                    values[i] = bytes;
                }
            }
            return values;
        }

        @Override
        void close() {
            if (!done) {
                done = true;
                try {
                    result.invokeMember("close");
                } catch (PolyglotException e) {
                    // the statement is gone already
                }
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
    }
}
