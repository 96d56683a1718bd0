package org.graalite.language;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Value;
import org.junit.jupiter.api.Test;

/**
 * Random expressions over a table of awkward values (NULLs, integer extremes, reals, text that
 * looks like numbers, blobs, a NOCASE column), in projections, filters, groupings and
 * aggregates, and in joins, subqueries, compound selects, window functions, LIMIT and inserts
 * into typed columns (RETURNING): every query gives on the Truffle tier (sql.Tier=truffle: nothing may fall back)
 * exactly the rows, storage classes and errors of SQLite's own VDBE. Seeded and reproducible;
 * {@code -Dgraalite.fuzz.queries=N} runs more (default 1,500), {@code -Dgraalite.fuzz.seed=S}
 * others. Mismatches are written to target/fuzz/mismatches.txt.
 *
 * <p>Some text and blobs are not valid UTF-8 (a lone continuation byte, a truncated sequence,
 * 0xFF, an overlong encoding, an encoded surrogate): SQLite keeps such bytes in text, and so
 * must the Truffle tier (runtime/InvalidText), through every function, comparison and write.
 */
class ExpressionFuzzTest {
    private static final int QUERIES = Integer.getInteger("graalite.fuzz.queries", 1500);
    private static final long SEED = Long.getLong("graalite.fuzz.seed", 20261124L);

    private static final String[] SETUP = {
        "create table t(a integer, b real, c text, d blob, e, f text collate nocase)",
        "insert into t values (null, null, null, null, null, null)",
        "insert into t values (0, 0.0, '', x'', 0, '')",
        "insert into t values (1, 1.0, '1', x'31', '1', 'A')",
        "insert into t values (-1, -0.5, '-1', x'2d31', -1.5, 'a')",
        "insert into t values (9223372036854775807, 1e308, '9223372036854775807', x'7f', 9223372036854775807, 'B')",
        "insert into t values (-9223372036854775808, -1e-308, '-9223372036854775808', x'00', -9223372036854775808, 'b ')",
        "insert into t values (2, 2.5, ' 12 ', x'3132', ' 12 ', 'abc')",
        "insert into t values (3, 3.0, '1.5e2', x'312e35', '1.5e2', 'ABC')",
        "insert into t values (10, 1e15, 'abc', x'616263', 'abc', 'é')",
        "insert into t values (-7, -7.25, 'ABC', x'414243', x'414243', 'É')",
        "insert into t values (100, 123456789.125, '0x10', x'0a', 1e20, 'x%y')",
        "insert into t values (4611686018427387904, 4611686018427387904.0, '4611686018427387904', x'', 4611686018427387904, '_')",
        "insert into t values (5, 0.1, 'é☃', x'c3a9', 'é☃', '  ')",
        "insert into t values (6, 1e-5, '10', x'3130', 10, '10')",
        "insert into t values (null, 2.0, 'Z', null, 2, null)",
        "insert into t values (7, null, null, x'0001', null, 'a')",
        // Text and blobs whose bytes are not valid UTF-8, and U+FFFD spelled out (efbfbd, valid).
        "insert into t values (8, 8.5, cast(x'80' as text), x'80', cast(x'e4b8' as text), cast(x'ff' as text))",
        "insert into t values (9, -9.0, cast(x'313280' as text), x'ff', cast(x'c0af' as text), cast(x'eda080' as text))",
        "insert into t values (11, 0.25, cast(x'41e4b842' as text), x'e4b8', cast(x'efbfbd' as text), cast(x'61ff62' as text))",
        "insert into t values (12, null, cast(x'2d3580' as text), x'eda080', x'c0af', cast(x'4180' as text))",
        "insert into t values (13, 1.5, cast(x'61e282' as text), x'f09f', cast(x'20ff20' as text), cast(x'c3' as text))",
        "create table u(k integer primary key, g, v real, w text)",
        "create index u_g on u(g, w)",
        "insert into u select value, value % 4, value * 0.5, 'w' || (value % 3) from (with recursive n(value) as (select 1 union all select value + 1 from n where value < 12) select value from n)",
        "insert into u values (20, null, null, null), (21, 'x', 1e10, 'W1'), (22, 2.0, -3.0, 'w1')",
        "create table w(i integer, r real, x text, n numeric, b blob, a any, s int not null default 0)",
        // Indexes, so that seeks and index comparisons of mixed-type keys (in Java where the
        // entry is on the page at hand) meet the same values.
        "create index t_c on t(c)", "create index t_f on t(f)", "create index t_ab on t(a, b)", "create index t_e on t(e desc)", "create index t_d on t(d, c collate rtrim)",
    };

    private static final String[] COLUMNS = {"a", "b", "c", "d", "e", "f", "rowid"};
    private static final String[] LITERALS = {"null", "0", "1", "-1", "2", "3", "7", "9223372036854775807", "-9223372036854775808", "0.5", "-2.5", "1e300", "0.0", "''", "'abc'", "'ABC'",
        "'10'", "' 12 '", "'1.5e2'", "'é'", "x''", "x'41'", "x'3130'", "'%'", "'a%'", "'_b%'", "'*'", "'[a-c]*'",
        "cast(x'80' as text)", "cast(x'e4b8' as text)", "x'ff'", "cast(x'41ff' as text)", "cast(x'eda080' as text)"};
    private static final String[] BINARY = {"+", "-", "*", "/", "%", "||", "&", "|", "<<", ">>", "=", "==", "<>", "!=", "<", "<=", ">", ">=", "is", "is not", "and", "or", "like", "glob", "not like"};
    private static final String[] UNARY = {"-", "+", "not ", "~"};
    private static final String[] TYPES = {"integer", "real", "text", "blob", "numeric", "int", "float", "varchar(3)"};
    /** name and argument count. */
    private static final Object[][] FUNCTIONS = {
        {"abs", 1}, {"length", 1}, {"typeof", 1}, {"upper", 1}, {"lower", 1}, {"round", 1}, {"round", 2}, {"substr", 2}, {"substr", 3}, {"coalesce", 2}, {"coalesce", 3},
        {"ifnull", 2}, {"nullif", 2}, {"iif", 3}, {"instr", 2}, {"hex", 1}, {"quote", 1}, {"trim", 1}, {"ltrim", 2}, {"rtrim", 1}, {"replace", 3}, {"min", 2}, {"max", 2},
        {"unicode", 1}, {"char", 1}, {"sign", 1}, {"octet_length", 1}, {"concat", 2}, {"concat_ws", 3}, {"likely", 1}, {"unlikely", 1}, {"json_quote", 1}, {"format", 2},
        {"unhex", 1}, {"trunc", 1}, {"ceil", 1}, {"floor", 1}, {"mod", 2}, {"pow", 2}, {"sqrt", 1}, {"ln", 1}, {"instr", 2}, {"zeroblob", 1}, {"randomblob", 0},
        {"date", 1}, {"datetime", 2}, {"julianday", 1}, {"strftime", 2}, {"unixepoch", 1}, {"printf", 2}, {"total_changes", 0}, {"glob", 2}, {"like", 2}, {"like", 3}};
    private static final String[] FORMATS = {"'%s|%d|%.3f|%5.1e|%q|%x'", "'%-5s|%05d|%+.2f|%g'", "'%c%c'", "'%Q %w %z'", "'%,d %!.3g %.0f'", "'%10.4s|'"};
    private static final String[] AGGREGATES = {"sum", "total", "avg", "min", "max", "count", "group_concat"};

    private final Random random = new Random(SEED);

    @Test
    void randomExpressionsGiveSqlitesResultsOnTheTruffleTier() throws IOException {
        List<String> mismatches = new ArrayList<>();
        int compared = 0;
        int errors = 0;
        try (Context truffle = SqlContexts.create("truffle"); Context oracle = SqlContexts.create("native")) {
            for (String s : SETUP) {
                truffle.eval("sql", s);
                oracle.eval("sql", s);
            }
            for (int q = 0; q < QUERIES; q++) {
                String sql = query();
                String expected = run(oracle, sql);
                String actual = run(truffle, sql);
                compared++;
                if (expected.startsWith("error ")) {
                    errors++;
                }
                if (!expected.equals(actual)) {
                    mismatches.add(sql + "\n  native:  " + expected + "\n  truffle: " + actual);
                }
            }
        }
        Path out = Path.of("target", "fuzz");
        Files.createDirectories(out);
        Files.writeString(out.resolve("mismatches.txt"), String.join("\n", mismatches));
        Files.writeString(out.resolve("summary.txt"), compared + " queries, " + errors + " of them SQLite's errors, " + mismatches.size() + " differ\n");
        // Errors compare too (message and all), but a run of mostly errors would test little.
        assertTrue(errors < compared / 3, errors + " of " + compared + " queries failed in SQLite itself");
        assertTrue(mismatches.isEmpty(), mismatches.size() + " of " + compared + " queries differ (seed " + SEED + "), the first:\n" + String.join("\n", mismatches.subList(0, Math.min(5, mismatches.size()))));
    }

    /**
     * Some of the queries again, each executed until Graal has compiled it (low thresholds,
     * compilation in the foreground, failures thrown), every execution compared with SQLite's
     * VDBE: code specialized on the values met first must still answer right for the others.
     * {@code -Dgraalite.fuzz.compiled=N} queries (default 6; each costs its compilations).
     */
    @Test
    void compiledQueriesGiveSqlitesResults() {
        int queries = Integer.getInteger("graalite.fuzz.compiled", 6);
        List<String> mismatches = new ArrayList<>();
        try (org.graalvm.polyglot.Engine engine = org.graalvm.polyglot.Engine.newBuilder("sql").allowExperimentalOptions(true).option("engine.WarnInterpreterOnly", "false")
                        .option("engine.BackgroundCompilation", "false").option("engine.CompilationFailureAction", "Throw").option("engine.FirstTierCompilationThreshold", "10")
                        .option("engine.LastTierCompilationThreshold", "30").build();
                        Context truffle = Context.newBuilder("sql").engine(engine).allowNativeAccess(true).option("sql.Tier", "truffle").build();
                        Context oracle = SqlContexts.create("native")) {
            for (String s : SETUP) {
                truffle.eval("sql", s);
                oracle.eval("sql", s);
            }
            for (int q = 0; q < queries; q++) {
                String sql;
                do {
                    sql = query();
                } while (sql.startsWith("insert"));
                String expected = run(oracle, sql);
                for (int i = 0; i < 45; i++) {
                    String actual = run(truffle, sql);
                    if (!expected.equals(actual)) {
                        mismatches.add(sql + " (execution " + i + ")\n  native:  " + expected + "\n  truffle: " + actual);
                        break;
                    }
                }
            }
        }
        assertTrue(mismatches.isEmpty(), mismatches.size() + " of " + queries + " compiled queries differ (seed " + SEED + "):\n" + String.join("\n", mismatches));
    }

    /** The rows of {@code sql} with their storage classes, or its error. */
    private static String run(Context c, String sql) {
        try {
            Value result = c.eval("sql", sql);
            List<String> rows = new ArrayList<>();
            for (List<Object> row : SqlContexts.rows(result)) {
                rows.add(DifferentialTest.render(row));
            }
            return String.join(" / ", rows);
        } catch (PolyglotException e) {
            if (!e.isGuestException()) {
                throw e;
            }
            return "error " + e.getMessage();
        }
    }

    private String query() {
        if (random.nextInt(3) == 0) {
            return structuredQuery();
        }
        switch (random.nextInt(6)) {
            case 0:
                return "select " + expression(3) + ", " + expression(2) + " from t order by rowid";
            case 1:
                return "select rowid from t where " + expression(3) + " order by rowid";
            case 2:
                return "select " + expression(2) + " as k, count(*) from t group by k order by k";
            case 3: {
                String e = expression(2);
                String aggregate = AGGREGATES[random.nextInt(AGGREGATES.length)];
                return "select " + aggregate + "(" + e + "), " + AGGREGATES[random.nextInt(AGGREGATES.length)] + "(" + expression(2) + ") from t" + (random.nextBoolean() ? " where " + expression(2) : "");
            }
            case 4:
                return "select distinct " + expression(2) + " from t order by 1";
            default:
                return "select " + expression(2) + ", count(*), max(" + expression(1) + ") from t group by 1 order by 1";
        }
    }

    /** Joins, subqueries, compound selects, window functions, HAVING, LIMIT and OFFSET around random expressions. */
    private String structuredQuery() {
        String e = expression(2);
        String f = expression(1);
        switch (random.nextInt(16)) {
            case 14: {
                String column = INDEXED[random.nextInt(INDEXED.length)];
                String op = RANGE[random.nextInt(RANGE.length)];
                return "select rowid, " + column + " from t where " + column + " " + op + " " + LITERALS[random.nextInt(LITERALS.length)]
                                + (random.nextBoolean() ? " and " + column + " " + RANGE[random.nextInt(RANGE.length)] + " " + expression(1) : "") + " order by " + column + (random.nextBoolean() ? " desc" : "") + ", rowid";
            }
            case 15:
                return "select rowid from t where a = " + LITERALS[random.nextInt(LITERALS.length)] + " and b " + RANGE[random.nextInt(RANGE.length)] + " " + LITERALS[random.nextInt(LITERALS.length)] + " order by rowid";
            case 12:
                // Column affinities and record encoding on the way in, decoding on the way out.
                return "insert into w(i, r, x, n, b, a) select " + e + ", " + f + ", " + expression(1) + ", " + expression(2) + ", " + expression(1) + ", " + expression(1) + " from t returning *";
            case 13:
                return "select rowid, typeof(i), i, typeof(r), r, typeof(x), x, typeof(n), n, typeof(b), hex(b), typeof(a), a from w where " + e + " order by rowid desc limit 20";
            case 0:
                return "select t.rowid, u.k, " + e + " from t join u on u.g = " + f + " order by 1, 2";
            case 1:
                return "select t.rowid, u.k from t left join u on u.k = t.a and " + e + " order by 1, 2";
            case 2:
                return "select rowid, (select count(*) from u where u.g = t.a or " + e + ") from t order by 1";
            case 3:
                return "select rowid from t where " + f + " in (select g from u where " + expression(1).replace("rowid", "k") + ") order by 1";
            case 4:
                return "select rowid from t where " + (random.nextBoolean() ? "not " : "") + "exists (select 1 from u where u.k = t.rowid + " + f + ") order by 1";
            case 5:
                return "select " + e + " from t " + COMPOUND[random.nextInt(COMPOUND.length)] + " select " + f + " from t order by 1";
            case 6:
                return "select rowid, " + AGGREGATES[random.nextInt(AGGREGATES.length)] + "(" + f + ") over (order by rowid rows between 1 preceding and current row), row_number() over (partition by " + e
                                + " order by rowid) from t order by rowid";
            case 7:
                return "select " + e + " as k, count(*), sum(a) from t group by k having count(*) " + (random.nextBoolean() ? "> 1" : "= 1") + " or " + f + " order by k";
            case 8:
                return "select rowid, " + e + " from t order by " + f + ", rowid limit " + random.nextInt(6) + " offset " + random.nextInt(4);
            case 9:
                return "with c(x, y) as (select " + e + ", rowid from t) select x, count(*), min(y) from c group by x order by x";
            case 10:
                return "select g, w, count(*), " + AGGREGATES[random.nextInt(AGGREGATES.length)] + "(distinct " + expression(1).replace("rowid", "k") + ") from u, t where u.k = t.rowid or u.g = t.a group by g, w order by 1, 2";
            default:
                return "select rowid, " + e + " from t where rowid between " + random.nextInt(8) + " and " + (8 + random.nextInt(10)) + " order by " + f + " desc, rowid desc";
        }
    }

    private static final String[] INDEXED = {"a", "c", "f", "e", "d", "c collate rtrim", "f collate binary", "c collate nocase"};
    private static final String[] RANGE = {"=", "<", "<=", ">", ">=", "is", "is not", "!="};
    private static final String[] COMPOUND = {"union", "union all", "intersect", "except"};

    private String expression(int depth) {
        if (depth <= 0 || random.nextInt(4) == 0) {
            return random.nextInt(3) == 0 ? LITERALS[random.nextInt(LITERALS.length)] : COLUMNS[random.nextInt(COLUMNS.length)];
        }
        int d = depth - 1;
        switch (random.nextInt(12)) {
            case 0, 1, 2:
                return "(" + expression(d) + " " + BINARY[random.nextInt(BINARY.length)] + " " + expression(d) + ")";
            case 3:
                return "(" + UNARY[random.nextInt(UNARY.length)] + expression(d) + ")";
            case 4, 5: {
                Object[] f = FUNCTIONS[random.nextInt(FUNCTIONS.length)];
                String name = (String) f[0];
                int n = (Integer) f[1];
                List<String> arguments = new ArrayList<>();
                for (int i = 0; i < n; i++) {
                    arguments.add(name.equals("zeroblob") ? "(" + expression(d) + ") % 5" : (name.equals("format") || name.equals("printf")) && i == 0 ? FORMATS[random.nextInt(FORMATS.length)]
                                    : name.equals("strftime") && i == 0 ? "'%Y-%m-%d %H:%M:%f %j %w %s'" : name.equals("like") && i == 2 ? "'%'" : expression(d));
                }
                if (name.equals("randomblob")) {
                    return "length(randomblob(3))";
                }
                return name + "(" + String.join(", ", arguments) + ")";
            }
            case 6:
                return "cast(" + expression(d) + " as " + TYPES[random.nextInt(TYPES.length)] + ")";
            case 7:
                return "case when " + expression(d) + " then " + expression(d) + (random.nextBoolean() ? " else " + expression(d) : "") + " end";
            case 8:
                return "case " + expression(d) + " when " + expression(d) + " then " + expression(d) + " when " + expression(d) + " then " + expression(d) + " end";
            case 9:
                return "(" + expression(d) + (random.nextBoolean() ? " not" : "") + " between " + expression(d) + " and " + expression(d) + ")";
            case 10:
                return "(" + expression(d) + (random.nextBoolean() ? " not" : "") + " in (" + expression(d) + ", " + expression(d) + ", " + LITERALS[random.nextInt(LITERALS.length)] + "))";
            default:
                return random.nextBoolean() ? "(" + expression(d) + " collate nocase)" : "(" + expression(d) + (random.nextBoolean() ? " isnull)" : " notnull)");
        }
    }
}
