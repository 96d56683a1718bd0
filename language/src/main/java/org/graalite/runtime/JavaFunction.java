package org.graalite.runtime;

/**
 * An SQL function written in Java and called without interop: Graalite's JDBC driver registers
 * these (its public type is {@code org.graalite.jdbc.SqlFunction}). Arguments are SQL values
 * as the interpreter holds them (Long, Double, String, byte[] or null); the result is one of
 * those, or Integer, Short, Byte, Float or Boolean.
 */
public interface JavaFunction {
    Object apply(Object[] arguments) throws Exception;
}
