package org.graalite.jdbc;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Value;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

@EnabledIfSystemProperty(named = "graalite.jdbc.speed", matches = "true")
class ScanProbe {
    static {
        TestSupport.init();
    }

    @Test
    void scan() {
        try (Context c = Context.newBuilder("sql").engine(GraaliteConnection.engine()).option("sql.Tier", "native").build()) {
            c.eval("sql", "create table t(id integer primary key, r real, s text)");
            c.eval("sql", "with recursive n(v) as (select 1 union all select v + 1 from n where v < 400000) insert into t select v, v * 0.5, 'row' from n");
            Value db = c.getBindings("sql");
            Value q = db.invokeMember("prepare", "select id, r, s from t");
            for (int round = 0; round < 10; round++) {
                long t0 = System.nanoTime();
                Value it = q.execute();
                long n = 0;
                try { while (true) { it.getIteratorNextElement(); n++; } } catch (java.util.NoSuchElementException e) { }
                long t1 = System.nanoTime();
                it = q.execute();
                try { while (true) { Object[] r = it.getIteratorNextElement().as(Object[].class); n += r.length; } } catch (java.util.NoSuchElementException e) { }
                long t2 = System.nanoTime();
                it = q.execute();
                try { while (true) { Value r = it.getIteratorNextElement(); Object[] a = new Object[3]; for (int k = 0; k < 3; k++) { a[k] = r.getArrayElement(k).as(Object.class); } n += a.length; } } catch (java.util.NoSuchElementException e) { }
                long t3 = System.nanoTime();
                c.enter();
                it = q.execute();
                try { while (true) { Object[] r = it.getIteratorNextElement().as(Object[].class); n += r.length; } } catch (java.util.NoSuchElementException e) { }
                c.leave();
                long t4 = System.nanoTime();
                System.out.printf("step only %d ns/row, step+as(Object[]) %d, step+3 elements as(Object) %d, entered step+as %d%n", (t1 - t0) / 400000, (t2 - t1) / 400000, (t3 - t2) / 400000, (t4 - t3) / 400000);
            }
        }
    }
}
