package org.graalite.polyglot;

import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;

/**
 * Python (GraalPy) programs that use the sql language through {@code polyglot.eval}; the
 * programs are in {@code src/test/resources/python} and assert their own results.
 */
class PythonProgramsTest {
    private static void python(String name) {
        Polyglot.run("python", "python", name);
    }

    /** Create, insert through a prepared statement, query, read by column name, catch a syntax error, DML counts. */
    @Test
    void basic() {
        python("basic.py");
    }

    /** INTEGER/REAL/TEXT/NULL keep their Python types; Python int/float/None/bytes bind to the matching storage class. */
    @Test
    void types() {
        python("types.py");
    }

    /** Named parameters from a dict. */
    @Test
    void namedParameters() {
        python("named_parameters.py");
    }

    /** code, primaryCode, codeName and message of a caught polyglot.ForeignException. */
    @Test
    void errors() {
        python("errors.py");
    }

    /**
     * Tuple unpacking, row[0], list(row). Regression: rows used to export hash entries too,
     * and GraalPy 25.0.3 puts the Dict trait before List in a foreign object's MRO, so
     * iterating a row gave its column names and row[0] raised KeyError(0).
     */
    @Test
    void rowsUnpackLikeTuples() {
        python("rows_unpack.py");
    }

    @Test
    @Disabled("row[\"name\"] raises TypeError 'list indices must be integers or slices, not str': since e7033a0 rows have no "
                    + "hash entries (so that GraalPy unpacks them as lists), and GraalPy's foreign-list __getitem__ takes only "
                    + "integers and slices. Before that, row[\"name\"] raised KeyError('name') because Row.readHashValue accepted "
                    + "only java.lang.String keys, not GraalPy's TruffleString. Needs a Python-side row type (or module) in the "
                    + "language; row.name works.")
    void rowsByKey() {
        python("rows_by_key.py");
    }

    /** bytes(blob) and len(blob) work because a BLOB is also an array of its bytes (GraalPy ignores interop buffers). */
    @Test
    void blobReadsBackAsBytes() {
        python("blob_bytes.py");
    }
}
