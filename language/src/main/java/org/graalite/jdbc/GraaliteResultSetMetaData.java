package org.graalite.jdbc;

import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Types;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Column facts of a result, as sqlite-jdbc reports them. Type names come from the declared type
 * of the source column (up to its first parenthesis, upper case), or the type of a
 * {@code CAST(x AS type)} column, or else the storage class of the current row's value; the
 * JDBC type combines that name with the current value's storage class. Like sqlite-jdbc, the
 * answers for expression columns can change from row to row.
 */
final class GraaliteResultSetMetaData implements ResultSetMetaData {
    private static final Pattern TYPE_NAME = Pattern.compile("([^\\(]*)");
    private static final Pattern CAST_TYPE = Pattern.compile("cast\\(.*?\\s+as\\s+(.*?)\\s*\\)");
    private static final Pattern PRECISION = Pattern.compile(".*?\\((.*?)\\)");

    private final Columns columns;
    /** The result whose current row the answers follow; null before any execution. */
    private final GraaliteResultSet result;

    GraaliteResultSetMetaData(Columns columns, GraaliteResultSet result) {
        this.columns = columns;
        this.result = result;
    }

    private Object value(int column) throws SQLException {
        return result == null ? null : result.valueAt(index(column));
    }

    private int index(int column) throws SQLException {
        if (column < 1 || column > columns.count()) {
            throw new SQLException("column " + column + " out of bounds [1," + columns.count() + "]");
        }
        return column - 1;
    }

    /** Storage class of the column's value in the current row (NULL when there is no row). */
    private int valueType(int column) throws SQLException {
        int i = index(column);
        return result == null ? SqliteValues.NULL : result.storageType(i);
    }

    private String declaredType(int column) throws SQLException {
        int i = index(column);
        String declared = columns.declaredType(i);
        if (declared == null) {
            Matcher m = CAST_TYPE.matcher(columns.names[i]);
            declared = m.find() ? m.group(1) : null;
        }
        return declared;
    }

    @Override
    public int getColumnCount() {
        return columns.count();
    }

    @Override
    public boolean isAutoIncrement(int column) throws SQLException {
        return columns.facts(index(column))[2];
    }

    @Override
    public boolean isCaseSensitive(int column) {
        return true;
    }

    @Override
    public boolean isSearchable(int column) {
        return true;
    }

    @Override
    public boolean isCurrency(int column) {
        return false;
    }

    @Override
    public int isNullable(int column) throws SQLException {
        return columns.facts(index(column))[0] ? columnNoNulls : columnNullable;
    }

    @Override
    public boolean isSigned(int column) throws SQLException {
        String name = getColumnTypeName(column);
        return name.equals("NUMERIC") || name.equals("INTEGER") || name.equals("REAL");
    }

    @Override
    public int getColumnDisplaySize(int column) {
        return Integer.MAX_VALUE;
    }

    @Override
    public String getColumnLabel(int column) throws SQLException {
        return getColumnName(column);
    }

    @Override
    public String getColumnName(int column) throws SQLException {
        return columns.names[index(column)];
    }

    @Override
    public String getSchemaName(int column) {
        return "";
    }

    @Override
    public int getPrecision(int column) throws SQLException {
        String declared = declaredType(column);
        if (declared != null) {
            Matcher m = PRECISION.matcher(declared);
            return m.find() ? Integer.parseInt(m.group(1).split(",")[0].trim()) : 0;
        }
        return 0;
    }

    @Override
    public int getScale(int column) throws SQLException {
        String declared = declaredType(column);
        if (declared != null) {
            Matcher m = PRECISION.matcher(declared);
            if (m.find()) {
                String[] parts = m.group(1).split(",");
                if (parts.length == 2) {
                    return Integer.parseInt(parts[1].trim());
                }
            }
        }
        return 0;
    }

    @Override
    public String getTableName(int column) throws SQLException {
        String table = columns.tableName(index(column));
        return table == null ? "" : table;
    }

    /** SQLite has no catalogs: always empty, as in sqlite-jdbc. */
    @Override
    public String getCatalogName(int column) throws SQLException {
        index(column);
        return "";
    }

    @Override
    public String getColumnTypeName(int column) throws SQLException {
        String declared = declaredType(column);
        if (declared != null) {
            Matcher m = TYPE_NAME.matcher(declared);
            m.find();
            return m.group(1).toUpperCase(Locale.ENGLISH);
        }
        switch (valueType(column)) {
            case SqliteValues.INTEGER:
                return "INTEGER";
            case SqliteValues.FLOAT:
                return "FLOAT";
            case SqliteValues.BLOB:
                return "BLOB";
            case SqliteValues.TEXT:
                return "TEXT";
            default:
                return "NUMERIC";
        }
    }

    @Override
    public int getColumnType(int column) throws SQLException {
        String name = getColumnTypeName(column);
        int value = valueType(column);
        if (value == SqliteValues.INTEGER || value == SqliteValues.NULL) {
            switch (name) {
                case "BOOLEAN":
                    return Types.BOOLEAN;
                case "TINYINT":
                    return Types.TINYINT;
                case "SMALLINT":
                case "INT2":
                    return Types.SMALLINT;
                case "BIGINT":
                case "INT8":
                case "UNSIGNED BIG INT":
                    return Types.BIGINT;
                case "DATE":
                    return Types.DATE;
                case "DATETIME":
                case "TIMESTAMP":
                    return Types.TIMESTAMP;
                default:
                    break;
            }
            if (value == SqliteValues.INTEGER || name.equals("INT") || name.equals("INTEGER") || name.equals("MEDIUMINT")) {
                long v = SqliteValues.toLong(value(column));
                return v > Integer.MAX_VALUE || v < Integer.MIN_VALUE ? Types.BIGINT : Types.INTEGER;
            }
        }
        if (value == SqliteValues.FLOAT || value == SqliteValues.NULL) {
            switch (name) {
                case "DECIMAL":
                    return Types.DECIMAL;
                case "DOUBLE":
                case "DOUBLE PRECISION":
                    return Types.DOUBLE;
                case "NUMERIC":
                    return Types.NUMERIC;
                case "REAL":
                    return Types.REAL;
                default:
                    break;
            }
            if (value == SqliteValues.FLOAT || name.equals("FLOAT")) {
                return Types.FLOAT;
            }
        }
        if (value == SqliteValues.TEXT || value == SqliteValues.NULL) {
            switch (name) {
                case "CHARACTER":
                case "NCHAR":
                case "NATIVE CHARACTER":
                case "CHAR":
                    return Types.CHAR;
                case "CLOB":
                    return Types.CLOB;
                case "DATE":
                    return Types.DATE;
                case "DATETIME":
                case "TIMESTAMP":
                    return Types.TIMESTAMP;
                default:
                    break;
            }
            if (value == SqliteValues.TEXT || name.equals("VARCHAR") || name.equals("VARYING CHARACTER") || name.equals("NVARCHAR") || name.equals("TEXT")) {
                return Types.VARCHAR;
            }
        }
        if (value == SqliteValues.BLOB || value == SqliteValues.NULL) {
            if (name.equals("BINARY")) {
                return Types.BINARY;
            }
            if (value == SqliteValues.BLOB || name.equals("BLOB")) {
                return Types.BLOB;
            }
        }
        return Types.NUMERIC;
    }

    @Override
    public boolean isReadOnly(int column) {
        return false;
    }

    @Override
    public boolean isWritable(int column) {
        return true;
    }

    @Override
    public boolean isDefinitelyWritable(int column) {
        return true;
    }

    @Override
    public String getColumnClassName(int column) throws SQLException {
        switch (valueType(column)) {
            case SqliteValues.INTEGER: {
                long v = SqliteValues.toLong(value(column));
                return v > Integer.MAX_VALUE || v < Integer.MIN_VALUE ? "java.lang.Long" : "java.lang.Integer";
            }
            case SqliteValues.FLOAT:
                return "java.lang.Double";
            case SqliteValues.BLOB:
            case SqliteValues.NULL:
                return "java.lang.Object";
            default:
                return "java.lang.String";
        }
    }

    @Override
    public <T> T unwrap(Class<T> type) throws SQLException {
        if (type.isInstance(this)) {
            return type.cast(this);
        }
        throw new SQLException(getClass().getName() + " does not wrap " + type.getName());
    }

    @Override
    public boolean isWrapperFor(Class<?> type) {
        return type.isInstance(this);
    }
}
