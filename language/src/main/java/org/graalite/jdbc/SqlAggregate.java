package org.graalite.jdbc;

/**
 * An aggregate SQL function written in Java, registered with
 * {@link GraaliteConnection#createAggregate}: one instance per group, from the factory given
 * there. {@link #step} takes each row's arguments (Long, Double, String, byte[] or null);
 * {@link #finish} gives the group's result.
 */
public interface SqlAggregate extends org.graalite.runtime.JavaAggregate {
    @Override
    void step(Object[] arguments) throws Exception;

    @Override
    Object finish() throws Exception;
}
