package org.graalite.launcher;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.graalite.nativeapi.NativeConnection;
import org.graalvm.polyglot.PolyglotException;

/**
 * The shell's dot-commands, as in the sqlite3 program: {@code .tables}, {@code .schema},
 * {@code .mode}, {@code .headers}, {@code .nullvalue}, {@code .separator}, {@code .timer},
 * {@code .read}, {@code .open}, {@code .bail}, {@code .print}, {@code .version}, {@code .help},
 * {@code .quit} and {@code .exit}. {@code .tables} and {@code .schema} read sqlite_schema with
 * SQL, as sqlite3 does.
 */
final class DotCommands {
    static final String HELP = """
                    .bail on|off             Stop after hitting an error in non-interactive input
                    .exit ?CODE?             Exit this program with return-code CODE
                    .headers on|off          Turn display of headers on or off
                    .help                    Show this message
                    .mode ?MODE?             Set output mode: list, csv, json or box
                    .nullvalue STRING        Use STRING in place of NULL values
                    .open FILE               Close the database and open FILE
                    .print STRING...         Print literal STRING
                    .quit                    Exit this program
                    .read FILE               Read input from FILE
                    .schema ?PATTERN?        Show the CREATE statements matching PATTERN
                    .separator COL ?ROW?     Change the column and row separators (list, csv)
                    .tables ?PATTERN?        List names of tables matching LIKE pattern PATTERN
                    .timer on|off            Turn SQL timer on or off
                    .version                 Show the SQLite version
                    """;

    private final Session session;
    private final InputProcessor processor;

    DotCommands(Session session, InputProcessor processor) {
        this.session = session;
        this.processor = processor;
    }

    /** Runs one dot-command line. Returns whether it succeeded; errors are printed. */
    boolean execute(String line) {
        List<String> args = tokenize(line.substring(1));
        if (args.isEmpty()) {
            return true;
        }
        String name = args.get(0);
        try {
            return switch (name) {
                case "bail" -> setBoolean(args, v -> processor.bail = v);
                case "exit", "quit" -> throw new ShellExit(args.size() > 1 && name.equals("exit") ? parseInt(args.get(1)) : 0);
                case "headers", "header" -> setBoolean(args, v -> session.settings.headers = v);
                case "help" -> print(HELP);
                case "mode" -> mode(args);
                case "nullvalue" -> {
                    if (args.size() != 2) {
                        yield usage("nullvalue STRING");
                    }
                    session.settings.nullValue = args.get(1);
                    yield true;
                }
                case "open" -> open(args);
                case "print" -> print(String.join(" ", args.subList(1, args.size())) + "\n");
                case "read" -> read(args);
                case "schema" -> schema(args);
                case "separator" -> separator(args);
                case "tables" -> tables(args);
                case "timer" -> setBoolean(args, v -> session.settings.timer = v);
                case "version" -> print("SQLite " + NativeConnection.libraryVersion() + " (Graalite)\n");
                default -> error("unknown command or invalid arguments:  \"" + name + "\". Enter \".help\" for help");
            };
        } catch (PolyglotException e) {
            session.reportError("", e);
            return false;
        }
    }

    private boolean mode(List<String> args) {
        if (args.size() == 1) {
            return print(".mode " + session.settings.mode.displayName() + "\n");
        }
        OutputSettings.Mode mode = OutputSettings.Mode.parse(args.get(1).toLowerCase(Locale.ROOT));
        if (mode == null || args.size() > 2) {
            return error("unknown mode: " + String.join(" ", args.subList(1, args.size())) + "\nUse one of: box csv json list");
        }
        session.settings.setMode(mode);
        return true;
    }

    private boolean separator(List<String> args) {
        if (args.size() < 2 || args.size() > 3) {
            return usage("separator COL ?ROW?");
        }
        session.settings.columnSeparator = unescape(args.get(1));
        if (args.size() == 3) {
            session.settings.rowSeparator = unescape(args.get(2));
        }
        return true;
    }

    private boolean open(List<String> args) {
        if (args.size() != 2) {
            return usage("open FILE");
        }
        try {
            session.reopen(args.get(1));
            return true;
        } catch (PolyglotException | IllegalArgumentException | IllegalStateException e) {
            return error("unable to open database \"" + args.get(1) + "\": " + e.getMessage());
        }
    }

    private boolean read(List<String> args) {
        if (args.size() != 2) {
            return usage("read FILE");
        }
        Path file = Path.of(args.get(1));
        try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return processor.run(LineSource.of(reader), false) == 0;
        } catch (NoSuchFileException e) {
            return error("cannot open \"" + args.get(1) + "\"");
        } catch (IOException e) {
            return error("cannot read \"" + args.get(1) + "\": " + e.getMessage());
        }
    }

    /**
     * {@code .tables ?PATTERN?}: the tables and views of every attached database whose names
     * match the LIKE pattern, sorted, in columns as wide as the longest name over 80
     * characters. Names in databases other than main carry their schema: {@code temp.t}.
     */
    private boolean tables(List<String> args) {
        if (args.size() > 2) {
            return usage("tables ?PATTERN?");
        }
        String pattern = args.size() == 2 ? args.get(1) : "%";
        StringBuilder sql = new StringBuilder();
        for (String schema : session.queryColumn("SELECT name FROM pragma_database_list ORDER BY seq")) {
            if (!sql.isEmpty()) {
                sql.append(" UNION ALL ");
            }
            sql.append(schema.equalsIgnoreCase("main") ? "SELECT name FROM " : "SELECT " + SqlText.quote(schema) + "||'.'||name FROM ");
            sql.append(SqlText.quoteIdentifier(schema)).append(".sqlite_schema WHERE type IN ('table','view') AND name NOT LIKE 'sqlite_%' AND name LIKE ")
                            .append(SqlText.quote(pattern));
        }
        sql.append(" ORDER BY 1");
        List<String> names = session.queryColumn(sql.toString());
        names.removeIf(n -> n == null);
        if (names.isEmpty()) {
            return true;
        }
        int width = 0;
        for (String n : names) {
            width = Math.max(width, n.length());
        }
        int columns = Math.max(1, 80 / (width + 2));
        int rows = (names.size() + columns - 1) / columns;
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < rows; i++) {
            for (int j = i; j < names.size(); j += rows) {
                if (j >= rows) {
                    text.append("  ");
                }
                String n = names.get(j);
                text.append(n).append(" ".repeat(width - n.length()));
            }
            text.append('\n');
        }
        return print(text.toString());
    }

    /**
     * {@code .schema ?PATTERN?}: the CREATE statements of every attached database, each ended
     * with {@code ;}, in the order sqlite_schema holds them; with a pattern, those whose table
     * name matches it (LIKE, or GLOB when the pattern has {@code * ? [}).
     */
    private boolean schema(List<String> args) {
        if (args.size() > 2) {
            return usage("schema ?PATTERN?");
        }
        String filter = "";
        if (args.size() == 2) {
            String pattern = args.get(1);
            boolean glob = pattern.indexOf('*') >= 0 || pattern.indexOf('?') >= 0 || pattern.indexOf('[') >= 0;
            filter = " AND lower(tbl_name) " + (glob ? "GLOB " + SqlText.quote(pattern) : "LIKE " + SqlText.quote(pattern) + " ESCAPE '\\'");
        }
        StringBuilder text = new StringBuilder();
        for (String schema : session.queryColumn("SELECT name FROM pragma_database_list ORDER BY seq")) {
            String sql = "SELECT sql FROM " + SqlText.quoteIdentifier(schema) + ".sqlite_schema WHERE sql IS NOT NULL" + filter + " ORDER BY rowid";
            for (String create : session.queryColumn(sql)) {
                text.append(schemaLine(schema.equalsIgnoreCase("main") ? create : addSchema(create, schema)));
            }
        }
        return print(text.toString());
    }

    /** sqlite3's shell_add_schema: {@code CREATE TABLE aux.t(...)} for a database other than main. */
    private static String addSchema(String create, String schema) {
        String[] kinds = {"TABLE", "INDEX", "UNIQUE INDEX", "VIEW", "TRIGGER", "VIRTUAL TABLE"};
        if (!create.startsWith("CREATE ")) {
            return create;
        }
        for (String kind : kinds) {
            int n = 7 + kind.length();
            if (create.startsWith(kind, 7) && create.length() > n && create.charAt(n) == ' ') {
                boolean plain = schema.matches("[A-Za-z_][A-Za-z0-9_]*");
                String name = plain || schema.equalsIgnoreCase("temp") ? schema : SqlText.quoteIdentifier(schema);
                return create.substring(0, n) + " " + name + "." + create.substring(n + 1);
            }
        }
        return create;
    }

    /**
     * sqlite3's printSchemaLine: the statement and {@code ;}, after closing a trailing comment
     * so that the {@code ;} is not inside it; a CREATE TABLE of a quoted name gets
     * {@code IF NOT EXISTS}.
     */
    static String schemaLine(String sql) {
        if (sql.contains("/*") || sql.contains("--")) {
            for (String end : new String[]{"", "*/", "\n"}) {
                if (NativeConnection.isComplete(sql + end + ";")) {
                    sql = sql + end;
                    break;
                }
            }
        }
        if (sql.startsWith("CREATE TABLE ") && sql.length() > 13 && (sql.charAt(13) == '\'' || sql.charAt(13) == '"')) {
            return "CREATE TABLE IF NOT EXISTS " + sql.substring(13) + ";\n";
        }
        return sql + ";\n";
    }

    private boolean setBoolean(List<String> args, java.util.function.Consumer<Boolean> setter) {
        if (args.size() != 2) {
            return usage(args.get(0) + " on|off");
        }
        String v = args.get(1).toLowerCase(Locale.ROOT);
        switch (v) {
            case "on", "yes", "true", "1" -> setter.accept(true);
            case "off", "no", "false", "0" -> setter.accept(false);
            default -> {
                return error("not a boolean value: \"" + args.get(1) + "\"");
            }
        }
        return true;
    }

    private boolean print(String text) {
        session.out.print(text);
        session.out.flush();
        return true;
    }

    private boolean usage(String syntax) {
        return error("usage: ." + syntax);
    }

    private boolean error(String message) {
        session.out.flush();
        session.err.println("Error: " + message);
        session.err.flush();
        return false;
    }

    /** Backslash escapes in a separator, as sqlite3 reads them: backslash-t is a tab, backslash-n a line break. */
    static String unescape(String s) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 1 < s.length()) {
                char d = s.charAt(++i);
                sb.append(switch (d) {
                    case 't' -> '\t';
                    case 'n' -> '\n';
                    case 'r' -> '\r';
                    default -> d;
                });
            } else {
                sb.append(c);
            }
        }
        return sb.toString();
    }

    private static int parseInt(String s) {
        try {
            return Integer.parseInt(s.strip());
        } catch (NumberFormatException e) {
            return 1;
        }
    }

    /**
     * Splits a dot-command line into words as sqlite3 does: white space separates words;
     * {@code '...'} quotes literally, {@code "..."} quotes with backslash escapes.
     */
    static List<String> tokenize(String line) {
        List<String> words = new ArrayList<>();
        int i = 0;
        int n = line.length();
        while (i < n) {
            char c = line.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
                continue;
            }
            StringBuilder word = new StringBuilder();
            if (c == '\'' || c == '"') {
                i++;
                while (i < n && line.charAt(i) != c) {
                    char d = line.charAt(i);
                    if (c == '"' && d == '\\' && i + 1 < n) {
                        i++;
                        d = switch (line.charAt(i)) {
                            case 'n' -> '\n';
                            case 't' -> '\t';
                            case 'r' -> '\r';
                            case '0' -> '\0';
                            default -> line.charAt(i);
                        };
                    }
                    word.append(d);
                    i++;
                }
                i++;
            } else {
                while (i < n && !Character.isWhitespace(line.charAt(i))) {
                    word.append(line.charAt(i++));
                }
            }
            words.add(word.toString());
        }
        return words;
    }
}
