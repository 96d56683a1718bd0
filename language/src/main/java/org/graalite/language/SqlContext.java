package org.graalite.language;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;

import com.oracle.truffle.api.TruffleLanguage.ContextReference;
import com.oracle.truffle.api.TruffleLanguage.Env;
import com.oracle.truffle.api.nodes.Node;

import org.graalite.interop.ConnectionObject;
import org.graalite.nativeapi.NativeConnection;
import org.graalite.runtime.Database;
import org.graalite.runtime.SqliteException;

/** A context of the {@code sql} language: its database connection. */
public final class SqlContext {
    private static final ContextReference<SqlContext> REFERENCE = ContextReference.create(SqlLanguage.class);

    private final SqlLanguage language;
    private final Env env;
    private Database database;
    /** Whether this context loaded NFI (sql.NativeBinding=nfi). */
    private boolean nfiLoaded;
    /** Every connection this context opened, closed with it. */
    private final java.util.List<Database> others = new java.util.ArrayList<>();

    SqlContext(SqlLanguage language, Env env) {
        this.language = language;
        this.env = env;
    }

    public static SqlContext get(Node node) {
        return REFERENCE.get(node);
    }

    public SqlLanguage language() {
        return language;
    }

    /** The Java object a host value passed by the embedder stands for, or null when it is not one. */
    public Object hostObject(Object value) {
        return env.isHostObject(value) ? env.asHostObject(value) : null;
    }

    /** A Java object as a guest value: to the host it is a host object again (Value.asHostObject). */
    public Object asHostValue(Object object) {
        return env.asGuestValue(object);
    }

    /**
     * Opens the database. A context without file IO access (a sandbox) may only open
     * in-memory databases: SQLite's own file access bypasses Truffle's file system. Out of
     * line: {@link #database()} is reached from compiled code (a hot eval's root).
     */
    @TruffleBoundary
    void open() {
        database = openDatabase(SqlLanguage.databaseOf(env), SqlLanguage.readOnlyOf(env));
        if (!nfiLoaded && SqlLanguage.nativeBindingOf(env) == org.graalite.nativeapi.NativeBinding.NFI) {
            // In every context, before any statement compiles: a backend's first use in a context
            // invalidates compiled code. Statements call the language's shared functions (see
            // SqlLanguage.nfi). After the database, whose policy errors (a sandbox's files) come first.
            language.nfiLoaded(org.graalite.nativeapi.NfiBinding.load(env));
            nfiLoaded = true;
        }
        if (env.isPolyglotBindingsAccessAllowed()) {
            // Every language of the context reaches the connection as the polyglot binding
            // "sql": Python's polyglot.import_value("sql"), JavaScript's Polyglot.import("sql").
            env.exportSymbol("sql", new ConnectionObject(database, this));
        }
    }

    /**
     * Whether guests may load SQLite extensions: an extension is native code, so only in a
     * context that allows native access (as Truffle NFI requires for the same reason).
     */
    public void checkExtensionsAllowed() {
        if (!env.isNativeAccessAllowed()) {
            throw org.graalite.runtime.SqliteException.error("loading SQLite extensions runs native code: the context must allow native access (allowNativeAccess(true))");
        }
    }

    /**
     * Where an extension's library {@code name} is: a path with a directory is relative to the
     * context's working directory (not the process's, which SQLite would use), as database
     * paths are; a bare name stays for the system's loader to search (LD_LIBRARY_PATH).
     */
    public String extensionPath(String name) {
        if (!name.contains("/") || !env.isFileIOAllowed()) {
            return name;
        }
        return env.getPublicTruffleFile(name).getAbsoluteFile().getPath();
    }

    /**
     * Opens another connection of this context (connection.open(path), Python's connect()).
     * A context without file IO access (a sandbox) may only open in-memory databases: SQLite's
     * own file access bypasses Truffle's file system.
     */
    public Database openDatabase(String path, boolean readOnly) {
        if (!isMemory(path) && !env.isFileIOAllowed()) {
            throw new SqliteException(org.graalite.runtime.ResultCodes.SQLITE_AUTH, "this context has no file access, so it cannot open the database file " + path);
        }
        // A relative path is relative to the context's working directory, not the JVM's.
        String resolved = isMemory(path) || path.startsWith("file:") ? path : env.getPublicTruffleFile(path).getAbsoluteFile().getPath();
        NativeConnection connection = NativeConnection.open(resolved, readOnly);
        if (!env.isFileIOAllowed()) {
            try {
                connection.sandbox();
            } catch (RuntimeException e) {
                connection.close();
                throw e;
            }
        }
        connection.busyTimeout(SqlLanguage.busyTimeoutOf(env));
        Database opened = new Database(language, connection, SqlLanguage.tierOf(env), new org.graalite.runtime.ConnectionLock(env, language.singleThreaded()));
        opened.setInlineStatements(SqlLanguage.inlineStatementsOf(env));
        opened.setTruffleTierAfter(SqlLanguage.truffleTierAfterOf(env));
        synchronized (others) {
            // Threads of the context may open connections at once (ConnectionLock).
            others.add(opened);
        }
        return opened;
    }

    /** Whether {@code path} opens an in-memory database: the same rule the sandbox applies to ATTACH. */
    static boolean isMemory(String path) {
        return NativeConnection.isMemoryName(path);
    }

    public Database database() {
        if (database == null) {
            open();
        }
        return database;
    }

    void close() {
        synchronized (others) {
            for (Database d : others) {
                d.close();
            }
        }
    }
}
