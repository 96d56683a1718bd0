package org.graalite.jmh.data;

import java.util.List;
import java.util.stream.Collectors;

/**
 * A table of a benchmark data set, described once and created in both SQLite and H2 with the
 * same names: SQLite gets the declared types of the specification (DATE columns hold ISO text),
 * H2 the closest types of its own (VARCHAR for character columns, so H2 does not pad them).
 */
public record Table(String name, List<Column> columns, List<String> primaryKey) {
    public enum Type {
        INTEGER("INTEGER", "INTEGER"),
        BIGINT("INTEGER", "BIGINT"),
        /** Money and quantities: NUMERIC affinity in SQLite (whole values are stored as integers), exact in H2. */
        DECIMAL("DECIMAL(15,2)", "DECIMAL(15,2)"),
        VARCHAR("VARCHAR", "VARCHAR"),
        CHAR("CHAR", "VARCHAR"),
        /** A date: ISO text (YYYY-MM-DD) in SQLite, DATE in H2. */
        DATE("DATE", "DATE");

        final String sqlite;
        final String h2;

        Type(String sqlite, String h2) {
            this.sqlite = sqlite;
            this.h2 = h2;
        }
    }

    public record Column(String name, Type type, int length) {
        String sqliteType() {
            return type.sqlite + (length > 0 ? "(" + length + ")" : "");
        }

        String h2Type() {
            return type.h2 + (length > 0 ? "(" + length + ")" : "");
        }
    }

    public static Column col(String name, Type type) {
        return new Column(name, type, 0);
    }

    public static Column col(String name, Type type, int length) {
        return new Column(name, type, length);
    }

    public String sqliteDdl() {
        // A single INTEGER primary key becomes SQLite's rowid alias, as a SQLite user would declare it.
        boolean rowid = primaryKey.size() == 1 && columns.stream().anyMatch(c -> c.name().equals(primaryKey.get(0)) && (c.type() == Type.INTEGER || c.type() == Type.BIGINT));
        String cols = columns.stream().map(c -> c.name() + " " + (rowid && c.name().equals(primaryKey.get(0)) ? "INTEGER PRIMARY KEY" : c.sqliteType() + " NOT NULL"))
                        .collect(Collectors.joining(", "));
        return "CREATE TABLE " + name + " (" + cols + (rowid || primaryKey.isEmpty() ? "" : ", PRIMARY KEY (" + String.join(", ", primaryKey) + ")") + ")";
    }

    public String h2Ddl() {
        String cols = columns.stream().map(c -> h2Name(c.name()) + " " + c.h2Type() + " NOT NULL").collect(Collectors.joining(", "));
        return "CREATE TABLE " + h2Name(name) + " (" + cols + (primaryKey.isEmpty() ? "" : ", PRIMARY KEY (" + String.join(", ", primaryKey) + ")") + ")";
    }

    /** H2 reserves some of the specifications' names (SSB's table {@code date}): quote those. */
    static String h2Name(String name) {
        return name.equalsIgnoreCase("date") ? "\"" + name.toUpperCase(java.util.Locale.ROOT) + "\"" : name;
    }

    public String insertSql(boolean h2) {
        return "INSERT INTO " + (h2 ? h2Name(name) : name) + " VALUES (" + columns.stream().map(c -> "?").collect(Collectors.joining(", ")) + ")";
    }
}
