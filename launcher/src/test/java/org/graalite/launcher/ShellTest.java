package org.graalite.launcher;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The launcher's SQL shell run in-process: output modes, errors and exit codes, dot-commands. */
class ShellTest {
    private static final String EXAMPLE = "create table t(a,b); insert into t values(1,'x'),(2.5,null); select * from t;";

    @TempDir
    Path dir;

    @Test
    void listModeLikeSqlite3() {
        Launch r = Launch.run(dir.resolve("a.db").toString(), EXAMPLE);
        assertEquals("1|x\n2.5|\n", r.out(), "list mode: | between values, NULL as empty text, REAL as SQLite prints it");
        assertEquals("", r.err());
        assertEquals(0, r.code());
    }

    @Test
    void theDatabaseFileKeepsTheData() {
        String db = dir.resolve("kept.db").toString();
        assertEquals(0, Launch.run(db, EXAMPLE).code());
        Launch r = Launch.run(db, "select count(*), typeof(a) from t group by 2 order by 2");
        assertEquals("1|integer\n1|real\n", r.out(), "a second process sees the rows with their storage classes");
    }

    @Test
    void valuesRenderAsSqlite3Does() {
        Launch r = Launch.run(":memory:", "select 2.0, 1e20, 0.1, 9223372036854775807, -5, 'a'||char(1)||'b', 'tab\tx', x'41004243', null, 'é'");
        assertEquals("2.0|1.0e+20|0.1|9223372036854775807|-5|a^Ab|tab\tx|A||é\n", r.out(),
                        "a whole REAL keeps .0; control characters show as ^X; a BLOB prints its bytes up to the first NUL");
    }

    @Test
    void blobBytesAreWrittenRaw() {
        Launch r = Launch.run(":memory:", "select x'c3a9ff'");
        assertArrayEquals(new byte[]{(byte) 0xc3, (byte) 0xa9, (byte) 0xff, '\n'}, r.outBytes(), "list mode writes BLOB bytes as they are, not re-encoded");
    }

    @Test
    void multipleSqlArgumentsRunInOrderAndOnlyQueriesPrint() {
        Launch r = Launch.run(":memory:", "create table t(x)", "insert into t values(1)", "select x from t", "update t set x = 2", "select x from t; select x+1 from t");
        assertEquals("1\n2\n3\n", r.out());
        assertEquals(0, r.code());
    }

    @Test
    void syntaxErrorExitsNonZero() {
        Launch r = Launch.run(":memory:", "selec 1");
        assertEquals("Error: near \"selec\": syntax error\n", r.err());
        assertEquals("", r.out());
        assertEquals(1, r.code());
    }

    @Test
    void firstErrorStopsTheRemainingArgumentsAndStatements() {
        Launch r = Launch.run(":memory:", "create table t(a unique); insert into t values(1); select 'before';",
                        "insert into t values(1); select 'not reached';", "select 'nor this'");
        assertEquals("before\n", r.out(), "statements after the failing one, in its argument and later ones, do not run");
        assertEquals("Error: UNIQUE constraint failed: t.a\n", r.err());
        assertEquals(1, r.code());
    }

    @Test
    void runtimeErrorMessageIsSqlites() {
        Launch r = Launch.run(":memory:", "select * from nowhere");
        assertEquals("Error: no such table: nowhere\n", r.err());
        assertEquals(1, r.code());
    }

    @Test
    void headersInListAndCsv() {
        assertEquals("a|b\n1|x\n", Launch.run("-header", ":memory:", "select 1 as a, 'x' as b").out());
        assertEquals("a,b\r\n1,x\r\n", Launch.run(":memory:", ".mode csv", ".headers on", "select 1 as a, 'x' as b").out());
        assertEquals("1|x\n", Launch.run(":memory:", ".headers on", ".headers off", "select 1 as a, 'x' as b").out());
        assertEquals("", Launch.run("-header", ":memory:", "select 1 as a where 0").out(), "no rows: no header either");
    }

    @Test
    void csvMode() {
        Launch r = Launch.run("-csv", ":memory:", "select 1, 2.5, 'plain', 'two words', '', null, 'say \"hi\"', 'a,b', x'4142', 'é'");
        assertEquals("1,2.5,plain,\"two words\",\"\",,\"say \"\"hi\"\"\",\"a,b\",\"\\101\\102\",\"é\"\r\n", r.out(),
                        "quoted when empty or holding a space, quote, separator or non-ASCII byte; NULL empty; BLOB as octal escapes");
    }

    @Test
    void jsonMode() {
        Launch r = Launch.run("-json", ":memory:", "select 1 as a, 'x\"y\n' as b, null as c, 2.5 as d, x'00ff' as e union all select 2, 'é', 3, 4, 5");
        assertEquals("[{\"a\":1,\"b\":\"x\\\"y\\n\",\"c\":null,\"d\":2.5,\"e\":\"\\u0000\\u00ff\"},\n{\"a\":2,\"b\":\"é\",\"c\":3,\"d\":4,\"e\":5}]\n", r.out());
        assertEquals("", Launch.run("-json", ":memory:", "select 1 where 0").out(), "no rows: nothing, not []");
    }

    @Test
    void boxModeAsInSqlitesOwnTest() {
        // test/modeA.sql, testcase 100, of SQLite's sources.
        Launch r = Launch.run("-box", ":memory:", "CREATE TABLE t1(a,b,c,d,e); INSERT INTO t1 VALUES(1,2.5,'three',x'4444',NULL);"
                        + "INSERT INTO t1 SELECT b,c,d,e,a FROM t1; INSERT INTO t1 SELECT d,e,a,b,c FROM t1; SELECT * FROM t1;");
        assertEquals("""
                        ╭─────┬───────┬───────┬───────┬───────╮
                        │  a  │   b   │   c   │   d   │   e   │
                        ╞═════╪═══════╪═══════╪═══════╪═══════╡
                        │   1 │   2.5 │ three │ DD    │       │
                        │ 2.5 │ three │ DD    │       │     1 │
                        │ DD  │       │     1 │   2.5 │ three │
                        │     │     1 │   2.5 │ three │ DD    │
                        ╰─────┴───────┴───────┴───────┴───────╯
                        """, r.out());
    }

    @Test
    void boxModeWithLineBreaksAndWideCharacters() {
        Launch r = Launch.run(":memory:", ".mode box", ".nullvalue NULL", "select 'one' || char(10) || 'two' as t, '漢字' as w, null as n union all select 'x', 'y', 1");
        assertEquals("""
                        ╭─────┬──────┬──────╮
                        │  t  │  w   │  n   │
                        ╞═════╪══════╪══════╡
                        │ one │ 漢字 │ NULL │
                        │ two │      │      │
                        ├─────┼──────┼──────┤
                        │ x   │ y    │    1 │
                        ╰─────┴──────┴──────╯
                        """, r.out(), "a value over two lines separates every row; a wide character takes two columns");
    }

    @Test
    void modeCommandSwitchesAndReports() {
        Launch r = Launch.run(":memory:", ".mode", ".mode json", ".mode", "select 1 as a", ".mode list", "select 1 as a");
        assertEquals(".mode list\n.mode json\n[{\"a\":1}]\n1\n", r.out());
        Launch bad = Launch.run(":memory:", ".mode nonsense");
        assertEquals(1, bad.code());
        assertTrue(bad.err().startsWith("Error: unknown mode: nonsense"), bad.err());
    }

    @Test
    void tablesAndSchema() {
        String setup = "create table zeta(a); create view v as select 1 as one; create table alpha(x integer primary key autoincrement, y text);"
                        + "create index alpha_y on alpha(y); create temp table scratch(s)";
        Launch r = Launch.run(":memory:", setup, ".tables", ".tables %a", ".schema zeta", ".schema");
        assertEquals("alpha         temp.scratch  v             zeta        \n" +
                        "alpha  zeta \n" +
                        "CREATE TABLE zeta(a);\n" +
                        "CREATE TABLE zeta(a);\n" +
                        "CREATE VIEW v as select 1 as one;\n" +
                        "CREATE TABLE alpha(x integer primary key autoincrement, y text);\n" +
                        "CREATE TABLE sqlite_sequence(name,seq);\n" +
                        "CREATE INDEX alpha_y on alpha(y);\n" +
                        "CREATE TABLE temp.scratch(s);\n", r.out(),
                        ".tables: sorted, in columns of the longest name plus two; .schema: every CREATE with ;, in sqlite_schema order");
        assertEquals(0, r.code());
    }

    @Test
    void schemaClosesTrailingComments() {
        assertEquals("CREATE TABLE t(a -- the a\n);\n", DotCommands.schemaLine("CREATE TABLE t(a -- the a\n)"));
        assertEquals("CREATE TABLE t(a) -- end\n;\n", DotCommands.schemaLine("CREATE TABLE t(a) -- end"));
        assertEquals("CREATE TABLE IF NOT EXISTS \"odd name\"(a);\n", DotCommands.schemaLine("CREATE TABLE \"odd name\"(a)"));
    }

    @Test
    void readRunsAFileAndReportsLines() throws IOException {
        Path script = dir.resolve("script.sql");
        Files.writeString(script, """
                        -- a comment line
                        create table t(a);
                        insert into t
                          values (1), (2);
                        .headers on
                        select a
                          from t;
                        .headers off
                        select * from missing;
                        select 'after the error';
                        """, StandardCharsets.UTF_8);
        Launch r = Launch.run(":memory:", ".read " + script);
        assertEquals("a\n1\n2\nafter the error\n", r.out(), ".read keeps going after an error, as sqlite3 does without -bail");
        assertEquals("Error: near line 9: no such table: missing\n", r.err());
        assertEquals(1, r.code(), "an error inside .read fails the argument");

        Launch bail = Launch.run("-bail", ":memory:", ".read " + script);
        assertEquals("a\n1\n2\n", bail.out(), "-bail stops at the first error");

        Launch missing = Launch.run(":memory:", ".read " + dir.resolve("nope.sql"));
        assertEquals("Error: cannot open \"" + dir.resolve("nope.sql") + "\"\n", missing.err());
        assertEquals(1, missing.code());
    }

    @Test
    void standardInputIsReadLikeAFile() {
        String input = "create table t(a);\ninsert into t values('x;y');\nselect a,\n  length(a)\nfrom t;\n.mode csv\nselect 1, 'a b'\n";
        Launch r = Launch.withInput(input, ":memory:");
        assertEquals("x;y|3\n1,\"a b\"\r\n", r.out(), "a ; inside a string does not end the statement; the last one needs no ;");
        assertEquals(0, r.code());

        Launch failing = Launch.withInput("select 1;\nselect nothing_here;\nselect 2;\n", ":memory:");
        assertEquals("1\n2\n", failing.out());
        assertEquals("Error: near line 2: no such column: nothing_here\n", failing.err());
        assertEquals(1, failing.code(), "sqlite3 exits with 1 when its input had errors");
    }

    @Test
    void quitAndExitEndEverything() {
        Launch r = Launch.run(":memory:", "select 1", ".exit 3", "select 2");
        assertEquals("1\n", r.out());
        assertEquals(3, r.code());
        assertEquals(0, Launch.withInput("select 1;\n.quit\nselect 2;\n", ":memory:").code());
    }

    @Test
    void unknownDotCommandIsAnError() {
        Launch r = Launch.run(":memory:", ".frobnicate");
        assertEquals("Error: unknown command or invalid arguments:  \"frobnicate\". Enter \".help\" for help\n", r.err());
        assertEquals(1, r.code());
    }

    @Test
    void nullvalueAndSeparator() {
        Launch r = Launch.run(":memory:", ".nullvalue (null)", ".separator ;", "select 1, null, 'x'");
        assertEquals("1;(null);x\n", r.out());
        assertEquals("1\t2\n", Launch.run("-separator", "\\t", ":memory:", "select 1, 2").out());
    }

    @Test
    void parametersAreBoundToNull() {
        assertEquals("1||\n", Launch.run(":memory:", "select 1, ?, :name").out(), "sqlite3 binds parameters without a value to NULL");
    }

    @Test
    void timerPrintsRunTime() {
        Launch r = Launch.run(":memory:", ".timer on", "select 1");
        assertTrue(r.out().matches("1\nRun Time: real \\d+\\.\\d{3} user \\d+\\.\\d{6} sys \\d+\\.\\d{6}\n"), r.out());
    }

    @Test
    void polyglotOptionsReachTheContext() {
        Launch r = Launch.run("--sql.Tier=native", "--engine.WarnInterpreterOnly=false", ":memory:", "select 42");
        assertEquals("42\n", r.out());
        Launch bad = Launch.run("--sql.NoSuchOption=1", ":memory:", "select 1");
        assertEquals(1, bad.code());
        assertTrue(bad.err().startsWith("Error: ") && bad.err().contains("sql.NoSuchOption"), bad.err());
    }

    @Test
    void sqlDatabaseOptionAndVersion() {
        String db = dir.resolve("opt.db").toString();
        assertEquals(0, Launch.withInput("create table o(x);\n", "--sql.Database=" + db).code(), "no DB argument: --sql.Database chooses it");
        assertEquals("o\n", Launch.run(db, ".tables").out());
        Launch v = Launch.run("-version");
        assertTrue(v.out().matches("3\\.\\d+\\.\\d+ \\(Graalite [^)]*\\)\n"), v.out());
        Launch bad = Launch.run("-nosuch");
        assertEquals(1, bad.code());
        assertTrue(bad.err().startsWith("Error: unknown option: -nosuch"), bad.err());
    }

    @Test
    void openSwitchesDatabasesAndBadPathsFail() {
        String db = dir.resolve("other.db").toString();
        assertEquals(0, Launch.run(db, "create table other(x)").code());
        Launch r = Launch.run(":memory:", "create table mem(x)", ".open " + db, ".tables");
        assertEquals("other\n", r.out());
        Launch bad = Launch.run(dir.resolve("no/such/dir/x.db").toString(), "select 1");
        assertEquals("Error: unable to open database \"" + dir.resolve("no/such/dir/x.db") + "\": unable to open database file\n", bad.err());
        assertEquals(1, bad.code());
    }
}
