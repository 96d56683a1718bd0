package org.graalite.nodes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Engine;
import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.io.IOAccess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Compilation health: a hot statement on the Truffle tier is compiled by Graal, with any
 * compilation failure thrown (not silently retried) and without deoptimization loops.
 */
class CompilationTest {
    @Test
    void hotScanCompiles(@TempDir Path dir) {
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        try (Engine engine = quicklyCompilingEngine(log);
                        Context c = scanTable(engine, dir.resolve("c.db"))) {
            Value query = c.getBindings("sql").invokeMember("prepare", "select a, b, c * 2 from t where c > 10");
            long sum = 0;
            for (int i = 0; i < 20; i++) {
                Value it = query.execute().getIterator();
                while (it.hasIteratorNextElement()) {
                    sum += it.getIteratorNextElement().getArrayElement(0).asLong();
                }
            }
            assertEquals(20L * (2001L * 2000 / 2 - 20L * 21 / 2), sum);
            assertTrue(c.getBindings("sql").getMember("truffleExecutions").asLong() >= 20);
        }
        assertCompiledWithoutLoops(log, "sql:select a, b, c * 2", 2, "sql:select");
    }

    /**
     * Under the default warm-up (sql.TruffleTierAfter: SQLite's VDBE for a statement's first 50
     * executions) a hot lookup reaches the Truffle tier and compiles there, without failures or
     * deoptimization loops, its rows the same before and after the switch.
     */
    @Test
    void aHotLookupCompilesAfterTheDefaultWarmUp(@TempDir Path dir) {
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        Path db = dir.resolve("w.db");
        try (Engine engine = quicklyCompilingEngine(log)) {
            scanTable(engine, db).close();
            try (Context c = Context.newBuilder("sql").allowNativeAccess(true).engine(engine).allowIO(IOAccess.ALL).option("sql.Database", db.toString()).build()) {
                Value lookup = c.getBindings("sql").invokeMember("prepare", "select b, c from t where a = ?");
                long truffleBefore = c.getBindings("sql").getMember("truffleExecutions").asLong();
                for (int i = 0; i < 600; i++) {
                    int key = i % 2000 + 1;
                    Value row = lookup.execute(key).getIterator().getIteratorNextElement();
                    assertEquals("row" + key, row.getArrayElement(0).asString());
                    assertEquals(key * 0.5, row.getArrayElement(1).asDouble());
                }
                assertEquals(550, c.getBindings("sql").getMember("truffleExecutions").asLong() - truffleBefore);
            }
        }
        assertCompiledWithoutLoops(log, "sql:select b, c from t where a = ?", 2, "sql:select");
    }

    /**
     * The batches of rows a host caller reads (the JDBC driver's read-ahead, through
     * QueryResult.nextRows) compile: the batch target with the program in it, without
     * failures or deoptimization loops, and every row arrives.
     */
    @Test
    void rowBatchesCompileWithTheirProgram(@TempDir Path dir) {
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        try (Engine engine = quicklyCompilingEngine(log);
                        Context c = scanTable(engine, dir.resolve("b.db"))) {
            Value prepared = c.getBindings("sql").invokeMember("prepare", "select a, b, c * 2 from t where c > 10");
            org.graalite.runtime.Statement statement = prepared.getMember(org.graalite.interop.PreparedStatementObject.HOST_STATEMENT).asHostObject();
            org.graalite.runtime.RowBatch batch = new org.graalite.runtime.RowBatch();
            long sum = 0;
            long rows = 0;
            c.enter();
            try {
                for (int i = 0; i < 40; i++) {
                    org.graalite.interop.QueryResult result = (org.graalite.interop.QueryResult) statement.database().run(statement, false);
                    do {
                        result.nextRows(batch, 64);
                        for (int r = 0; r < batch.count; r++) {
                            sum += (Long) batch.rows[r][0];
                            rows++;
                        }
                    } while (batch.isFull());
                }
            } finally {
                c.leave();
            }
            assertEquals(40L * 1980, rows);
            assertEquals(40L * (2001L * 2000 / 2 - 20L * 21 / 2), sum);
        }
        assertCompiledWithoutLoops(log, "sql:select a, b, c * 2", 2, "sql:select");
    }

    /**
     * A statement executed only a few times whose loop runs many times per execution (an
     * aggregate over a scan) reaches the last tier with the runtime's default thresholds: the
     * dispatch loop reports its back edges. The call count alone would have kept it in the
     * interpreter and first-tier code (which inlines nothing) until 10,000 executions.
     */
    @Test
    void longLoopReachesLastTierWithDefaultThresholds(@TempDir Path dir) {
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        try (Engine engine = compilingEngine(log).build();
                        Context c = Context.newBuilder("sql").engine(engine).allowIO(IOAccess.ALL).option("sql.Database", dir.resolve("l.db").toString()).option("sql.Tier", "truffle")
                                        .build()) {
            c.eval("sql", "create table t(a integer primary key, b); "
                            + "with recursive n(i) as (select 1 union all select i + 1 from n where i < 20000) insert into t select i, i % 7 from n");
            Value query = c.getBindings("sql").invokeMember("prepare", "select sum(b) from t where a > ?");
            for (int i = 0; i < 30; i++) {
                assertEquals(59998L - i % 2, query.execute(i % 2).getIterator().getIteratorNextElement().getArrayElement(0).asLong());
            }
        }
        String trace = log.toString(StandardCharsets.UTF_8);
        assertTrue(trace.lines().anyMatch(l -> l.contains("opt done") && l.contains("sql:select sum(b) from t") && !l.contains("<OSR") && l.contains("Tier 2")),
                        "the statement's own call target did not reach the last tier:\n" + trace);
        assertCompiledWithoutLoops(log, "sql:select sum(b)", 2, "sql:select");
    }

    /**
     * A Column compiled for the serial types it has met (here: one-byte integers) meets others
     * later (wider integers, reals, text, NULL, a field the record lacks): it reads them out of
     * line, without deoptimizing, and every value is right.
     */
    @Test
    void columnMeetingNewTypesRecompilesWithoutLoops(@TempDir Path dir) {
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        try (Engine engine = quicklyCompilingEngine(log);
                        Context c = Context.newBuilder("sql").allowNativeAccess(true).engine(engine).allowIO(IOAccess.ALL).option("sql.Database", dir.resolve("k.db").toString())
                                        .option("sql.Tier", "truffle").build()) {
            c.eval("sql", "create table t(k integer primary key, v); "
                            + "with recursive n(i) as (select 1 union all select i + 1 from n where i < 100) insert into t select i, i % 50 from n");
            Value query = c.getBindings("sql").invokeMember("prepare", "select v, typeof(v) from t where k = ?");
            String[] inserts = {"insert into t values (1000, 100000)", "insert into t values (1001, 2.5)", "insert into t values (1002, 'text')", "insert into t values (1003, null)",
                            "alter table t add column w default 7"};
            for (int round = 0; round < inserts.length; round++) {
                for (int i = 0; i < 400; i++) {
                    Value it = query.execute(1 + i % 100).getIterator();
                    assertEquals((1 + i % 100) % 50, it.getIteratorNextElement().getArrayElement(0).asLong());
                }
                c.eval("sql", inserts[round]);
                Value it = query.execute(1000 + Math.min(round, 3)).getIterator();
                Value row = it.getIteratorNextElement();
                assertEquals(new String[]{"integer", "real", "text", "null", "null"}[round], row.getArrayElement(1).asString(), inserts[round]);
            }
            Value w = c.eval("sql", "select sum(w) from t").getIterator().getIteratorNextElement();
            assertEquals(7L * 104, w.getArrayElement(0).asLong());
        }
        assertCompiledWithoutLoops(log, "sql:select v, typeof(v)", 2, "sql:select v");
    }

    /**
     * A hot INSERT whose trigger runs as a sub-program (Program, Param, a frame return), inside
     * transactions run on the Truffle tier (AutoCommit), compiles without failures or
     * deoptimization loops, and every row and trigger row arrives.
     */
    @Test
    void hotInsertWithTriggerCompiles(@TempDir Path dir) {
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        try (Engine engine = quicklyCompilingEngine(log);
                        Context c = Context.newBuilder("sql").engine(engine).allowIO(IOAccess.ALL).option("sql.Database", dir.resolve("t.db").toString()).option("sql.Tier", "truffle")
                                        .build()) {
            c.eval("sql", "create table t(a integer primary key, b text); create table log(a, b, n); "
                            + "create trigger t_ai after insert on t when new.a % 2 = 0 begin insert into log values (new.a, upper(new.b), (select count(*) from log)); end");
            Value begin = c.getBindings("sql").invokeMember("prepare", "begin");
            Value insert = c.getBindings("sql").invokeMember("prepare", "insert into t(b) values (?)");
            Value commit = c.getBindings("sql").invokeMember("prepare", "commit");
            for (int i = 0; i < 100; i++) {
                begin.execute();
                for (int k = 0; k < 5; k++) {
                    insert.execute("v" + k);
                }
                commit.execute();
            }
            Value it = c.eval("sql", "select (select count(*) from t), count(*), max(n) from log").getIterator();
            Value row = it.getIteratorNextElement();
            assertEquals(500, row.getArrayElement(0).asLong());
            assertEquals(250, row.getArrayElement(1).asLong());
            assertEquals(249, row.getArrayElement(2).asLong());
        }
        assertCompiledWithoutLoops(log, "sql:insert into t(b)", 3, "sql:insert", "sql:trigger");
    }

    /**
     * A hot INSERT whose MakeRecord encoders meet one kind of value per field, then every other
     * kind (reals into the INTEGER column, text into the REAL one, NULL, blobs, numbers into the
     * TEXT one), and a hot wide SELECT whose Columns are one ColumnRun: both compile without
     * failures, each new kind costs at most one deoptimization of the INSERT, and the rows read
     * back are the ones written.
     */
    @Test
    void recordEncodersAndColumnRunsCompileWithoutLoops(@TempDir Path dir) {
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        Object[][] kinds = {{7L, 2.5, "s", 1L, 2L, 3L}, {2.0, "4.5", 12L, null, "t", 1.5}, {null, null, null, "u", null, null}, {3.5, 9L, 0.5, 2.25, 4L, "v"}};
        try (Engine engine = quicklyCompilingEngine(log);
                        Context c = Context.newBuilder("sql").engine(engine).allowIO(IOAccess.ALL).option("sql.Database", dir.resolve("r.db").toString()).option("sql.Tier", "truffle")
                                        .build()) {
            c.eval("sql", "create table t(k integer primary key, i integer, r real, x text, a, b, d)");
            Value insert = c.getBindings("sql").invokeMember("prepare", "insert into t values (?, ?, ?, ?, ?, ?, ?)");
            Value read = c.getBindings("sql").invokeMember("prepare", "select i, r, x, a, b, d from t where k = ?");
            String[] expected = {"7 2.5 s 1 2 3", "2 4.5 12 null t 1.5", "null null null u null null", "3.5 9.0 0.5 2.25 4 v"};
            long k = 0;
            for (int kind = 0; kind < kinds.length; kind++) {
                for (int i = 0; i < 400; i++) {
                    Object[] args = new Object[7];
                    args[0] = ++k;
                    System.arraycopy(kinds[kind], 0, args, 1, 6);
                    insert.execute(args);
                    Value row = read.execute(k).getIterator().getIteratorNextElement();
                    StringBuilder got = new StringBuilder();
                    for (int f = 0; f < 6; f++) {
                        Value v = row.getArrayElement(f);
                        got.append(f > 0 ? " " : "").append(v.isNull() ? "null" : v.isString() ? v.asString() : v.fitsInLong() && !v.toString().contains(".") ? Long.toString(v.asLong()) : Double.toString(v.asDouble()));
                    }
                    assertEquals(expected[kind], got.toString(), "row " + k);
                }
            }
        }
        assertCompiledWithoutLoops(log, "sql:insert into t values", kinds.length - 1, "sql:insert");
        assertCompiledWithoutLoops(log, "sql:select i, r, x, a, b, d", 2, "sql:select");
    }

    /**
     * A GROUP BY whose sorter records copy their fields from the table's records as stored
     * (InPlaceReaders.MakeRecord: integers of several widths, reals, text, NULL, one field
     * made a real by its column's affinity) compiles, answers as SQLite's own VDBE does at
     * every execution, and does not deoptimize in a loop.
     */
    @Test
    void inPlaceRecordsCompileWithoutLoops(@TempDir Path dir) {
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        matchSqliteWhileCompiling(log, dir.resolve("g.db"), "select x, y, count(*), total(z), max(w) from g where k > ? group by x, y, z order by 1, 2, 4", i -> i % 40,
                        "create table g(k integer primary key, x, y text, z real, w)",
                        "insert into g select value, case value % 5 when 0 then value % 7 when 1 then (value % 3) * 100000 + 0.5 when 2 then 'k' || (value % 4)"
                                        + " when 3 then null else 1 end, 'y' || (value % 3), case when value % 2 = 0 then value % 9 else (value % 9) + 0.25 end, value * 1000003"
                                        + " from (with recursive n(value) as (select 1 union all select value + 1 from n where value < 600) select value from n)");
        assertCompiledWithoutLoops(log, "sql:select x, y, count(*)", 2, "sql:select x");
    }

    /**
     * The first reader of each row parses the record's header in compiled code
     * (RecordCursor#parsedInline), the readers after it find the fields parsed: rows of
     * more fields than the header's arrays first hold, records continued on overflow pages
     * (parsed out of line), and records with fewer fields than the table (a column added by
     * ALTER TABLE, read as its default), first reached by a comparison of a late field. Every
     * execution answers as SQLite's VDBE does, and nothing deoptimizes in a loop.
     */
    @Test
    void headersParsedInCompiledCodeMatchSqlite(@TempDir Path dir) {
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        StringBuilder columns = new StringBuilder();
        StringBuilder values = new StringBuilder();
        for (int i = 1; i <= 20; i++) {
            columns.append(", c").append(i);
            values.append(", ").append(i % 3 == 0 ? "'t' || (value % " + (i + 2) + ")" : "value % " + (i + 5));
        }
        String rows = " from (with recursive n(value) as (select 1 union all select value + 1 from n where value < 500) select value from n)";
        matchSqliteWhileCompiling(log, dir.resolve("h.db"), "select k, c20, c2, length(t), added, c19 from h where c17 > ? and c1 >= 0 order by k", i -> i % 25,
                        "create table h(k integer primary key" + columns + ", t text)",
                        "insert into h select value" + values + ", case when value % 40 = 0 then printf('%.*c', 6000, 'x') else 'short' end" + rows,
                        "alter table h add column added integer default 42",
                        "insert into h(k, c1, c17, c20, t, added) select value + 1000, value % 2, value % 30, value, 'late', value" + rows);
        assertCompiledWithoutLoops(log, "sql:select k, c20", 2, "sql:select k");
    }

    /**
     * sum, total and avg compiled for the reals they met first, then meeting integers, NULLs,
     * text (numeric affinity) and an integer overflow: each new kind deoptimizes once, and every
     * execution's answer (or error) is SQLite's.
     */
    @Test
    void sumsMeetingNewKindsRecompileWithoutLoops(@TempDir Path dir) {
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        matchSqliteWhileCompiling(log, dir.resolve("s.db"), "select sum(v), total(v), avg(v), count(v) from s where k <= ?", i -> Math.min(262, 10 + 2 * i),
                        "create table s(k integer primary key, v)",
                        "insert into s select value, case when value <= 150 then value * 0.25 when value <= 200 then value * 3 when value <= 230 then null"
                                        + " when value <= 260 then (case value % 3 when 0 then '12' when 1 then 'x' else ' 1.5 ' end) else 9223372036854775807 end"
                                        + " from (with recursive n(value) as (select 1 union all select value + 1 from n where value < 262) select value from n)");
        // integers, NULLs, text, and the overflow's error path: at most one deoptimization each.
        assertCompiledWithoutLoops(log, "sql:select sum(v)", 5, "sql:select sum(v)");
    }

    /**
     * JSON functions, whose results carry a subtype into the next function (SubtypeNodes), in a
     * filter, a nested constructor and an aggregate: the statement compiles, answers as SQLite's
     * VDBE does at every execution, and does not deoptimize in a loop.
     */
    @Test
    void jsonWithSubtypesCompilesWithoutLoops(@TempDir Path dir) {
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        matchSqliteWhileCompiling(log, dir.resolve("j.db"), "select d ->> '$.kind', json_object('n', count(*), 'tags', json_group_array(d -> '$.tags'), 'first', min(d ->> '$.v')) from j"
                        + " where d ->> '$.v' > ? group by 1 order by 1", i -> i % 50,
                        "create table j(k integer primary key, d text)",
                        "insert into j select value, json_object('kind', 'k' || (value % 4), 'v', value % 97, 'tags', json_array(value % 3, 'x' || (value % 5)))"
                                        + " from (with recursive n(value) as (select 1 union all select value + 1 from n where value < 400) select value from n)");
        assertCompiledWithoutLoops(log, "sql:select d ->>", 2, "sql:select d");
    }

    /**
     * Creates database {@code db} by {@code setup} on SQLite's VDBE, then runs {@code query} 150
     * times on the Truffle tier of an engine that compiles early (tiers at 20 and 60 calls,
     * traced into {@code log}), execution i with the argument {@code argument(i)}: every
     * answer, or error, must be the one SQLite's VDBE gives.
     */
    private static void matchSqliteWhileCompiling(ByteArrayOutputStream log, Path db, String query, java.util.function.IntUnaryOperator argument, String... setup) {
        try (Context oracle = Context.newBuilder("sql").allowIO(IOAccess.ALL).option("sql.Database", db.toString()).option("sql.Tier", "native").build()) {
            for (String statement : setup) {
                oracle.eval("sql", statement);
            }
            Value expected = oracle.getBindings("sql").invokeMember("prepare", query);
            try (Engine engine = compilingEngine(log).option("engine.FirstTierCompilationThreshold", "20").option("engine.LastTierCompilationThreshold", "60").build();
                            Context c = Context.newBuilder("sql").engine(engine).allowIO(IOAccess.ALL).option("sql.Database", db.toString()).option("sql.Tier", "truffle").build()) {
                Value actual = c.getBindings("sql").invokeMember("prepare", query);
                for (int i = 0; i < 150; i++) {
                    int value = argument.applyAsInt(i);
                    assertEquals(rowsOrError(expected, value), rowsOrError(actual, value), "execution " + i + " with argument " + value);
                }
            }
        }
    }

    private static String rowsOrError(Value statement, int argument) {
        try {
            return rows(statement.execute(argument));
        } catch (org.graalvm.polyglot.PolyglotException e) {
            return "error: " + e.getMessage();
        }
    }

    /** A result's rows as text: each value with its storage class. */
    private static String rows(Value result) {
        StringBuilder text = new StringBuilder();
        for (Value it = result.getIterator(); it.hasIteratorNextElement();) {
            Value row = it.getIteratorNextElement();
            for (int f = 0; f < row.getArraySize(); f++) {
                Value v = row.getArrayElement(f);
                text.append(v.isNull() ? "null" : v.isString() ? "'" + v.asString() + "'" : v.fitsInLong() && !v.toString().contains(".") ? v.asLong() + "i" : v.asDouble() + "r").append(' ');
            }
            text.append('\n');
        }
        return text.toString();
    }

    /**
     * A context on {@code engine} over a new database at {@code db} whose table t holds 2,000
     * rows (a, 'row' || a, a * 0.5), written beforehand by the native tier.
     */
    private static Context scanTable(Engine engine, Path db) {
        try (Context setup = Context.newBuilder("sql").allowNativeAccess(true).allowIO(IOAccess.ALL).option("sql.Database", db.toString()).option("sql.Tier", "native").build()) {
            setup.eval("sql", "create table t(a integer primary key, b text, c real); "
                            + "with recursive n(i) as (select 1 union all select i + 1 from n where i < 2000) insert into t select i, 'row' || i, i * 0.5 from n");
        }
        return Context.newBuilder("sql").allowNativeAccess(true).engine(engine).allowIO(IOAccess.ALL).option("sql.Database", db.toString()).option("sql.TruffleTierAfter", "0").build();
    }

    /**
     * An engine that compiles in the foreground, throws compilation failures and traces
     * compilations into {@code log}.
     */
    static Engine.Builder compilingEngine(ByteArrayOutputStream log) {
        return Engine.newBuilder("sql").allowExperimentalOptions(true).option("engine.WarnInterpreterOnly", "false")
                        .option("engine.BackgroundCompilation", "false").option("engine.CompilationFailureAction", "Throw").option("engine.TraceCompilation", "true")
                        .logHandler(log);
    }

    /** {@link #compilingEngine} with low thresholds: a statement called a few hundred times reaches the last tier. */
    static Engine quicklyCompilingEngine(ByteArrayOutputStream log) {
        return compilingEngine(log).option("engine.FirstTierCompilationThreshold", "50").option("engine.LastTierCompilationThreshold", "200").build();
    }

    /**
     * The trace in {@code log} shows {@code compiled} compiled, no failed compilation, and at
     * most {@code maxDeopts} deoptimizations of call targets whose names contain one of
     * {@code deoptNames}.
     */
    static void assertCompiledWithoutLoops(ByteArrayOutputStream log, String compiled, int maxDeopts, String... deoptNames) {
        String trace = log.toString(StandardCharsets.UTF_8);
        assertTrue(trace.contains("opt done") && trace.contains(compiled), "the statement was not compiled:\n" + trace);
        assertTrue(!trace.contains("opt failed"), trace);
        long deopts = trace.lines().filter(l -> l.contains("opt deopt") && java.util.Arrays.stream(deoptNames).anyMatch(l::contains)).count();
        assertTrue(deopts <= maxDeopts, "deoptimization loop: " + deopts + " deopts\n" + trace);
    }

    /**
     * Guest functions and aggregates created with integer kinds (GuestCallbackMembers) compile
     * inside a hot statement: the kinds of a call of a few arguments are a lookup of prebuilt
     * strings, those of many arguments a call out of line.
     */
    @Test
    void callsWithIntegerKindsCompile(@TempDir Path dir) {
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        try (Engine engine = quicklyCompilingEngine(log);
                        Context c = scanTable(engine, dir.resolve("k.db"))) {
            Value connection = c.getBindings("sql");
            org.graalvm.polyglot.proxy.ProxyExecutable integers = args -> args[0].asString().chars().filter(k -> k == '1').count();
            connection.invokeMember("createFunction", "integers", -1, integers, true, true);
            long[] total = {0};
            connection.invokeMember("createAggregate", "integer_total", 1, (org.graalvm.polyglot.proxy.ProxyExecutable) args -> org.graalvm.polyglot.proxy.ProxyObject.fromMap(java.util.Map.of(
                            "step", (org.graalvm.polyglot.proxy.ProxyExecutable) a -> a[0].asString().equals("1") ? total[0] += a[1].asLong() : 0,
                            "finalize", (org.graalvm.polyglot.proxy.ProxyExecutable) a -> total[0])), true);
            Value query = connection.invokeMember("prepare", "select integers(a, c), integers(a, b, c, a, a, a, a) from t where a > 1990");
            Value aggregate = connection.invokeMember("prepare", "select integer_total(a) from t");
            long sum = 0;
            for (int i = 0; i < 40; i++) {
                Value it = query.execute().getIterator();
                while (it.hasIteratorNextElement()) {
                    Value row = it.getIteratorNextElement();
                    sum += row.getArrayElement(0).asLong() * 10 + row.getArrayElement(1).asLong();
                }
                aggregate.execute().getIterator().getIteratorNextElement();
            }
            // 10 rows: a is an INTEGER, b a TEXT, c a REAL.
            assertEquals(40L * 10 * (1 * 10 + 5), sum);
            assertEquals(40L * (2001L * 2000 / 2), total[0]);
            assertTrue(connection.getMember("truffleExecutions").asLong() >= 80);
        }
        assertCompiledWithoutLoops(log, "sql:select integers", 2, "sql:select");
    }

    /** A loop that hands out no rows runs inside one call: on-stack replacement compiles it. */
    @Test
    void longLoopWithoutRowsIsCompiledByOsr(@TempDir Path dir) {
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        String db = dir.resolve("osr.db").toString();
        try (Context setup = Context.newBuilder("sql").allowNativeAccess(true).allowIO(IOAccess.ALL).option("sql.Database", db).option("sql.Tier", "native").build()) {
            setup.eval("sql", "create table t(a integer primary key, b real); "
                            + "with recursive n(i) as (select 1 union all select i + 1 from n where i < 300000) insert into t select i, i * 0.25 from n");
        }
        try (Engine engine = compilingEngine(log).build();
                        Context c = Context.newBuilder("sql").allowNativeAccess(true).engine(engine).allowIO(IOAccess.ALL).option("sql.Database", db).option("sql.Tier", "truffle").build()) {
            Value it = c.eval("sql", "select a from t where b * 4 = 299999").getIterator();
            assertEquals(299999, it.getIteratorNextElement().getArrayElement(0).asLong());
        }
        String trace = log.toString(StandardCharsets.UTF_8);
        assertTrue(trace.lines().anyMatch(l -> l.contains("opt done") && l.contains("OSR")), "no OSR compilation:\n" + trace);
    }

    /**
     * Regression: the first on-stack replacement of a loop used to keep that execution's state
     * as a compilation constant, so later executions lost their rows. Many executions of an
     * aggregate whose scan runs inside one call, each compiled by OSR, must all give the row.
     */
    @Test
    void everyExecutionAfterOsrHasItsRow(@TempDir Path dir) {
        String db = dir.resolve("osr-many.db").toString();
        try (Context setup = Context.newBuilder("sql").allowNativeAccess(true).allowIO(IOAccess.ALL).option("sql.Database", db).option("sql.Tier", "native").build()) {
            setup.eval("sql", "create table t(a integer primary key, b real); "
                            + "with recursive n(i) as (select 1 union all select i + 1 from n where i < 20000) insert into t select i, i * 0.25 from n");
        }
        try (Engine engine = Engine.newBuilder("sql").allowExperimentalOptions(true).option("engine.WarnInterpreterOnly", "false").option("engine.OSRCompilationThreshold", "1000")
                        .option("engine.BackgroundCompilation", "false").option("engine.CompilationFailureAction", "Throw").build();
                        Context c = Context.newBuilder("sql").allowNativeAccess(true).engine(engine).allowIO(IOAccess.ALL).option("sql.Database", db).option("sql.Tier", "truffle").build()) {
            Value sum = c.getBindings("sql").invokeMember("prepare", "select sum(b) from t where a % 3 = 0");
            for (int i = 0; i < 400; i++) {
                Value it = sum.execute().getIterator();
                assertEquals(0.25 * 3 * (6666L * 6667 / 2), it.getIteratorNextElement().getArrayElement(0).asDouble(), "execution " + i);
            }
        }
    }
}
