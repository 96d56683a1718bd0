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

    private static final String DUMP_SETUP = "create table t(a integer primary key, b text, c real, d blob);" +
                    "insert into t values(1,'it''s',1.5,x'00ff'),(2,'two'||char(10)||'lines',0.1,null),(3,null,1e300,'');" +
                    "create table \"odd name\"(x); insert into \"odd name\" values(1.0/3);" +
                    "create table s(id integer primary key autoincrement, v); insert into s(v) values('x');" +
                    "create index tb on t(b); create view v as select a from t; create trigger tr after insert on t begin select 1; end;";

    @Test
    void dumpWritesSqlite3sFormat() {
        Launch r = Launch.run(dir.resolve("d.db").toString(), DUMP_SETUP, ".dump");
        // sqlite3 3.40 writes the same but for three things newer versions changed: control
        // characters through unistr() (3.50), lower-case x'' BLOBs (3.53) and sqlite_sequence
        // recreated under writable_schema, and only when it has rows (3.51).
        assertEquals("""
                        PRAGMA foreign_keys=OFF;
                        BEGIN TRANSACTION;
                        CREATE TABLE t(a integer primary key, b text, c real, d blob);
                        INSERT INTO t VALUES(1,'it''s',1.5,x'00ff');
                        INSERT INTO t VALUES(2,unistr('two\\u000alines'),0.1,NULL);
                        INSERT INTO t VALUES(3,NULL,1.0e+300,'');
                        CREATE TABLE IF NOT EXISTS "odd name"(x);
                        INSERT INTO "odd name" VALUES(0.33333333333333332);
                        CREATE TABLE s(id integer primary key autoincrement, v);
                        INSERT INTO s VALUES(1,'x');
                        PRAGMA writable_schema=ON;
                        CREATE TABLE IF NOT EXISTS sqlite_sequence(name,seq);
                        DELETE FROM sqlite_sequence;
                        INSERT INTO sqlite_sequence VALUES('s',1);
                        CREATE INDEX tb on t(b);
                        CREATE VIEW v as select a from t;
                        CREATE TRIGGER tr after insert on t begin select 1; end;
                        PRAGMA writable_schema=OFF;
                        COMMIT;
                        """, r.out(), "tables with their rows, sqlite_sequence last, then indexes, views and triggers; values as SQL literals");
        assertEquals("", r.err());
        assertEquals(0, r.code());
    }

    @Test
    void dumpRebuildsTheSameDatabase() {
        String original = dir.resolve("orig.db").toString();
        String copy = dir.resolve("copy.db").toString();
        String values = "select a, typeof(b), b, typeof(c), c, quote(d) from t order by a";
        Launch setup = Launch.run(original, DUMP_SETUP + "insert into t values(4, 'tab' || char(9) || 'and \\ backslash' || char(1), -0.5e-310, x'');" +
                        "insert into t values(5, 'é', 1e999, randomblob(20)); insert into s(v) values (null); delete from s where id = 2;", ".dump");
        assertEquals(0, setup.code(), setup.err());
        Launch load = Launch.withInput(setup.out(), copy);
        assertEquals("", load.err(), "the dump reads back without errors");
        assertEquals(setup.out(), Launch.run(copy, ".dump").out(), "dumping the rebuilt database gives the same text");
        assertEquals(Launch.run(original, values).out(), Launch.run(copy, values).out(), "the same values with the same storage classes");
        assertEquals("s|2\n", Launch.run(copy, "select * from sqlite_sequence").out(), "the AUTOINCREMENT counter survives, past the deleted row");
    }

    @Test
    void dumpOptionsAndPatterns() {
        String db = dir.resolve("opt.db").toString();
        Launch.run(db, DUMP_SETUP + "create table w(k integer primary key desc, y); insert into w values(7, 'q');");
        assertEquals("""
                        PRAGMA foreign_keys=OFF;
                        BEGIN TRANSACTION;
                        CREATE TABLE t(a integer primary key, b text, c real, d blob);
                        INSERT INTO t VALUES(1,'it''s',1.5,x'00ff');
                        INSERT INTO t VALUES(2,unistr('two\\u000alines'),0.1,NULL);
                        INSERT INTO t VALUES(3,NULL,1.0e+300,'');
                        COMMIT;
                        """, Launch.run(db, ".dump t").out(), "a pattern picks the tables (and indexes, triggers, views) by name");
        assertEquals("INSERT INTO s VALUES(1,'x');\n", Launch.run(db, ".dump --data-only s").out(), "--data-only: the INSERTs alone");
        assertEquals("""
                        PRAGMA foreign_keys=OFF;
                        BEGIN TRANSACTION;
                        CREATE TABLE IF NOT EXISTS "odd name"(x);
                        INSERT INTO "odd name"(rowid,x) VALUES(1,0.33333333333333332);
                        CREATE TABLE w(k integer primary key desc, y);
                        INSERT INTO w(rowid,k,y) VALUES(1,7,'q');
                        COMMIT;
                        """, Launch.run(db, ".dump --preserve-rowids w odd%").out(),
                        "--preserve-rowids names the columns, with the rowid where it is not an INTEGER PRIMARY KEY");
        Launch bad = Launch.run(db, ".dump --bogus", "select 1");
        assertEquals("Unknown option \"--bogus\" on \".dump\"\n", bad.err());
        assertEquals(1, bad.code());
    }

    @Test
    void importCsvCreatesTheTableFromTheHeader() throws IOException {
        Path csv = dir.resolve("people.csv");
        Files.writeString(csv, "name,\"age\",note\nalice,30,\"hello, world\"\nbob,25,\"say \"\"hi\"\"\"\r\n\"multi\nline\",1,\n", StandardCharsets.UTF_8);
        Launch r = Launch.run(":memory:", ".import --csv " + csv + " people", ".schema people", "select name, age, typeof(age), note from people",
                        ".import --csv --skip 1 " + csv + " people", "select count(*) from people");
        assertEquals("""
                        CREATE TABLE IF NOT EXISTS "people"(
                        "name" TEXT, "age" TEXT, "note" TEXT);
                        alice|30|text|hello, world
                        bob|25|text|say "hi"
                        multi
                        line|1|text|
                        6
                        """, r.out(), "RFC 4180 fields: quoted separators, doubled quotes, line breaks; CR LF rows; TEXT columns named by the first row");
        assertEquals("", r.err());
        assertEquals(0, r.code());
    }

    @Test
    void importUsesTheModesSeparatorsAndReportsShortAndLongRows() throws IOException {
        Path txt = dir.resolve("p.txt");
        Files.writeString(txt, "x|y\n1|2\n3\n4|5|6\n", StandardCharsets.UTF_8);
        Path dup = dir.resolve("d.csv");
        Files.writeString(dup, "a,A,,b,a\n1,2,3,4,5\n", StandardCharsets.UTF_8);
        Launch r = Launch.run(":memory:", ".import " + txt + " pp", "select * from pp", ".mode csv", ".import -v " + dup + " d", ".schema d");
        assertEquals("""
                        1|2
                        3|
                        4|5
                        Column separator ",", row separator "\\n"
                        CREATE TABLE "d"(
                        "a_1" TEXT, "A_2" TEXT, "?" TEXT, "b" TEXT,
                         "a_5" TEXT)

                        Added 1 rows with 0 errors using 2 lines of input
                        CREATE TABLE IF NOT EXISTS "d"(
                        "a_1" TEXT, "A_2" TEXT, "?" TEXT, "b" TEXT,
                         "a_5" TEXT);
                        """, r.out(), "list mode's | separates fields; csv mode reads its CR LF rows as LF; repeated names get their position");
        assertEquals(txt + ":3: expected 2 columns but found 1 - filling the rest with NULL\n" +
                        txt + ":4: expected 2 columns but found 3 - extras ignored\n" +
                        "Columns renamed during .import " + dup + " due to duplicates:\n\"a\" to \"a_1\",\n\"A\" to \"A_2\",\n\"a\" to \"a_5\"\n", r.err());
    }

    @Test
    void importErrors() {
        // From stdin, as a script: arguments stop at the first error, input goes on.
        Launch r = Launch.withInput(".import onlyfile\n.import " + dir.resolve("missing.csv") + " t\nselect 'goes on';\n", ":memory:");
        assertTrue(r.out().startsWith("ERROR: missing TABLE argument. Usage:\n.import FILE TABLE       Import data from FILE into TABLE\n"), r.out());
        assertTrue(r.out().endsWith("        input text.\ngoes on\n"), "the usage text of sqlite3, then the shell goes on: " + r.out());
        assertEquals("Error: cannot open \"" + dir.resolve("missing.csv") + "\"\n", r.err());
        assertEquals(1, r.code());
    }

    @Test
    void outputAndOnceRedirectResults() throws IOException {
        Path all = dir.resolve("all.txt");
        Path once = dir.resolve("once.txt");
        String input = ".once " + once + "\nselect 1;\nselect 2;\n.output " + all + "\nselect 3;\n.print p\n.output\nselect 4;\n";
        Launch r = Launch.withInput(input, ":memory:");
        assertEquals("2\n4\n", r.out(), "stdout gets what came after .once's one input and after .output without a file");
        assertEquals("1\n", Files.readString(once), ".once: the next input only");
        assertEquals("3\np\n", Files.readString(all), ".output: everything until the next .output");

        Launch bad = Launch.withInput(".output a b\n.output " + dir.resolve("no/such/dir.txt") + "\nselect 5;\n", ":memory:");
        assertTrue(bad.out().startsWith("ERROR: extra parameter: \"b\".  Usage:\n.output ?FILE?"), bad.out());
        assertTrue(bad.out().endsWith("5\n"), "after a file that cannot be written, results go to stdout: " + bad.out());
        assertEquals("Error: cannot open \"" + dir.resolve("no/such/dir.txt") + "\"\nError: cannot write to \"" + dir.resolve("no/such/dir.txt") + "\"\n", bad.err());
    }

    private static final String MODE_QUERY = "select 1 as a, 'x<y' as bb, null as c, 2.5 as d union all select 22222, 'two'||char(10)||'lines', 'z', -1";

    @Test
    void lineMode() {
        assertEquals("""
                         a: 1
                        bb: x<y
                         c:\s
                         d: 2.5

                         a: 22222
                        bb: two
                            lines
                         c: z
                         d: -1
                        """, Launch.run(":memory:", ".mode line", MODE_QUERY).out(),
                        "names right-aligned, ': ' (3.53 and later; 3.40 wrote ' = '), a value's next lines indented, an empty line between rows");
    }

    @Test
    void columnMode() {
        assertEquals("""
                          a     bb    c   d
                        -----  -----  -  ---
                            1  x<y       2.5

                        22222  two    z   -1
                               lines
                        """, Launch.run(":memory:", ".mode column", MODE_QUERY).out(),
                        "names centered over dashes, numbers right-aligned, no trailing spaces, an empty line between rows over several lines");
        assertEquals("""
                         a    b
                        ---  ----
                        abc     x
                        def
                        gh
                        ijk
                        """, Launch.run(":memory:", ".mode column", ".width 3 -4", "select 'abcdefgh ijk' as a, 'x' as b").out(),
                        ".width: a value wider than its column wraps, at a space where it can; a negative width aligns right");
    }

    @Test
    void tableAndMarkdownModes() {
        assertEquals("""
                        +-------+-------+---+-----+
                        |   a   |  bb   | c |  d  |
                        +-------+-------+---+-----+
                        |     1 | x<y   |   | 2.5 |
                        +-------+-------+---+-----+
                        | 22222 | two   | z |  -1 |
                        |       | lines |   |     |
                        +-------+-------+---+-----+
                        """, Launch.run(":memory:", ".mode table", MODE_QUERY).out());
        assertEquals("""
                        |   a   |  bb   | c |  d  |
                        |-------|-------|---|-----|
                        |     1 | x<y   |   | 2.5 |
                        | 22222 | two   | z |  -1 |
                        |       | lines |   |     |
                        """, Launch.run(":memory:", ".mode markdown", MODE_QUERY).out());
        assertEquals("+---+---+\n| 1 | x |\n+---+---+\n", Launch.run(":memory:", ".mode table", ".headers off", "select 1 as a, 'x' as b").out(),
                        ".headers off drops the names from the columnar modes too");
    }

    @Test
    void tabsQuoteInsertAndHtmlModes() {
        assertEquals("1\tx<y\t\t2.5\n22222\ttwo\nlines\tz\t-1\n", Launch.run(":memory:", ".mode tabs", MODE_QUERY).out());
        assertEquals("1,'x<y',NULL,2.5\n22222,unistr('two\\u000alines'),'z',-1\n", Launch.run(":memory:", ".mode quote", MODE_QUERY).out());
        assertEquals("INSERT INTO new_table VALUES(1,'x<y',NULL,2.5);\nINSERT INTO new_table VALUES(22222,unistr('two\\u000alines'),'z',-1);\n",
                        Launch.run(":memory:", ".mode insert new_table", MODE_QUERY).out());
        assertEquals("<TR>\n<TD>1\n<TD>x&lt;y\n<TD>null\n<TD>2.5\n</TR>\n<TR>\n<TD>22222\n<TD>two\nlines\n<TD>z\n<TD>-1\n</TR>\n",
                        Launch.run(":memory:", ".mode html", MODE_QUERY).out(), "one cell per line; NULL is null in html mode");
        String names = "select 1 as a, 'it''s' as \"b c\"";
        assertEquals("'a','b c'\n1,'it''s'\n", Launch.run(":memory:", ".headers on", ".mode quote", names).out());
        assertEquals("INSERT INTO t(a,\"b c\") VALUES(1,'it''s');\n", Launch.run(":memory:", ".headers on", ".mode insert t", names).out(),
                        "with headers the INSERTs name the columns, quoted where needed");
        assertEquals("<TR>\n<TH>a\n<TH>b c\n</TR>\n<TR>\n<TD>1\n<TD>it&#39;s\n</TR>\n", Launch.run(":memory:", ".headers on", ".mode html", names).out());
        Launch bad = Launch.withInput(".mode bogus\nselect 1;\n", ":memory:");
        assertEquals("Error: unknown mode: bogus\nUse one of: list csv json box line column table markdown tabs quote insert html\n", bad.err());
        assertEquals("1\n", bad.out(), "the mode stays, the shell goes on");
    }

    @Test
    void indexesAndDatabases() {
        String db = dir.resolve("idx.db").toString();
        Launch r = Launch.run(db, "create table t(a); create table u(b unique); create index ia on t(a); create index ub on u(b desc);",
                        ".indexes", ".indexes t", ".indices u%", "attach ':memory:' as aux", ".databases", ".indexes a b");
        assertEquals("ia                    sqlite_autoindex_u_1  ub                  \n" +
                        "ia\n" +
                        "sqlite_autoindex_u_1  ub                  \n" +
                        "main: " + db + " r/w\n" +
                        "aux: \"\" r/w\n", r.out(), "indexes in .tables' columns, automatic ones too; databases with their files");
        assertEquals("Usage: .indexes ?LIKE-PATTERN?\n", r.err());
        assertEquals(1, r.code());
    }

    @Test
    void changesAndEcho() {
        Launch r = Launch.withInput("""
                        .changes on
                        create table t(a);
                        insert into t values(1),(2);
                        update t set a=3; select 1;
                        .changes off
                        .echo on
                        select 42;
                        select 1,
                         2;
                        .echo off
                        select 'quiet';
                        .changes
                        """, ":memory:");
        assertEquals("""
                        changes: 0   total_changes: 0
                        changes: 2   total_changes: 2
                        1
                        changes: 2   total_changes: 4
                        select 42;
                        42
                        select 1,
                         2;
                        1|2
                        .echo off
                        quiet
                        """, r.out(), ".changes: once after each input; .echo: each input as read, .echo off included");
        assertEquals("Usage: .changes on|off\n", r.err());
    }

    @Test
    void showPrintsTheSettings() {
        Launch r = Launch.run(":memory:", ".nullvalue N", ".separator ; \\n", ".width 3 -5", ".show", ".show x");
        assertEquals("""
                                echo: off
                                 eqp: off
                             explain: auto
                             headers: off
                                mode: list
                           nullvalue: "N"
                              output: stdout
                        colseparator: ";"
                        rowseparator: "\\n"
                               stats: off
                               width: 3 -5\s
                            filename: :memory:
                        """, r.out());
        assertEquals("Usage: .show\n", r.err());
    }

    @Test
    void backupSaveAndRestore() {
        String saved = dir.resolve("saved.db").toString();
        String aux = dir.resolve("aux.db").toString();
        Launch r = Launch.withInput("create table t(a); insert into t values(1),(2);\n.save " + saved + "\nattach ':memory:' as x;\n" +
                        "create table x.y(z); insert into x.y values(9);\n.backup x " + aux + "\n.backup\n.backup nosuch " + aux + "\n", ":memory:");
        assertEquals("missing FILENAME argument on .backup\nError: unknown database nosuch\n", r.err());
        assertEquals("1\n2\n", Launch.run(saved, "select a from t").out(), ".save writes the main database to the file");
        assertEquals("9\n", Launch.run(aux, "select z from y").out(), ".backup DB FILE writes that database");

        Launch restored = Launch.withInput("create table gone(q);\n.restore " + saved + "\n.tables\nselect count(*) from t;\n.restore a b c\n", ":memory:");
        assertEquals("t\n2\n", restored.out(), ".restore replaces the database by the file's");
        assertEquals("Usage: .restore ?DB? FILE\n", restored.err());
    }

    @Test
    void loadLoadsAnExtension() throws IOException, InterruptedException {
        Launch missing = Launch.withInput(".load " + dir.resolve("nope") + "\n.load\nselect 1;\n", ":memory:");
        assertEquals("Error: " + dir.resolve("nope") + ".so: cannot open shared object file: No such file or directory\nUsage: .load FILE ?ENTRYPOINT?\n",
                        missing.err(), "SQLite's error (it tries the name with .so too), then the shell goes on");
        assertEquals("1\n", missing.out());

        // The language module's test extension (half.c), built with gcc as its tests build it.
        Path script = Path.of("").toAbsolutePath().resolve("../language/src/test/c/build-test-extension.sh");
        assertTrue(Files.exists(script), "the language sources are beside the launcher");
        Process p = new ProcessBuilder("bash", script.toString(), dir.resolve("ext").toString()).redirectErrorStream(true).start();
        String built = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        // gcc builds Graalite's own native library, so it is there wherever these tests run.
        assertEquals(0, p.waitFor(), "building the test extension: " + built);
        String library = built.substring(built.lastIndexOf('\n') + 1);
        Launch r = Launch.run(":memory:", ".load " + library, ".load " + library + " sqlite3_twice_init", "select half(3), twice(4)");
        assertEquals("1.5|8\n", r.out(), "functions of the default and of a named entry point");
        assertEquals("", r.err());
    }
}
