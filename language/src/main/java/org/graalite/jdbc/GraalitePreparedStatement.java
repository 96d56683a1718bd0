package org.graalite.jdbc;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.math.BigDecimal;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.sql.Array;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.Date;
import java.sql.JDBCType;
import java.sql.NClob;
import java.sql.ParameterMetaData;
import java.sql.PreparedStatement;
import java.sql.Ref;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.RowId;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLXML;
import java.sql.Time;
import java.sql.Timestamp;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Calendar;
import java.util.List;

import org.graalvm.polyglot.PolyglotException;

/**
 * A prepared statement of the {@code sql} language, prepared once; each execution is one
 * polyglot call with the parameter values.
 *
 * <p>Parameters bind as sqlite-jdbc binds them: int, long, double, float, String, byte[] as
 * such; booleans as 1 or 0; BigDecimal as its text; dates, times and timestamps by the
 * connection's {@code date_class} (INTEGER milliseconds by default); unset parameters as NULL;
 * other objects as their {@code toString()}.
 */
final class GraalitePreparedStatement extends GraaliteStatement implements PreparedStatement {
    private final boolean insert;
    private final int parameterCount;
    /** Current parameter values: null, Integer, Long, Float, Double, String or byte[]. */
    private Object[] parameters;
    private final List<Object[]> batch = new ArrayList<>();

    GraalitePreparedStatement(GraaliteConnection connection, String sql) throws SQLException {
        super(connection);
        this.insert = isInsert(sql);
        this.prepared = connection.prepareFirst(sql);
        try {
            this.parameterCount = prepared.getMember("parameterCount").asInt();
        } catch (PolyglotException e) {
            throw Errors.translate(e);
        }
        this.columns = Columns.of(connection, prepared);
        this.parameters = new Object[parameterCount];
    }

    @Override
    void checkStatementOpen() throws SQLException {
        if (closed || connection.isClosed()) {
            throw new SQLException("statement is not executing");
        }
    }

    @Override
    void checkOpen() throws SQLException {
        checkStatementOpen();
    }

    private void set(int index, Object value) throws SQLException {
        checkStatementOpen();
        if (index < 1 || index > parameterCount) {
            throw new SQLException("Parameter index is invalid");
        }
        parameters[index - 1] = value;
    }

    // ---- execution

    @Override
    public boolean execute() throws SQLException {
        synchronized (connection) {
            checkStatementOpen();
            internalClose();
            long changed = run(parameters);
            noteUpdateCount(changed);
            noteGeneratedKeysNow(insert);
            return isQuery;
        }
    }

    @Override
    public ResultSet executeQuery() throws SQLException {
        synchronized (connection) {
            checkStatementOpen();
            if (columns.count() == 0) {
                throw new SQLException("Query does not return results");
            }
            internalClose();
            run(parameters);
            return getResultSet();
        }
    }

    @Override
    public int executeUpdate() throws SQLException {
        return (int) executeLargeUpdate();
    }

    @Override
    public long executeLargeUpdate() throws SQLException {
        synchronized (connection) {
            checkStatementOpen();
            if (columns.count() != 0) {
                throw new SQLException("Query returns results");
            }
            internalClose();
            long changed = run(parameters);
            long result = changesOfLastRun(changed);
            noteGeneratedKeys(insert);
            return result;
        }
    }

    @Override
    public void addBatch() throws SQLException {
        synchronized (connection) {
            checkStatementOpen();
            batch.add(parameters.clone());
        }
    }

    @Override
    public void clearBatch() throws SQLException {
        synchronized (connection) {
            batch.clear();
            Arrays.fill(parameters, null);
        }
    }

    @Override
    public long[] executeLargeBatch() throws SQLException {
        synchronized (connection) {
            checkStatementOpen();
            if (batch.isEmpty()) {
                return new long[0];
            }
            internalClose();
            long[] changes = new long[batch.size()];
            try {
                for (int i = 0; i < changes.length; i++) {
                    long changed = run(batch.get(i));
                    if (isQuery && queryHadRow) {
                        internalClose();
                        throw new java.sql.BatchUpdateException("batch entry " + i + ": query returns results", null, 0, changes, null);
                    }
                    changes[i] = changesOfLastRun(changed);
                }
            } finally {
                batch.clear();
                Arrays.fill(parameters, null);
            }
            return changes;
        }
    }

    @Override
    public void close() throws SQLException {
        synchronized (connection) {
            if (closed) {
                return;
            }
            super.close();
            try {
                if (!connection.isClosed()) {
                    prepared.invokeMember("close");
                }
            } catch (PolyglotException e) {
                // already closed
            }
        }
    }

    @Override
    public void clearParameters() throws SQLException {
        synchronized (connection) {
            checkStatementOpen();
            Arrays.fill(parameters, null);
        }
    }

    @Override
    public ResultSetMetaData getMetaData() throws SQLException {
        synchronized (connection) {
            checkStatementOpen();
            return new GraaliteResultSetMetaData(columns, null);
        }
    }

    @Override
    public ParameterMetaData getParameterMetaData() throws SQLException {
        checkStatementOpen();
        return new Parameters();
    }

    /** Parameter facts as sqlite-jdbc gives them: types from the values set so far. */
    private final class Parameters implements ParameterMetaData {
        @Override
        public int getParameterCount() throws SQLException {
            checkStatementOpen();
            return parameterCount;
        }

        private int index(int param) throws SQLException {
            if (param < 1 || param > parameterCount) {
                throw new SQLException("Parameter index is invalid");
            }
            return param - 1;
        }

        @Override
        public int isNullable(int param) {
            return parameterNullable;
        }

        @Override
        public boolean isSigned(int param) {
            return true;
        }

        @Override
        public int getPrecision(int param) {
            return 0;
        }

        @Override
        public int getScale(int param) {
            return 0;
        }

        @Override
        public int getParameterType(int param) throws SQLException {
            Object v = parameters[index(param)];
            if (v == null) {
                return Types.NULL;
            } else if (v instanceof Integer || v instanceof Short || v instanceof Boolean) {
                return Types.INTEGER;
            } else if (v instanceof Long) {
                return Types.BIGINT;
            } else if (v instanceof Double || v instanceof Float) {
                return Types.REAL;
            }
            return Types.VARCHAR;
        }

        @Override
        public String getParameterTypeName(int param) throws SQLException {
            return JDBCType.valueOf(getParameterType(param)).getName();
        }

        @Override
        public String getParameterClassName(int param) {
            return "java.lang.String";
        }

        @Override
        public int getParameterMode(int param) {
            return parameterModeIn;
        }

        @Override
        public <T> T unwrap(Class<T> type) throws SQLException {
            throw new SQLException("not a wrapper");
        }

        @Override
        public boolean isWrapperFor(Class<?> type) {
            return false;
        }
    }

    // ---- setters

    @Override
    public void setNull(int index, int sqlType) throws SQLException {
        set(index, null);
    }

    @Override
    public void setNull(int index, int sqlType, String typeName) throws SQLException {
        set(index, null);
    }

    @Override
    public void setBoolean(int index, boolean x) throws SQLException {
        set(index, x ? 1 : 0);
    }

    @Override
    public void setByte(int index, byte x) throws SQLException {
        set(index, (int) x);
    }

    @Override
    public void setShort(int index, short x) throws SQLException {
        set(index, (int) x);
    }

    @Override
    public void setInt(int index, int x) throws SQLException {
        set(index, x);
    }

    @Override
    public void setLong(int index, long x) throws SQLException {
        set(index, x);
    }

    @Override
    public void setFloat(int index, float x) throws SQLException {
        set(index, x);
    }

    @Override
    public void setDouble(int index, double x) throws SQLException {
        set(index, x);
    }

    @Override
    public void setBigDecimal(int index, BigDecimal x) throws SQLException {
        set(index, x == null ? null : x.toString());
    }

    @Override
    public void setString(int index, String x) throws SQLException {
        set(index, x);
    }

    @Override
    public void setNString(int index, String value) throws SQLException {
        set(index, value);
    }

    @Override
    public void setBytes(int index, byte[] x) throws SQLException {
        set(index, x);
    }

    /** A date value as the connection's date_class stores it. */
    private void setDateValue(int index, long millis, Calendar calendar) throws SQLException {
        ConnectionConfig config = connection.config;
        switch (config.dateClass) {
            case TEXT:
                set(index, config.dateFormat(calendar.getTimeZone()).format(new java.util.Date(millis)));
                break;
            case REAL:
                set(index, millis / 86400000.0 + 2440587.5);
                break;
            default:
                set(index, millis / config.dateMultiplier);
                break;
        }
    }

    @Override
    public void setDate(int index, Date x) throws SQLException {
        setDate(index, x, Calendar.getInstance());
    }

    @Override
    public void setDate(int index, Date x, Calendar calendar) throws SQLException {
        if (x == null) {
            set(index, null);
        } else {
            setDateValue(index, x.getTime(), calendar);
        }
    }

    @Override
    public void setTime(int index, Time x) throws SQLException {
        setTime(index, x, Calendar.getInstance());
    }

    @Override
    public void setTime(int index, Time x, Calendar calendar) throws SQLException {
        if (x == null) {
            set(index, null);
        } else {
            setDateValue(index, x.getTime(), calendar);
        }
    }

    @Override
    public void setTimestamp(int index, Timestamp x) throws SQLException {
        setTimestamp(index, x, Calendar.getInstance());
    }

    @Override
    public void setTimestamp(int index, Timestamp x, Calendar calendar) throws SQLException {
        if (x == null) {
            set(index, null);
        } else {
            setDateValue(index, x.getTime(), calendar);
        }
    }

    @Override
    public void setObject(int index, Object x) throws SQLException {
        if (x == null) {
            set(index, null);
        } else if (x instanceof java.util.Date d) {
            setDateValue(index, d.getTime(), Calendar.getInstance());
        } else if (x instanceof Long || x instanceof Integer || x instanceof Float || x instanceof Double) {
            set(index, x);
        } else if (x instanceof Short s) {
            set(index, (int) s);
        } else if (x instanceof Boolean b) {
            setBoolean(index, b);
        } else if (x instanceof byte[]) {
            set(index, x);
        } else if (x instanceof BigDecimal b) {
            setBigDecimal(index, b);
        } else {
            set(index, x.toString());
        }
    }

    @Override
    public void setObject(int index, Object x, int targetSqlType) throws SQLException {
        setObject(index, x);
    }

    @Override
    public void setObject(int index, Object x, int targetSqlType, int scaleOrLength) throws SQLException {
        setObject(index, x);
    }

    private static byte[] readBytes(InputStream in, long length) throws SQLException {
        if (length < 0) {
            throw new SQLException("Error reading stream. Length should be non-negative");
        }
        try {
            byte[] bytes = in.readNBytes(Math.toIntExact(length));
            if (bytes.length < length) {
                throw new SQLException("Error reading stream", new IOException("End of stream has been reached"));
            }
            return bytes;
        } catch (IOException e) {
            throw new SQLException("Error reading stream", e);
        }
    }

    private static byte[] readAll(InputStream in) throws SQLException {
        try {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new SQLException("Error reading stream", e);
        }
    }

    private static String readAll(Reader reader) throws SQLException {
        try {
            StringBuilder sb = new StringBuilder();
            char[] buffer = new char[8192];
            int n;
            while ((n = reader.read(buffer)) > 0) {
                sb.append(buffer, 0, n);
            }
            return sb.toString();
        } catch (IOException e) {
            throw new SQLException("Cannot read from character stream, exception message: " + e.getMessage());
        }
    }

    @Override
    public void setAsciiStream(int index, InputStream x, int length) throws SQLException {
        setAsciiStream(index, x, (long) length);
    }

    @Override
    public void setAsciiStream(int index, InputStream x, long length) throws SQLException {
        set(index, x == null ? null : new String(readBytes(x, length), StandardCharsets.UTF_8));
    }

    @Override
    public void setAsciiStream(int index, InputStream x) throws SQLException {
        set(index, x == null ? null : new String(readAll(x), StandardCharsets.UTF_8));
    }

    @Override
    @Deprecated
    public void setUnicodeStream(int index, InputStream x, int length) throws SQLException {
        setAsciiStream(index, x, (long) length);
    }

    @Override
    public void setBinaryStream(int index, InputStream x, int length) throws SQLException {
        setBinaryStream(index, x, (long) length);
    }

    @Override
    public void setBinaryStream(int index, InputStream x, long length) throws SQLException {
        set(index, x == null ? null : readBytes(x, length));
    }

    @Override
    public void setBinaryStream(int index, InputStream x) throws SQLException {
        set(index, x == null ? null : readAll(x));
    }

    @Override
    public void setCharacterStream(int index, Reader reader, int length) throws SQLException {
        set(index, reader == null ? null : readAll(reader));
    }

    @Override
    public void setCharacterStream(int index, Reader reader, long length) throws SQLException {
        set(index, reader == null ? null : readAll(reader));
    }

    @Override
    public void setCharacterStream(int index, Reader reader) throws SQLException {
        set(index, reader == null ? null : readAll(reader));
    }

    @Override
    public void setNCharacterStream(int index, Reader value, long length) throws SQLException {
        setCharacterStream(index, value, length);
    }

    @Override
    public void setNCharacterStream(int index, Reader value) throws SQLException {
        setCharacterStream(index, value);
    }

    private static SQLException unsupported() {
        return new SQLFeatureNotSupportedException("not implemented by the Graalite JDBC driver");
    }

    @Override
    public void setRef(int index, Ref x) throws SQLException {
        throw unsupported();
    }

    @Override
    public void setBlob(int index, Blob x) throws SQLException {
        throw unsupported();
    }

    @Override
    public void setBlob(int index, InputStream inputStream, long length) throws SQLException {
        throw unsupported();
    }

    @Override
    public void setBlob(int index, InputStream inputStream) throws SQLException {
        throw unsupported();
    }

    @Override
    public void setClob(int index, Clob x) throws SQLException {
        throw unsupported();
    }

    @Override
    public void setClob(int index, Reader reader, long length) throws SQLException {
        throw unsupported();
    }

    @Override
    public void setClob(int index, Reader reader) throws SQLException {
        throw unsupported();
    }

    @Override
    public void setNClob(int index, NClob value) throws SQLException {
        throw unsupported();
    }

    @Override
    public void setNClob(int index, Reader reader, long length) throws SQLException {
        throw unsupported();
    }

    @Override
    public void setNClob(int index, Reader reader) throws SQLException {
        throw unsupported();
    }

    @Override
    public void setArray(int index, Array x) throws SQLException {
        throw unsupported();
    }

    @Override
    public void setURL(int index, URL x) throws SQLException {
        throw unsupported();
    }

    @Override
    public void setRowId(int index, RowId x) throws SQLException {
        throw unsupported();
    }

    @Override
    public void setSQLXML(int index, SQLXML xmlObject) throws SQLException {
        throw unsupported();
    }

    // ---- Statement methods that take SQL text do not apply

    private static SQLException invalid() {
        return new SQLException("method cannot be called on a PreparedStatement");
    }

    @Override
    public boolean execute(String text) throws SQLException {
        throw invalid();
    }

    @Override
    public ResultSet executeQuery(String text) throws SQLException {
        throw invalid();
    }

    @Override
    public int executeUpdate(String text) throws SQLException {
        throw invalid();
    }

    @Override
    public long executeLargeUpdate(String text) throws SQLException {
        throw invalid();
    }

    @Override
    public void addBatch(String text) throws SQLException {
        throw invalid();
    }
}
