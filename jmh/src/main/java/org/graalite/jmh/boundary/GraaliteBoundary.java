package org.graalite.jmh.boundary;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.function.LongSupplier;

import org.graalite.jmh.data.Dataset;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Engine;
import org.graalvm.polyglot.HostAccess;
import org.graalvm.polyglot.Source;
import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.io.IOAccess;
import org.graalvm.polyglot.proxy.ProxyExecutable;
import org.graalvm.polyglot.proxy.ProxyObject;

/**
 * Graalite (sql.Tier=auto): the workload loop in JavaScript (graalite-js, with or without
 * sql.InlineStatements) evaluated in a GraalJS + sql context, or in Java through the polyglot
 * Value API with the context entered (graalite-java).
 */
final class GraaliteBoundary implements Boundary.Run {
    private final Engine engine;
    private final Context context;
    private final Value db;
    private final LongSupplier op;

    GraaliteBoundary(String system, String workload, Dataset data, int fillRows) {
        boolean js = system.startsWith("graalite-js");
        engine = Engine.newBuilder().build();
        Context.Builder b = Context.newBuilder(js ? new String[]{"js", "sql"} : new String[]{"sql"}).engine(engine).allowIO(IOAccess.ALL).allowHostAccess(HostAccess.ALL).allowExperimentalOptions(true)
                        .option("sql.Tier", "auto").option("sql.TruffleTierAfter", "0").option("sql.InlineStatements", Boolean.toString(!system.equals("graalite-js-noinline")));
        if (!workload.equals("filltable")) {
            b.option("sql.Database", data.sqlite.toAbsolutePath().toString());
        }
        context = b.build();
        if (engine.getImplementationName().equals("Interpreted")) {
            context.close();
            throw new IllegalStateException("the Truffle runtime is the fallback one (Interpreted): start the JVM with the Graal flags (bin/jmh does)");
        }
        db = context.getBindings("sql");
        if (workload.equals("filltable")) {
            db.invokeMember("execute", Sql.FILL_CREATE);
        }
        if (js) {
            Value factory = context.eval(Source.create("js", script(workload)));
            Value run = factory.execute(db, fillRows);
            op = () -> run.execute().asLong();
        } else {
            op = java(workload, fillRows);
        }
    }

    private static String script(String workload) {
        try (InputStream in = GraaliteBoundary.class.getResourceAsStream("/boundary/" + workload + ".js")) {
            if (in == null) {
                throw new IllegalArgumentException("unknown workload " + workload);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private Value prepare(String sql) {
        return db.invokeMember("prepare", sql);
    }

    private LongSupplier java(String workload, int fillRows) {
        switch (workload) {
            case "select": {
                Value st = prepare(Sql.SELECT);
                return () -> {
                    long s = 0;
                    Value r = st.execute();
                    while (r.hasIteratorNextElement()) {
                        Value row = r.getIteratorNextElement();
                        s += Sql.cents(row.getArrayElement(0).asDouble()) + Sql.cents(row.getArrayElement(1).asDouble()) + Sql.cents(row.getArrayElement(2).asDouble());
                    }
                    return s;
                };
            }
            case "innerjoin": {
                Value st = prepare(Sql.INNERJOIN);
                return () -> {
                    Map<Long, Object[]> m = new HashMap<>();
                    Value r = st.execute();
                    while (r.hasIteratorNextElement()) {
                        Value row = r.getIteratorNextElement();
                        m.put(row.getArrayElement(0).asLong(), new Object[]{row.getArrayElement(1).asDouble(), row.getArrayElement(2).asString(), row.getArrayElement(3).asString()});
                    }
                    return JdbcBoundary.joinChecksum(m);
                };
            }
            case "pythonjoin": {
                Value orders = prepare(Sql.ORDERS);
                Value customer = prepare(Sql.CUSTOMER);
                Value nation = prepare(Sql.NATION);
                return () -> {
                    Map<Long, Object[]> m = new HashMap<>();
                    Value r = orders.execute();
                    while (r.hasIteratorNextElement()) {
                        Value row = r.getIteratorNextElement();
                        Value cr = customer.execute(row.getArrayElement(1).asLong());
                        while (cr.hasIteratorNextElement()) {
                            Value c = cr.getIteratorNextElement();
                            Value nr = nation.execute(c.getArrayElement(1).asLong());
                            while (nr.hasIteratorNextElement()) {
                                Value n = nr.getIteratorNextElement();
                                m.put(row.getArrayElement(0).asLong(), new Object[]{row.getArrayElement(2).asDouble(), c.getArrayElement(0).asString(), n.getArrayElement(0).asString()});
                            }
                        }
                    }
                    return JdbcBoundary.joinChecksum(m);
                };
            }
            case "pyfunction": {
                db.invokeMember("createFunction", "myabs", 1, (ProxyExecutable) a -> {
                    Value v = a[0];
                    if (v.fitsInLong()) {
                        long x = v.asLong();
                        return x < 0 ? -x : x;
                    }
                    double x = v.asDouble();
                    return x < 0 ? -x : x;
                }, true);
                return single(prepare(Sql.PYFUNCTION));
            }
            case "pyaggregate": {
                db.invokeMember("createAggregate", "mysum", 1, (ProxyExecutable) f -> {
                    double[] sum = {0};
                    Map<String, Object> members = new HashMap<>();
                    members.put("step", (ProxyExecutable) a -> {
                        sum[0] += a[0].asDouble();
                        return null;
                    });
                    members.put("finalize", (ProxyExecutable) a -> sum[0]);
                    return ProxyObject.fromMap(members);
                });
                return single(prepare(Sql.PYAGGREGATE));
            }
            case "filltable": {
                Value begin = prepare("BEGIN");
                Value commit = prepare("COMMIT");
                Value delete = prepare(Sql.FILL_DELETE);
                Value insert = prepare(Sql.FILL_INSERT);
                Value read = prepare(Sql.FILL_READ);
                return () -> {
                    delete.execute();
                    begin.execute();
                    for (long i = 0; i < fillRows; i++) {
                        insert.execute(i, Sql.fillB(i), "row" + i);
                    }
                    commit.execute();
                    long s = 0;
                    Value r = read.execute();
                    while (r.hasIteratorNextElement()) {
                        Value row = r.getIteratorNextElement();
                        s += row.getArrayElement(0).asLong() + Sql.cents(row.getArrayElement(1).asDouble()) + row.getArrayElement(2).asString().length();
                    }
                    return s;
                };
            }
            default:
                throw new IllegalArgumentException("unknown workload " + workload);
        }
    }

    private static LongSupplier single(Value st) {
        return () -> {
            Value r = st.execute();
            return Math.round(r.getIteratorNextElement().getArrayElement(0).asDouble());
        };
    }

    @Override
    public long run() {
        context.enter();
        try {
            return op.getAsLong();
        } finally {
            context.leave();
        }
    }

    /** How many executions each tier ran. */
    @Override
    public String tierStatistics() {
        return "native " + db.getMember("nativeExecutions").asLong() + ", truffle " + db.getMember("truffleExecutions").asLong();
    }

    @Override
    public void close() {
        context.close();
        engine.close();
    }
}
