package org.graalite.slt;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

import org.graalite.language.SqlContexts;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Engine;
import org.graalvm.polyglot.HostAccess;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.io.IOAccess;

/**
 * Runs one sqllogictest file on Graalite and checks every record.
 *
 * <p>Three contexts, on one engine shared by all files, share the file's data:
 * <ul>
 * <li>{@code auto} ({@code sql.Tier=auto}, in memory) runs every record; each query runs on the
 * Truffle tier when it can (from its first execution: {@code sql.TruffleTierAfter=0}), and its
 * result is checked against the file's expectation.</li>
 * <li>{@code native} ({@code sql.Tier=native}, a database file) runs every statement too, and
 * every query that {@code auto} ran on the Truffle tier: the two results must be identical,
 * types included, also where the file only gives a hash.</li>
 * <li>{@code truffle} ({@code sql.Tier=truffle}) opens the native context's file; each query that
 * {@code auto} ran natively is started there once, to read the opcodes the Truffle tier lacks
 * from its error message.</li>
 * </ul>
 */
final class SltRunner {
    private static final String MISSING_OPCODES = "sql.Tier=truffle: the Truffle tier cannot run this statement yet; it lacks the opcodes ";

    enum Kind {
        /** {@code statement ok} failed or {@code statement error} succeeded. */
        STATEMENT,
        /** The query failed with an error. */
        QUERY_ERROR,
        /** The query's result differs from the file's expectation. */
        WRONG_RESULT,
        /** The Truffle tier's result (or error) differs from the native tier's. */
        TIER_DIFFERENCE,
        /** The result differs from an earlier query with the same label. */
        LABEL
    }

    /** One failed record. {@code onTruffle}: the auto context ran it on the Truffle tier. */
    record Failure(String file, int line, Kind kind, boolean onTruffle, String sql, String detail) {
        String location() {
            return file + ":" + line;
        }

        @Override
        public String toString() {
            return location() + " " + kind + (onTruffle ? " (Truffle tier)" : " (native tier)") + ": " + detail + "\n    " + sql.replace("\n", "\n    ");
        }
    }

    /** Counts of one file or of many; {@code missingOpcodes} counts queries lacking each opcode. */
    static final class Counts {
        long files;
        long records;
        long statements;
        long queries;
        long skipped;
        long truffleQueries;
        long trufflePassed;
        long nativeQueries;
        long nativePassed;
        long nanos;
        /** Time of the queries that ran on the Truffle tier, and of the same queries on the native tier. */
        long truffleQueryNanos;
        long sameQueriesNativeNanos;
        final Map<String, Long> missingOpcodes = new TreeMap<>();
        /** Queries that lack exactly one opcode, by that opcode. */
        final Map<String, Long> soleMissingOpcode = new TreeMap<>();
        /** The first query (file:line) that lacks each opcode. */
        final Map<String, String> opcodeExamples = new TreeMap<>();
        /** The slowest queries in the auto context, slowest first. */
        final List<Slow> slowest = new ArrayList<>();

        void addSlow(Slow slow) {
            slowest.add(slow);
            slowest.sort(Comparator.comparingLong(Slow::nanos).reversed());
            if (slowest.size() > SLOWEST) {
                slowest.removeLast();
            }
        }

        void add(Counts o) {
            files += o.files;
            records += o.records;
            statements += o.statements;
            queries += o.queries;
            skipped += o.skipped;
            truffleQueries += o.truffleQueries;
            trufflePassed += o.trufflePassed;
            nativeQueries += o.nativeQueries;
            nativePassed += o.nativePassed;
            nanos += o.nanos;
            truffleQueryNanos += o.truffleQueryNanos;
            sameQueriesNativeNanos += o.sameQueriesNativeNanos;
            o.missingOpcodes.forEach((k, v) -> missingOpcodes.merge(k, v, Long::sum));
            o.soleMissingOpcode.forEach((k, v) -> soleMissingOpcode.merge(k, v, Long::sum));
            o.opcodeExamples.forEach(opcodeExamples::putIfAbsent);
            o.slowest.forEach(this::addSlow);
        }

        long passed() {
            return trufflePassed + nativePassed;
        }
    }

    /**
     * A query's time in the auto context, the tier that ran it, and for the Truffle tier the
     * time of the same query in the native context (else -1).
     */
    record Slow(long nanos, String location, boolean onTruffle, long nativeNanos) {
    }

    private static final int SLOWEST = 10;

    record FileResult(String file, Counts counts, List<Failure> failures) {
    }

    /** What running one SQL text gave: the rows, or an error message. */
    private record Outcome(int columnCount, List<List<Object>> rows, String error) {
        boolean ok() {
            return error == null;
        }
    }

    /**
     * Statements and queries a shared engine may run before the runner replaces it. Graalite
     * keeps the program of every distinct statement for the engine's lifetime (the engine-wide
     * program cache, SqlLanguage.programs, has no bound): 100,000 distinct corpus statements
     * hold about 1 GB, and the whole corpus has millions.
     */
    private static final long EXECUTIONS_PER_ENGINE = 100_000;

    /** Host objects stay opaque, but byte buffers can be read (bound as BLOBs). */
    private static final HostAccess HOST_ACCESS = HostAccess.newBuilder(HostAccess.EXPLICIT).allowBufferAccess(true).build();

    private static Engine engine;
    private static long executionsOnEngine;
    static int enginesReplaced;

    private SltRunner() {
    }

    /** The engine all contexts share, replaced once it has run {@link #EXECUTIONS_PER_ENGINE}. */
    private static synchronized Engine engine() {
        if (engine != null && executionsOnEngine >= EXECUTIONS_PER_ENGINE) {
            engine.close();
            engine = null;
            enginesReplaced++;
        }
        if (engine == null) {
            engine = Engine.newBuilder("sql").option("engine.WarnInterpreterOnly", "false").build();
            executionsOnEngine = 0;
        }
        return engine;
    }

    private static Context context(String tier, String database) {
        return Context.newBuilder("sql").engine(engine()).allowIO(IOAccess.ALL).allowNativeAccess(true).allowHostAccess(HOST_ACCESS).option("sql.Tier", tier).option("sql.Database", database)
                        .option("sql.TruffleTierAfter", "0").build();
    }

    static FileResult run(String file, String text) {
        long start = System.nanoTime();
        List<SltScript.Record> records = SltScript.parse(file, text);
        Path dir;
        try {
            dir = Files.createTempDirectory("graalite-slt");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Path database = dir.resolve("native.db");
        try (Context auto = context("auto", ":memory:");
                        Context oracle = context("native", database.toString())) {
            // The oracle's file is only read by the truffle context: no need to sync it.
            execute(oracle, "PRAGMA journal_mode=MEMORY");
            execute(oracle, "PRAGMA synchronous=OFF");
            try (Context truffle = context("truffle", database.toString())) {
                FileRun run = new FileRun(file, auto, oracle, truffle);
                run.run(records);
                run.counts.nanos = System.nanoTime() - start;
                synchronized (SltRunner.class) {
                    executionsOnEngine += run.counts.queries + run.counts.statements;
                }
                return new FileResult(file, run.counts, run.failures);
            }
        } finally {
            deleteAll(dir);
        }
    }

    /** The state of one file's run. */
    private static final class FileRun {
        final String file;
        final Context auto;
        final Context oracle;
        final Context truffle;
        final Value autoConnection;
        final Counts counts = new Counts();
        final List<Failure> failures = new ArrayList<>();
        final Map<String, String> labelHashes = new HashMap<>();

        FileRun(String file, Context auto, Context oracle, Context truffle) {
            this.file = file;
            this.auto = auto;
            this.oracle = oracle;
            this.truffle = truffle;
            this.autoConnection = auto.getBindings("sql");
            counts.files = 1;
        }

        void run(List<SltScript.Record> records) {
            for (SltScript.Record record : records) {
                counts.records++;
                if (!record.runs()) {
                    if (record instanceof SltScript.Query) {
                        counts.skipped++;
                    }
                    continue;
                }
                switch (record) {
                    case SltScript.Statement s -> statement(s);
                    case SltScript.Query q -> query(q);
                    case SltScript.HashThreshold h -> {
                        // The expectation's own form (values or a hash) says how to compare.
                    }
                    case SltScript.Halt h -> {
                        return;
                    }
                }
            }
        }

        void statement(SltScript.Statement s) {
            counts.statements++;
            long before = truffleExecutions();
            String autoError = runStatement(auto, s.sql());
            boolean onTruffle = truffleExecutions() > before;
            String nativeError = runStatement(oracle, s.sql());
            if (s.expectError() && autoError == null) {
                fail(s.line(), Kind.STATEMENT, onTruffle, s.sql(), "statement error succeeded");
            } else if (!s.expectError() && autoError != null) {
                fail(s.line(), Kind.STATEMENT, onTruffle, s.sql(), "statement ok failed: " + autoError);
            } else if (!Objects.equals(autoError, nativeError)) {
                fail(s.line(), Kind.TIER_DIFFERENCE, onTruffle, s.sql(), "the auto context gave " + describeError(autoError) + ", the native tier " + describeError(nativeError));
            }
        }

        void query(SltScript.Query q) {
            counts.queries++;
            long before = truffleExecutions();
            long start = System.nanoTime();
            Outcome outcome = runQuery(auto, q.sql());
            long nanos = System.nanoTime() - start;
            boolean onTruffle = truffleExecutions() > before;
            if (onTruffle) {
                counts.truffleQueries++;
            } else {
                counts.nativeQueries++;
                if (outcome.ok()) {
                    collectMissingOpcodes(q);
                }
            }
            boolean failed = false;
            String verdict = check(q, outcome);
            long nativeNanos = -1;
            if (onTruffle) {
                long nativeStart = System.nanoTime();
                Outcome reference = runQuery(oracle, q.sql());
                nativeNanos = System.nanoTime() - nativeStart;
                counts.truffleQueryNanos += nanos;
                counts.sameQueriesNativeNanos += nativeNanos;
                String difference = compareTiers(outcome, reference);
                if (difference != null) {
                    String nativeVerdict = check(q, reference);
                    fail(q.line(), Kind.TIER_DIFFERENCE, true, q.sql(), difference + "; the native tier " + (nativeVerdict == null ? "passes" : "fails too: " + nativeVerdict) +
                                    (verdict == null ? "; the Truffle tier passes" : "; the Truffle tier: " + verdict));
                    failed = true;
                }
            }
            if (counts.slowest.size() < SLOWEST || nanos > counts.slowest.getLast().nanos()) {
                counts.addSlow(new Slow(nanos, file + ":" + q.line(), onTruffle, nativeNanos));
            }
            if (!failed && verdict != null) {
                fail(q.line(), outcome.ok() ? Kind.WRONG_RESULT : Kind.QUERY_ERROR, onTruffle, q.sql(), verdict);
                failed = true;
            }
            if (!failed && q.label() != null && outcome.ok()) {
                String hash = SltValues.md5(SltValues.format(outcome.rows(), outcome.columnCount(), q.types(), q.sortMode()));
                String earlier = labelHashes.putIfAbsent(q.label(), hash);
                if (earlier != null && !earlier.equals(hash)) {
                    fail(q.line(), Kind.LABEL, onTruffle, q.sql(), "the result differs from an earlier query with " + q.label());
                    failed = true;
                }
            }
            if (!failed) {
                if (onTruffle) {
                    counts.trufflePassed++;
                } else {
                    counts.nativePassed++;
                }
            }
        }

        /** Null if the outcome is what the record expects, else what is wrong. */
        String check(SltScript.Query q, Outcome outcome) {
            if (!outcome.ok()) {
                return "error: " + outcome.error();
            }
            List<String> values;
            try {
                values = SltValues.format(outcome.rows(), outcome.columnCount(), q.types(), q.sortMode());
            } catch (IllegalArgumentException e) {
                return e.getMessage();
            }
            switch (q.expected()) {
                case SltScript.Unchecked u -> {
                    return null;
                }
                case SltScript.Hash h -> {
                    String md5 = SltValues.md5(values);
                    if (h.count() == values.size() && h.md5().equals(md5)) {
                        return null;
                    }
                    return "expected " + h.count() + " values hashing to " + h.md5() + ", got " + values.size() + " values hashing to " + md5 + ": " + abbreviate(values);
                }
                case SltScript.Values v -> {
                    if (v.values().equals(values)) {
                        return null;
                    }
                    return "expected " + abbreviate(v.values()) + ", got " + abbreviate(values);
                }
            }
        }

        void collectMissingOpcodes(SltScript.Query q) {
            String message = null;
            // The truffle context's connection may hold an old schema (the native context
            // changed it); the failed attempt makes it read the new one. (On the Truffle tier
            // a schema change fails the statement instead of preparing it again.)
            for (int attempt = 0; attempt < 3; attempt++) {
                try {
                    Value result = truffle.getBindings("sql").invokeMember("execute", q.sql());
                    if (result.hasMember("close")) {
                        result.invokeMember("close");
                    }
                    message = null;
                } catch (PolyglotException e) {
                    message = e.getMessage();
                }
                if (message == null || !message.contains("database schema has changed")) {
                    break;
                }
            }
            Set<String> missing = missingOpcodes(message);
            for (String opcode : missing) {
                counts.missingOpcodes.merge(opcode, 1L, Long::sum);
                counts.opcodeExamples.putIfAbsent(opcode, file + ":" + q.line());
            }
            if (missing.size() == 1) {
                counts.soleMissingOpcode.merge(missing.iterator().next(), 1L, Long::sum);
            }
        }

        long truffleExecutions() {
            return autoConnection.getMember("truffleExecutions").asLong();
        }

        void fail(int line, Kind kind, boolean onTruffle, String sql, String detail) {
            failures.add(new Failure(file, line, kind, onTruffle, sql, detail));
        }
    }

    /**
     * The opcodes named by a {@code sql.Tier=truffle} error message ("it lacks the opcodes A, B
     * (write) (statement: ...)"); a single "(none ...)" entry if the Truffle tier accepted the
     * statement, "(other error: message)" for any other error.
     */
    static Set<String> missingOpcodes(String message) {
        if (message == null) {
            return Set.of("(none: the Truffle tier accepts it)");
        }
        int start = message.indexOf(MISSING_OPCODES);
        if (start < 0) {
            String first = message.lines().findFirst().orElse("");
            return Set.of("(other error: " + (first.length() > 80 ? first.substring(0, 80) + "..." : first) + ")");
        }
        start += MISSING_OPCODES.length();
        int end = message.indexOf(" (statement: ", start);
        String list = end < 0 ? message.substring(start) : message.substring(start, end);
        return Arrays.stream(list.split(", ")).map(String::strip).collect(Collectors.toCollection(LinkedHashSet::new));
    }

    /** Null if the statement succeeded, else its error message. */
    private static String runStatement(Context context, String sql) {
        try {
            Value result = context.eval("sql", sql);
            if (result.hasIterator()) {
                SqlContexts.rows(result);
            }
            return null;
        } catch (PolyglotException e) {
            if (!e.isGuestException() || e.isInternalError()) {
                throw e;
            }
            return e.getMessage();
        }
    }

    private static void execute(Context context, String sql) {
        Value result = context.getBindings("sql").invokeMember("execute", sql);
        if (result.hasIterator()) {
            SqlContexts.rows(result);
        }
    }

    private static Outcome runQuery(Context context, String sql) {
        Value result = null;
        try {
            result = context.getBindings("sql").invokeMember("execute", sql);
            if (!result.hasIterator()) {
                // Not a query: no result columns.
                return new Outcome(0, List.of(), null);
            }
            int columnCount = (int) result.getMember("columns").getArraySize();
            return new Outcome(columnCount, SqlContexts.rows(result), null);
        } catch (PolyglotException e) {
            if (!e.isGuestException() || e.isInternalError()) {
                // A host or internal exception is a defect, not an SQL error: report it whole.
                throw e;
            }
            return new Outcome(0, List.of(), e.getMessage());
        } finally {
            if (result != null && result.hasMember("close")) {
                result.invokeMember("close");
            }
        }
    }

    /** Null if both outcomes are identical (values, storage classes, row order, error message). */
    private static String compareTiers(Outcome truffle, Outcome reference) {
        if (!truffle.ok() || !reference.ok()) {
            if (Objects.equals(truffle.error(), reference.error())) {
                return null;
            }
            return "the Truffle tier gave " + (truffle.ok() ? truffle.rows().size() + " rows" : "the error: " + truffle.error()) + ", the native tier " +
                            (reference.ok() ? reference.rows().size() + " rows" : "the error: " + reference.error());
        }
        if (truffle.columnCount() != reference.columnCount()) {
            return "the Truffle tier gave " + truffle.columnCount() + " columns, the native tier " + reference.columnCount();
        }
        int n = Math.max(truffle.rows().size(), reference.rows().size());
        for (int i = 0; i < n; i++) {
            List<Object> a = i < truffle.rows().size() ? truffle.rows().get(i) : null;
            List<Object> b = i < reference.rows().size() ? reference.rows().get(i) : null;
            if (!sameRow(a, b)) {
                return "row " + (i + 1) + " of " + truffle.rows().size() + " (native " + reference.rows().size() + "): Truffle tier " + describe(a) + ", native tier " + describe(b);
            }
        }
        return null;
    }

    private static boolean sameRow(List<Object> a, List<Object> b) {
        if (a == null || b == null || a.size() != b.size()) {
            return a == b;
        }
        for (int i = 0; i < a.size(); i++) {
            Object x = a.get(i);
            Object y = b.get(i);
            // Double.equals compares bits: -0.0 differs from 0.0, as it does in SQLite.
            boolean same = x instanceof byte[] bx && y instanceof byte[] by ? Arrays.equals(bx, by) : Objects.equals(x, y);
            if (!same) {
                return false;
            }
        }
        return true;
    }

    /** A row with the storage class of each value visible. */
    static String describe(List<Object> row) {
        if (row == null) {
            return "(no row)";
        }
        List<String> values = new ArrayList<>();
        for (Object v : row) {
            values.add(switch (v) {
                case null -> "NULL";
                case Long l -> l.toString();
                case Double d -> d + " (real)";
                case String s -> "'" + s + "'";
                case byte[] b -> "x'" + HexFormat.of().formatHex(b) + "'";
                default -> v + " (" + v.getClass().getSimpleName() + ")";
            });
        }
        return "[" + String.join(", ", values) + "]";
    }

    private static String describeError(String error) {
        return error == null ? "success" : "the error: " + error;
    }

    private static String abbreviate(List<String> values) {
        if (values.size() <= 12) {
            return values.toString();
        }
        return values.subList(0, 12).toString().replace("]", ", ... (" + values.size() + " values)]");
    }

    private static void deleteAll(Path dir) {
        try (var paths = Files.walk(dir)) {
            for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            // a leftover temporary file is harmless
        }
    }
}
