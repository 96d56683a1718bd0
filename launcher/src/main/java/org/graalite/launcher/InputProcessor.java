package org.graalite.launcher;

/**
 * Reads lines from a {@link LineSource} and runs what they make: SQL texts through the
 * {@link Session}, dot-commands through {@link DotCommands}. Used for the interactive shell,
 * for SQL piped to standard input and for {@code .read FILE}.
 */
final class InputProcessor {
    private final Session session;
    private final DotCommands dotCommands;
    /** {@code -bail} / {@code .bail on}: stop non-interactive input at its first error. */
    boolean bail;

    InputProcessor(Session session) {
        this.session = session;
        this.dotCommands = new DotCommands(session, this);
    }

    DotCommands dotCommands() {
        return dotCommands;
    }

    /**
     * Runs all of {@code source}. Interactive input keeps going after errors; other input stops
     * at its first error with {@code bail}, and reports errors with the line they started on.
     * Returns the number of errors.
     */
    int run(LineSource source, boolean interactive) {
        StatementAccumulator accumulator = new StatementAccumulator();
        int lineNumber = 0;
        int errors = 0;
        while (true) {
            String line;
            try {
                line = source.readLine(accumulator.hasPending());
            } catch (LineSource.Interrupted e) {
                accumulator.clear();
                continue;
            }
            if (line == null) {
                break;
            }
            lineNumber++;
            if (!runUnit(accumulator.offer(line, lineNumber), interactive)) {
                errors++;
                if (!interactive && bail) {
                    return errors;
                }
            }
        }
        if (!runUnit(accumulator.finish(), interactive)) {
            errors++;
        }
        return errors;
    }

    /** Runs one SQL text or dot-command given on the command line. Returns whether it succeeded. */
    boolean runArgument(String text) {
        echo(text);
        try {
            if (text.startsWith(".")) {
                return dotCommands.execute(text);
            }
            return session.execute(text, "");
        } finally {
            session.afterUnit();
        }
    }

    private boolean runUnit(StatementAccumulator.Unit unit, boolean interactive) {
        if (unit.kind() == StatementAccumulator.Kind.NONE) {
            return true;
        }
        echo(unit.text());
        try {
            return switch (unit.kind()) {
                case NONE -> true;
                case DOT_COMMAND -> dotCommands.execute(unit.text());
                case SQL -> session.execute(unit.text(), interactive ? "" : "near line " + unit.line() + ": ");
            };
        } finally {
            // A .once redirection lasts for the unit after the .once command.
            session.afterUnit();
        }
    }

    /** {@code .echo on}: each unit's text before it runs, as sqlite3 prints it. */
    private void echo(String text) {
        if (session.settings.echo) {
            session.out.print(text + "\n");
            session.out.flush();
        }
    }
}
