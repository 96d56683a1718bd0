package org.graalite.jdbc;

import java.text.SimpleDateFormat;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TimeZone;

/**
 * The settings of one connection, read from the URL's {@code ?name=value} part and the
 * connection properties with sqlite-jdbc's names and defaults:
 * <ul>
 * <li>{@code date_class} INTEGER (default), TEXT or REAL: how dates, times and timestamps are
 * stored; {@code date_precision} MILLISECONDS (default) or SECONDS for INTEGER dates;
 * {@code date_string_format} (default {@code yyyy-MM-dd HH:mm:ss.SSS}) for TEXT dates;
 * <li>{@code transaction_mode} DEFERRED (default), IMMEDIATE or EXCLUSIVE: the BEGIN that
 * auto-commit off issues;
 * <li>{@code jdbc.get_generated_keys} (default true);
 * <li>{@code busy_timeout} in milliseconds (default 3000);
 * <li>SQLite pragmas such as {@code foreign_keys}, {@code journal_mode}, {@code synchronous},
 * run when the connection opens;
 * <li>{@code sql.*}: options of the {@code sql} language (for example {@code sql.Tier}).
 * </ul>
 */
final class ConnectionConfig {
    static final String DEFAULT_DATE_FORMAT = "yyyy-MM-dd HH:mm:ss.SSS";

    /** Pragmas applied at open, in sqlite-jdbc's order of precedence. */
    private static final Set<String> PRAGMAS = Set.of("application_id", "auto_vacuum", "automatic_index", "cache_size", "cache_spill", "case_sensitive_like", "count_changes",
                    "default_cache_size", "defer_foreign_keys", "empty_result_callback", "encoding", "foreign_keys", "full_column_names", "fullsync", "journal_mode",
                    "journal_size_limit", "legacy_alter_table", "legacy_file_format", "locking_mode", "max_page_count", "mmap_size", "page_size", "read_uncommitted",
                    "recursive_triggers", "reverse_unordered_selects", "secure_delete", "short_column_names", "synchronous", "temp_store", "user_version", "hexkey_mode",
                    "limit_attached", "limit_column", "limit_length");

    enum DateClass {
        INTEGER,
        TEXT,
        REAL
    }

    final DateClass dateClass;
    final long dateMultiplier;
    final String dateStringFormat;
    final String beginSql;
    final boolean getGeneratedKeys;
    final int busyTimeout;
    /** sqlite-jdbc's {@code enable_load_extension}: SQL's load_extension() and the C API may load extensions. */
    final boolean enableLoadExtension;
    final Map<String, String> languageOptions = new LinkedHashMap<>();
    final List<String> pragmaStatements = new ArrayList<>();

    ConnectionConfig(Properties properties) throws java.sql.SQLException {
        this.dateClass = parseEnum(DateClass.class, properties.getProperty("date_class"), DateClass.INTEGER);
        String precision = properties.getProperty("date_precision", "MILLISECONDS").toUpperCase(Locale.ROOT);
        this.dateMultiplier = precision.equals("SECONDS") ? 1000L : 1L;
        this.dateStringFormat = properties.getProperty("date_string_format", DEFAULT_DATE_FORMAT);
        String mode = properties.getProperty("transaction_mode", "DEFERRED").toUpperCase(Locale.ROOT);
        this.beginSql = switch (mode) {
            case "IMMEDIATE" -> "begin immediate;";
            case "EXCLUSIVE" -> "begin exclusive;";
            default -> "begin;";
        };
        this.getGeneratedKeys = Boolean.parseBoolean(properties.getProperty("jdbc.get_generated_keys", "true"));
        this.busyTimeout = Integer.parseInt(properties.getProperty("busy_timeout", "3000"));
        this.enableLoadExtension = Boolean.parseBoolean(properties.getProperty("enable_load_extension", "false"));
        for (String name : properties.stringPropertyNames()) {
            String value = properties.getProperty(name);
            if (name.startsWith("sql.")) {
                languageOptions.put(name, value);
            } else if (PRAGMAS.contains(name.toLowerCase(Locale.ROOT)) && !name.startsWith("limit_")) {
                pragmaStatements.add("pragma " + name + "=" + quotePragmaValue(value));
            }
        }
    }

    private static String quotePragmaValue(String value) {
        if (value.matches("[A-Za-z0-9_+-]+")) {
            return value;
        }
        return "'" + value.replace("'", "''") + "'";
    }

    private static <E extends Enum<E>> E parseEnum(Class<E> type, String value, E defaultValue) throws java.sql.SQLException {
        if (value == null) {
            return defaultValue;
        }
        try {
            return Enum.valueOf(type, value.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new java.sql.SQLException("invalid value for " + type.getSimpleName() + ": " + value);
        }
    }

    /** A formatter of {@code date_string_format} in the given time zone (formatters are not thread-safe). */
    SimpleDateFormat dateFormat(TimeZone zone) {
        SimpleDateFormat format = new SimpleDateFormat(dateStringFormat);
        format.setTimeZone(zone);
        return format;
    }
}
