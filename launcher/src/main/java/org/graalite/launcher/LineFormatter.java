package org.graalite.launcher;

import java.nio.charset.StandardCharsets;

/**
 * sqlite3's line mode (3.53 and later): one line per value, {@code name: value}, the names
 * right-aligned to the widest, an empty line between rows. A value over several lines goes on
 * with its next lines indented under the first. NULL is the {@code .nullvalue}; control
 * characters show as {@code ^X}.
 *
 * <pre>
 *     a: 1
 * title: two
 *        lines
 * </pre>
 */
final class LineFormatter implements ResultFormatter {
    /** What sqlite3 3.53 puts between name and value (3.40 wrote {@code " = "}, names at least 5 wide). */
    private static final String SEPARATOR = ": ";
    /** The screen width sqlite3's formatter assumes when none is set (batch use). */
    private static final int MAX_WIDTH = 10000;

    private final Output out;
    private final byte[] nullText;
    private final byte[][] names;
    private final int nameWidth;
    private long rows;

    LineFormatter(String[] columns, Output out, OutputSettings settings) {
        this.out = out;
        this.nullText = settings.nullValue.getBytes(StandardCharsets.UTF_8);
        this.names = new byte[columns.length][];
        int width = 0;
        for (int i = 0; i < columns.length; i++) {
            names[i] = Render.utf8(columns[i]);
            width = Math.max(width, Render.displayWidth(names[i]));
        }
        this.nameWidth = width;
    }

    @Override
    public void row(Object[] values) {
        if (rows++ > 0) {
            out.write('\n');
        }
        for (int i = 0; i < values.length; i++) {
            pad(nameWidth - Render.displayWidth(names[i]));
            out.write(names[i]);
            out.print(SEPARATOR);
            byte[] value = Render.plain(values[i], nullText);
            int position = 0;
            boolean first = true;
            do {
                // Lines as the columnar modes cut them: at line breaks, and to fit the
                // formatter's widest screen (10000 columns) beside the names.
                int[] cut = ColumnarFormatter.wrapLine(value, position, MAX_WIDTH - SEPARATOR.length() - nameWidth, true);
                if (!first) {
                    pad(nameWidth + SEPARATOR.length());
                }
                first = false;
                out.write(value, position, cut[0]);
                out.write('\n');
                position += cut[2];
            } while (position < value.length);
        }
    }

    private void pad(int n) {
        for (int i = 0; i < n; i++) {
            out.write(' ');
        }
    }

    @Override
    public void finish(boolean complete) {
        out.flush();
    }
}
