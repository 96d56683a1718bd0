package org.graalite.jmh.boundary;

import java.sql.Connection;
import java.sql.Types;

import org.h2.api.AggregateFunction;

/** pyaggregate's caller-defined sum for H2 ({@code CREATE AGGREGATE mysum FOR ...}). */
public final class H2Sum implements AggregateFunction {
    private double sum;

    @Override
    public void init(Connection conn) {
    }

    @Override
    public int getType(int[] inputTypes) {
        return Types.DOUBLE;
    }

    @Override
    public void add(Object value) {
        if (value != null) {
            sum += ((Number) value).doubleValue();
        }
    }

    @Override
    public Object getResult() {
        return sum;
    }

    /** pyfunction's caller-defined abs for H2 ({@code CREATE ALIAS myabs FOR ...}). */
    public static double abs(double x) {
        return x < 0 ? -x : x;
    }
}
