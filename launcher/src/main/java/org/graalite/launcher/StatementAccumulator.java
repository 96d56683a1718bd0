package org.graalite.launcher;

import java.util.Locale;

import org.graalite.nativeapi.NativeConnection;

/**
 * Collects input lines into units the shell runs, the way the sqlite3 program reads its input:
 *
 * <ul>
 * <li>With no SQL pending, a line that starts with {@code .} is a dot-command, a line that
 * starts with {@code #} is a comment, and a line of only white space and SQL comments is
 * skipped.</li>
 * <li>Other lines collect into SQL text (the first one without its leading white space, the
 * next ones after a line break) until a line holding a {@code ;} makes the whole text complete
 * according to SQLite's {@code sqlite3_complete}; then the text is one unit, which may hold
 * several statements.</li>
 * <li>A line that is only {@code /} or {@code go} ends pending SQL as a {@code ;} would.</li>
 * <li>At the end of the input, pending SQL that is not only white space is run anyway.</li>
 * </ul>
 */
final class StatementAccumulator {
    /** What a line completed. */
    enum Kind {
        /** Nothing to run yet: more lines are needed, or the line was skipped. */
        NONE,
        /** A complete SQL text. */
        SQL,
        /** A dot-command line. */
        DOT_COMMAND
    }

    /** A unit to run: its kind, its text and the input line number it started on. */
    record Unit(Kind kind, String text, int line) {
        static final Unit NONE = new Unit(Kind.NONE, null, 0);
    }

    private final StringBuilder sql = new StringBuilder();
    private int startLine;

    /** Whether SQL text is pending (the shell then shows its continuation prompt). */
    boolean hasPending() {
        return !sql.isEmpty();
    }

    /** Takes one input line (without its line terminator), numbered {@code lineNumber}. */
    Unit offer(String line, int lineNumber) {
        if (sql.isEmpty()) {
            if (line.startsWith(".")) {
                return new Unit(Kind.DOT_COMMAND, line, lineNumber);
            }
            if (line.startsWith("#") || SqlText.isAllWhitespace(line)) {
                return Unit.NONE;
            }
            startLine = lineNumber;
            sql.append(line.stripLeading());
        } else {
            if (isCommandTerminator(line) && NativeConnection.isComplete(sql + ";")) {
                line = ";";
            }
            sql.append('\n').append(line);
        }
        if (line.indexOf(';') >= 0 && NativeConnection.isComplete(sql.toString())) {
            return take();
        }
        return Unit.NONE;
    }

    /** At the end of the input: the pending SQL, if it holds more than white space. */
    Unit finish() {
        if (sql.isEmpty() || SqlText.isAllWhitespace(sql.toString())) {
            sql.setLength(0);
            return Unit.NONE;
        }
        return take();
    }

    /** Drops pending SQL (Control-C at the continuation prompt). */
    void clear() {
        sql.setLength(0);
    }

    private Unit take() {
        Unit unit = new Unit(Kind.SQL, sql.toString(), startLine);
        sql.setLength(0);
        return unit;
    }

    /** A line that is only {@code /} or {@code go} (any case), around white space. */
    private static boolean isCommandTerminator(String line) {
        String t = line.strip().toLowerCase(Locale.ROOT);
        return t.equals("/") || t.equals("go");
    }
}
