package org.graalite.launcher;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The command line: {@code graalite [OPTIONS] [DB] [SQL ...]} or
 * {@code graalite [OPTIONS] run SCRIPT [ARGS ...]}.
 *
 * <p>Options before the database (or {@code run}):
 * <ul>
 * <li>polyglot options in the usual launcher form, {@code --group.key=value}, or
 * {@code --group.key} meaning {@code true} ({@code --sql.Tier=truffle},
 * {@code --engine.TraceCompilation});</li>
 * <li>sqlite3-style options, also accepted after the database: {@code -list -csv -json -box
 * -line -column -table -markdown -tabs -quote -html},
 * {@code -header -noheader}, {@code -nullvalue TEXT}, {@code -separator SEP}, {@code -bail},
 * {@code -batch}, {@code -interactive}, {@code -version}, {@code -help}.</li>
 * </ul>
 * The database argument sets {@code sql.Database}. {@code --} ends the options.
 */
final class Arguments {
    /** What the command line asks for. */
    enum Action {
        SHELL,
        RUN_SCRIPT,
        HELP,
        VERSION
    }

    static final String USAGE = """
                    Usage: graalite [OPTIONS] [DB] [SQL ...]
                           graalite [OPTIONS] run SCRIPT.py|SCRIPT.js [ARGS ...]

                    Runs the SQL statements (or dot-commands) given as arguments on the database DB
                    (default :memory:) and prints the rows of queries; with no SQL, reads SQL from
                    standard input, interactively on a terminal. `run` runs a Python or JavaScript
                    program in a context that has the sql language (database: --sql.Database=PATH).

                    OPTIONS
                      --group.key=value     a polyglot option, e.g. --sql.Tier=truffle,
                                            --sql.Database=PATH, --engine.TraceCompilation
                      -list -csv -json -box -line -column -table -markdown -tabs -quote -html
                                            set the output mode (default list)
                      -header / -noheader   turn column names on or off
                      -nullvalue TEXT       text for NULL values
                      -separator SEP        column separator of list mode
                      -bail                 stop at the first error in input from stdin or .read
                      -batch / -interactive force non-interactive or interactive input
                      -version              print the SQLite version
                      -help                 print this message
                    """;

    Action action = Action.SHELL;
    final Map<String, String> polyglotOptions = new LinkedHashMap<>();
    String database;
    final List<String> sql = new ArrayList<>();
    String script;
    final List<String> scriptArguments = new ArrayList<>();
    OutputSettings.Mode mode;
    Boolean headers;
    String nullValue;
    String separator;
    boolean bail;
    /** null: decide from whether standard input is a terminal. */
    Boolean interactive;

    /** Parses {@code args}; throws IllegalArgumentException with a message for a bad command line. */
    static Arguments parse(String[] args) {
        Arguments a = new Arguments();
        int i = 0;
        boolean optionsEnded = false;
        // Options, up to the database or `run`.
        for (; i < args.length; i++) {
            String arg = args[i];
            if (arg.equals("--")) {
                optionsEnded = true;
                i++;
                break;
            }
            if (arg.startsWith("--") && arg.indexOf('.') > 2 && (arg.indexOf('=') < 0 || arg.indexOf('.') < arg.indexOf('='))) {
                int eq = arg.indexOf('=');
                String key = eq < 0 ? arg.substring(2) : arg.substring(2, eq);
                a.polyglotOptions.put(key, eq < 0 ? "true" : arg.substring(eq + 1));
            } else if (arg.startsWith("-") && arg.length() > 1) {
                i = a.shellOption(args, i);
            } else {
                break;
            }
        }
        if (i < args.length && args[i].equals("run") && !optionsEnded) {
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException("run: missing SCRIPT (a .py or .js file)");
            }
            a.action = a.action == Action.SHELL ? Action.RUN_SCRIPT : a.action;
            a.script = args[i + 1];
            for (int k = i + 2; k < args.length; k++) {
                a.scriptArguments.add(args[k]);
            }
            return a;
        }
        if (i < args.length) {
            a.database = args[i++];
            a.polyglotOptions.put("sql.Database", a.database);
        }
        // After the database: SQL arguments, and sqlite3-style options.
        for (; i < args.length; i++) {
            String arg = args[i];
            if (!optionsEnded && arg.startsWith("-") && isShellOption(arg)) {
                i = a.shellOption(args, i);
            } else {
                a.sql.add(arg);
            }
        }
        return a;
    }

    private static boolean isShellOption(String arg) {
        return switch (normalize(arg)) {
            case "-list", "-csv", "-json", "-box", "-line", "-column", "-table", "-markdown", "-tabs", "-quote", "-html", "-header", "-headers", "-noheader", "-nullvalue", "-separator", "-bail", "-batch", "-interactive", "-version", "-help" -> true;
            default -> false;
        };
    }

    private static String normalize(String arg) {
        // sqlite3 accepts its options with one dash or two.
        return arg.startsWith("--") ? arg.substring(1) : arg;
    }

    /** Parses the sqlite3-style option at {@code args[i]}; returns the index of its last word. */
    private int shellOption(String[] args, int i) {
        String arg = normalize(args[i]);
        switch (arg) {
            case "-list", "-csv", "-json", "-box", "-line", "-column", "-table", "-markdown", "-tabs", "-quote", "-html" -> mode = OutputSettings.Mode.parse(arg.substring(1));
            case "-header", "-headers" -> headers = true;
            case "-noheader" -> headers = false;
            case "-bail" -> bail = true;
            case "-batch" -> interactive = false;
            case "-interactive" -> interactive = true;
            case "-version" -> action = Action.VERSION;
            case "-help", "-h" -> action = Action.HELP;
            case "-nullvalue", "-separator" -> {
                if (i + 1 >= args.length) {
                    throw new IllegalArgumentException("missing argument to " + args[i]);
                }
                if (arg.equals("-nullvalue")) {
                    nullValue = args[i + 1];
                } else {
                    separator = DotCommands.unescape(args[i + 1]);
                }
                return i + 1;
            }
            default -> throw new IllegalArgumentException("unknown option: " + args[i]);
        }
        return i;
    }

    /** Applies the output options of the command line to {@code settings}. */
    void applyTo(OutputSettings settings) {
        if (mode != null) {
            settings.setMode(mode);
        }
        if (headers != null) {
            settings.headers = headers;
        }
        if (nullValue != null) {
            settings.nullValue = nullValue;
        }
        if (separator != null) {
            settings.columnSeparator = separator;
        }
    }
}
