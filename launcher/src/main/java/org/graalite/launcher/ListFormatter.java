package org.graalite.launcher;

import java.nio.charset.StandardCharsets;

/**
 * sqlite3's list mode: one line per row, values separated by {@code |} (or the
 * {@code .separator}), NULL as the {@code .nullvalue}, text as it is (control characters shown
 * as {@code ^X}), REAL as SQLite's own text, BLOB content as raw bytes. With {@code .headers on}
 * the column names come first, before the first row.
 */
final class ListFormatter implements ResultFormatter {
    private final String[] columns;
    private final Output out;
    private final byte[] columnSeparator;
    private final byte[] rowSeparator;
    private final byte[] nullText;
    private final boolean headers;
    private long rows;

    ListFormatter(String[] columns, Output out, OutputSettings settings) {
        this.columns = columns;
        this.out = out;
        this.columnSeparator = settings.columnSeparator.getBytes(StandardCharsets.UTF_8);
        this.rowSeparator = settings.rowSeparator.getBytes(StandardCharsets.UTF_8);
        this.nullText = settings.nullValue.getBytes(StandardCharsets.UTF_8);
        this.headers = settings.titles();
    }

    @Override
    public void row(Object[] values) {
        if (rows++ == 0 && headers) {
            for (int i = 0; i < columns.length; i++) {
                if (i > 0) {
                    out.write(columnSeparator);
                }
                out.write(Render.escapeControls(Render.utf8(columns[i])));
            }
            out.write(rowSeparator);
        }
        for (int i = 0; i < values.length; i++) {
            if (i > 0) {
                out.write(columnSeparator);
            }
            out.write(Render.plain(values[i], nullText));
        }
        out.write(rowSeparator);
    }

    @Override
    public void finish(boolean complete) {
        out.flush();
    }
}
