package org.graalite.jdbc;

/**
 * A scalar SQL function written in Java, registered with
 * {@link GraaliteConnection#createFunction}. SQL calls it once per evaluation with its
 * arguments as Long, Double, String, byte[] or null, and takes back any of those (Integer,
 * Float and Boolean too). Statements call it directly, without polyglot values. An exception
 * it throws fails the statement with its message (SQLITE_ERROR), as sqlite3_result_error does.
 */
@FunctionalInterface
public interface SqlFunction extends org.graalite.runtime.JavaFunction {
    @Override
    Object apply(Object[] arguments) throws Exception;
}
