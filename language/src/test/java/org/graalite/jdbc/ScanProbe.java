package org.graalite.jdbc;

import java.util.NoSuchElementException;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Value;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * What reading rows through the polyglot API costs the driver, per row, run on demand only
 * ({@code -Dgraalite.jdbc.speed=true}): stepping alone (one call), stepping and copying the
 * row with {@code as(Object[].class)} (the driver's way, two calls), and stepping and reading
 * the three values one by one (four calls).
 */
@EnabledIfSystemProperty(named = "graalite.jdbc.speed", matches = "true")
class ScanProbe {
    private static final int ROWS = 400_000;

    interface RowReader {
        long read(Value row);
    }

    private static long scan(Value query, RowReader reader) {
        Value rows = query.execute();
        long n = 0;
        try {
            while (true) {
                n += reader.read(rows.getIteratorNextElement());
            }
        } catch (NoSuchElementException e) {
            return n;
        }
    }

    @Test
    void scan() {
        try (Context c = Context.newBuilder("sql").option("sql.Tier", System.getProperty("graalite.test.tier", "native")).build()) {
            c.eval("sql", "create table t(id integer primary key, r real, s text)");
            c.eval("sql", "with recursive n(v) as (select 1 union all select v + 1 from n where v < " + ROWS + ") insert into t select v, v * 0.5, 'row' from n");
            Value query = c.getBindings("sql").invokeMember("prepare", "select id, r, s from t");
            for (int round = 0; round < 10; round++) {
                long t0 = System.nanoTime();
                scan(query, row -> 1);
                long t1 = System.nanoTime();
                scan(query, row -> row.as(Object[].class).length);
                long t2 = System.nanoTime();
                scan(query, row -> row.getArrayElement(0).asLong() + (long) row.getArrayElement(1).asDouble() + row.getArrayElement(2).asString().length());
                long t3 = System.nanoTime();
                System.out.printf("ns per row: step %d, step + as(Object[]) %d, step + 3 typed reads %d%n", (t1 - t0) / ROWS, (t2 - t1) / ROWS, (t3 - t2) / ROWS);
            }
        }
    }
}
