package org.graalite.launcher;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * sqlite3's columnar modes (3.53 and later, whose output goes through SQLite's query result
 * formatter): box, column, table and markdown. Every row is read before anything is printed,
 * to know the column widths: each column is as wide as its widest value or name, or as
 * {@code .width} says. Column names (when shown) are centered; numbers are right-aligned and
 * other values left-aligned, or right-aligned in a column whose {@code .width} is negative.
 * A value with line breaks, or wider than a fixed width (then wrapped at word boundaries where
 * possible), spans several lines, and then a line separates every row.
 *
 * <pre>
 * box                       table                 markdown              column
 * ╭─────┬───────╮           +-----+-------+       |  a  |   b   |       a     b
 * │  a  │   b   │           |  a  |   b   |       |-----|-------|       ---  ---
 * ╞═════╪═══════╡           +-----+-------+       |   1 | x     |         1  x
 * │   1 │ x     │           |   1 | x     |
 * ╰─────┴───────╯           +-----+-------+
 * </pre>
 *
 * Column mode has no borders, two spaces between columns, dashes under the names, and no
 * trailing spaces. NULL is the {@code .nullvalue} (empty by default); control characters show
 * as {@code ^X}, tabs expand to the next multiple of 8. A result without rows prints nothing.
 */
final class ColumnarFormatter implements ResultFormatter {
    enum Style {
        BOX,
        COLUMN,
        TABLE,
        MARKDOWN
    }

    private enum Align {
        /** Numbers right, other values left. */
        AUTO,
        LEFT,
        CENTER,
        RIGHT
    }

    private final Style style;
    private final Output out;
    private final byte[] nullText;
    private final boolean titles;
    private final int[] widthSettings;
    private final int columnCount;
    /** Every cell, row by row, the names first when shown. */
    private final List<byte[]> cells = new ArrayList<>();
    private final List<Boolean> numeric = new ArrayList<>();
    /** Widest (unwrapped) cell of each column. */
    private final int[] maxWidths;
    private boolean multiLine;
    private int dataRows;

    ColumnarFormatter(Style style, String[] columns, Output out, OutputSettings settings) {
        this.style = style;
        this.out = out;
        this.nullText = settings.nullValue.getBytes(StandardCharsets.UTF_8);
        this.titles = settings.titles();
        this.widthSettings = settings.widths;
        this.columnCount = columns.length;
        this.maxWidths = new int[columnCount];
        if (titles) {
            for (int i = 0; i < columnCount; i++) {
                add(i, Render.escapeControls(Render.utf8(columns[i])), false);
            }
        }
    }

    @Override
    public void row(Object[] values) {
        for (int i = 0; i < columnCount; i++) {
            add(i, Render.plain(values[i], nullText), Render.isNumeric(values[i]));
        }
        dataRows++;
    }

    private void add(int column, byte[] cell, boolean number) {
        cells.add(cell);
        numeric.add(number);
        maxWidths[column] = Math.max(maxWidths[column], Render.displayWidth(cell));
        for (byte b : cell) {
            if (b == '\n' || b == '\r') {
                multiLine = true;
                break;
            }
        }
    }

    @Override
    public void finish(boolean complete) {
        if (!complete || dataRows == 0 || columnCount == 0) {
            return;
        }
        int n = columnCount;
        int[] widths = new int[n];
        Align[] bodyAlign = new Align[n];
        for (int i = 0; i < n; i++) {
            int w = i < widthSettings.length ? widthSettings[i] : 0;
            bodyAlign[i] = w < 0 ? Align.RIGHT : Align.AUTO;
            w = Math.abs(w);
            if (w == 0) {
                w = maxWidths[i];
            } else if (maxWidths[i] > w) {
                // A fixed width narrower than the data: values wrap onto more lines. One
                // column is too narrow for a double-width character, so it becomes two.
                multiLine = true;
                if (w == 1) {
                    w = 2;
                }
            }
            widths[i] = w;
        }
        Align[] align = new Align[n];
        java.util.Arrays.fill(align, titles ? Align.CENTER : Align.AUTO);
        if (!titles) {
            System.arraycopy(bodyAlign, 0, align, 0, n);
        }
        boolean wordWrap = multiLine;
        boolean trim = style == Style.COLUMN;
        String rowStart;
        String columnSeparator;
        String rowEnd;
        switch (style) {
            case BOX -> {
                rowStart = "\u2502 ";
                columnSeparator = " \u2502 ";
                rowEnd = " \u2502\n";
                boxLine(widths, "\u256d", "\u252c", "\u256e", "\u2500");
            }
            case TABLE -> {
                rowStart = "| ";
                columnSeparator = " | ";
                rowEnd = " |\n";
                asciiLine(widths, '+');
            }
            case COLUMN -> {
                rowStart = "";
                columnSeparator = "  ";
                rowEnd = "\n";
            }
            default -> {
                rowStart = "| ";
                columnSeparator = " | ";
                rowEnd = " |\n";
            }
        }
        int rows = cells.size() / n;
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        for (int r = 0; r < rows; r++) {
            byte[][] z = new byte[n][];
            int[] position = new int[n];
            for (int j = 0; j < n; j++) {
                z[j] = cells.get(r * n + j);
            }
            boolean more;
            do {
                line.reset();
                line.writeBytes(Render.utf8(rowStart));
                more = false;
                for (int j = 0; j < n; j++) {
                    int[] cut = wrapLine(z[j], position[j], widths[j], wordWrap);
                    boolean number = numeric.get(r * n + j);
                    printAligned(line, z[j], position[j], cut[0], widths[j] - cut[1], align[j], number);
                    position[j] += cut[2];
                    if (position[j] < z[j].length) {
                        more = true;
                    }
                    if (j < n - 1) {
                        line.writeBytes(Render.utf8(columnSeparator));
                    } else {
                        writeLine(line, trim, rowEnd);
                    }
                }
            } while (more);
            if ((r == 0 || multiLine) && r + 1 < rows) {
                boolean afterTitles = r == 0 && titles;
                if (afterTitles) {
                    System.arraycopy(bodyAlign, 0, align, 0, n);
                }
                switch (style) {
                    case TABLE -> asciiLine(widths, '+');
                    case BOX -> {
                        if (afterTitles) {
                            boxLine(widths, "\u255e", "\u256a", "\u2561", "\u2550");
                        } else {
                            boxLine(widths, "\u251c", "\u253c", "\u2524", "\u2500");
                        }
                    }
                    case MARKDOWN -> {
                        if (afterTitles) {
                            asciiLine(widths, '|');
                        }
                    }
                    case COLUMN -> {
                        if (afterTitles) {
                            line.reset();
                            for (int j = 0; j < n; j++) {
                                line.writeBytes(Render.ascii("-".repeat(widths[j])));
                                if (j < n - 1) {
                                    line.writeBytes(Render.ascii(columnSeparator));
                                }
                            }
                            writeLine(line, true, "\n");
                        } else {
                            // An empty line between rows that span several lines.
                            out.write('\n');
                        }
                    }
                }
            }
        }
        if (style == Style.BOX) {
            boxLine(widths, "\u2570", "\u2534", "\u256f", "\u2500");
        } else if (style == Style.TABLE) {
            asciiLine(widths, '+');
        }
        out.flush();
    }

    private void writeLine(ByteArrayOutputStream line, boolean trim, String end) {
        byte[] bytes = line.toByteArray();
        int length = bytes.length;
        if (trim) {
            while (length > 0 && bytes[length - 1] == ' ') {
                length--;
            }
        }
        out.write(bytes, 0, length);
        out.print(end);
    }

    /** {@code +-----+---+} (table) or {@code |-----|---|} (markdown): each column plus its margins. */
    private void asciiLine(int[] widths, char corner) {
        StringBuilder sb = new StringBuilder().append(corner);
        for (int w : widths) {
            sb.append("-".repeat(w + 2)).append(corner);
        }
        out.print(sb.append('\n').toString());
    }

    private void boxLine(int[] widths, String left, String middle, String right, String dash) {
        StringBuilder sb = new StringBuilder(left);
        for (int i = 0; i < widths.length; i++) {
            if (i > 0) {
                sb.append(middle);
            }
            sb.append(dash.repeat(widths[i] + 2));
        }
        out.print(sb.append(right).append('\n').toString());
    }

    /**
     * The part of {@code z} from {@code start} that fits on one line of {@code width} columns:
     * {bytes to show, their display width, bytes to skip to the next line's start}. A line ends
     * at a line break (CR LF included), or where the width is full: there, with
     * {@code wordWrap}, at a space or word boundary in the second half of the line if any;
     * spaces after the cut are skipped.
     */
    static int[] wrapLine(byte[] z, int start, int width, boolean wordWrap) {
        int end = z.length;
        if (start >= end) {
            return new int[]{0, 0, 0};
        }
        int n = 0;
        int i;
        int c = 0;
        for (i = 0;; i++) {
            c = start + i < end ? z[start + i] & 0xff : 0;
            if (c >= 0xc0) {
                int len = Render.utf8Length(z, start + i, end);
                int w = Render.displayWidth(z, start + i, start + i + len);
                if (w + n > width) {
                    break;
                }
                i += len - 1;
                n += w;
                continue;
            }
            if (c >= ' ') {
                if (n == width) {
                    break;
                }
                n++;
                continue;
            }
            if (c == 0 || c == '\n') {
                break;
            }
            if (c == '\r' && start + i + 1 < end && z[start + i + 1] == '\n') {
                i++;
                c = '\n';
                break;
            }
            if (c == '\t') {
                int w = 8 - (n & 7);
                if (n + w > width) {
                    break;
                }
                n += w;
                continue;
            }
            int k = c == 0x1b ? Render.vt100Length(z, start + i, end) : 0;
            if (k > 0) {
                i += k - 1;
            } else if (n == width) {
                break;
            } else {
                n++;
            }
        }
        if (c == 0) {
            return new int[]{i, n, i};
        }
        if (c == '\n') {
            return new int[]{i, n, i + 1};
        }
        int next = byteAt(z, start + i);
        if (wordWrap && next != 0 && !isSpace(next) && isAlnum(c) == isAlnum(next)) {
            // Back up to a space, else to a boundary between a word and other characters,
            // but not into the first half of the line.
            int k;
            for (k = i - 1; k >= i / 2; k--) {
                if (isSpace(byteAt(z, start + k))) {
                    break;
                }
            }
            if (k < i / 2) {
                for (k = i; k >= i / 2; k--) {
                    if (isAlnum(byteAt(z, start + k - 1)) != isAlnum(byteAt(z, start + k)) && (byteAt(z, start + k) & 0xc0) != 0x80) {
                        break;
                    }
                }
            }
            if (k >= i / 2) {
                i = k;
                n = Render.displayWidth(z, start, start + k);
            }
        }
        if (i == 0) {
            // Not even one character fits (a double-width one in a narrower column): show it
            // anyway, so that every line makes progress.
            i = Render.utf8Length(z, start, end);
            n = Render.displayWidth(z, start, start + i);
        }
        int shown = i;
        while (start + i < end && (z[start + i] == ' ' || z[start + i] == '\t' || z[start + i] == '\r')) {
            i++;
        }
        return new int[]{shown, n, i};
    }

    private static int byteAt(byte[] z, int i) {
        return i >= 0 && i < z.length ? z[i] & 0xff : 0;
    }

    private static boolean isSpace(int c) {
        return c == ' ' || (c >= 0x09 && c <= 0x0d);
    }

    private static boolean isAlnum(int c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
    }

    /** {@code length} bytes of {@code z} from {@code start} with {@code space} columns of padding as aligned. */
    private static void printAligned(ByteArrayOutputStream line, byte[] z, int start, int length, int space, Align align, boolean number) {
        Align a = align == Align.AUTO ? (number ? Align.RIGHT : Align.LEFT) : align;
        switch (a) {
            case CENTER -> {
                pad(line, space / 2);
                appendExpandingTabs(line, z, start, length);
                pad(line, space - space / 2);
            }
            case RIGHT -> {
                pad(line, space);
                appendExpandingTabs(line, z, start, length);
            }
            default -> {
                appendExpandingTabs(line, z, start, length);
                pad(line, space);
            }
        }
    }

    /**
     * The bytes with each tab as spaces to the next multiple of 8, a CR at the end dropped, and
     * another control character as its Unicode control picture (U+2400 + c).
     */
    private static void appendExpandingTabs(ByteArrayOutputStream line, byte[] z, int start, int length) {
        int column = 0;
        int end = start + length;
        int i = start;
        while (i < end) {
            int c = z[i] & 0xff;
            if (c < ' ') {
                int k = c == 0x1b ? Render.vt100Length(z, i, end) : 0;
                if (k > 0) {
                    line.write(z, i, k);
                    i += k;
                } else if (c == '\t') {
                    int spaces = 8 - (column & 7);
                    pad(line, spaces);
                    column += spaces;
                    i++;
                } else if (c == '\r' && i == end - 1) {
                    i++;
                } else {
                    line.write(0xe2);
                    line.write(0x90);
                    line.write(0x80 + c);
                    column++;
                    i++;
                }
            } else if (c < 0x80) {
                line.write(c);
                column++;
                i++;
            } else {
                int len = Render.utf8Length(z, i, end);
                line.write(z, i, len);
                column += Render.displayWidth(z, i, i + len);
                i += len;
            }
        }
    }

    private static void pad(ByteArrayOutputStream line, int n) {
        for (int i = 0; i < n; i++) {
            line.write(' ');
        }
    }
}
