package org.graalite.jdbc;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.sql.BatchUpdateException;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;

/** Renders what JDBC calls return, in the same words for every driver. */
final class Transcript {
    private Transcript() {
    }

    /** An exception: its kind (SQLite error, batch, unsupported, other), codes and message. */
    static String error(SQLException e) {
        String kind;
        String extra = "";
        if (e instanceof GraaliteException g) {
            kind = "SQLITE";
            extra = " result=" + g.getResultCode();
        } else if (e instanceof org.sqlite.SQLiteException s) {
            kind = "SQLITE";
            extra = " result=" + s.getResultCode().code;
        } else if (e instanceof BatchUpdateException b) {
            kind = "BATCH";
            extra = " counts=" + counts(b.getLargeUpdateCounts());
        } else if (e instanceof SQLFeatureNotSupportedException) {
            kind = "UNSUPPORTED";
        } else {
            kind = "SQLException";
        }
        // The texts of "not supported" differ between drivers and say nothing more than the kind.
        String message = kind.equals("UNSUPPORTED") ? "" : " " + e.getMessage();
        return "ERROR " + kind + " code=" + e.getErrorCode() + " state=" + e.getSQLState() + extra + message;
    }

    static String counts(int[] counts) {
        return Arrays.toString(counts);
    }

    static String counts(long[] counts) {
        return Arrays.toString(counts);
    }

    /** A value with its Java type. */
    static String value(Object v) {
        if (v == null) {
            return "NULL";
        } else if (v instanceof Integer) {
            return "i:" + v;
        } else if (v instanceof Long) {
            return "l:" + v;
        } else if (v instanceof Double) {
            return "d:" + v;
        } else if (v instanceof String s) {
            return "'" + s + "'";
        } else if (v instanceof byte[] b) {
            return "x'" + HexFormat.of().formatHex(b) + "'";
        }
        return v.getClass().getSimpleName() + ":" + v;
    }

    interface Getter {
        Object get() throws Exception;
    }

    private static String attempt(Getter getter) {
        try {
            Object v = getter.get();
            if (v instanceof byte[] b) {
                return "x'" + HexFormat.of().formatHex(b) + "'";
            }
            if (v instanceof java.util.Date d) {
                return d.getClass().getSimpleName() + "@" + d.getTime();
            }
            return String.valueOf(v);
        } catch (SQLException e) {
            return error(e);
        } catch (Exception e) {
            return "!! " + e.getClass().getSimpleName() + ": " + e.getMessage();
        }
    }

    /** Column names and types (from the current row, as sqlite-jdbc's are). */
    static String columnTypes(ResultSetMetaData md) throws SQLException {
        StringBuilder sb = new StringBuilder("  types:");
        for (int i = 1; i <= md.getColumnCount(); i++) {
            int c = i;
            sb.append(' ').append(md.getColumnName(i)).append(':').append(attempt(() -> md.getColumnTypeName(c))).append('/').append(attempt(() -> md.getColumnType(c)));
        }
        return sb.toString();
    }

    /** The rows of a result set: getObject values, and the column types at the first row. */
    static void rows(ResultSet rs, List<String> out) throws SQLException {
        if (rs == null) {
            out.add("  no result set");
            return;
        }
        ResultSetMetaData md = rs.getMetaData();
        int n = md.getColumnCount();
        int count = 0;
        while (rs.next()) {
            if (count == 0) {
                out.add(columnTypes(md));
            }
            StringBuilder sb = new StringBuilder("  row:");
            for (int i = 1; i <= n; i++) {
                sb.append(' ').append(value(rs.getObject(i)));
            }
            out.add(sb.toString());
            count++;
        }
        if (count == 0) {
            out.add(columnTypes(md));
        }
        out.add("  " + count + " rows, afterLast=" + rs.isAfterLast() + " next=" + rs.next());
        rs.close();
    }

    /** Every getter on every column of every row, and the metadata at each row. */
    static void getters(ResultSet rs, List<String> out) throws SQLException {
        ResultSetMetaData md = rs.getMetaData();
        int n = md.getColumnCount();
        out.add("  before: beforeFirst=" + rs.isBeforeFirst() + " row=" + rs.getRow() + " first=" + attempt(() -> rs.getString(1)));
        metaData(md, out);
        int r = 0;
        while (rs.next()) {
            r++;
            out.add("  row " + r + ":" + columnTypes(md).substring(8));
            for (int i = 1; i <= n; i++) {
                int c = i;
                StringBuilder sb = new StringBuilder("    c" + i + ":");
                sb.append(" obj=").append(attempt(() -> value(rs.getObject(c))));
                sb.append(" null=").append(attempt(rs::wasNull));
                sb.append(" str=").append(attempt(() -> rs.getString(c)));
                sb.append(" int=").append(attempt(() -> rs.getInt(c)));
                sb.append(" long=").append(attempt(() -> rs.getLong(c)));
                sb.append(" short=").append(attempt(() -> rs.getShort(c)));
                sb.append(" byte=").append(attempt(() -> rs.getByte(c)));
                sb.append(" dbl=").append(attempt(() -> rs.getDouble(c)));
                sb.append(" flt=").append(attempt(() -> rs.getFloat(c)));
                sb.append(" bool=").append(attempt(() -> rs.getBoolean(c)));
                sb.append(" bytes=").append(attempt(() -> rs.getBytes(c)));
                sb.append(" bd=").append(attempt(() -> rs.getBigDecimal(c)));
                sb.append(" date=").append(attempt(() -> rs.getDate(c)));
                sb.append(" time=").append(attempt(() -> rs.getTime(c)));
                sb.append(" ts=").append(attempt(() -> rs.getTimestamp(c)));
                sb.append(" dateCal=").append(attempt(() -> rs.getDate(c, java.util.Calendar.getInstance(java.util.TimeZone.getTimeZone("UTC")))));
                sb.append(" tsCal=").append(attempt(() -> rs.getTimestamp(c, java.util.Calendar.getInstance(java.util.TimeZone.getTimeZone("UTC")))));
                sb.append(" byLabel=").append(attempt(() -> rs.getString(md.getColumnLabel(c))));
                sb.append(" cls=").append(attempt(() -> md.getColumnClassName(c)));
                sb.append(" asInt=").append(attempt(() -> rs.getObject(c, Integer.class)));
                sb.append(" asLong=").append(attempt(() -> rs.getObject(c, Long.class)));
                sb.append(" asDouble=").append(attempt(() -> rs.getObject(c, Double.class)));
                sb.append(" asString=").append(attempt(() -> rs.getObject(c, String.class)));
                sb.append(" asBool=").append(attempt(() -> rs.getObject(c, Boolean.class)));
                sb.append(" asBD=").append(attempt(() -> rs.getObject(c, java.math.BigDecimal.class)));
                sb.append(" asLocalDate=").append(attempt(() -> rs.getObject(c, java.time.LocalDate.class)));
                sb.append(" asLocalDateTime=").append(attempt(() -> rs.getObject(c, java.time.LocalDateTime.class)));
                out.add(sb.toString());
            }
        }
        out.add("  end: rows=" + r + " afterLast=" + rs.isAfterLast() + " next=" + rs.next() + " str=" + attempt(() -> rs.getString(1)) + " null=" + attempt(rs::wasNull) +
                        " beyond=" + attempt(() -> rs.getString(n + 1)) + " findColumn=" + attempt(() -> rs.findColumn("no_such_column")));
        rs.close();
        out.add("  closed: " + rs.isClosed() + " next=" + attempt(rs::next));
    }

    /** Everything ResultSetMetaData tells about each column. */
    static void metaData(ResultSetMetaData md, List<String> out) throws SQLException {
        out.add("  columns=" + md.getColumnCount());
        for (int i = 1; i <= md.getColumnCount(); i++) {
            int c = i;
            out.add("    col " + i + " name=" + attempt(() -> md.getColumnName(c)) + " label=" + attempt(() -> md.getColumnLabel(c)) + " typeName=" +
                            attempt(() -> md.getColumnTypeName(c)) + " type=" + attempt(() -> md.getColumnType(c)) + " table=" + attempt(() -> md.getTableName(c)) +
                            " catalog=" + attempt(() -> md.getCatalogName(c)) + " schema=" + attempt(() -> md.getSchemaName(c)) + " precision=" +
                            attempt(() -> md.getPrecision(c)) + " scale=" + attempt(() -> md.getScale(c)) + " nullable=" + attempt(() -> md.isNullable(c)) +
                            " autoinc=" + attempt(() -> md.isAutoIncrement(c)) + " signed=" + attempt(() -> md.isSigned(c)) + " class=" +
                            attempt(() -> md.getColumnClassName(c)) + " display=" + attempt(() -> md.getColumnDisplaySize(c)));
        }
    }

    private static final Set<String> DRIVER_SPECIFIC = Set.of("getDriverName", "getDriverVersion", "getDriverMajorVersion", "getDriverMinorVersion", "getURL",
                    "getConnection", "getClass", "hashCode", "toString");

    /** Every DatabaseMetaData fact that takes no argument (or one int), by reflection. */
    static void metaFacts(DatabaseMetaData md, List<String> out) {
        Method[] methods = DatabaseMetaData.class.getMethods();
        Arrays.sort(methods, Comparator.comparing(Method::getName).thenComparing(m -> m.getParameterCount()));
        for (Method m : methods) {
            if (DRIVER_SPECIFIC.contains(m.getName()) || m.getReturnType() == ResultSet.class) {
                continue;
            }
            StringBuilder sb = new StringBuilder("  " + m.getName());
            try {
                if (m.getParameterCount() == 0) {
                    sb.append(" = ").append(m.invoke(md));
                } else if (m.getParameterCount() == 1 && m.getParameterTypes()[0] == int.class) {
                    sb.append("(int) =");
                    for (int v : new int[]{1, 2, 4, 8, 1003, 1004, 1005, 1007, 1008}) {
                        sb.append(' ').append(v).append(':').append(m.invoke(md, v));
                    }
                } else if (m.getParameterCount() == 2 && m.getParameterTypes()[0] == int.class && m.getParameterTypes()[1] == int.class) {
                    sb.append("(int,int) =");
                    for (int v : new int[]{1003, 1004, 1005}) {
                        for (int w : new int[]{1007, 1008}) {
                            sb.append(' ').append(v).append('/').append(w).append(':').append(m.invoke(md, v, w));
                        }
                    }
                } else {
                    continue;
                }
            } catch (InvocationTargetException e) {
                sb.append(" threw ").append(e.getCause() instanceof SQLException s ? error(s) : String.valueOf(e.getCause()));
            } catch (IllegalAccessException e) {
                sb.append(" inaccessible");
            }
            out.add(sb.toString());
        }
    }
}
