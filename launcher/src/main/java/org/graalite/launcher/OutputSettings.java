package org.graalite.launcher;

import java.util.Locale;

/**
 * What {@code .mode}, {@code .headers}, {@code .nullvalue}, {@code .separator} and
 * {@code .timer} set: how query results are printed. Defaults are the sqlite3 program's in
 * batch use: list mode, {@code |} between columns, no headers, NULL as an empty string.
 */
final class OutputSettings {
    /** The output modes, named as in sqlite3's {@code .mode}. */
    enum Mode {
        LIST,
        CSV,
        JSON,
        BOX;

        static Mode parse(String name) {
            for (Mode m : values()) {
                if (m.name().toLowerCase(Locale.ROOT).equals(name)) {
                    return m;
                }
            }
            return null;
        }

        String displayName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    Mode mode = Mode.LIST;
    boolean headers;
    boolean timer;
    String nullValue = "";
    String columnSeparator = "|";
    String rowSeparator = "\n";

    void setMode(Mode newMode) {
        mode = newMode;
        // As sqlite3 does: each mode starts with its own separators; .separator changes them
        // for list and csv.
        if (newMode == Mode.CSV) {
            columnSeparator = ",";
            rowSeparator = "\r\n";
        } else {
            columnSeparator = "|";
            rowSeparator = "\n";
        }
    }

    /** A formatter for one result with these column names. */
    ResultFormatter formatter(String[] columns, Output out) {
        return switch (mode) {
            case LIST -> new ListFormatter(columns, out, this);
            case CSV -> new CsvFormatter(columns, out, this);
            case JSON -> new JsonFormatter(columns, out);
            case BOX -> new BoxFormatter(columns, out, this);
        };
    }
}
