package org.graalite.runtime;

/**
 * An SQL aggregate written in Java and called without interop (Graalite's JDBC driver's
 * {@code org.graalite.jdbc.SqlAggregate}): one instance per group, made by a {@link Factory};
 * values as for {@link JavaFunction}.
 */
public interface JavaAggregate {
    void step(Object[] arguments) throws Exception;

    Object finish() throws Exception;

    /** Makes the aggregate of each group. */
    @FunctionalInterface
    interface Factory {
        JavaAggregate create();
    }
}
