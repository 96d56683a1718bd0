package org.graalite.launcher;

/**
 * Prints the rows of one query result in one output mode. The shell calls {@link #row} for
 * each row as it is read, then {@link #finish}. Nothing is printed for a result without rows,
 * as in sqlite3 (no header line, no empty table, no {@code []}).
 */
interface ResultFormatter {
    /**
     * One row; each value is null (NULL), a Long (INTEGER), a Double (REAL), a String (TEXT)
     * or a byte[] (BLOB).
     */
    void row(Object[] values);

    /**
     * The end of the result. {@code complete} is false when reading the rows failed: modes
     * that print row by row keep what they printed, the box mode prints nothing.
     */
    void finish(boolean complete);
}
