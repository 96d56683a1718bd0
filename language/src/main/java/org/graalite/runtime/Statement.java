package org.graalite.runtime;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;

import org.graalite.interop.ColumnNames;
import org.graalite.interop.SqlBlob;
import org.graalite.interop.SqlNull;
import com.oracle.truffle.api.RootCallTarget;
import com.oracle.truffle.api.nodes.DirectCallNode;

import org.graalite.nativeapi.NativeStatement;
import org.graalite.nativeapi.NativeVdbe;
import org.graalite.nodes.NodeFactory;
import org.graalite.nodes.ProgramRootNode;
import org.graalite.nativeapi.ProgramReader;
import org.graalite.program.Program;

/**
 * A prepared statement of a {@link Database}: the native statement, its result columns and
 * parameters, the tier chosen to run it, and which execution is current.
 *
 * <p>Each execution (bind, run) gets a new generation number; a result of an earlier
 * execution notices that it is stale instead of reading the rows of a later one.
 */
public final class Statement implements AutoCloseable {
    private final Database database;
    private final NativeStatement nativeStatement;
    /** Read at prepare, and again when SQLite prepares the statement again with other result columns (another connection altered a table of a {@code SELECT *}). */
    private ColumnNames columns;
    /** The statement's count of SQLite's re-prepares when {@link #columns} were last read. */
    private int columnsReadAtReprepare;
    private final int parameterCount;
    /** The values bound to the parameters (1-based), as the Truffle tier's Variable reads them. */
    private final Object[] parameterValues;
    /**
     * The native statement's bindings lag behind {@link #parameterValues}: on the Truffle tier
     * the values stay in Java (see {@link #bindsInJavaOnly}) until SQLite itself needs them.
     */
    private boolean nativeBindingsStale;
    /** Whether SQLite's plan depends on bound values (see NativeStatement.planUsesParameters): -1 not asked yet. */
    private int planUsesParameters = -1;
    /** Whether the current execution has handed out a row (a schema change after that is an error). */
    private boolean rowProduced;
    /** Null until a tier decision needs it; then read as SQLite prepared it (see {@link #program()}). */
    private Program program;
    /** SQLite's count of the statement's re-prepares when {@link #program} was read or found current. */
    private int programReprepares;
    /** Whether SQLite's VDBE has stepped the statement (it rewrites some instructions as it runs them). */
    private boolean steppedNatively;
    /** The tier that runs the statement: the Truffle tier if it can (and the option allows); null until a tier decision needs it. */
    private Tier chosen;
    /**
     * The tier of the current execution: {@link #chosen}, except SQLite's VDBE while the
     * statement is not yet warm for the Truffle tier (see Database.warmForTruffleTier).
     */
    private Tier tier;
    /** Whether the statement has been warm for the Truffle tier (once warm, always). */
    private boolean warm;
    private int generation;
    /** True between the start of an execution and its reset. */
    private boolean active;
    /** The Truffle tier's program, built at the first execution on that tier. */
    private RootCallTarget callTarget;
    /**
     * Calls of {@link #callTarget} from Java code outside any compiled program (a step, a batch
     * of rows for JDBC): through a call node of the statement's own, not {@code CallTarget.call},
     * which from such code looks its caller's node up in a thread-local on every call (about 10%
     * of a one-row lookup's time through JDBC). Made for the call target it calls; null until
     * needed.
     */
    private DirectCallNode hostCall;
    /** See {@link #fingerprint()}. */
    private String fingerprint;
    /** The current execution on the Truffle tier. */
    private Execution execution;
    /** The programs SQLite made for the statement when it prepared it again, if it has (null until then). */
    private ProgramVariants variants;
    /** Which of {@link #variants} {@link #program} is, if any: where its call target and execution are kept when another one takes over. */
    private ProgramVariants.Variant variant;
    /** See {@link #programReads()}. */
    private int programReads;

    Statement(Database database, NativeStatement nativeStatement) {
        this.database = database;
        this.nativeStatement = nativeStatement;
        this.columns = readColumns(nativeStatement);
        this.parameterCount = nativeStatement.parameterCount();
        this.parameterValues = new Object[parameterCount + 1];
    }

    private static ColumnNames readColumns(NativeStatement nativeStatement) {
        int n = nativeStatement.columnCount();
        String[] names = new String[n];
        for (int i = 0; i < n; i++) {
            names[i] = nativeStatement.columnName(i);
        }
        return new ColumnNames(names);
    }

    /**
     * Reads the result columns again, keeping the old object when nothing changed (statements
     * whose plan uses bound values are prepared again at every execution: their names are
     * compared, not collected).
     */
    private void refreshColumns() {
        int n = nativeStatement.columnCount();
        boolean same = n == columns.size();
        for (int i = 0; same && i < n; i++) {
            same = nativeStatement.columnName(i).equals(columns.name(i));
        }
        if (!same) {
            columns = readColumns(nativeStatement);
        }
    }

    public Database database() {
        return database;
    }

    public NativeStatement nativeStatement() {
        return nativeStatement;
    }

    public ColumnNames columns() {
        return columns;
    }

    public int parameterCount() {
        return parameterCount;
    }

    /** Records the value bound to parameter {@code index}: null, Long, Double, String, InvalidText or byte[]. */
    void setParameterValue(int index, Object value) {
        parameterValues[index] = value;
    }

    void clearParameterValues() {
        java.util.Arrays.fill(parameterValues, null);
    }

    /**
     * Whether the next execution's parameter values may stay in Java: it runs on the Truffle
     * tier, which reads them there, and SQLite did not make the plan from bound values (then a
     * new value must reach SQLite at once, which prepares the statement again). Binding them
     * natively as well cost a downcall per parameter and one to clear them, on every execution.
     */
    boolean bindsInJavaOnly() {
        if (!warm || tier() != Tier.TRUFFLE) {
            return false;
        }
        if (planUsesParameters < 0) {
            planUsesParameters = nativeStatement.planUsesParameters() ? 1 : 0;
        }
        return planUsesParameters == 0;
    }

    /** The last bind kept its values in Java only. */
    void nativeBindingsLag() {
        nativeBindingsStale = true;
    }

    /** Binds {@link #parameterValues} natively if the last bind kept them in Java: before SQLite steps or prepares the statement again. */
    private void catchUpNativeBindings() {
        if (nativeBindingsStale) {
            nativeBindingsStale = false;
            nativeStatement.clearBindings();
            for (int i = 1; i <= parameterCount; i++) {
                Binder.bindNative(nativeStatement, i, parameterValues[i]);
            }
        }
    }

    public boolean isQuery() {
        return columns.size() > 0;
    }

    public boolean isClosed() {
        return nativeStatement.isClosed();
    }

    /**
     * The statement's VDBE program, as it was right after prepare: read before the first step,
     * or, once SQLite's VDBE has run the statement (a cold statement, which is not read), from
     * the statement prepared again.
     */
    public Program program() {
        if (program == null) {
            if (active) {
                throw new IllegalStateException("the program cannot be read while the statement runs");
            }
            if (steppedNatively) {
                prepareAgainUnrun();
            }
            program = ProgramReader.read(nativeStatement);
            programReads++;
            programReprepares = nativeStatement.reprepareCount();
        }
        return program;
    }

    /** The program's fingerprint (see {@link Program#fingerprint}), made once: the program cache's key, and what a prepare-again compares. */
    public String fingerprint() {
        if (fingerprint == null) {
            fingerprint = program().fingerprint();
        }
        return fingerprint;
    }

    /**
     * The tier of the next execution: SQLite's VDBE while the statement is not warm (see
     * Database.warmForTruffleTier), else {@link #tier()}. Which tier runs a warm statement is
     * decided when it first is warm: a cold statement costs nothing more than on SQLite's VDBE
     * (deciding loads the Truffle tier's classes, 50 to 180 ms at a process's first statement,
     * and reads the program).
     */
    private Tier executionTier() {
        if (!warm) {
            warm = database.warmForTruffleTier(this);
            if (!warm) {
                return Tier.NATIVE;
            }
            if (program != null && nativeStatement.reprepareCount() != programReprepares) {
                // SQLite prepared the statement again while it ran cold (a schema change, a
                // bound value its plan depends on): the program read at its first execution may
                // not be SQLite's now, and SQLite has run the one it holds. Expired, it is
                // prepared again when the Truffle tier starts it (preparedAgainForTheTruffleTier),
                // as after a schema change.
                nativeStatement.expire();
            }
        }
        return tier();
    }

    /** The tier that runs the statement once it is warm (see {@link #tier}). */
    public Tier tier() {
        if (chosen == null) {
            chosen = database.chooseTier(this);
        }
        return chosen;
    }

    public int generation() {
        return generation;
    }

    /** Starts a new execution: resets a running one; results of earlier executions go stale. */
    @TruffleBoundary
    public int begin() {
        if (active) {
            nativeStatement.reset();
            active = false;
        }
        database.beforeStatement(this);
        // After the reset: a statement that becomes warm may read its program, never while active.
        tier = executionTier();
        if (tier == Tier.TRUFFLE && database.runsStatementsNatively()) {
            // A lowered length limit, which only SQLite's VDBE checks.
            continueOnNativeTier("while a length limit is lowered");
        }
        if (tier == Tier.TRUFFLE) {
            beginOnTruffleTier();
        }
        database.countExecution(tier);
        rowProduced = false;
        return ++generation;
    }

    /** See {@link #mayChangeJournalModes()}: 0 not known yet, 1 no, 2 yes. */
    private byte changesJournalModes;

    /**
     * Whether the statement is a PRAGMA journal_mode, an ATTACH or a DETACH: after it a
     * database may be in WAL mode or out of it (Database#beforeStatement). Read from the text
     * once, and only on a connection with a WAL synchronous level of its own.
     */
    boolean mayChangeJournalModes() {
        if (changesJournalModes == 0) {
            String sql = nativeStatement.sql().stripLeading().toLowerCase(java.util.Locale.ROOT);
            boolean changes = (sql.startsWith("pragma") && sql.contains("journal_mode")) || sql.startsWith("attach") || sql.startsWith("detach");
            changesJournalModes = (byte) (changes ? 2 : 1);
        }
        return changesJournalModes == 2;
    }

    private void beginOnTruffleTier() {
        NativeVdbe vdbe = nativeStatement.vdbe();
        int rc = vdbe.begin();
        if (rc == NativeVdbe.NOT_UTF8) {
            // Records are decoded as UTF-8; a UTF-16 database runs on SQLite's own engine.
            continueOnNativeTier("on a UTF-16 database");
            return;
        }
        if (rc == ResultCodes.SQLITE_SCHEMA && preparedAgainForTheTruffleTier(vdbe)) {
            rc = vdbe.begin();
        }
        if (rc == ResultCodes.SQLITE_SCHEMA) {
            // The schema changed since prepare and preparing again failed or made a program
            // the Truffle tier cannot run: sqlite3_step prepares it again (and reports any error).
            continueOnNativeTier();
            return;
        } else if (rc != ResultCodes.SQLITE_OK) {
            throw new SqliteException(rc, "cannot start the statement on the Truffle tier");
        }
        active = true;
        if (callTarget == null) {
            callTarget = database.programCallTarget(this);
        }
        if (execution == null || execution.vdbe != vdbe) {
            execution = new Execution(vdbe, program.registerCount(), program.cursorCount(), parameterValues, program.instructions().size());
        } else {
            execution = execution.next(parameterValues);
        }
        execution.invalidTextAsBytes = database.invalidTextAsBytes();
    }

    /**
     * An expired statement is prepared again as sqlite3_step would: a schema was read or changed
     * since prepare (a BEGIN prepared before the connection first read its schema expires then),
     * or a parameter that steers the plan was bound (SQLite then prepares the statement again at
     * every execution: a LIMIT, a value that decides whether a partial index applies, with STAT4
     * any value compared with an indexed column). True if the Truffle tier runs the new program:
     * the same as before (the shim compares them, and when unsure the fingerprints tell), one it
     * ran before ({@link ProgramVariants}), or another one that it supports, which it takes on.
     */
    private boolean preparedAgainForTheTruffleTier(NativeVdbe vdbe) {
        // SQLite plans the new program with the bound values, and its plan may now depend on them.
        catchUpNativeBindings();
        planUsesParameters = -1;
        int result = vdbe.reprepare();
        if ((result & ~NativeVdbe.SAME_SHAPE) != ResultCodes.SQLITE_OK) {
            return false;
        }
        // The result columns may have changed (a SELECT * of a table that another connection
        // altered; a renamed column leaves the program as it was).
        refreshColumns();
        // A function defined again keeps its FuncDef, so the shim sees the same shape; the
        // program read at prepare remembers who defined each function, and tells.
        programReprepares = nativeStatement.reprepareCount();
        boolean byShape = !program.callsDefinedFunctions();
        if ((result & NativeVdbe.SAME_SHAPE) != 0 && byShape) {
            return true;
        }
        byte[] shape = byShape ? nativeStatement.programShape() : null;
        if (shape != null) {
            ProgramVariants.Variant known = variants().find(shape);
            if (known != null) {
                takeVariant(known);
                return true;
            }
        }
        Program again = ProgramReader.read(nativeStatement);
        programReads++;
        String againFingerprint = again.fingerprint();
        if (againFingerprint.equals(fingerprint())) {
            if (shape != null) {
                keepVariant(variants().add(shape, program, fingerprint));
            }
            return true;
        }
        if (!TruffleTierSupport.missingOpcodes(again, database).isEmpty()) {
            return false;
        }
        if (shape != null && !again.callsDefinedFunctions()) {
            takeVariant(variants().add(shape, again, againFingerprint));
        } else {
            saveVariant();
            program = again;
            fingerprint = againFingerprint;
            callTarget = null;
            execution = null;
            variant = null;
        }
        database.log("prepared again with another program, on the Truffle tier: " + nativeStatement.sql());
        return true;
    }

    /** How many times the statement's program was read from SQLite (at the first execution on the Truffle tier, and after prepares again that made another shape). */
    public int programReads() {
        return programReads;
    }

    private ProgramVariants variants() {
        if (variants == null) {
            variants = new ProgramVariants();
        }
        return variants;
    }

    /** Makes {@code v} the current program, keeping what the Truffle tier built for the one before. */
    private void takeVariant(ProgramVariants.Variant v) {
        saveVariant();
        program = v.program;
        fingerprint = v.fingerprint;
        callTarget = v.callTarget;
        execution = v.execution;
        variant = v;
    }

    /** If the current program is a remembered variant, keeps what the Truffle tier built for it there, for when it comes back. */
    private void saveVariant() {
        if (variant != null) {
            variant.callTarget = callTarget;
            variant.execution = execution;
        }
    }

    /** The current program is remembered as {@code v} (one more shape of it): its call target and execution go with it. */
    private void keepVariant(ProgramVariants.Variant v) {
        v.callTarget = callTarget;
        v.execution = execution;
        variant = v;
    }

    /**
     * Prepares the statement again, so that its program is as SQLite made it and not as its
     * VDBE left it after running it (String8 turned into String, Init's counter): the Truffle
     * tier reads it now. If that fails (the schema changed and SQLite cannot prepare the
     * statement now), the program stays as it is, and the Truffle tier's start finds the
     * statement expired and prepares it as after any schema change.
     */
    private void prepareAgainUnrun() {
        catchUpNativeBindings();
        nativeStatement.expire();
        int result = nativeStatement.vdbe().reprepare();
        if ((result & ~NativeVdbe.SAME_SHAPE) == ResultCodes.SQLITE_OK) {
            planUsesParameters = -1;
            refreshColumns();
        }
    }

    /**
     * The connection's total_changes() before the current execution: a Truffle-tier execution
     * learnt it when it started, a native one asks now (nothing has run yet).
     */
    public long totalChangesAtBegin() {
        return tier == Tier.TRUFFLE && execution != null ? execution.vdbe.totalChangesAtBegin : nativeStatement.connection().totalChanges();
    }

    /** Steps the current execution: true if a row is ready. On an error the execution ends. */
    @TruffleBoundary
    public boolean step() {
        active = true;
        if (tier == Tier.TRUFFLE) {
            boolean row;
            try {
                row = (Boolean) hostCall().call(execution.callArguments);
            } catch (RuntimeException | Error e) {
                return afterFailedTruffleStep(e);
            }
            return afterTruffleStep(row);
        }
        return nativeStepToEnd();
    }

    /**
     * {@link #step()} on the Truffle tier through a caller's own DirectCallNode of
     * {@link #truffleTarget()}, so that the program compiles into the caller (a loop over a
     * result's rows, see QueryResult): the same outcome, errors included.
     */
    public boolean stepInlined(DirectCallNode program) {
        active = true;
        boolean row;
        try {
            row = (Boolean) program.call(execution);
        } catch (RuntimeException | Error e) {
            return afterFailedTruffleStep(e);
        }
        return afterTruffleStep(row);
    }

    /** After a Truffle-tier step that returned: as {@link #afterStep}, and a guest's collation that failed meanwhile fails the step. */
    private boolean afterTruffleStep(boolean row) {
        try {
            // A guest's collation that failed while SQLite sorted or searched for the tier.
            throwPendingCollationError();
            afterStep(row);
            return row;
        } catch (RuntimeException e) {
            finish();
            throw e;
        }
    }

    /**
     * After a Truffle-tier step that threw: a change of schema before the first row, or
     * triggers nested deeper than the Java stack holds, go on on SQLite's own engine (which
     * prepares the statement again, or rolls back and runs it again); anything else ends the
     * execution and is thrown.
     */
    @TruffleBoundary
    private boolean afterFailedTruffleStep(Throwable failure) {
        try {
            if (failure instanceof SqliteException e && continuesNativelyAfterSchemaChange(e)) {
                return nativeStepToEnd();
            }
            if (failure instanceof StackOverflowError e && !rowProduced) {
                // SQLite allows 1,000 levels of triggers, on the heap: it rolls back what the
                // execution did, and runs it again.
                abortAfter(e);
                continueOnNativeTier("when its triggers nest deeper than the Java stack holds");
                active = true;
                return nativeStepToEnd();
            }
        } catch (RuntimeException e) {
            finish();
            throw e;
        } catch (Error e) {
            abortAfter(e);
            throw e;
        }
        if (failure instanceof RuntimeException e) {
            // SQLite has ended the execution (an error halts it); reset releases its locks.
            finish();
            throw e;
        }
        abortAfter((Error) failure);
        throw (Error) failure;
    }

    /** A step on SQLite's own engine, with what follows it: new result columns after a prepare-again, the end of the execution. */
    private boolean nativeStepToEnd() {
        try {
            boolean row = nativeStep();
            if (row && !rowProduced) {
                int reprepares = nativeStatement.reprepareCount();
                if (reprepares != columnsReadAtReprepare) {
                    // sqlite3_step prepared the statement again: its columns may have changed.
                    columnsReadAtReprepare = reprepares;
                    refreshColumns();
                }
            }
            rowProduced |= row;
            if (!row) {
                finish();
            }
            return row;
        } catch (RuntimeException e) {
            finish();
            throw e;
        } catch (Error e) {
            abortAfter(e);
            throw e;
        }
    }

    /**
     * Ends an execution that a Java error (a StackOverflowError, an OutOfMemoryError) stopped
     * in the middle of the Truffle tier: SQLite halts it with an error, which rolls back what it
     * wrote as for any other error, before the reset; a reset alone would have committed it.
     */
    @TruffleBoundary
    public void abortAfter(Error error) {
        if (active && tier == Tier.TRUFFLE && execution != null) {
            execution.vdbe.abort(0, ResultCodes.SQLITE_ERROR, "the Truffle tier stopped: " + error);
        }
        finish();
    }

    /**
     * Whether a Truffle-tier execution that failed with SQLITE_SCHEMA before its first row (another
     * connection changed the schema since prepare; OP_Transaction noticed the cookie) goes on as
     * SQLite's sqlite3_step would: the statement is reset and the native tier steps it, which
     * prepares it again. The new program is not the one the Truffle tier holds, so the statement
     * stays on the native tier.
     */
    @TruffleBoundary
    public boolean continuesNativelyAfterSchemaChange(RuntimeException e) {
        if (tier != Tier.TRUFFLE || rowProduced || !(e instanceof SqliteException s) || s.primaryCode() != ResultCodes.SQLITE_SCHEMA) {
            return false;
        }
        nativeStatement.reset();
        continueOnNativeTier();
        active = true;
        return true;
    }

    /**
     * After SQLITE_SCHEMA: SQLite's own step prepares the statement again; it runs natively from
     * now on. This happens under {@code sql.Tier=truffle} too: the statement is not the one
     * that was prepared any more, and SQLite decides what the new one is.
     */
    private void continueOnNativeTier() {
        tier = chosen = Tier.NATIVE;
        database.log("schema changed: statement continues on the native tier: " + nativeStatement.sql());
    }

    /**
     * The statement cannot run on the Truffle tier for now ({@code why} completes "the Truffle
     * tier cannot run this statement ..."): it goes on on SQLite's VDBE, or under
     * {@code sql.Tier=truffle} fails as a statement the tier does not support does.
     */
    private void continueOnNativeTier(String why) {
        if (database.requiresTruffleTier()) {
            throw SqliteException.error("sql.Tier=truffle: the Truffle tier cannot run this statement " + why + " (statement: " + nativeStatement.sql() + ")");
        }
        tier = chosen = Tier.NATIVE;
        database.log("the Truffle tier cannot run this statement " + why + ": it continues on the native tier: " + nativeStatement.sql());
    }

    /**
     * The call target of the current execution when it runs on the Truffle tier (null on the
     * native tier). Callers that iterate rows call it through a cached DirectCallNode, so the
     * program compiles into their own code (see QueryResult).
     */
    public RootCallTarget truffleTarget() {
        return tier == Tier.TRUFFLE && database.inlineStatements() ? callTarget : null;
    }

    /**
     * The call node of the current execution's program for Java code outside compiled programs:
     * a step, or a batch of rows (ProgramRootNode#execute with a RowBatch).
     */
    public DirectCallNode hostCall() {
        DirectCallNode call = hostCall;
        if (call == null || call.getCallTarget() != callTarget) {
            hostCall = call = DirectCallNode.create(callTarget);
        }
        return call;
    }

    public Execution execution() {
        return execution;
    }

    /** After a step through {@link #truffleTarget()}: the row of that step, or the end of the rows. */
    public void afterStep(boolean row) {
        active = true;
        rowProduced |= row;
        if (!row) {
            completed();
            finish();
        }
    }

    /** The current execution reached its halt without an error. */
    private void completed() {
        if (tier == Tier.TRUFFLE && execution != null) {
            execution.vdbe.completed();
        }
    }

    /** Throws the exception a guest's collation threw while SQLite called it (it took the texts for equal and went on). */
    public static void failIfCollationFailed() {
        throwPendingCollationError();
    }

    private static void throwPendingCollationError() {
        if (org.graalite.nativeapi.UserCollations.mayBePending()) {
            throwKeptCollationError();
        }
    }

    @TruffleBoundary
    private static void throwKeptCollationError() {
        RuntimeException collation = org.graalite.nativeapi.UserCollations.takePending();
        if (collation != null) {
            throw collation;
        }
    }

    /** A step on SQLite's VDBE; a guest function's exception comes back as itself, not as SQLite's error. */
    private boolean nativeStep() {
        catchUpNativeBindings();
        steppedNatively = true;
        boolean row;
        try {
            row = nativeStatement.step();
        } catch (SqliteException e) {
            RuntimeException guest = org.graalite.nativeapi.UserFunctions.takePending();
            if (guest == null) {
                guest = org.graalite.nativeapi.VirtualTables.takePending();
            }
            if (guest == null) {
                guest = org.graalite.nativeapi.UserCollations.takePending();
            }
            throw guest != null ? guest : e;
        }
        // A collation that failed during the step (SQLite went on as if it found the texts equal).
        throwPendingCollationError();
        // A function's error that SQLite ignored must not stand for a later step's error.
        org.graalite.nativeapi.UserFunctions.takePending();
        org.graalite.nativeapi.VirtualTables.takePending();
        return row;
    }

    /** Ends the current execution, releasing the locks it holds. */
    @TruffleBoundary
    public void finish() {
        if (active) {
            if (tier == Tier.TRUFFLE && execution != null) {
                execution.vdbe.afterFault();
            }
            if (!resetAtHalt()) {
                nativeStatement.reset();
            }
            active = false;
        }
    }

    /** Whether the current execution ended at a Truffle-tier halt, which also reset the statement and counted its changes. */
    private boolean resetAtHalt() {
        return tier == Tier.TRUFFLE && execution != null && execution.vdbe.resetAtHalt();
    }

    /**
     * After an execution that ran to its end: the rows it changed, if the connection's
     * total_changes() moved from {@code before} (its value at the start), else 0. A Truffle-tier
     * halt counted them in its own call.
     */
    public long changesSince(long before) {
        if (resetAtHalt()) {
            return execution.vdbe.changedAtHalt();
        }
        return nativeStatement.connection().changesSince(before);
    }

    /** The current row's values: Long, Double, String, {@link SqlBlob} or {@link SqlNull}. */
    @TruffleBoundary
    public Object[] readRow() {
        if (tier == Tier.TRUFFLE) {
            return execution.row;
        }
        int n = columns.size();
        Object[] values = new Object[n];
        for (int i = 0; i < n; i++) {
            values[i] = readColumn(i);
        }
        return values;
    }

    private Object readColumn(int i) {
        switch (nativeStatement.columnType(i)) {
            case NativeStatement.INTEGER:
                return nativeStatement.columnLong(i);
            case NativeStatement.FLOAT:
                return nativeStatement.columnDouble(i);
            case NativeStatement.TEXT:
                return database.invalidTextAsBytes() ? SqlValues.toInterop(nativeStatement.columnTextValue(i), true) : nativeStatement.columnText(i);
            case NativeStatement.BLOB:
                return new SqlBlob(nativeStatement.columnBlob(i));
            default:
                return SqlNull.INSTANCE;
        }
    }

    @Override
    public void close() {
        active = false;
        nativeStatement.close();
    }
}
