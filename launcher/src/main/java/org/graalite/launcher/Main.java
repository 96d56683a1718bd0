package org.graalite.launcher;

import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import org.graalite.nativeapi.NativeConnection;
import org.graalvm.polyglot.PolyglotException;

/**
 * {@code bin/graalite}: a shell for the {@code sql} language in the spirit of the sqlite3
 * program, and a runner for Python and JavaScript programs that use it. See {@link Arguments}
 * for the command line.
 *
 * <ul>
 * <li>{@code graalite DB "SQL" ...}: runs each argument (SQL text or a dot-command) in order
 * and prints the rows of queries; the first error prints {@code Error: <message>} on stderr and
 * exits with 1.</li>
 * <li>{@code graalite [DB]} on a terminal: the interactive shell ({@link Shell}). With standard
 * input from a file or pipe: reads SQL and dot-commands from it.</li>
 * <li>{@code graalite run SCRIPT [ARGS]}: {@link ScriptRunner}.</li>
 * </ul>
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        OutputStream stdout = new FileOutputStream(FileDescriptor.out);
        OutputStream stderr = new FileOutputStream(FileDescriptor.err);
        // Since JDK 22 System.console() exists also for redirected streams: ask whether it is a terminal.
        java.io.Console console = System.console();
        System.exit(run(args, System.in, stdout, stderr, console != null && console.isTerminal()));
    }

    /**
     * Runs the launcher and returns its exit code instead of exiting. {@code terminal} tells
     * whether standard input is a terminal (then, without SQL arguments, the interactive shell
     * runs).
     */
    public static int run(String[] args, InputStream in, OutputStream out, OutputStream err, boolean terminal) {
        Arguments arguments;
        try {
            arguments = Arguments.parse(args);
        } catch (IllegalArgumentException e) {
            PrintStream p = new PrintStream(err, true, StandardCharsets.UTF_8);
            p.println("Error: " + e.getMessage());
            p.println("Use -help for a list of options.");
            return 1;
        }
        switch (arguments.action) {
            case HELP -> {
                PrintStream p = new PrintStream(out, true, StandardCharsets.UTF_8);
                p.print(Arguments.USAGE);
                p.flush();
                return 0;
            }
            case VERSION -> {
                PrintStream p = new PrintStream(out, true, StandardCharsets.UTF_8);
                p.println(NativeConnection.libraryVersion() + " (Graalite 0.1.0)");
                p.flush();
                return 0;
            }
            case RUN_SCRIPT -> {
                return ScriptRunner.run(arguments.script, arguments.scriptArguments, arguments.polyglotOptions, in, out, err);
            }
            default -> {
                return shell(arguments, in, out, err, terminal);
            }
        }
    }

    private static int shell(Arguments arguments, InputStream in, OutputStream out, OutputStream err, boolean terminal) {
        try (Session session = new Session(arguments.polyglotOptions, out, err)) {
            arguments.applyTo(session.settings);
            InputProcessor processor = new InputProcessor(session);
            processor.bail = arguments.bail;
            try {
                // Opens the database now, so that a bad path or option fails before anything runs.
                session.context().initialize("sql");
            } catch (PolyglotException e) {
                session.err.println("Error: unable to open database \"" + session.databasePath() + "\": " + e.getMessage());
                return 1;
            } catch (IllegalArgumentException e) {
                session.err.println("Error: " + e.getMessage());
                return 1;
            }
            try {
                if (!arguments.sql.isEmpty()) {
                    for (String text : arguments.sql) {
                        if (!processor.runArgument(text)) {
                            return 1;
                        }
                    }
                    return 0;
                }
                boolean interactive = arguments.interactive != null ? arguments.interactive : terminal;
                if (interactive) {
                    return Shell.run(session, processor);
                }
                BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
                return processor.run(LineSource.of(reader), false) == 0 ? 0 : 1;
            } catch (ShellExit e) {
                return e.code;
            } catch (IOException e) {
                session.err.println("Error: " + e.getMessage());
                return 1;
            }
        }
    }
}
