package org.graalite.runtime;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.interop.InteropLibrary;
import com.oracle.truffle.api.interop.InteropException;

import org.graalite.nativeapi.UserFunctions;

/**
 * A scalar SQL function written in a guest language (Python, JavaScript, Java, ...): a name,
 * a number of arguments (-1 for any) and an executable guest value, or a {@link JavaFunction}
 * (Graalite's JDBC driver). The Truffle tier calls a guest value through a cached interop
 * node, so Graal can inline it into the statement, and a JavaFunction directly; SQLite's own
 * VDBE calls it through {@link UserFunctions}.
 *
 * <p>A function created with integer kinds receives, before its SQL arguments, the string of
 * {@link IntegerKinds} that says which of them are INTEGERs (better-sqlite3's safe integers);
 * such a function has no argument-less form.
 */
public final class UserFunction implements UserFunctions.Implementation {
    private final String name;
    private final int arguments;
    private final Object callable;
    private final ArgumentSlots slots;
    /** Whether each call passes the {@link IntegerKinds} of its arguments first. */
    private final boolean integerKinds;
    /** See {@link #numbersAreReal()}. */
    private final boolean numbersAreReal;

    /**
     * A second, argument-less form of the callable for the Truffle tier: it reads its arguments
     * from {@code slots}, a guest array of one element per argument that the caller fills
     * right before each call, and reads them before it runs anything else, so a nested call of
     * the same function cannot change what it reads. A guest language copies the arguments of
     * an interop call into a new array of its own, which compiled code then allocates and
     * fills at every call (GraalJS: JSArguments.create); a call without arguments has nothing
     * to copy. Measured in one process: a JavaScript abs() over 600,000 rows added 33 ms to
     * the scan through arguments, 17 ms through slots.
     */
    public record ArgumentSlots(Object callable, Object slots) {
    }

    public UserFunction(String name, int arguments, Object callable, ArgumentSlots slots, boolean integerKinds, boolean numbersAreReal) {
        assert slots == null || !integerKinds : "a function that takes integer kinds has no argument-less form";
        this.name = name;
        this.arguments = arguments;
        this.callable = callable;
        this.slots = slots;
        this.integerKinds = integerKinds;
        this.numbersAreReal = numbersAreReal;
    }

    public String name() {
        return name;
    }

    public int arguments() {
        return arguments;
    }

    public Object callable() {
        return callable;
    }

    /** The argument-less form of the callable, or null when it has none. */
    public ArgumentSlots slots() {
        return slots;
    }

    /** Whether each call passes the {@link IntegerKinds} of its arguments before them. */
    public boolean integerKinds() {
        return integerKinds;
    }

    /** Whether the guest's plain numbers it returns are REALs (see {@link Binder#toSqlValue(int, Object, boolean)}). */
    public boolean numbersAreReal() {
        return numbersAreReal;
    }

    /** The Java function this is, or null for a guest callable. */
    public JavaFunction java() {
        return callable instanceof JavaFunction f ? f : null;
    }

    /** A call of a {@link JavaFunction}: SQL values in, an SQL value out. */
    @TruffleBoundary
    public Object applyJava(Object[] sqlArguments) {
        Object[] arguments = InvalidText.asStrings(sqlArguments);
        return javaResult(callJava(() -> ((JavaFunction) callable).apply(arguments)));
    }

    /** Code of a Java function or aggregate, run by {@link #callJava}. */
    interface JavaCode {
        Object run() throws Exception;
    }

    /**
     * Runs a Java function's or aggregate's code: what it throws fails the statement as
     * sqlite3_result_error reports it (SQLITE_ERROR with the exception's message); SQLite's own
     * errors pass as they are.
     */
    static Object callJava(JavaCode code) {
        try {
            return code.run();
        } catch (SqliteException e) {
            throw e;
        } catch (Exception e) {
            throw SqliteException.error(String.valueOf(e.getMessage()));
        }
    }

    /**
     * A Java function's or aggregate's result as an SQL value: Java's numbers, strings, byte
     * arrays and null, booleans as 1 or 0.
     */
    static Object javaResult(Object value) {
        if (value == null || value instanceof Long || value instanceof Double || value instanceof String || value instanceof byte[]) {
            return value;
        } else if (value instanceof Integer || value instanceof Short || value instanceof Byte) {
            return ((Number) value).longValue();
        } else if (value instanceof Float f) {
            return f.doubleValue();
        } else if (value instanceof Boolean b) {
            return b ? 1L : 0L;
        }
        throw new SqliteException(ResultCodes.SQLITE_MISMATCH, "a Java function returned a value SQL does not have: " + value.getClass().getName());
    }

    /** A call from SQLite's VDBE: SQL values in, an SQL value out. */
    @Override
    @TruffleBoundary
    public Object apply(Object[] sqlArguments) {
        if (callable instanceof JavaFunction) {
            return applyJava(sqlArguments);
        }
        int shift = integerKinds ? 1 : 0;
        Object[] guestArguments = new Object[sqlArguments.length + shift];
        if (integerKinds) {
            guestArguments[0] = IntegerKinds.of(sqlArguments);
        }
        for (int i = 0; i < sqlArguments.length; i++) {
            guestArguments[i + shift] = SqlValues.toGuestArgument(sqlArguments[i]);
        }
        try {
            return Binder.toSqlValue(0, InteropLibrary.getUncached().execute(callable, guestArguments), numbersAreReal);
        } catch (InteropException e) {
            throw SqliteException.error("user function " + name + " failed: " + e.getMessage());
        }
    }
}
