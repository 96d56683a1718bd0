package org.graalite.launcher;

import java.nio.charset.StandardCharsets;

/**
 * sqlite3's csv mode: values separated by commas, rows ended by CR LF (both changed by {@code .separator}), a field quoted with
 * {@code "} (inner quotes doubled) when it is empty, holds a space, quote, apostrophe, control
 * or non-ASCII byte, or the separator. Numbers are never quoted, NULL is the
 * {@code .nullvalue} (empty by default), a BLOB is a quoted string of octal escapes
 * ({@code "\101\102"}). Column names first with {@code .headers on}.
 */
final class CsvFormatter implements ResultFormatter {
    private final String[] columns;
    private final Output out;
    private final byte[] separator;
    private final byte[] rowSeparator;
    private final byte[] nullText;
    private final boolean headers;
    private long rows;

    CsvFormatter(String[] columns, Output out, OutputSettings settings) {
        this.columns = columns;
        this.out = out;
        this.separator = settings.columnSeparator.getBytes(StandardCharsets.UTF_8);
        this.rowSeparator = settings.rowSeparator.getBytes(StandardCharsets.UTF_8);
        this.nullText = settings.nullValue.getBytes(StandardCharsets.UTF_8);
        this.headers = settings.titles();
    }

    @Override
    public void row(Object[] values) {
        if (rows++ == 0 && headers) {
            for (int i = 0; i < columns.length; i++) {
                if (i > 0) {
                    out.write(separator);
                }
                out.write(Render.csvText(Render.utf8(columns[i]), separator));
            }
            out.write(rowSeparator);
        }
        for (int i = 0; i < values.length; i++) {
            if (i > 0) {
                out.write(separator);
            }
            out.write(Render.csv(values[i], nullText, separator));
        }
        out.write(rowSeparator);
    }

    @Override
    public void finish(boolean complete) {
        out.flush();
    }
}
