package org.graalite.launcher;

import org.graalvm.polyglot.Value;

/** Turns the values of a result row into the Java values the formatters take. */
final class Values {
    private Values() {
    }

    /**
     * NULL to null, INTEGER to Long, REAL to Double, TEXT to String, BLOB to byte[]. A REAL with
     * an integral value (2.0) stays a Double: the polyglot value keeps the host type of the
     * number the {@code sql} language returned.
     */
    static Object toJava(Value v) {
        // One call answers for the common values: the host boxes the language returned
        // (String, Long, Double) or null.
        Object o = v.as(Object.class);
        if (o == null || o instanceof String || o instanceof Long || o instanceof Double) {
            return o;
        }
        if (o instanceof Number n) {
            return o instanceof Float ? (Object) n.doubleValue() : (Object) n.longValue();
        }
        if (v.hasBufferElements()) {
            long size = v.getBufferSize();
            byte[] bytes = new byte[Math.toIntExact(size)];
            v.readBuffer(0, bytes, 0, bytes.length);
            return bytes;
        }
        if (v.isBoolean()) {
            return v.asBoolean() ? 1L : 0L;
        }
        return v.toString();
    }
}
