package org.graalite.launcher;

import java.io.IOException;
import java.nio.file.Path;

import org.graalite.nativeapi.NativeConnection;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.UserInterruptException;
import org.jline.reader.impl.DefaultParser;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;

/**
 * The interactive shell: JLine line editing, history in {@code ~/.graalite_history}, the
 * prompts {@code sqlite> } and {@code    ...> }, statements that run once
 * {@code sqlite3_complete} says they are complete. Control-C drops the line being typed, or
 * interrupts the running statement; Control-D (or {@code .quit}) leaves.
 */
final class Shell {
    static final String PROMPT = "sqlite> ";
    static final String CONTINUATION_PROMPT = "   ...> ";

    private Shell() {
    }

    /** Runs the shell on the system terminal until the end of input; returns the exit code. */
    static int run(Session session, InputProcessor processor) throws IOException {
        try (Terminal terminal = TerminalBuilder.builder().system(true).nativeSignals(true).build()) {
            DefaultParser parser = new DefaultParser();
            parser.setEscapeChars(new char[0]);
            parser.setQuoteChars(new char[0]);
            LineReader reader = LineReaderBuilder.builder().appName("graalite").terminal(terminal).parser(parser)
                            .variable(LineReader.HISTORY_FILE, historyFile())
                            .variable(LineReader.HISTORY_SIZE, 2000)
                            .option(LineReader.Option.DISABLE_EVENT_EXPANSION, true)
                            .option(LineReader.Option.HISTORY_IGNORE_SPACE, false)
                            .option(LineReader.Option.INSERT_TAB, true)
                            .build();
            // Control-C while a statement runs; while typing, JLine turns it into UserInterruptException.
            terminal.handle(Terminal.Signal.INT, signal -> session.interrupt());
            session.out.print(banner(session.databasePath()));
            session.out.flush();
            LineSource source = continuation -> {
                session.out.flush();
                session.err.flush();
                try {
                    return reader.readLine(continuation ? CONTINUATION_PROMPT : PROMPT);
                } catch (UserInterruptException e) {
                    throw new LineSource.Interrupted();
                } catch (EndOfFileException e) {
                    return null;
                }
            };
            processor.run(source, true);
            reader.getHistory().save();
            return 0;
        }
    }

    /** {@code ~/.graalite_history}, with ~ from $HOME as sqlite3 takes it (else the JVM's user.home). */
    static Path historyFile() {
        String home = System.getenv("HOME");
        return Path.of(home != null && !home.isEmpty() ? home : System.getProperty("user.home"), ".graalite_history");
    }

    static String banner(String database) {
        String where = database.equals(":memory:") || database.isEmpty() ? "Connected to a transient in-memory database.\n" : "";
        return "Graalite 0.1.0 (SQLite " + NativeConnection.libraryVersion() + ")\n" +
                        "Enter \".help\" for usage hints.\n" + where;
    }
}
