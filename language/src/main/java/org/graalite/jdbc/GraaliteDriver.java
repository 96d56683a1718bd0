package org.graalite.jdbc;

import java.io.File;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.Properties;
import java.util.logging.Logger;

/**
 * The JDBC driver of Graalite: {@code jdbc:graalite:<path>} opens a database file,
 * {@code jdbc:graalite::memory:} and {@code jdbc:graalite:} a private in-memory database.
 * Settings come from the properties and from the URL's {@code ?name=value&...} part (see
 * {@link ConnectionConfig}); {@code sql.*} properties are options of the {@code sql} language.
 *
 * <p>Registered through {@code META-INF/services/java.sql.Driver}, so
 * {@code DriverManager.getConnection("jdbc:graalite:app.db")} finds it.
 */
public final class GraaliteDriver implements Driver {
    public static final String PREFIX = "jdbc:graalite:";
    static final int MAJOR_VERSION = 0;
    static final int MINOR_VERSION = 1;
    static final String VERSION = "0.1.0";

    static {
        try {
            DriverManager.registerDriver(new GraaliteDriver());
        } catch (SQLException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @Override
    public boolean acceptsURL(String url) {
        return url != null && url.toLowerCase(java.util.Locale.ROOT).startsWith(PREFIX);
    }

    @Override
    public Connection connect(String url, Properties info) throws SQLException {
        if (!acceptsURL(url)) {
            return null;
        }
        Properties properties = new Properties();
        if (info != null) {
            properties.putAll(info);
        }
        String spec = url.substring(PREFIX.length());
        int query = spec.indexOf('?');
        if (query >= 0) {
            for (String parameter : spec.substring(query + 1).split("&")) {
                if (parameter.isBlank()) {
                    continue;
                }
                int eq = parameter.indexOf('=');
                if (eq < 0) {
                    throw new SQLException("the URL parameter " + parameter + " has no value");
                }
                properties.setProperty(parameter.substring(0, eq).trim(), parameter.substring(eq + 1).trim());
            }
            spec = spec.substring(0, query);
        }
        return new GraaliteConnection(url, databasePath(spec), new ConnectionConfig(properties));
    }

    /** The path SQLite opens: an in-memory database, a {@code file:} URI, or an absolute path. */
    static String databasePath(String spec) {
        if (spec.isEmpty() || spec.equals(":memory:")) {
            return ":memory:";
        }
        if (spec.startsWith("file:")) {
            return spec;
        }
        return new File(spec).getAbsolutePath();
    }

    @Override
    public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) {
        String[][] known = {
                        {"date_class", "INTEGER", "How dates are stored: INTEGER, TEXT or REAL"},
                        {"date_precision", "MILLISECONDS", "Unit of INTEGER dates: MILLISECONDS or SECONDS"},
                        {"date_string_format", ConnectionConfig.DEFAULT_DATE_FORMAT, "Format of TEXT dates"},
                        {"transaction_mode", "DEFERRED", "BEGIN issued when auto-commit is off: DEFERRED, IMMEDIATE or EXCLUSIVE"},
                        {"busy_timeout", "3000", "Milliseconds to wait for a locked database"},
                        {"jdbc.get_generated_keys", "true", "Whether getGeneratedKeys reports last_insert_rowid()"},
                        {"foreign_keys", null, "PRAGMA foreign_keys at open"},
                        {"journal_mode", null, "PRAGMA journal_mode at open"},
                        {"sql.Tier", "auto", "Graalite tier: auto, truffle or native"},
        };
        DriverPropertyInfo[] result = new DriverPropertyInfo[known.length];
        for (int i = 0; i < known.length; i++) {
            String value = info == null ? null : info.getProperty(known[i][0]);
            result[i] = new DriverPropertyInfo(known[i][0], value != null ? value : known[i][1]);
            result[i].description = known[i][2];
        }
        return result;
    }

    @Override
    public int getMajorVersion() {
        return MAJOR_VERSION;
    }

    @Override
    public int getMinorVersion() {
        return MINOR_VERSION;
    }

    @Override
    public boolean jdbcCompliant() {
        return false;
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        throw new SQLFeatureNotSupportedException("no java.util.logging logger");
    }
}
