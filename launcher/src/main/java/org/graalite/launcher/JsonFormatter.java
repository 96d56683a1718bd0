package org.graalite.launcher;

/**
 * sqlite3's json mode: an array with one object per row, {@code [{"a":1,"b":"x"},}, a line
 * break between objects, {@code ]} and a line break after the last. Numbers bare, NULL as
 * {@code null}, text as JSON strings, BLOBs as strings of backslash-u00XX escapes. A result
 * without rows prints nothing.
 */
final class JsonFormatter implements ResultFormatter {
    private final byte[][] keys;
    private final Output out;
    private long rows;

    JsonFormatter(String[] columns, Output out) {
        this.out = out;
        this.keys = new byte[columns.length][];
        for (int i = 0; i < columns.length; i++) {
            keys[i] = Render.jsonString(Render.utf8(columns[i]));
        }
    }

    @Override
    public void row(Object[] values) {
        out.print(rows++ == 0 ? "[{" : "},\n{");
        for (int i = 0; i < values.length; i++) {
            if (i > 0) {
                out.write(',');
            }
            out.write(keys[i]);
            out.write(':');
            out.write(Render.json(values[i]));
        }
    }

    @Override
    public void finish(boolean complete) {
        if (rows > 0) {
            out.print("}]\n");
        }
        out.flush();
    }
}
