package org.graalite.runtime;

import java.util.Set;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.TruffleLanguage;
import com.oracle.truffle.api.TruffleLogger;

import org.graalite.interop.PreparedStatementObject;
import org.graalite.interop.QueryResult;
import org.graalite.interop.SqlNull;
import org.graalite.nativeapi.NativeConnection;
import org.graalite.nativeapi.NativeStatement;
import org.graalite.nativeapi.StatementSequence;

/**
 * A context's database connection: prepares and runs statements, chooses the tier of each
 * and counts what each tier ran. Used by one thread at a time: guests' calls hold its
 * {@link #lock()} (a context may have several threads), the JDBC driver its connection's monitor.
 */
public final class Database implements AutoCloseable {
    private static final TruffleLogger LOG = TruffleLogger.getLogger("sql", "tier");

    private final TruffleLanguage<?> language;
    private final NativeConnection connection;
    private final Tier tierOption;
    private final TierStatistics statistics = new TierStatistics();
    private final ConnectionLock lock;

    public Database(TruffleLanguage<?> language, NativeConnection connection, Tier tierOption, ConnectionLock lock) {
        this.language = language;
        this.connection = connection;
        this.tierOption = tierOption;
        this.lock = lock;
    }

    /** What every call of a guest into this connection holds (see ConnectionLock). */
    public ConnectionLock lock() {
        return lock;
    }

    /**
     * The default of option sql.TruffleTierAfter: a statement run this often is hot, and by then
     * its first executions ran at SQLite's speed instead of the Truffle tier's interpreter's
     * (about half that on one-off statements: the sqllogictest corpus's 5.7 million queries took
     * 436 s on the Truffle tier and 194 s on SQLite's VDBE; TPC-H q01 run once from the shell
     * 2.76 s against 1.13 s). A hot statement's compilation starts this many executions later, a
     * small part of the Truffle runtime's own thresholds.
     */
    public static final int DEFAULT_TRUFFLE_TIER_AFTER = 50;

    /** See {@link #DEFAULT_TRUFFLE_TIER_AFTER}. */
    private int truffleTierAfter = DEFAULT_TRUFFLE_TIER_AFTER;

    public void setTruffleTierAfter(int executions) {
        this.truffleTierAfter = executions;
    }

    /**
     * Whether the statement is warm, so that the tier chosen for it (chooseTier) runs it: under
     * sql.Tier=auto once it has run sql.TruffleTierAfter times on SQLite's VDBE (in any context
     * of the engine), at once if it calls a function a guest defined (which the Truffle tier
     * calls directly instead of through an upcall; on a connection where a guest defined one,
     * a call of an extension's function counts too, as Program.callsDefinedFunctions tells);
     * under the other options always.
     */
    boolean warmForTruffleTier(Statement statement) {
        if (tierOption != Tier.AUTO || truffleTierAfter == 0 || !(language instanceof org.graalite.language.SqlLanguage shared) ||
                        (guestDefinedFunctions && statement.program().callsDefinedFunctions())) {
            return true;
        }
        boolean warm = shared.warmForTruffleTier(statement.nativeStatement().sql(), truffleTierAfter);
        if (LOG.isLoggable(java.util.logging.Level.FINE)) {
            LOG.fine((warm ? "warm: on the Truffle tier from now on: " : "not warm yet: on the native tier this time: ") + statement.nativeStatement().sql());
        }
        return warm;
    }

    /**
     * Whether a guest has defined a function, aggregate or window function on this connection:
     * until then no statement can call one, and a cold statement's program need not be read to
     * know (see {@link #warmForTruffleTier}).
     */
    private boolean guestDefinedFunctions;

    /** Whether row loops of callers may inline statements (option sql.InlineStatements). */
    private boolean inlineStatements = true;

    public void setInlineStatements(boolean inline) {
        this.inlineStatements = inline;
    }

    public boolean inlineStatements() {
        return inlineStatements;
    }

    /**
     * Whether a guest's plain numbers are REALs (JavaScript's better-sqlite3 binds every number
     * as REAL and stores every number a function returns as REAL, BigInts as INTEGER): for
     * parameters bound from now on, and functions and aggregates defined from now on. Off by
     * default: Python's int is an INTEGER and its float a REAL, as Java's numbers.
     */
    private boolean guestNumbersAreReal;

    /**
     * Whether rows hand out a TEXT value whose bytes are not valid UTF-8 as those bytes (a
     * BLOB object marked as such text) instead of a String with U+FFFD for what is malformed:
     * Python's sqlite3 raises for such text, or gives the bytes to its text_factory, and
     * graalite.sqlite3 sets it. Off by default: JavaScript's and Java's callers get the String
     * (better-sqlite3 and sqlite-jdbc decode with replacement).
     */
    private boolean invalidTextAsBytes;

    public void setInvalidTextAsBytes(boolean bytes) {
        this.invalidTextAsBytes = bytes;
    }

    public boolean invalidTextAsBytes() {
        return invalidTextAsBytes;
    }

    public void setGuestNumbersAreReal(boolean real) {
        this.guestNumbersAreReal = real;
    }

    public boolean guestNumbersAreReal() {
        return guestNumbersAreReal;
    }

    /**
     * The synchronous level this connection's databases take in WAL mode unless PRAGMA
     * synchronous set one, or -1 for SQLite's default (FULL, as CPython's sqlite3 and
     * sqlite-jdbc have it). JavaScript's better-sqlite3 module sets 1 (NORMAL), its build's
     * SQLITE_DEFAULT_WAL_SYNCHRONOUS: without it every commit in WAL mode waited for fsync, 13
     * to 40 times slower than better-sqlite3 for autocommit inserts.
     */
    private int walSynchronous = -1;
    /**
     * When the level must be applied next: {@link #NOT_PENDING}; {@link #BEFORE_PREPARE} (the
     * setting changed: before the next statement is prepared or runs, as SQLite applies its
     * default when it first reads the schema); {@link #BEFORE_RUN} (a statement that may have
     * switched a journal mode or attached a database ran: PRAGMA journal_mode, ATTACH,
     * DETACH; before the next statement runs, as SQLite applies it when the next transaction
     * reads the database, so PRAGMA synchronous prepared in between still answers the old level).
     */
    private byte walSynchronousPending = NOT_PENDING;
    private static final byte NOT_PENDING = 0;
    private static final byte BEFORE_PREPARE = 1;
    private static final byte BEFORE_RUN = 2;

    /** Sets {@link #walSynchronous} (0 to 3, or -1); answers the setting before. */
    public int setWalSynchronous(int level) {
        int before = walSynchronous;
        walSynchronous = level;
        walSynchronousPending = level >= 0 ? BEFORE_PREPARE : NOT_PENDING;
        return before;
    }

    /** Before a statement runs: applies a pending {@link #walSynchronous}, then notes whether this statement may make another pending. */
    void beforeStatement(Statement statement) {
        if (walSynchronousPending != NOT_PENDING) {
            applyWalSynchronous();
        }
        if (walSynchronous >= 0 && statement.mayChangeJournalModes()) {
            walSynchronousPending = BEFORE_RUN;
        }
    }

    /**
     * Before a statement is prepared (SQLite writes PRAGMA synchronous's answer into its
     * program): a pending level applies, but after a statement that may have switched a
     * journal mode only to databases that left WAL mode. Always true: a condition of the
     * prepare loop.
     */
    private boolean beforePrepare() {
        if (walSynchronousPending == BEFORE_PREPARE) {
            applyWalSynchronous();
        } else if (walSynchronousPending == BEFORE_RUN) {
            org.graalite.nativeapi.ConnectionFlags.applyWalSynchronous(connection, walSynchronous, true);
        }
        return true;
    }

    /** Applies {@link #walSynchronous} to every database; pending no more once each one's journal mode was known. */
    private void applyWalSynchronous() {
        if (org.graalite.nativeapi.ConnectionFlags.applyWalSynchronous(connection, walSynchronous, false)) {
            walSynchronousPending = NOT_PENDING;
        }
    }

    /** The language whose nodes run this database's statements on the Truffle tier. */
    public TruffleLanguage<?> language() {
        return language;
    }

    /**
     * Defines (or redefines) the SQL function {@code name} as a guest callable, with its
     * argument-less form or null (see {@link UserFunction.ArgumentSlots}); with
     * {@code integerKinds}, each call passes the {@link IntegerKinds} of its arguments first.
     * {@code flags}: SQLite's function flags (UserFunctions.FLAGS: deterministic, direct only,
     * innocuous), which SQLite checks where statements are prepared.
     */
    @TruffleBoundary
    public void createFunction(String name, int arguments, Object callable, int flags, UserFunction.ArgumentSlots slots, UserFunction.GuestConventions conventions, Object receiver, boolean integerKinds) {
        UserFunction f = new UserFunction(name, arguments, callable, slots, conventions, receiver, integerKinds, guestNumbersAreReal);
        guestDefinedFunctions = true;
        org.graalite.nativeapi.UserFunctions.register(connection, name, arguments, flags, f);
    }

    /**
     * Defines (or redefines) the collation {@code c.name()}; a null {@code c} removes the
     * collation {@code name}. Statements that use it run on the native tier.
     */
    @TruffleBoundary
    public void createCollation(String name, UserCollation c) {
        org.graalite.nativeapi.UserCollations.register(connection, name, c);
    }

    /**
     * Defines (or redefines) the virtual-table module {@code name}, whose tables a guest's
     * {@code factory} defines (see GuestModule): eponymous-only (the table {@code name}), or a
     * factory of the tables CREATE VIRTUAL TABLE ... USING name(...) makes.
     */
    @TruffleBoundary
    public void createModule(String name, Object factory, boolean eponymous) {
        org.graalite.nativeapi.VirtualTables.register(connection, name, new GuestModule(name, factory), eponymous);
    }

    /**
     * Defines (or redefines) the window function {@code a.name()} of {@code a.arguments()}
     * arguments, an aggregate of the object shape whose accumulators also have value() and
     * inverse(...). Used as a plain aggregate it runs on the Truffle tier like any other; over
     * a window, on the native tier.
     */
    @TruffleBoundary
    public void createWindowFunction(UserAggregate a, int flags) {
        guestDefinedFunctions = true;
        org.graalite.nativeapi.UserFunctions.registerWindowFunction(connection, a.name(), a.arguments(), flags, a);
    }

    /** Removes the function or aggregate {@code name} of {@code arguments} arguments. */
    @TruffleBoundary
    public void removeFunction(String name, int arguments) {
        org.graalite.nativeapi.UserFunctions.registerWindowFunction(connection, name, arguments, 0, null);
    }

    /** Defines (or redefines) the SQL aggregate {@code a.name()} of {@code a.arguments()} arguments, with SQLite's function {@code flags} (see createFunction). */
    @TruffleBoundary
    public void createAggregate(UserAggregate a, int flags) {
        guestDefinedFunctions = true;
        org.graalite.nativeapi.UserFunctions.registerAggregate(connection, a.name(), a.arguments(), flags, a);
    }

    /**
     * The guest aggregate of the function SQLite resolved ({@code f}, read from the program), or
     * null when SQLite or an extension defined it: known by who defined it, not by its name,
     * which an extension may define as well.
     */
    @TruffleBoundary
    public UserAggregate userAggregate(org.graalite.program.P4.Function f) {
        return org.graalite.nativeapi.UserFunctions.aggregateOf(f.userData(), f.implementation()) instanceof UserAggregate a ? a : null;
    }

    /** As {@link #userAggregate}, for a guest function. */
    @TruffleBoundary
    public UserFunction userFunction(org.graalite.program.P4.Function f) {
        return org.graalite.nativeapi.UserFunctions.implementationOf(f.userData(), f.implementation()) instanceof UserFunction u ? u : null;
    }

    /**
     * The Truffle tier's call target for {@code statement}'s program: shared engine-wide with
     * every statement whose program is the same, unless the program calls guest functions
     * (their nodes hold this context's callables).
     */
    com.oracle.truffle.api.RootCallTarget programCallTarget(Statement statement) {
        org.graalite.program.Program program = statement.program();
        String sql = statement.nativeStatement().sql();
        if (program.callsDefinedFunctions() || !(language instanceof org.graalite.language.SqlLanguage shared)) {
            return org.graalite.nodes.NodeFactory.create(language, program, sql, this);
        }
        String key = sql + "\n" + statement.fingerprint();
        return shared.program(key, () -> org.graalite.nodes.NodeFactory.create(language, program, sql, this));
    }

    void log(String message) {
        if (LOG.isLoggable(java.util.logging.Level.FINE)) {
            LOG.fine(message);
        }
    }

    public NativeConnection connection() {
        return connection;
    }

    public TierStatistics statistics() {
        return statistics;
    }

    /** Prepares one statement (none, or more than one, is an error). */
    @TruffleBoundary
    public Statement prepare(String sql) {
        beforePrepare();
        return new Statement(this, connection.prepareOne(sql));
    }

    /**
     * Runs the statements of {@code text} in order and returns what the last one gives: for a
     * query its rows (a {@link QueryResult}), for a statement with parameters an executable
     * {@link PreparedStatementObject} (only a lone statement may have parameters), otherwise
     * the number of rows it changed. Statements before the last run to completion.
     */
    @TruffleBoundary
    public Object evaluate(String text) {
        try (StatementSequence sequence = connection.prepareSequence(text)) {
            Object result = SqlNull.INSTANCE;
            boolean first = true;
            NativeStatement next;
            while (beforePrepare() && (next = sequence.next()) != null) {
                Statement statement = new Statement(this, next);
                boolean last = !sequence.hasMore();
                if (statement.parameterCount() > 0) {
                    if (first && last) {
                        return new PreparedStatementObject(statement);
                    }
                    String sql = next.sql();
                    statement.close();
                    throw SqliteException.misuse("a statement with parameters must be evaluated on its own: " + sql);
                }
                if (last) {
                    return run(statement, true);
                }
                try {
                    Object r = run(statement, true);
                    if (r instanceof QueryResult q) {
                        q.drain();
                    }
                } finally {
                    statement.close();
                }
                first = false;
            }
            return result;
        }
    }

    /**
     * Starts an execution of {@code statement} with its current bindings. A query returns its
     * result, positioned before its first row (the first step already ran, so a data change
     * with RETURNING has happened); anything else runs to completion and returns the number of
     * rows it changed. With {@code closeWhenDone} the statement is finalized with its result.
     */
    @TruffleBoundary
    public Object run(Statement statement, boolean closeWhenDone) {
        try {
            int generation = statement.begin();
            if (statement.isQuery()) {
                boolean hasRow = statement.step();
                return new QueryResult(statement, generation, hasRow, closeWhenDone);
            }
            long before = statement.totalChangesAtBegin();
            while (statement.step()) {
                // a statement without result columns produces no rows
            }
            long changed = statement.changesSince(before);
            if (closeWhenDone) {
                statement.close();
            }
            return changed;
        } catch (RuntimeException e) {
            if (closeWhenDone) {
                statement.close();
            }
            throw e;
        }
    }

    /**
     * Begins an execution of the query {@code statement} without its first step, which the
     * result's first read takes (see QueryResult#beforeFirstStep).
     */
    @TruffleBoundary
    public QueryResult start(Statement statement) {
        return QueryResult.beforeFirstStep(statement, statement.begin());
    }

    Tier chooseTier(Statement statement) {
        Tier chosen;
        if (tierOption == Tier.NATIVE || statement.nativeStatement().isExplain()) {
            // EXPLAIN and EXPLAIN QUERY PLAN list the program instead of running it, on every
            // tier (sql.Tier=truffle included: nothing of the program runs); that listing is
            // SQLite's engine's job (sqlite3VdbeList), not the interpreter's.
            chosen = Tier.NATIVE;
        } else {
            Set<String> missing = TruffleTierSupport.missingOpcodes(statement.program(), this);
            if (missing.isEmpty() && !requiresTruffleTier() && fasterOnSqlitesEngine(statement.program())) {
                chosen = Tier.NATIVE;
            } else if (missing.isEmpty()) {
                chosen = Tier.TRUFFLE;
            } else if (requiresTruffleTier()) {
                throw SqliteException.error("sql.Tier=truffle: the Truffle tier cannot run this statement yet; it lacks the opcodes " + String.join(", ", missing) + " (statement: " +
                                statement.nativeStatement().sql() + ")");
            } else {
                chosen = Tier.NATIVE;
            }
        }
        if (LOG.isLoggable(java.util.logging.Level.FINE)) {
            LOG.fine("tier " + chosen.name().toLowerCase() + ": " + statement.nativeStatement().sql());
        }
        return chosen;
    }

    /**
     * Whether SQLite's own engine runs {@code program} faster today than the Truffle tier, which
     * runs it under sql.Tier=truffle (and the same rows come out of both):
     * <ul>
     * <li>JSON built and read back (functions with value subtypes): SQLite's VDBE keeps each
     * result in its register for the next function (and JSON's parse cache finds it by
     * pointer), where the Truffle tier carries every value across the native boundary and back;
     * JsonQuery measured the Truffle tier at 2 to 3 times SQLite's time.
     * <li>Window functions whose frames' ephemeral table the Truffle tier cannot keep in Java
     * (JavaTables: every instruction on it must be one it carries out there; all that SQLite
     * 3.54's window code generates is): SQLite's ephemeral b-tree of the frames is written and
     * read by several cursors for every row, a native call for each move, insert and delete on
     * the Truffle tier (seven window queries over 100,000 rows measured 1.3 to 1.6 times
     * SQLite's time that way). With the frames in Java the tier took 0.48 to 1.17 times SQLite's
     * time on the six WindowQuery statements (TierPairProbe, fastest of 30 turns each, session
     * 47). A statement that calls a guest's function or aggregate stays on the Truffle tier, where
     * the guest's code is called (and inlined) directly instead of through an upcall.
     * </ul>
     */
    private static boolean fasterOnSqlitesEngine(org.graalite.program.Program program) {
        if (org.graalite.nodes.NodeFactory.usesSubtypes(program.instructions())) {
            return true;
        }
        return org.graalite.nodes.NodeFactory.computesWindows(program.instructions()) && !program.callsDefinedFunctions() &&
                        !org.graalite.nodes.NodeFactory.keepsEphemeralTablesInJava(program.instructions());
    }

    /** Whether {@code sql.Tier=truffle} is set: statements the Truffle tier cannot run fail instead of running natively. */
    boolean requiresTruffleTier() {
        return tierOption == Tier.TRUFFLE;
    }

    void countExecution(Tier tier) {
        statistics.count(tier);
    }

    @Override
    public void close() {
        connection.close();
        org.graalite.nativeapi.ProgressHandlers.forget(progressHandler);
        progressHandler = 0;
        org.graalite.nativeapi.Authorizers.forget(authorizer);
        authorizer = 0;
    }

    /** The id of the connection's authorizer (Authorizers), 0 when none is set. */
    private long authorizer;

    /**
     * Sets the authorizer: {@code callable(action, first, second, database, trigger)} answers
     * each action of a statement being prepared with SQLITE_OK, SQLITE_DENY or SQLITE_IGNORE;
     * an answer that is no int, or an exception, denies. Null removes it.
     */
    @TruffleBoundary
    public void setAuthorizer(Object callable) {
        org.graalite.nativeapi.Authorizers.Authorizer a = callable == null ? null : (action, first, second, database, trigger) -> {
            com.oracle.truffle.api.interop.InteropLibrary interop = com.oracle.truffle.api.interop.InteropLibrary.getUncached();
            try {
                Object answer = interop.execute(callable, action, orNull(first), orNull(second), orNull(database), orNull(trigger));
                return interop.fitsInInt(answer) && !interop.isBoolean(answer) ? interop.asInt(answer) : org.graalite.nativeapi.Authorizers.DENY;
            } catch (com.oracle.truffle.api.interop.InteropException e) {
                return org.graalite.nativeapi.Authorizers.DENY;
            }
        };
        authorizer = org.graalite.nativeapi.Authorizers.set(connection, a, authorizer);
    }

    private static Object orNull(String text) {
        return text == null ? SqlNull.INSTANCE : text;
    }

    /** The id of the connection's progress handler (ProgressHandlers), 0 when none is set. */
    private long progressHandler;

    /**
     * Sets the progress handler: {@code callable()} every {@code instructions} VDBE
     * instructions, which stops the statement when it answers true (a boolean, a non-zero
     * number, anything but null) or throws; null or 0 instructions remove it. Both tiers call
     * it (the Truffle tier's count: ProgressCounting).
     */
    @TruffleBoundary
    public void setProgressHandler(Object callable, int instructions) {
        java.util.function.BooleanSupplier handler = callable == null ? null : () -> {
            com.oracle.truffle.api.interop.InteropLibrary interop = com.oracle.truffle.api.interop.InteropLibrary.getUncached();
            try {
                Object answer = interop.execute(callable);
                if (interop.isBoolean(answer)) {
                    return interop.asBoolean(answer);
                } else if (interop.fitsInLong(answer)) {
                    return interop.asLong(answer) != 0;
                } else if (interop.fitsInDouble(answer)) {
                    return interop.asDouble(answer) != 0;
                }
                return !interop.isNull(answer);
            } catch (com.oracle.truffle.api.interop.InteropException e) {
                return true;
            }
        };
        progressHandler = org.graalite.nativeapi.ProgressHandlers.set(connection, handler, instructions, progressHandler);
    }

    /**
     * Whether statements run on the native tier for now: a limit that SQLite checks while a
     * statement runs is below its default (the Truffle tier assumes the defaults).
     */
    public boolean runsStatementsNatively() {
        return runtimeLimitLowered;
    }

    /** SQLITE_LIMIT_LENGTH and SQLITE_LIMIT_LIKE_PATTERN_LENGTH: checked while statements run. */
    private static final int LIMIT_LENGTH = 0;
    private static final int LIMIT_LIKE_PATTERN_LENGTH = 8;
    /** Their values when the connection opened (the compile-time defaults). */
    private int defaultLength = -1;
    private int defaultLikePatternLength = -1;
    private boolean runtimeLimitLowered;

    /** sqlite3_limit: sets limit {@code category} to {@code value} (negative: only reads it); returns the value before. */
    @TruffleBoundary
    public int limit(int category, int value) {
        if (defaultLength < 0) {
            defaultLength = connection.limit(LIMIT_LENGTH, -1);
            defaultLikePatternLength = connection.limit(LIMIT_LIKE_PATTERN_LENGTH, -1);
        }
        int before = connection.limit(category, value);
        runtimeLimitLowered = connection.limit(LIMIT_LENGTH, -1) < defaultLength || connection.limit(LIMIT_LIKE_PATTERN_LENGTH, -1) < defaultLikePatternLength;
        return before;
    }
}
