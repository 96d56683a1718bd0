package org.graalite.launcher;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * sqlite3's box mode (3.52 and later): a table drawn with Unicode box characters, rounded
 * corners, the column names centered above a double line, numbers right-aligned and other
 * values left-aligned, NULL as the {@code .nullvalue} (empty by default). Every row is read
 * before anything is printed, to know the column widths. A value with line breaks spans several
 * lines, and then a line separates every row.
 *
 * <pre>
 * ╭─────┬───────╮
 * │  a  │   b   │
 * ╞═════╪═══════╡
 * │   1 │ x     │
 * │ 2.5 │       │
 * ╰─────┴───────╯
 * </pre>
 */
final class BoxFormatter implements ResultFormatter {
    private static final String V = "\u2502";

    private final Output out;
    private final byte[] nullText;
    private final int columnCount;
    private final byte[][] titles;
    private final int[] widths;
    private final List<byte[][]> rows = new ArrayList<>();
    private final List<boolean[]> numeric = new ArrayList<>();
    private boolean multiLine;

    BoxFormatter(String[] columns, Output out, OutputSettings settings) {
        this.out = out;
        this.nullText = settings.nullValue.getBytes(StandardCharsets.UTF_8);
        this.columnCount = columns.length;
        this.titles = new byte[columnCount][];
        this.widths = new int[columnCount];
        for (int i = 0; i < columnCount; i++) {
            titles[i] = Render.escapeControls(Render.utf8(columns[i]));
            measure(i, titles[i]);
        }
    }

    @Override
    public void row(Object[] values) {
        byte[][] cells = new byte[columnCount][];
        boolean[] numbers = new boolean[columnCount];
        for (int i = 0; i < columnCount; i++) {
            cells[i] = Render.plain(values[i], nullText);
            numbers[i] = Render.isNumeric(values[i]);
            measure(i, cells[i]);
        }
        rows.add(cells);
        numeric.add(numbers);
    }

    private void measure(int column, byte[] cell) {
        widths[column] = Math.max(widths[column], Render.displayWidth(cell));
        for (byte b : cell) {
            if (b == '\n' || b == '\r') {
                multiLine = true;
                break;
            }
        }
    }

    @Override
    public void finish(boolean complete) {
        if (!complete || rows.isEmpty() || columnCount == 0) {
            return;
        }
        separator("\u256d", "\u252c", "\u256e", "\u2500");
        printRow(titles, null);
        separator("\u255e", "\u256a", "\u2561", "\u2550");
        for (int r = 0; r < rows.size(); r++) {
            if (r > 0 && multiLine) {
                separator("\u251c", "\u253c", "\u2524", "\u2500");
            }
            printRow(rows.get(r), numeric.get(r));
        }
        separator("\u2570", "\u2534", "\u256f", "\u2500");
        out.flush();
    }

    private void separator(String left, String middle, String right, String line) {
        StringBuilder sb = new StringBuilder();
        sb.append(left);
        for (int i = 0; i < columnCount; i++) {
            if (i > 0) {
                sb.append(middle);
            }
            sb.append(line.repeat(widths[i] + 2));
        }
        sb.append(right).append('\n');
        out.print(sb.toString());
    }

    /** One row, over as many lines as its tallest cell; {@code numbers} null for the titles. */
    private void printRow(byte[][] cells, boolean[] numbers) {
        int[] position = new int[columnCount];
        boolean more = true;
        while (more) {
            more = false;
            out.print(V + " ");
            for (int i = 0; i < columnCount; i++) {
                byte[] z = cells[i];
                int start = position[i];
                int end = start;
                while (end < z.length && z[end] != '\n') {
                    end++;
                }
                int next = end < z.length ? end + 1 : end;
                if (end > start && z[end - 1] == '\r' && end < z.length) {
                    end--;
                }
                int space = widths[i] - Render.displayWidth(z, start, end);
                if (numbers == null) {
                    pad(space / 2);
                    printExpandingTabs(z, start, end);
                    pad(space - space / 2);
                } else if (numbers[i]) {
                    pad(space);
                    printExpandingTabs(z, start, end);
                } else {
                    printExpandingTabs(z, start, end);
                    pad(space);
                }
                position[i] = next;
                if (next < z.length) {
                    more = true;
                }
                out.print(i < columnCount - 1 ? " " + V + " " : " " + V + "\n");
            }
        }
    }

    private void printExpandingTabs(byte[] z, int start, int end) {
        int column = 0;
        int i = start;
        int runStart = start;
        while (i < end) {
            int c = z[i] & 0xff;
            if (c == '\t') {
                out.write(z, runStart, i - runStart);
                int n = 8 - (column & 7);
                pad(n);
                column += n;
                runStart = ++i;
            } else if (c == 0x1b && Render.vt100Length(z, i, end) > 0) {
                i += Render.vt100Length(z, i, end);
            } else if (c < 0x80) {
                column++;
                i++;
            } else {
                int len = Render.utf8Length(z, i, end);
                column += Render.displayWidth(z, i, i + len);
                i += len;
            }
        }
        out.write(z, runStart, end - runStart);
    }

    private void pad(int n) {
        for (int i = 0; i < n; i++) {
            out.write(' ');
        }
    }
}
