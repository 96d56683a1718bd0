package org.graalite.jdbc;

import java.sql.SQLException;

import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Value;

/**
 * What is known about the result columns of a statement: names at once; declared types, source
 * tables and source columns (sqlite3_column_decltype, _table_name, _origin_name) and the NOT
 * NULL, primary key and AUTOINCREMENT facts of source columns when first asked for.
 */
final class Columns {
    private final GraaliteConnection connection;
    /** The language's prepared statement object, null for rows the driver made. */
    private final Value statement;
    final String[] names;
    private String[] declaredTypes;
    private String[] tableNames;
    private String[] originNames;
    /** Per column: NOT NULL, part of the primary key, AUTOINCREMENT. */
    private boolean[][] facts;

    Columns(GraaliteConnection connection, Value statement, String[] names) {
        this.connection = connection;
        this.statement = statement;
        this.names = names;
    }

    static Columns of(GraaliteConnection connection, Value statement) throws SQLException {
        try {
            return new Columns(connection, statement, statement.getMember("columns").as(String[].class));
        } catch (PolyglotException e) {
            throw Errors.translate(e);
        }
    }

    int count() {
        return names.length;
    }

    private String[] read(String member) throws SQLException {
        if (statement == null) {
            return new String[names.length];
        }
        synchronized (connection) {
            try {
                return statement.getMember(member).as(String[].class);
            } catch (PolyglotException e) {
                throw Errors.translate(e);
            } catch (IllegalStateException e) {
                throw new SQLException("statement is closed", e);
            }
        }
    }

    String declaredType(int index) throws SQLException {
        if (declaredTypes == null) {
            declaredTypes = read("declaredTypes");
        }
        return declaredTypes[index];
    }

    String tableName(int index) throws SQLException {
        if (tableNames == null) {
            tableNames = read("tableNames");
        }
        return tableNames[index];
    }

    String originName(int index) throws SQLException {
        if (originNames == null) {
            originNames = read("originNames");
        }
        return originNames[index];
    }

    /** NOT NULL, primary key, AUTOINCREMENT of the column's source column (all false for expressions). */
    boolean[] facts(int index) throws SQLException {
        if (facts == null) {
            boolean[][] all = new boolean[names.length][];
            for (int i = 0; i < names.length; i++) {
                all[i] = lookUpFacts(tableName(i), originName(i));
            }
            facts = all;
        }
        return facts[index];
    }

    private boolean[] lookUpFacts(String table, String column) throws SQLException {
        boolean[] result = new boolean[3];
        if (table == null || column == null) {
            return result;
        }
        synchronized (connection) {
            try {
                Value rows = connection.db().invokeMember("execute",
                                "select \"notnull\", pk, (select count(*) from sqlite_schema where type = 'table' and name = ?1 and sql like '%autoincrement%') " +
                                                "from pragma_table_info(?1) where name = ?2",
                                table, column);
                if (rows.hasIteratorNextElement()) {
                    Object[] row = rows.getIteratorNextElement().as(Object[].class);
                    result[0] = ((Number) row[0]).longValue() != 0;
                    result[1] = ((Number) row[1]).longValue() != 0;
                    result[2] = result[1] && ((Number) row[2]).longValue() != 0;
                }
                rows.invokeMember("close");
            } catch (PolyglotException e) {
                throw Errors.translate(e);
            }
        }
        return result;
    }
}
