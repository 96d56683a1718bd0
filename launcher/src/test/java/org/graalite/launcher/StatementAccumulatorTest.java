package org.graalite.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.graalite.launcher.StatementAccumulator.Kind;
import org.graalite.launcher.StatementAccumulator.Unit;
import org.junit.jupiter.api.Test;

/** How the shell collects typed lines into statements (the logic behind its prompts). */
class StatementAccumulatorTest {
    /** Feeds the lines and returns what became runnable, as "KIND@line:text". */
    private static List<String> feed(StatementAccumulator acc, String... lines) {
        List<String> units = new ArrayList<>();
        int n = 0;
        for (String line : lines) {
            Unit u = acc.offer(line, ++n);
            if (u.kind() != Kind.NONE) {
                units.add(u.kind() + "@" + u.line() + ":" + u.text());
            }
        }
        return units;
    }

    @Test
    void statementOverSeveralLines() {
        StatementAccumulator acc = new StatementAccumulator();
        assertEquals(List.of(), feed(acc, "  select 1,", "  2"));
        assertTrue(acc.hasPending(), "continuation prompt while the statement is incomplete");
        assertEquals(List.of("SQL@1:select 1,\n  2\n;"), feed(acc, ";"), "the unit keeps the line it started on");
    }

    @Test
    void completesAtTheLineWithTheSemicolon() {
        StatementAccumulator acc = new StatementAccumulator();
        assertEquals(List.of("SQL@1:select 1,\n  2;"), feed(acc, "   select 1,", "  2;"));
        assertFalse(acc.hasPending());
    }

    @Test
    void semicolonsInsideStringsCommentsAndTriggersDoNotEndIt() {
        StatementAccumulator acc = new StatementAccumulator();
        assertEquals(List.of(), feed(acc, "select 'a;b", "c;d'"));
        assertEquals(List.of("SQL@1:select 'a;b\nc;d'\n;"), feed(acc, ";"));
        assertEquals(List.of(), feed(acc, "select 1 /* ; */", "-- ;"));
        assertTrue(acc.hasPending());
        acc.clear();
        List<String> trigger = feed(acc, "create trigger tr after insert on t begin", "  insert into u values(1);", "  delete from v;", "end;");
        assertEquals(1, trigger.size(), "a trigger body's semicolons do not end the CREATE TRIGGER");
        assertTrue(trigger.get(0).startsWith("SQL@1:create trigger") && trigger.get(0).endsWith("end;"), trigger.get(0));
    }

    @Test
    void severalStatementsOnOneLineAreOneUnit() {
        assertEquals(List.of("SQL@1:select 1; select 2;"), feed(new StatementAccumulator(), "select 1; select 2;"));
    }

    @Test
    void incompleteTailWaitsForTheRest() {
        StatementAccumulator acc = new StatementAccumulator();
        assertEquals(List.of(), feed(acc, "select 1; select"));
        assertEquals(List.of("SQL@1:select 1; select\n2;"), feed(acc, "2;"));
    }

    @Test
    void dotCommandsOnlyWithNothingPending() {
        StatementAccumulator acc = new StatementAccumulator();
        assertEquals(List.of("DOT_COMMAND@1:.tables"), feed(acc, ".tables"));
        assertEquals(List.of(), feed(acc, "select", ".5 + 1"), "inside a statement a leading dot is SQL");
        assertEquals(List.of("SQL@1:select\n.5 + 1\n;"), feed(acc, ";"));
    }

    @Test
    void blankCommentAndHashLinesAreSkipped() {
        StatementAccumulator acc = new StatementAccumulator();
        assertEquals(List.of(), feed(acc, "", "   ", "-- only a comment", "/* block */", "# shell comment"));
        assertFalse(acc.hasPending());
    }

    @Test
    void slashOrGoEndsAStatement() {
        assertEquals(List.of("SQL@1:select 1\n;"), feed(new StatementAccumulator(), "select 1", "go"));
        assertEquals(List.of("SQL@1:select 1\n;"), feed(new StatementAccumulator(), "select 1", " / "));
    }

    @Test
    void endOfInputRunsWhatIsPending() {
        StatementAccumulator acc = new StatementAccumulator();
        feed(acc, "select 1");
        Unit u = acc.finish();
        assertEquals(Kind.SQL, u.kind());
        assertEquals("select 1", u.text());
        assertEquals(Kind.NONE, acc.finish().kind(), "nothing left after that");
    }

    @Test
    void splittingATextIntoStatements() {
        assertEquals(List.of("select 1;", " select 'a;b';", " create trigger tr after insert on t begin select 1; end;", " select 2"),
                        SqlText.statements("select 1; select 'a;b'; create trigger tr after insert on t begin select 1; end; select 2"));
        assertEquals(List.of("select 1;"), SqlText.statements("select 1;  \n"));
    }
}
