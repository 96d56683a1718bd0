package org.graalite.launcher;

import java.util.Locale;

/**
 * What {@code .mode}, {@code .headers}, {@code .nullvalue}, {@code .separator}, {@code .width},
 * {@code .timer}, {@code .changes} and {@code .echo} set: how query results are printed.
 * Defaults are the sqlite3 program's in batch use: list mode, {@code |} between columns, NULL as
 * an empty string, column names as the mode has them (none in list mode).
 */
final class OutputSettings {
    /** The output modes, named as in sqlite3's {@code .mode}. */
    enum Mode {
        LIST(false),
        CSV(false),
        JSON(false),
        BOX(true),
        LINE(false),
        COLUMN(true),
        TABLE(true),
        MARKDOWN(true),
        TABS(false),
        QUOTE(false),
        INSERT(false),
        HTML(false);

        /** Whether the mode shows column names while {@code .headers} was not given. */
        final boolean titlesByDefault;

        Mode(boolean titlesByDefault) {
            this.titlesByDefault = titlesByDefault;
        }

        static Mode parse(String name) {
            for (Mode m : values()) {
                if (m.displayName().equals(name)) {
                    return m;
                }
            }
            return null;
        }

        String displayName() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** The names for the error message of {@code .mode} with an unknown one. */
        static String names() {
            StringBuilder sb = new StringBuilder();
            for (Mode m : values()) {
                if (!sb.isEmpty()) {
                    sb.append(' ');
                }
                sb.append(m.displayName());
            }
            return sb.toString();
        }
    }

    Mode mode = Mode.LIST;
    /**
     * {@code .headers on|off}; null until given. sqlite3 3.52 and later keep the setting across
     * {@code .mode} changes, and while it was never given each mode shows column names or not
     * as it does by default (box, column, table and markdown do).
     */
    Boolean headers;
    boolean timer;
    /** {@code .changes on}: print the change counts after each SQL input. */
    boolean changes;
    /** {@code .echo on}: print each input unit before running it. */
    boolean echo;
    String nullValue = "";
    String columnSeparator = "|";
    String rowSeparator = "\n";
    /** The table name of insert mode ({@code .mode insert TABLE}). */
    String insertTable = "tab";
    /**
     * {@code .width}: the widths of the first columns in the columnar modes; 0 as wide as the
     * data, negative right-aligned.
     */
    int[] widths = new int[0];

    void setMode(Mode newMode) {
        mode = newMode;
        // As sqlite3 does: each mode starts with its own separators; .separator changes them
        // for list and csv.
        switch (newMode) {
            case CSV -> {
                columnSeparator = ",";
                rowSeparator = "\r\n";
            }
            case TABS -> {
                columnSeparator = "\t";
                rowSeparator = "\n";
            }
            default -> {
                columnSeparator = "|";
                rowSeparator = "\n";
            }
        }
    }

    /** Whether results show the column names: {@code .headers}, or the mode's default. */
    boolean titles() {
        return headers != null ? headers : mode.titlesByDefault;
    }

    /** A formatter for one result with these column names. */
    ResultFormatter formatter(String[] columns, Output out) {
        return switch (mode) {
            case LIST, TABS -> new ListFormatter(columns, out, this);
            case CSV -> new CsvFormatter(columns, out, this);
            case JSON -> new JsonFormatter(columns, out);
            case BOX -> new ColumnarFormatter(ColumnarFormatter.Style.BOX, columns, out, this);
            case COLUMN -> new ColumnarFormatter(ColumnarFormatter.Style.COLUMN, columns, out, this);
            case TABLE -> new ColumnarFormatter(ColumnarFormatter.Style.TABLE, columns, out, this);
            case MARKDOWN -> new ColumnarFormatter(ColumnarFormatter.Style.MARKDOWN, columns, out, this);
            case LINE -> new LineFormatter(columns, out, this);
            case QUOTE -> new QuoteFormatter(columns, out, this);
            case INSERT -> new InsertFormatter(columns, out, this);
            case HTML -> new HtmlFormatter(columns, out, this);
        };
    }
}
