package org.graalite.jmh.boundary;

import org.graalite.jmh.NativeBaseline;

/**
 * filltable on SQLite's C API (native_baseline.c through {@link NativeBaseline.Fill}): the
 * baseline of the Truffle tier's writes, the same statements and checksum as the JDBC systems.
 */
final class NativeFill implements Boundary.Run {
    private final NativeBaseline.Fill fill;
    private final int rows;

    NativeFill(String workload, int rows) {
        if (!workload.equals("filltable")) {
            throw new IllegalArgumentException("native-c runs only filltable among the boundary workloads, not " + workload);
        }
        this.fill = new NativeBaseline.Fill(Sql.FILL_CREATE, Sql.FILL_DELETE, Sql.FILL_INSERT, Sql.FILL_READ);
        this.rows = rows;
    }

    @Override
    public long run() {
        return fill.run(rows);
    }

    @Override
    public void close() {
        fill.close();
    }
}
