package org.graalite.jdbc;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringReader;
import java.math.BigDecimal;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.sql.Array;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.Date;
import java.sql.NClob;
import java.sql.Ref;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.RowId;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLWarning;
import java.sql.SQLXML;
import java.sql.Statement;
import java.sql.Time;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.Calendar;
import java.util.GregorianCalendar;
import java.util.HashMap;
import java.util.Map;

import javax.sql.rowset.serial.SerialClob;

/**
 * A forward-only, read-only result set. The execution that made it already read the first
 * row (so an error in it surfaces there, as in sqlite-jdbc); {@link #next()} reads the others
 * one by one.
 *
 * <p>Getters convert values as SQLite's sqlite3_column_* functions do, since sqlite-jdbc's
 * getters call them: getInt on TEXT '12' is 12, getString on a REAL is SQLite's rendering,
 * getObject gives Integer, Long, Double, String or byte[]. Dates follow the connection's
 * {@code date_class}: INTEGER milliseconds (or seconds), TEXT in {@code date_string_format},
 * REAL Julian days. Before the first {@code next()} the getters read the first row, and after
 * the last one they read NULLs, as in sqlite-jdbc.
 */
final class GraaliteResultSet implements ResultSet {
    private final GraaliteConnection connection;
    private final GraaliteStatement statement;
    private final Columns columns;
    private final Rows rows;
    private final boolean empty;
    private final long maxRows;
    private Object[] current;
    /**
     * Per column of the current row: a BLOB was read as text. SQLite then reports the value as
     * TEXT (sqlite3_column_text converts it in place), and sqlite-jdbc's getters follow.
     */
    private boolean[] blobReadAsText;
    private boolean open = true;
    private boolean pastLast;
    private int row;
    private int lastColumn = -1;
    private int fetchSize;
    private Map<String, Integer> columnIndexes;
    private GraaliteResultSetMetaData metaData;

    GraaliteResultSet(GraaliteConnection connection, GraaliteStatement statement, Columns columns, Rows rows, Object[] firstRow, long maxRows) {
        this.connection = connection;
        this.statement = statement;
        this.columns = columns;
        this.rows = rows;
        this.current = firstRow;
        this.empty = firstRow == null;
        this.maxRows = maxRows;
    }

    /** The storage class SQLite reports for a column of the current row (NULL without a row). */
    int storageType(int index) {
        if (current == null) {
            return SqliteValues.NULL;
        }
        int type = SqliteValues.type(current[index]);
        if (type == SqliteValues.BLOB && blobReadAsText != null && blobReadAsText[index]) {
            return SqliteValues.TEXT;
        }
        return type;
    }

    /** The value of a column of the current row (null without a row). */
    Object valueAt(int index) {
        return current == null ? null : current[index];
    }

    private void readAsText(int index) {
        if (current != null && current[index] instanceof byte[]) {
            if (blobReadAsText == null) {
                blobReadAsText = new boolean[current.length];
            }
            blobReadAsText[index] = true;
        }
    }

    @Override
    public boolean next() throws SQLException {
        if (!open || empty || pastLast) {
            return false;
        }
        lastColumn = -1;
        if (row == 0) {
            row++;
            return true;
        }
        if (maxRows != 0 && row == maxRows) {
            return false;
        }
        // Rows take the connection's monitor themselves when they call into the language.
        Object[] next = rows.next();
        if (next == null) {
            pastLast = true;
            current = null;
            blobReadAsText = null;
            return false;
        }
        current = next;
        blobReadAsText = null;
        row++;
        return true;
    }

    @Override
    public void close() throws SQLException {
        if (!open) {
            return;
        }
        open = false;
        current = null;
        blobReadAsText = null;
        if (rows.holdsExecution()) {
            synchronized (connection) {
                rows.close();
            }
        }
        if (statement != null) {
            statement.resultSetClosed(this);
        }
    }

    /** Closes on behalf of the statement (it runs again or closes); the caller holds the connection. */
    void closeFromStatement() {
        if (open) {
            open = false;
            current = null;
            rows.close();
        }
    }

    @Override
    public boolean isClosed() {
        return !open;
    }

    private void checkOpen() throws SQLException {
        if (!open) {
            throw new SQLException("ResultSet closed");
        }
    }

    private int checkColumn(int column) throws SQLException {
        checkOpen();
        if (column < 1 || column > columns.count()) {
            throw new SQLException("column " + column + " out of bounds [1," + columns.count() + "]");
        }
        return column - 1;
    }

    /** The value of a column of the current row, remembered for {@link #wasNull()}. */
    private Object value(int column) throws SQLException {
        int index = checkColumn(column);
        lastColumn = index;
        return current == null ? null : current[index];
    }

    @Override
    public int findColumn(String label) throws SQLException {
        checkOpen();
        if (columnIndexes == null) {
            columnIndexes = new HashMap<>();
        }
        Integer cached = columnIndexes.get(label);
        if (cached != null) {
            return cached;
        }
        String[] names = columns.names;
        for (int i = 0; i < names.length; i++) {
            if (label.equalsIgnoreCase(names[i])) {
                columnIndexes.put(label, i + 1);
                return i + 1;
            }
        }
        throw new SQLException("no such column: '" + label + "'");
    }

    @Override
    public boolean wasNull() throws SQLException {
        return lastColumn >= 0 && (current == null || current[lastColumn] == null);
    }

    // ---- values

    @Override
    public String getString(int column) throws SQLException {
        Object v = value(column);
        readAsText(column - 1);
        return SqliteValues.toText(v);
    }

    @Override
    public boolean getBoolean(int column) throws SQLException {
        return getInt(column) != 0;
    }

    @Override
    public byte getByte(int column) throws SQLException {
        return (byte) getInt(column);
    }

    @Override
    public short getShort(int column) throws SQLException {
        return (short) getInt(column);
    }

    @Override
    public int getInt(int column) throws SQLException {
        return (int) SqliteValues.toLong(value(column));
    }

    @Override
    public long getLong(int column) throws SQLException {
        return SqliteValues.toLong(value(column));
    }

    @Override
    public float getFloat(int column) throws SQLException {
        return (float) SqliteValues.toDouble(value(column));
    }

    @Override
    public double getDouble(int column) throws SQLException {
        return SqliteValues.toDouble(value(column));
    }

    @Override
    public BigDecimal getBigDecimal(int column) throws SQLException {
        Object v = value(column);
        if (v == null) {
            return null;
        }
        if (v instanceof Long l) {
            return BigDecimal.valueOf(l);
        }
        readAsText(column - 1);
        String text = SqliteValues.toText(v);
        try {
            return new BigDecimal(text);
        } catch (NumberFormatException e) {
            throw new SQLException("Bad value for type BigDecimal : " + text);
        }
    }

    @Override
    @Deprecated
    public BigDecimal getBigDecimal(int column, int scale) throws SQLException {
        throw unsupported();
    }

    @Override
    public byte[] getBytes(int column) throws SQLException {
        return SqliteValues.toBytes(value(column));
    }

    @Override
    public Object getObject(int column) throws SQLException {
        Object v = value(column);
        if (storageType(column - 1) == SqliteValues.TEXT) {
            return SqliteValues.toText(v);
        }
        if (v instanceof Long l) {
            long x = l;
            return x > Integer.MAX_VALUE || x < Integer.MIN_VALUE ? (Object) l : (Object) (int) x;
        }
        return v;
    }

    @Override
    public <T> T getObject(int column, Class<T> type) throws SQLException {
        if (type == null) {
            throw new SQLException("requested type cannot be null");
        }
        if (type == String.class) {
            return type.cast(getString(column));
        } else if (type == Boolean.class) {
            return type.cast(getBoolean(column));
        } else if (type == BigDecimal.class) {
            return type.cast(getBigDecimal(column));
        } else if (type == byte[].class) {
            return type.cast(getBytes(column));
        } else if (type == Date.class) {
            return type.cast(getDate(column));
        } else if (type == Time.class) {
            return type.cast(getTime(column));
        } else if (type == Timestamp.class) {
            return type.cast(getTimestamp(column));
        } else if (type == LocalDate.class) {
            try {
                Date date = getDate(column);
                return date == null ? null : type.cast(date.toLocalDate());
            } catch (SQLException e) {
                return type.cast(LocalDate.parse(getString(column)));
            }
        } else if (type == LocalTime.class) {
            try {
                Time time = getTime(column);
                return time == null ? null : type.cast(time.toLocalTime());
            } catch (SQLException e) {
                return type.cast(LocalTime.parse(getString(column)));
            }
        } else if (type == LocalDateTime.class) {
            try {
                Timestamp timestamp = getTimestamp(column);
                return timestamp == null ? null : type.cast(timestamp.toLocalDateTime());
            } catch (SQLException e) {
                return type.cast(LocalDateTime.parse(getString(column)));
            }
        }
        value(column);
        int storage = storageType(column - 1);
        boolean numeric = storage == SqliteValues.INTEGER || storage == SqliteValues.FLOAT;
        if (type == Double.class) {
            if (numeric) {
                return type.cast(getDouble(column));
            }
            throw new SQLException("Bad value for type Double");
        } else if (type == Long.class) {
            if (numeric) {
                return type.cast(getLong(column));
            }
            throw new SQLException("Bad value for type Long");
        } else if (type == Float.class) {
            if (numeric) {
                return type.cast(getFloat(column));
            }
            throw new SQLException("Bad value for type Float");
        } else if (type == Integer.class) {
            if (numeric) {
                return type.cast(getInt(column));
            }
            throw new SQLException("Bad value for type Integer");
        }
        throw unsupported();
    }

    @Override
    public Object getObject(int column, Map<String, Class<?>> map) throws SQLException {
        throw unsupported();
    }

    // ---- dates, times and timestamps

    /** Milliseconds since the epoch of a date value, or null; {@code what} names it in errors. */
    private Long millis(int column, Calendar calendar, String what) throws SQLException {
        Object v = value(column);
        switch (storageType(column - 1)) {
            case SqliteValues.NULL:
                return null;
            case SqliteValues.TEXT: {
                String text = SqliteValues.toText(v);
                if (text.isEmpty()) {
                    return null;
                }
                try {
                    return connection.config.dateFormat(calendar != null ? calendar.getTimeZone() : java.util.TimeZone.getDefault()).parse(text).getTime();
                } catch (Exception e) {
                    throw new SQLException("Error parsing " + what, e);
                }
            }
            case SqliteValues.FLOAT:
                return julianDayToCalendar((Double) v, calendar != null ? calendar : Calendar.getInstance()).getTimeInMillis();
            default:
                return SqliteValues.toLong(v) * connection.config.dateMultiplier;
        }
    }

    /**
     * A Julian day number as a calendar date and time (the classic conversion from Meeus,
     * "Astronomical Algorithms", with each field truncated as sqlite-jdbc truncates it).
     */
    static Calendar julianDayToCalendar(double jd, Calendar calendar) {
        double w = jd + 0.5;
        int z = (int) w;
        double f = w - z;
        int a;
        if (z < 2299161) {
            a = z;
        } else {
            int alpha = (int) ((z - 1867216.25) / 36524.25);
            a = z + 1 + alpha - (int) (alpha / 4.0);
        }
        int b = a + 1524;
        int c = (int) ((b - 122.1) / 365.25);
        int d = (int) (365.25 * c);
        int e = (int) ((b - d) / 30.6001);
        int month = e - (e < 13.5 ? 1 : 13);
        int year = c - (month > 2.5 ? 4716 : 4715);
        double dayWithFraction = b - d - (int) (30.6001 * e) + f;
        int day = (int) dayWithFraction;
        double hours = (dayWithFraction - day) * 24;
        int hour = (int) hours;
        double minutes = (hours - hour) * 60;
        int minute = (int) minutes;
        double seconds = (minutes - minute) * 60;
        int second = (int) seconds;
        int milli = (int) ((seconds - second) * 1000);
        calendar.set(year, month - 1, day, hour, minute, second);
        calendar.set(Calendar.MILLISECOND, milli);
        if (year < 1) {
            calendar.set(Calendar.ERA, GregorianCalendar.BC);
            calendar.set(Calendar.YEAR, -(year - 1));
        }
        return calendar;
    }

    private static void requireCalendar(Calendar calendar) throws SQLException {
        if (calendar == null) {
            throw new SQLException("Expected a calendar instance.", new IllegalArgumentException());
        }
    }

    @Override
    public Date getDate(int column) throws SQLException {
        Long ms = millis(column, null, "date");
        return ms == null ? null : new Date(ms);
    }

    @Override
    public Date getDate(int column, Calendar calendar) throws SQLException {
        requireCalendar(calendar);
        Long ms = millis(column, calendar, "time stamp");
        return ms == null ? null : new Date(ms);
    }

    @Override
    public Time getTime(int column) throws SQLException {
        Long ms = millis(column, null, "time");
        return ms == null ? null : new Time(ms);
    }

    @Override
    public Time getTime(int column, Calendar calendar) throws SQLException {
        requireCalendar(calendar);
        Long ms = millis(column, calendar, "time");
        return ms == null ? null : new Time(ms);
    }

    @Override
    public Timestamp getTimestamp(int column) throws SQLException {
        Long ms = millis(column, null, "time stamp");
        return ms == null ? null : new Timestamp(ms);
    }

    @Override
    public Timestamp getTimestamp(int column, Calendar calendar) throws SQLException {
        requireCalendar(calendar);
        Long ms = millis(column, calendar, "time stamp");
        return ms == null ? null : new Timestamp(ms);
    }

    // ---- streams and large objects

    @Override
    public InputStream getAsciiStream(int column) throws SQLException {
        String s = getString(column);
        return s == null ? null : new ByteArrayInputStream(s.getBytes(StandardCharsets.US_ASCII));
    }

    @Override
    @Deprecated
    public InputStream getUnicodeStream(int column) throws SQLException {
        return getAsciiStream(column);
    }

    @Override
    public InputStream getBinaryStream(int column) throws SQLException {
        byte[] bytes = getBytes(column);
        return bytes == null ? null : new ByteArrayInputStream(bytes);
    }

    @Override
    public Reader getCharacterStream(int column) throws SQLException {
        String s = getString(column);
        return s == null ? null : new StringReader(s);
    }

    @Override
    public Reader getNCharacterStream(int column) throws SQLException {
        return getCharacterStream(column);
    }

    @Override
    public String getNString(int column) throws SQLException {
        return getString(column);
    }

    @Override
    public Clob getClob(int column) throws SQLException {
        String s = getString(column);
        return s == null ? null : new SerialClob(s.toCharArray());
    }

    @Override
    public NClob getNClob(int column) throws SQLException {
        throw unsupported();
    }

    @Override
    public Blob getBlob(int column) throws SQLException {
        throw unsupported();
    }

    @Override
    public Ref getRef(int column) throws SQLException {
        throw unsupported();
    }

    @Override
    public Array getArray(int column) throws SQLException {
        throw unsupported();
    }

    @Override
    public URL getURL(int column) throws SQLException {
        throw unsupported();
    }

    @Override
    public RowId getRowId(int column) throws SQLException {
        throw unsupported();
    }

    @Override
    public SQLXML getSQLXML(int column) throws SQLException {
        throw unsupported();
    }

    // ---- by label

    @Override
    public String getString(String label) throws SQLException {
        return getString(findColumn(label));
    }

    @Override
    public boolean getBoolean(String label) throws SQLException {
        return getBoolean(findColumn(label));
    }

    @Override
    public byte getByte(String label) throws SQLException {
        return getByte(findColumn(label));
    }

    @Override
    public short getShort(String label) throws SQLException {
        return getShort(findColumn(label));
    }

    @Override
    public int getInt(String label) throws SQLException {
        return getInt(findColumn(label));
    }

    @Override
    public long getLong(String label) throws SQLException {
        return getLong(findColumn(label));
    }

    @Override
    public float getFloat(String label) throws SQLException {
        return getFloat(findColumn(label));
    }

    @Override
    public double getDouble(String label) throws SQLException {
        return getDouble(findColumn(label));
    }

    @Override
    @Deprecated
    public BigDecimal getBigDecimal(String label, int scale) throws SQLException {
        throw unsupported();
    }

    @Override
    public byte[] getBytes(String label) throws SQLException {
        return getBytes(findColumn(label));
    }

    @Override
    public Date getDate(String label) throws SQLException {
        return getDate(findColumn(label), Calendar.getInstance());
    }

    @Override
    public Time getTime(String label) throws SQLException {
        return getTime(findColumn(label));
    }

    @Override
    public Timestamp getTimestamp(String label) throws SQLException {
        return getTimestamp(findColumn(label));
    }

    @Override
    public InputStream getAsciiStream(String label) throws SQLException {
        return getAsciiStream(findColumn(label));
    }

    @Override
    @Deprecated
    public InputStream getUnicodeStream(String label) throws SQLException {
        return getUnicodeStream(findColumn(label));
    }

    @Override
    public InputStream getBinaryStream(String label) throws SQLException {
        return getBinaryStream(findColumn(label));
    }

    @Override
    public Object getObject(String label) throws SQLException {
        return getObject(findColumn(label));
    }

    @Override
    public <T> T getObject(String label, Class<T> type) throws SQLException {
        return getObject(findColumn(label), type);
    }

    @Override
    public Object getObject(String label, Map<String, Class<?>> map) throws SQLException {
        throw unsupported();
    }

    @Override
    public Reader getCharacterStream(String label) throws SQLException {
        return getCharacterStream(findColumn(label));
    }

    @Override
    public BigDecimal getBigDecimal(String label) throws SQLException {
        return getBigDecimal(findColumn(label));
    }

    @Override
    public Ref getRef(String label) throws SQLException {
        throw unsupported();
    }

    @Override
    public Blob getBlob(String label) throws SQLException {
        throw unsupported();
    }

    @Override
    public Clob getClob(String label) throws SQLException {
        return getClob(findColumn(label));
    }

    @Override
    public Array getArray(String label) throws SQLException {
        throw unsupported();
    }

    @Override
    public Date getDate(String label, Calendar calendar) throws SQLException {
        return getDate(findColumn(label), calendar);
    }

    @Override
    public Time getTime(String label, Calendar calendar) throws SQLException {
        return getTime(findColumn(label), calendar);
    }

    @Override
    public Timestamp getTimestamp(String label, Calendar calendar) throws SQLException {
        return getTimestamp(findColumn(label), calendar);
    }

    @Override
    public URL getURL(String label) throws SQLException {
        throw unsupported();
    }

    @Override
    public RowId getRowId(String label) throws SQLException {
        throw unsupported();
    }

    @Override
    public NClob getNClob(String label) throws SQLException {
        throw unsupported();
    }

    @Override
    public SQLXML getSQLXML(String label) throws SQLException {
        throw unsupported();
    }

    @Override
    public String getNString(String label) throws SQLException {
        return getString(findColumn(label));
    }

    @Override
    public Reader getNCharacterStream(String label) throws SQLException {
        return getCharacterStream(findColumn(label));
    }

    // ---- cursor state

    @Override
    public SQLWarning getWarnings() {
        return null;
    }

    @Override
    public void clearWarnings() {
    }

    @Override
    public String getCursorName() {
        return null;
    }

    @Override
    public ResultSetMetaData getMetaData() {
        if (metaData == null) {
            metaData = new GraaliteResultSetMetaData(columns, this);
        }
        return metaData;
    }

    @Override
    public boolean isBeforeFirst() {
        return !empty && open && row == 0;
    }

    @Override
    public boolean isAfterLast() {
        return pastLast && !empty;
    }

    @Override
    public boolean isFirst() {
        return row == 1;
    }

    @Override
    public boolean isLast() throws SQLException {
        throw new SQLFeatureNotSupportedException("not supported by sqlite");
    }

    private static SQLException forwardOnly() {
        return new SQLException("ResultSet is TYPE_FORWARD_ONLY");
    }

    @Override
    public void beforeFirst() throws SQLException {
        throw forwardOnly();
    }

    @Override
    public void afterLast() throws SQLException {
        throw forwardOnly();
    }

    @Override
    public boolean first() throws SQLException {
        throw forwardOnly();
    }

    @Override
    public boolean last() throws SQLException {
        throw forwardOnly();
    }

    @Override
    public int getRow() {
        return row;
    }

    @Override
    public boolean absolute(int r) throws SQLException {
        throw forwardOnly();
    }

    @Override
    public boolean relative(int r) throws SQLException {
        throw forwardOnly();
    }

    @Override
    public boolean previous() throws SQLException {
        throw forwardOnly();
    }

    @Override
    public void setFetchDirection(int direction) throws SQLException {
        checkOpen();
        if (direction != FETCH_FORWARD) {
            throw new SQLException("only FETCH_FORWARD direction supported");
        }
    }

    @Override
    public int getFetchDirection() throws SQLException {
        checkOpen();
        return FETCH_FORWARD;
    }

    @Override
    public void setFetchSize(int rows) throws SQLException {
        if (rows < 0 || (maxRows != 0 && rows > maxRows)) {
            throw new SQLException("fetch size " + rows + " out of bounds " + maxRows);
        }
        fetchSize = rows;
    }

    @Override
    public int getFetchSize() {
        return fetchSize;
    }

    @Override
    public int getType() {
        return TYPE_FORWARD_ONLY;
    }

    @Override
    public int getConcurrency() {
        return CONCUR_READ_ONLY;
    }

    @Override
    public int getHoldability() {
        return CLOSE_CURSORS_AT_COMMIT;
    }

    @Override
    public Statement getStatement() {
        return statement;
    }

    @Override
    public boolean rowUpdated() {
        return false;
    }

    @Override
    public boolean rowInserted() {
        return false;
    }

    @Override
    public boolean rowDeleted() {
        return false;
    }

    // ---- updates: the result set is read-only

    private static SQLException unsupported() {
        return new SQLFeatureNotSupportedException("not implemented by the Graalite JDBC driver");
    }

    @Override
    public void updateNull(int column) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateBoolean(int column, boolean x) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateByte(int column, byte x) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateShort(int column, short x) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateInt(int column, int x) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateLong(int column, long x) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateFloat(int column, float x) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateDouble(int column, double x) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateBigDecimal(int column, BigDecimal x) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateString(int column, String x) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateBytes(int column, byte[] x) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateDate(int column, Date x) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateTime(int column, Time x) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateTimestamp(int column, Timestamp x) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateAsciiStream(int column, InputStream x, int length) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateBinaryStream(int column, InputStream x, int length) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateCharacterStream(int column, Reader x, int length) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateObject(int column, Object x, int scaleOrLength) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateObject(int column, Object x) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateNull(String label) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateBoolean(String label, boolean x) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateByte(String label, byte x) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateShort(String label, short x) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateInt(String label, int x) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateLong(String label, long x) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateFloat(String label, float x) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateDouble(String label, double x) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateBigDecimal(String label, BigDecimal x) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateString(String label, String x) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateBytes(String label, byte[] x) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateDate(String label, Date x) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateTime(String label, Time x) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateTimestamp(String label, Timestamp x) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateAsciiStream(String label, InputStream x, int length) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateBinaryStream(String label, InputStream x, int length) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateCharacterStream(String label, Reader reader, int length) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateObject(String label, Object x, int scaleOrLength) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateObject(String label, Object x) throws SQLException {
        throw unsupported();
    }

    @Override
    public void insertRow() throws SQLException {
        throw forwardOnly();
    }

    @Override
    public void updateRow() throws SQLException {
        throw unsupported();
    }

    @Override
    public void deleteRow() throws SQLException {
        throw unsupported();
    }

    @Override
    public void refreshRow() throws SQLException {
        throw unsupported();
    }

    @Override
    public void cancelRowUpdates() throws SQLException {
        throw unsupported();
    }

    @Override
    public void moveToInsertRow() throws SQLException {
        throw forwardOnly();
    }

    @Override
    public void moveToCurrentRow() throws SQLException {
        throw forwardOnly();
    }

    @Override
    public void updateRef(int column, Ref x) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateRef(String label, Ref x) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateBlob(int column, Blob x) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateBlob(String label, Blob x) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateClob(int column, Clob x) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateClob(String label, Clob x) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateArray(int column, Array x) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateArray(String label, Array x) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateRowId(int column, RowId x) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateRowId(String label, RowId x) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateNString(int column, String nString) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateNString(String label, String nString) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateNClob(int column, NClob nClob) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateNClob(String label, NClob nClob) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateSQLXML(int column, SQLXML xmlObject) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateSQLXML(String label, SQLXML xmlObject) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateNCharacterStream(int column, Reader x, long length) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateNCharacterStream(String label, Reader reader, long length) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateAsciiStream(int column, InputStream x, long length) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateBinaryStream(int column, InputStream x, long length) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateCharacterStream(int column, Reader x, long length) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateAsciiStream(String label, InputStream x, long length) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateBinaryStream(String label, InputStream x, long length) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateCharacterStream(String label, Reader reader, long length) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateBlob(int column, InputStream inputStream, long length) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateBlob(String label, InputStream inputStream, long length) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateClob(int column, Reader reader, long length) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateClob(String label, Reader reader, long length) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateNClob(int column, Reader reader, long length) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateNClob(String label, Reader reader, long length) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateNCharacterStream(int column, Reader x) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateNCharacterStream(String label, Reader reader) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateAsciiStream(int column, InputStream x) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateBinaryStream(int column, InputStream x) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateCharacterStream(int column, Reader x) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateAsciiStream(String label, InputStream x) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateBinaryStream(String label, InputStream x) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateCharacterStream(String label, Reader reader) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateBlob(int column, InputStream inputStream) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateBlob(String label, InputStream inputStream) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateClob(int column, Reader reader) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateClob(String label, Reader reader) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateNClob(int column, Reader reader) throws SQLException {
        throw unsupported();
    }

    @Override
    public void updateNClob(String label, Reader reader) throws SQLException {
        throw unsupported();
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
