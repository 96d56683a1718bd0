package org.graalite.nativeapi;

import java.lang.invoke.MethodHandle;

/**
 * The SQL functions sqlite-jdbc adds to every connection (atn2, charindex, padl, reverse,
 * stdev, mode, upper_quartile...; {@code graalite_extension_functions.c} lists them), written
 * in C beside SQLite so that both tiers call the same code. Graalite's JDBC driver adds them to
 * its connections, so SQL written for sqlite-jdbc runs unchanged; other callers may ask for
 * them (the connection object's {@code addExtensionFunctions()}), SQLite itself has none of them.
 */
public final class ExtensionFunctions {
    private static final MethodHandle ADD = NativeFunction.ADD_EXTENSION_FUNCTIONS.ffm();

    private ExtensionFunctions() {
    }

    /** Adds them to {@code connection}; a function of the same name and arity defined before is replaced, as by create_function. */
    public static void add(NativeConnection connection) {
        int rc;
        try {
            rc = (int) ADD.invokeExact(connection.db());
        } catch (Throwable t) {
            throw Sqlite3.rethrow(t);
        }
        if (rc != Sqlite3.OK) {
            throw connection.lastError(rc);
        }
    }
}
