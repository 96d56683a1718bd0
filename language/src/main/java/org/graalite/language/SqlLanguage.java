package org.graalite.language;

import org.graalvm.options.OptionCategory;
import org.graalvm.options.OptionDescriptors;
import org.graalvm.options.OptionKey;
import org.graalvm.options.OptionStability;
import org.graalvm.options.OptionType;

import com.oracle.truffle.api.CallTarget;
import com.oracle.truffle.api.Option;
import com.oracle.truffle.api.TruffleLanguage;

import org.graalite.interop.ConnectionObject;
import org.graalite.nativeapi.NativeBinding;
import org.graalite.runtime.Tier;

/**
 * The {@code sql} language: SQL text is compiled by SQLite's own parser and planner and the
 * resulting VDBE program is run by Graalite (DESIGN.md).
 *
 * <p>{@code eval("sql", text)} runs the statements of the text against the context's
 * database and returns what the last one gives (see {@link org.graalite.runtime.Database#evaluate}).
 * The top scope ({@code getBindings("sql")}) is the connection object.
 */
@TruffleLanguage.Registration(id = SqlLanguage.ID, name = "SQL (Graalite)", implementationName = "Graalite", version = "0.1.0",
                defaultMimeType = SqlLanguage.MIME_TYPE, characterMimeTypes = SqlLanguage.MIME_TYPE, contextPolicy = TruffleLanguage.ContextPolicy.SHARED,
                website = "https://www.sqlite.org/lang.html", dependentLanguages = "nfi")
public final class SqlLanguage extends TruffleLanguage<SqlContext> {
    public static final String ID = "sql";
    public static final String MIME_TYPE = "application/x-sql";

    @Option(help = "The database file the context opens; :memory: (the default) is a private in-memory database.", category = OptionCategory.USER, stability = OptionStability.STABLE, usageSyntax = "<path>|:memory:") //
    static final OptionKey<String> Database = new OptionKey<>(":memory:");

    @Option(help = "Which engine runs statements: auto (the Truffle tier where it can, else SQLite's own), truffle (only the Truffle tier), native (only SQLite's own VDBE).", category = OptionCategory.USER, stability = OptionStability.STABLE, usageSyntax = "auto|truffle|native") //
    static final OptionKey<Tier> Tier = new OptionKey<>(org.graalite.runtime.Tier.AUTO, new OptionType<>("auto|truffle|native", org.graalite.runtime.Tier::parse));

    @Option(help = "Under sql.Tier=auto, how many executions of a statement (counted engine-wide by its SQL text) run on SQLite's own VDBE before the Truffle tier takes it: SQLite's VDBE runs a cold statement faster than the Truffle tier's interpreter, and the Truffle tier pays off once Graal compiles a hot one. 0: the Truffle tier from the first execution. Statements that call a guest's function run on the Truffle tier at once.", category = OptionCategory.EXPERT, stability = OptionStability.STABLE) //
    static final OptionKey<Integer> TruffleTierAfter = new OptionKey<>(org.graalite.runtime.Database.DEFAULT_TRUFFLE_TIER_AFTER);

    @Option(help = "Whether callers' loops over rows compile together with the statement (true), or call it across a boundary every row (false, to measure what inlining buys).", category = OptionCategory.EXPERT, stability = OptionStability.EXPERIMENTAL) //
    static final OptionKey<Boolean> InlineStatements = new OptionKey<>(true);

    @Option(help = "Open the database read-only.", category = OptionCategory.USER, stability = OptionStability.STABLE) //
    static final OptionKey<Boolean> ReadOnly = new OptionKey<>(false);

    @Option(help = "Milliseconds a statement waits for a lock held by another connection before failing with SQLITE_BUSY.", category = OptionCategory.USER, stability = OptionStability.STABLE) //
    static final OptionKey<Integer> BusyTimeout = new OptionKey<>(5000);

    @Option(help = "How the Truffle tier's hot B-tree calls (cursor step, seek by rowid, record payload) reach SQLite: ffm (FFM downcalls, the faster in the project's JMH comparison) or nfi (Truffle NFI with the panama backend; needs native access).", category = OptionCategory.EXPERT, stability = OptionStability.STABLE, usageSyntax = "ffm|nfi") //
    static final OptionKey<NativeBinding> NativeBinding = new OptionKey<>(org.graalite.nativeapi.NativeBinding.FFM,
                    new OptionType<>("ffm|nfi", org.graalite.nativeapi.NativeBinding::parse));

    private static final LanguageReference<SqlLanguage> REFERENCE = LanguageReference.create(SqlLanguage.class);

    /**
     * Compiled programs, engine-wide: a statement whose program is the same as one run before
     * (same SQL text, same instructions and operands, in any context of this engine) reuses
     * that program's call target and so its compiled code. Nothing of one execution is in the
     * nodes: registers, cursors and parameter values live in the Execution.
     */
    private final ProgramCache programs = new ProgramCache();

    /** The shared call target of the program with this key, made by {@code create} the first time. */
    public com.oracle.truffle.api.RootCallTarget program(String key, java.util.function.Supplier<com.oracle.truffle.api.RootCallTarget> create) {
        return programs.get(key, create);
    }

    /**
     * Whether the statement with this SQL text is warm enough for the Truffle tier: it has run
     * {@code threshold} times before in this engine, in any context (see option
     * sql.TruffleTierAfter); each call that answers false counts one.
     */
    public boolean warmForTruffleTier(String sql, int threshold) {
        return programs.warm(sql, threshold);
    }

    /** How many programs the engine-wide cache holds (at most {@link ProgramCache#CAPACITY}). */
    public int cachedPrograms() {
        return programs.size();
    }

    public static SqlLanguage get(com.oracle.truffle.api.nodes.Node node) {
        return REFERENCE.get(node);
    }

    @Override
    protected OptionDescriptors getOptionDescriptors() {
        return new SqlLanguageOptionDescriptors();
    }

    /**
     * The binding of the hot B-tree calls in every statement this instance builds; set by its
     * first context. Contexts with another sql.NativeBinding get another language instance
     * ({@link #areOptionsCompatible}), so the engine-wide program cache never mixes bindings.
     */
    private volatile NativeBinding nativeBinding;

    /** The sql.NativeBinding of this instance's contexts. */
    public NativeBinding nativeBinding() {
        NativeBinding b = nativeBinding;
        return b != null ? b : org.graalite.nativeapi.NativeBinding.FFM;
    }

    /**
     * With sql.NativeBinding=nfi: the NFI functions that every statement of this instance
     * calls, bound in its first context. One set for all contexts keeps compiled statements
     * shared: NFI specializes its calls on each context's own function and signature objects,
     * so per-context functions made a statement deoptimize and grow in every new context (and
     * turn polymorphic after three). The functions stay callable after that context closes:
     * the library is never unloaded (NativeLibrary holds it for the life of the JVM).
     */
    private volatile org.graalite.nativeapi.NfiBinding nfi;

    /** The shared NFI functions (null unless sql.NativeBinding is nfi and a context has started). */
    public org.graalite.nativeapi.NfiBinding nfi() {
        return nfi;
    }

    /** A context of this instance loaded NFI: the first one's functions become the shared ones. */
    synchronized void nfiLoaded(org.graalite.nativeapi.NfiBinding loaded) {
        if (nfi == null) {
            nfi = loaded;
        }
    }

    @Override
    protected SqlContext createContext(Env env) {
        if (nativeBinding == null) {
            nativeBinding = env.getOptions().get(NativeBinding);
        }
        return new SqlContext(this, env);
    }

    @Override
    protected void initializeContext(SqlContext context) {
        context.open();
    }

    /**
     * Any number of threads may use a context at once (a GraalPy program's threads, a Java
     * host's): each call into a connection holds its lock (ConnectionLock), which costs nothing
     * until a context is first used by two threads at once.
     */
    @Override
    protected boolean isThreadAccessAllowed(Thread thread, boolean singleThreaded) {
        return true;
    }

    /** Valid until a context of this engine is used by two threads at once (see ConnectionLock). */
    private final com.oracle.truffle.api.Assumption singleThreaded = org.graalite.runtime.ConnectionLock.singleThreadedEngine();

    public com.oracle.truffle.api.Assumption singleThreaded() {
        return singleThreaded;
    }

    @Override
    protected void initializeMultiThreading(SqlContext context) {
        singleThreaded.invalidate();
    }

    @Override
    protected void finalizeContext(SqlContext context) {
        context.close();
    }

    @Override
    protected boolean areOptionsCompatible(org.graalvm.options.OptionValues firstOptions, org.graalvm.options.OptionValues newOptions) {
        // Most options only shape the context (its database and tier); the native binding is
        // built into the statements' nodes, which the language instance caches for all its contexts.
        return firstOptions.get(NativeBinding).equals(newOptions.get(NativeBinding));
    }

    @Override
    protected CallTarget parse(ParsingRequest request) {
        if (!request.getArgumentNames().isEmpty()) {
            throw new UnsupportedOperationException("sql sources take no argument names; use ? or :name parameters");
        }
        return new EvalRootNode(this, request.getSource().getCharacters().toString()).getCallTarget();
    }

    @Override
    protected Object getScope(SqlContext context) {
        return new ConnectionObject(context.database(), context);
    }

    static NativeBinding nativeBindingOf(Env env) {
        return env.getOptions().get(NativeBinding);
    }

    static int truffleTierAfterOf(Env env) {
        return Math.max(0, env.getOptions().get(TruffleTierAfter));
    }

    static boolean inlineStatementsOf(Env env) {
        return env.getOptions().get(InlineStatements);
    }

    static Tier tierOf(Env env) {
        return env.getOptions().get(Tier);
    }

    static String databaseOf(Env env) {
        return env.getOptions().get(Database);
    }

    static boolean readOnlyOf(Env env) {
        return env.getOptions().get(ReadOnly);
    }

    static int busyTimeoutOf(Env env) {
        return env.getOptions().get(BusyTimeout);
    }
}
