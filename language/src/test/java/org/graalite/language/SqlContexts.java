package org.graalite.language;

import java.util.ArrayList;
import java.util.List;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Engine;
import org.graalvm.polyglot.HostAccess;
import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.io.IOAccess;

/** Contexts for tests, all on one shared engine, and helpers to read results. */
public final class SqlContexts {
    private static final Engine ENGINE = Engine.newBuilder("sql").option("engine.WarnInterpreterOnly", "false").build();

    /** Host objects stay opaque, but byte buffers can be read (bound as BLOBs). */
    private static final HostAccess HOST_ACCESS = HostAccess.newBuilder(HostAccess.EXPLICIT).allowBufferAccess(true).build();

    private SqlContexts() {
    }

    public static Context create(String tier) {
        return create(tier, ":memory:");
    }

    /**
     * A context with native access, so that the suites also run with
     * {@code -Dpolyglot.sql.NativeBinding=nfi} (Truffle NFI needs it; the default FFM binding does not).
     */
    public static Context create(String tier, String database) {
        return builder(tier, database).build();
    }

    /** A context whose hot B-tree calls go through {@code binding} (sql.NativeBinding: ffm or nfi). */
    public static Context create(String tier, String database, String binding) {
        return builder(tier, database).option("sql.NativeBinding", binding).build();
    }

    /**
     * Under sql.Tier=auto the tests see the tier of a hot statement from its first execution
     * (sql.TruffleTierAfter=0); WarmUpTest checks the first executions of the default.
     */
    private static Context.Builder builder(String tier, String database) {
        return Context.newBuilder("sql").engine(ENGINE).allowIO(IOAccess.ALL).allowNativeAccess(true).allowHostAccess(HOST_ACCESS).option("sql.Tier", tier).option("sql.Database", database)
                        .option("sql.TruffleTierAfter", "0");
    }

    /** A statement's outcome as the transcript tests print it: its rows, or its result (the rows it changed). */
    public static String outcome(Value result) {
        return result.hasIterator() ? rows(result).toString() : result.toString();
    }

    /**
     * {@code sql} run on the context's database with its outcome ({@link #outcome}), a line of a
     * transcript that the tests compare between tiers.
     */
    public static String step(Context context, String sql) {
        return sql + " -> " + outcome(context.eval("sql", sql));
    }

    /** All rows of a query result, each as a list of host values (Long, Double, String, byte[] or null). */
    public static List<List<Object>> rows(Value result) {
        List<List<Object>> rows = new ArrayList<>();
        Value it = result.getIterator();
        while (it.hasIteratorNextElement()) {
            Value row = it.getIteratorNextElement();
            List<Object> values = new ArrayList<>();
            for (long i = 0; i < row.getArraySize(); i++) {
                values.add(hostValue(row.getArrayElement(i)));
            }
            rows.add(values);
        }
        return rows;
    }

    public static Object hostValue(Value v) {
        if (v.isNull()) {
            return null;
        } else if (v.hasBufferElements()) {
            byte[] bytes = new byte[(int) v.getBufferSize()];
            v.readBuffer(0, bytes, 0, bytes.length);
            return bytes;
        } else if (v.isString()) {
            return v.asString();
        } else {
            Object o = v.as(Object.class);
            return o instanceof Integer i ? Long.valueOf(i) : o;
        }
    }
}
