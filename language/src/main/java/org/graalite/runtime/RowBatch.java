package org.graalite.runtime;

/**
 * Rows a host caller reads from a query in one call into the language (the JDBC driver's
 * read-ahead): up to {@link #limit} rows, each the array a ResultRow made (Long, Double,
 * String, SqlBlob or SqlNull), in {@link #rows}[0 .. {@link #count}). When the call fails,
 * the rows read before the failure are still here.
 */
public final class RowBatch {
    public Object[][] rows = new Object[2][];
    public int count;
    public int limit;

    /** Empties the batch for up to {@code most} rows. */
    public void start(int most) {
        if (rows.length < most) {
            rows = new Object[most][];
        }
        count = 0;
        limit = most;
    }

    public void add(Object[] row) {
        rows[count++] = row;
    }

    public boolean isFull() {
        return count == limit;
    }
}
