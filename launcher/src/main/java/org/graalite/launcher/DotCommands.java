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
import org.graalvm.polyglot.Value;

/**
 * The shell's dot-commands, as in the sqlite3 program, with its output formats and messages:
 *
 * <ul>
 * <li>settings: {@code .mode} (list, csv, json, box, line, column, table, markdown, tabs,
 * quote, insert, html), {@code .headers}, {@code .nullvalue}, {@code .separator},
 * {@code .width}, {@code .timer}, {@code .changes}, {@code .echo}, {@code .bail}, {@code .show};</li>
 * <li>where results go: {@code .output} and {@code .once};</li>
 * <li>the schema: {@code .tables}, {@code .indexes} ({@code .indices}), {@code .schema},
 * {@code .databases}, read from sqlite_schema with SQL as sqlite3 does;</li>
 * <li>data in and out: {@code .dump} ({@link Dump}), {@code .import} ({@link CsvImport}),
 * {@code .backup} / {@code .save} and {@code .restore} (SQLite's online backup through the
 * connection object's {@code backup}), {@code .load} (extensions, through its
 * {@code loadExtension});</li>
 * <li>input and the rest: {@code .read}, {@code .open}, {@code .print}, {@code .version},
 * {@code .help}, {@code .quit}, {@code .exit}.</li>
 * </ul>
 */
final class DotCommands {
    static final String HELP = """
                    .backup ?DB? FILE        Backup DB (default "main") to FILE
                    .bail on|off             Stop after hitting an error in non-interactive input
                    .changes on|off          Show number of rows changed by SQL
                    .databases               List names and files of attached databases
                    .dump ?OBJECTS?          Render database content as SQL
                       Options: --data-only --newlines --nosys --preserve-rowids
                       OBJECTS are LIKE patterns for the tables to dump
                    .echo on|off             Turn command echo on or off
                    .exit ?CODE?             Exit this program with return-code CODE
                    .headers on|off          Turn display of headers on or off
                    .help                    Show this message
                    .import FILE TABLE       Import data from FILE into TABLE
                       Options: --ascii --csv --skip N --schema S -v
                    .indexes ?TABLE?         Show names of indexes
                    .load FILE ?ENTRY?       Load an extension library
                    .mode ?MODE? ?TABLE?     Set output mode: box column csv html insert json
                                             line list markdown quote table tabs
                    .nullvalue STRING        Use STRING in place of NULL values
                    .once ?--bom? FILE       Output for the next SQL command only to FILE
                    .open FILE               Close the database and open FILE
                    .output ?--bom? ?FILE?   Send output to FILE or stdout if FILE is omitted
                    .print STRING...         Print literal STRING
                    .quit                    Exit this program
                    .read FILE               Read input from FILE
                    .restore ?DB? FILE       Restore content of DB (default "main") from FILE
                    .save FILE               Write database to FILE (an alias for .backup)
                    .schema ?PATTERN?        Show the CREATE statements matching PATTERN
                    .separator COL ?ROW?     Change the column and row separators (list, csv)
                    .show                    Show the current values for various settings
                    .tables ?PATTERN?        List names of tables matching LIKE pattern PATTERN
                    .timer on|off            Turn SQL timer on or off
                    .version                 Show the SQLite version
                    .width NUM1 NUM2 ...     Set column widths for the columnar modes
                    """;

    /** What sqlite3 prints after a usage error of {@code .output} or {@code .once}. */
    private static final String OUTPUT_HELP = """
                    .output ?FILE?           Send output to FILE or stdout if FILE is omitted
                       If FILE begins with '|' then open it as a pipe.
                       Options:
                         --bom                 Prefix output with a UTF8 byte-order mark
                         -e                    Send output to the system text editor
                         -x                    Send output as CSV to a spreadsheet
                    """;
    private static final String ONCE_HELP = """
                    .once ?OPTIONS? ?FILE?   Output for the next SQL command only to FILE
                         If FILE begins with '|' then open as a pipe
                           --bom  Put a UTF8 byte-order mark at the beginning
                           -e     Send output to the system text editor
                           -x     Send output as CSV to a spreadsheet (same as ".excel")
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
                case "backup", "save" -> backup(args);
                case "bail" -> setBoolean(args, v -> processor.bail = v);
                case "changes" -> args.size() == 2 ? setBoolean(args, v -> session.settings.changes = v) : plainUsage("changes on|off");
                case "databases" -> databases();
                case "dump" -> Dump.run(session, args.subList(1, args.size()));
                case "echo" -> args.size() == 2 ? setBoolean(args, v -> session.settings.echo = v) : plainUsage("echo on|off");
                case "exit", "quit" -> throw new ShellExit(args.size() > 1 && name.equals("exit") ? parseInt(args.get(1)) : 0);
                case "headers", "header" -> setBoolean(args, v -> session.settings.headers = v);
                case "help" -> print(HELP);
                case "import" -> CsvImport.run(session, args.subList(1, args.size()));
                case "indexes", "indices" -> indexes(args);
                case "load" -> load(args);
                case "mode" -> mode(args);
                case "once" -> output(args, true);
                case "output" -> output(args, false);
                case "restore" -> restore(args);
                case "show" -> args.size() == 1 ? show() : plainUsage("show");
                case "width" -> width(args);
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
        OutputSettings settings = session.settings;
        if (args.size() == 1) {
            return print(".mode " + settings.mode.displayName() + "\n");
        }
        OutputSettings.Mode mode = OutputSettings.Mode.parse(args.get(1).toLowerCase(Locale.ROOT));
        boolean tableName = mode == OutputSettings.Mode.INSERT && args.size() == 3;
        if (mode == null || (args.size() > 2 && !tableName)) {
            return error("unknown mode: " + String.join(" ", args.subList(1, args.size())) + "\nUse one of: " + OutputSettings.Mode.names());
        }
        settings.setMode(mode);
        if (mode == OutputSettings.Mode.INSERT) {
            // Without a name, the formatter's default: INSERT INTO tab.
            settings.insertTable = tableName ? args.get(2) : "tab";
        }
        return true;
    }

    /** {@code .width NUM ...}: column widths of the columnar modes (words not numbers count 0); none resets. */
    private boolean width(List<String> args) {
        int[] widths = new int[args.size() - 1];
        for (int i = 0; i < widths.length; i++) {
            widths[i] = (int) Math.max(-10000, Math.min(10000, leadingInteger(args.get(i + 1))));
        }
        session.settings.widths = widths;
        return true;
    }

    /**
     * {@code .output ?--bom? ?FILE?} and {@code .once ?--bom? ?FILE?}: results to FILE (all of
     * them, or those of the next input only), or to stdout again without FILE or with
     * {@code stdout}; {@code stderr} and {@code off} (discard) as in sqlite3.
     */
    private boolean output(List<String> args, boolean once) {
        String help = once ? ONCE_HELP : OUTPUT_HELP;
        String file = null;
        boolean bom = false;
        for (int i = 1; i < args.size(); i++) {
            String arg = args.get(i);
            if (arg.startsWith("-")) {
                String z = arg.startsWith("--") ? arg.substring(1) : arg;
                if (z.equals("-bom")) {
                    bom = true;
                } else {
                    // -e and -x (an editor, a spreadsheet) have no place in this shell.
                    return usageWithHelp("unknown option: \"" + arg + "\".", help);
                }
            } else if (file == null && arg.startsWith("|")) {
                // As in sqlite3 the command takes the rest of the line; this shell has no pipes.
                return error("cannot write to \"" + String.join(" ", args.subList(i, args.size())) + "\": pipes are not supported");
            } else if (file == null) {
                file = arg;
            } else {
                return usageWithHelp("extra parameter: \"" + arg + "\".", help);
            }
        }
        try {
            session.redirectOutput(file, bom, once);
            return true;
        } catch (java.io.IOException e) {
            session.resetOutput();
            session.out.flush();
            session.err.println("Error: cannot open \"" + file + "\"");
            return error("cannot write to \"" + file + "\"");
        }
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
        String pattern = SqlText.quote(args.size() == 2 ? args.get(1) : "%");
        return printNames("type IN ('table','view') AND name NOT LIKE 'sqlite_%' AND name LIKE " + pattern);
    }

    /**
     * {@code .indexes ?TABLE?}: the indexes (automatic ones too) of the tables matching the LIKE
     * pattern, laid out as {@code .tables} does.
     */
    private boolean indexes(List<String> args) {
        if (args.size() > 2) {
            return plainUsage("indexes ?LIKE-PATTERN?");
        }
        String pattern = SqlText.quote(args.size() == 2 ? args.get(1) : "%");
        return printNames("type IN ('index') AND tbl_name LIKE " + pattern);
    }

    /** The names of the sqlite_schema rows matching {@code condition} in every database, in columns. */
    private boolean printNames(String condition) {
        StringBuilder sql = new StringBuilder();
        for (String schema : session.queryColumn("SELECT name FROM pragma_database_list ORDER BY seq")) {
            if (!sql.isEmpty()) {
                sql.append(" UNION ALL ");
            }
            sql.append(schema.equalsIgnoreCase("main") ? "SELECT name FROM " : "SELECT " + SqlText.quote(schema) + "||'.'||name FROM ");
            sql.append(SqlText.quoteIdentifier(schema)).append(".sqlite_schema WHERE ").append(condition);
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
     * {@code .databases}: each attached database as {@code name: file r/w}, the file
     * {@code ""} for an in-memory or temporary one. (sqlite3 also tells an open transaction;
     * that state is not visible through SQL.)
     */
    private boolean databases() {
        StringBuilder text = new StringBuilder();
        boolean readOnly = Boolean.parseBoolean(session.option("sql.ReadOnly"));
        session.query("SELECT name, file FROM pragma_database_list ORDER BY seq", row -> {
            String name = (String) row[0];
            String file = row[1] == null ? "" : String.valueOf(row[1]);
            boolean ro = readOnly && name.equals("main");
            text.append(name).append(": ").append(file.isEmpty() ? "\"\"" : file).append(ro ? " r/o" : " r/w").append('\n');
        });
        return print(text.toString());
    }

    /** {@code .show}: the settings, in sqlite3's layout (names right-aligned in 12 columns). */
    private boolean show() {
        OutputSettings s = session.settings;
        StringBuilder text = new StringBuilder();
        showLine(text, "echo", s.echo ? "on" : "off");
        showLine(text, "eqp", "off");
        showLine(text, "explain", "auto");
        showLine(text, "headers", s.titles() ? "on" : "off");
        showLine(text, "mode", s.mode.displayName() + (s.mode == OutputSettings.Mode.INSERT ? " " + s.insertTable : ""));
        showLine(text, "nullvalue", cString(s.nullValue));
        showLine(text, "output", session.outputName());
        showLine(text, "colseparator", cString(s.columnSeparator));
        showLine(text, "rowseparator", cString(s.rowSeparator));
        showLine(text, "stats", "off");
        StringBuilder widths = new StringBuilder();
        for (int w : s.widths) {
            widths.append(w).append(' ');
        }
        showLine(text, "width", widths.toString());
        showLine(text, "filename", session.databasePath());
        return print(text.toString());
    }

    private static void showLine(StringBuilder text, String name, String value) {
        text.append(" ".repeat(Math.max(0, 12 - name.length()))).append(name).append(": ").append(value).append('\n');
    }

    /** A string as sqlite3's output_c_string writes it: in double quotes, with C escapes. */
    static String cString(String s) {
        StringBuilder sb = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\t' -> sb.append("\\t");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                default -> {
                    if (c < 0x20 || c == 0x7f) {
                        sb.append(String.format("\\%03o", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        return sb.append('"').toString();
    }

    /**
     * {@code .load FILE ?ENTRY?}: loads an SQLite extension into the connection, as sqlite3
     * does with extension loading enabled (for SQL's load_extension() too).
     */
    private boolean load(List<String> args) {
        if (args.size() < 2 || args.get(1).isEmpty()) {
            return plainUsage("load FILE ?ENTRYPOINT?");
        }
        Value c = session.connection();
        try {
            c.invokeMember("enableLoadExtension", true);
            if (args.size() >= 3) {
                c.invokeMember("loadExtension", args.get(1), args.get(2));
            } else {
                c.invokeMember("loadExtension", args.get(1));
            }
            return true;
        } catch (PolyglotException e) {
            return error(e.getMessage());
        }
    }

    /**
     * {@code .backup ?DB? FILE} and {@code .save FILE}: copies database DB (default main) into
     * the database file FILE (created if needed, replaced otherwise) with SQLite's online backup.
     */
    private boolean backup(List<String> args) {
        String db = null;
        String file = null;
        for (int i = 1; i < args.size(); i++) {
            String arg = args.get(i);
            if (arg.startsWith("-")) {
                // --append (appendvfs) and --async are not offered.
                return plainError("unknown option: " + arg);
            } else if (file == null) {
                file = arg;
            } else if (db == null) {
                db = file;
                file = arg;
            } else {
                return plainError("Usage: .backup ?DB? ?OPTIONS? FILENAME");
            }
        }
        if (file == null) {
            return plainError("missing FILENAME argument on .backup");
        }
        String name = db == null ? "main" : db;
        return withConnectionTo(file, target -> {
            session.connection().invokeMember("backup", target, name);
            return true;
        }, message -> message);
    }

    /** {@code .restore ?DB? FILE}: replaces database DB (default main) by the database in FILE. */
    private boolean restore(List<String> args) {
        if (args.size() != 2 && args.size() != 3) {
            return plainUsage("restore ?DB? FILE");
        }
        String file = args.get(args.size() - 1);
        String db = args.size() == 3 ? args.get(1) : "main";
        return withConnectionTo(file, source -> {
            source.invokeMember("backup", session.connection(), "main", -1, null, 100, db);
            return true;
        }, message -> message != null && (message.contains("database is locked") || message.contains("busy")) ? "source database is busy" : message);
    }

    /**
     * Runs {@code action} with another connection, to the database file {@code file}, and
     * closes it; an error of the action is printed as {@code message} makes it.
     */
    private boolean withConnectionTo(String file, java.util.function.Predicate<Value> action, java.util.function.UnaryOperator<String> message) {
        Value other;
        try {
            other = session.connection().invokeMember("open", file);
        } catch (PolyglotException e) {
            return error("cannot open \"" + file + "\"");
        }
        try {
            return action.test(other);
        } catch (PolyglotException e) {
            return error(message.apply(e.getMessage()));
        } finally {
            other.invokeMember("close");
        }
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

    /** sqlite3's {@code ERROR: ...  Usage:} and the command's help, which it prints where results go. */
    private boolean usageWithHelp(String problem, String help) {
        print("ERROR: " + problem + "  Usage:\n" + help);
        return false;
    }

    /** sqlite3's {@code Usage: .CMD ...} on stderr (without "Error: "), as its newer commands print it. */
    private boolean plainUsage(String syntax) {
        return plainError("Usage: ." + syntax);
    }

    private boolean plainError(String message) {
        session.out.flush();
        session.err.println(message);
        session.err.flush();
        return false;
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

    /** sqlite3's integerValue: the leading integer of {@code s}, 0 if none. */
    private static long leadingInteger(String s) {
        String t = s.strip();
        int i = t.startsWith("-") || t.startsWith("+") ? 1 : 0;
        long v = 0;
        while (i < t.length() && Character.isDigit(t.charAt(i)) && v < 1_000_000_000L) {
            v = v * 10 + (t.charAt(i++) - '0');
        }
        return t.startsWith("-") ? -v : v;
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
