package org.graalite.runtime;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.exception.AbstractTruffleException;
import com.oracle.truffle.api.interop.InteropLibrary;
import com.oracle.truffle.api.interop.InteropException;
import com.oracle.truffle.api.nodes.ExplodeLoop;

import com.oracle.truffle.api.strings.TruffleString;

import org.graalite.interop.GuestCallNode;
import org.graalite.interop.Rethrow;
import org.graalite.interop.SqlBlob;
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
    /** Non-null: the callable is called directly in these conventions of its language. */
    private final GuestConventions conventions;
    /** Non-null: passed before the SQL arguments of each call (see {@link #receiver()}). */
    private final Object receiver;
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

    /**
     * How a guest language wants its function called when the engine calls it directly, with
     * no code of the guest's module between the statement and the function: {@code
     * nullArgument} is passed for an SQL NULL (Python's None), {@code blobArgument} makes the
     * language's value for a BLOB from an {@link SqlBlob} (Python's {@code bytes}), {@code
     * result} turns a result that is not a plain number, string, boolean or
     * {@code nullArgument} into one or raises (Python's int range and type checks), and
     * {@code failure}, called with a {@link Rethrow} of what the function or {@code result}
     * threw, raises the error the statement fails with (Python's sqlite3 exceptions, its
     * callback tracebacks).
     *
     * <p>Why not a wrapper function of the module that converts and calls the user's function:
     * on GraalPy 25, once a finalizer (any object's {@code __del__}) has run inside a Python
     * function, every call of it from a Python function that foreign code called walks the
     * stack for the caller's exception state and deoptimizes, 70 times slower for the rest of
     * the process; called from the engine itself it runs as fast as before.
     */
    public record GuestConventions(Object nullArgument, Object blobArgument, Object result, Object failure) {
        /** Whether the engine takes {@code value}, a function's result, without the result hook. */
        public boolean isPlainResult(Object value) {
            return value instanceof Long || value instanceof Integer || value instanceof Double || value instanceof Boolean || (value instanceof TruffleString t && !holdsSurrogates(t))
                            || value instanceof String || value == nullArgument;
        }

        /**
         * Whether Python's string {@code t} (UTF-32, GraalPy's encoding) holds a surrogate, which
         * UTF-8 cannot: the result hook then raises, as sqlite3 fails such a result ("user-defined
         * function raised exception") where Java's encoder would store '?'. The string's code
         * range is computed once and kept in it.
         */
        @TruffleBoundary
        private static boolean holdsSurrogates(TruffleString t) {
            return !t.isValidUncached(TruffleString.Encoding.UTF_32);
        }

        /**
         * SQL value {@code v} as the function's argument, {@code hooks} calling {@link #blobArgument}.
         * TEXT that is not valid UTF-8 fails the call, as Python's sqlite3 fails it (a str cannot
         * hold those bytes): through the failure hook, as an error the function raised.
         */
        public Object argument(Object v, InteropLibrary hooks) throws InteropException {
            if (v == null) {
                return nullArgument;
            } else if (v instanceof byte[] b) {
                return hooks.execute(blobArgument, new SqlBlob(b));
            } else if (v instanceof InvalidText) {
                throw undecodableArgument();
            }
            return SqlValues.toGuestArgument(v);
        }

        @TruffleBoundary
        private static SqliteException undecodableArgument() {
            return SqliteException.error("an argument is TEXT that is not valid UTF-8");
        }

        /**
         * Calls {@code callable} with {@code receiver} first where it is not null, then the SQL
         * values {@code values[first..first+count-1]} as the guest's arguments ({@code count} a
         * constant in compiled code); what it returns, unchecked. What the callable throws goes
         * through the failure hook ({@link #failed}).
         */
        @ExplodeLoop
        public Object call(Object callable, Object receiver, Object[] values, int first, int count, GuestCallNode calls, InteropLibrary hooks) throws InteropException {
            int shift = receiver != null ? 1 : 0;
            Object[] arguments = new Object[count + shift];
            try {
                if (receiver != null) {
                    arguments[0] = receiver;
                }
                for (int i = 0; i < count; i++) {
                    arguments[i + shift] = argument(values[first + i], hooks);
                }
                return calls.execute(callable, arguments);
            } catch (AbstractTruffleException e) {
                throw failed(e);
            }
        }

        /**
         * A result the engine takes as it is ({@link #isPlainResult}), else what the result hook
         * makes of it; what the hook throws goes through the failure hook.
         */
        public Object result(Object value, InteropLibrary hooks) throws InteropException {
            if (isPlainResult(value)) {
                return value;
            }
            try {
                return hooks.execute(result, value);
            } catch (AbstractTruffleException e) {
                throw failed(e);
            }
        }

        /**
         * The exception to throw for {@code e}, thrown by the function or the result hook: the
         * one the failure hook raises (it may also return, when it sees nothing to report:
         * then {@code e} itself).
         */
        @TruffleBoundary
        public RuntimeException failed(AbstractTruffleException e) {
            try {
                InteropLibrary.getUncached().execute(failure, new Rethrow(e));
            } catch (AbstractTruffleException raised) {
                return raised;
            } catch (InteropException hookUnusable) {
                return SqliteException.error("the failure hook of a user function could not be called: " + hookUnusable.getMessage());
            }
            return e;
        }
    }

    public UserFunction(String name, int arguments, Object callable, ArgumentSlots slots, GuestConventions conventions, Object receiver, boolean integerKinds, boolean numbersAreReal) {
        assert slots == null || !integerKinds : "a function that takes integer kinds has no argument-less form";
        assert conventions == null || (slots == null && !integerKinds) : "a function called in its language's conventions has one form";
        assert receiver == null || conventions != null : "a receiver goes with conventions";
        this.name = name;
        this.arguments = arguments;
        this.callable = callable;
        this.slots = slots;
        this.conventions = conventions;
        this.receiver = receiver;
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

    /** The conventions in which the callable is called directly, or null (see {@link GuestConventions}). */
    public GuestConventions conventions() {
        return conventions;
    }

    /**
     * The value passed before the SQL arguments of each call, or null: Python's module hands
     * out a bound method as its function and object, because GraalPy 25 calls a bound method
     * from another language through a stack walk, 200 times slower than its function.
     */
    public Object receiver() {
        return receiver;
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
        if (value == null || value instanceof Long || value instanceof String || value instanceof byte[]) {
            return value;
        } else if (value instanceof Double d) {
            return SqlValues.real(d);
        } else if (value instanceof Integer || value instanceof Short || value instanceof Byte) {
            return ((Number) value).longValue();
        } else if (value instanceof Float f) {
            return SqlValues.real(f.doubleValue());
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
        } else if (conventions != null) {
            return applyInConventions(sqlArguments);
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

    /** A call from SQLite's VDBE of a function called in its language's {@link GuestConventions}. */
    private Object applyInConventions(Object[] sqlArguments) {
        InteropLibrary interop = InteropLibrary.getUncached();
        Object value;
        try {
            value = conventions.result(conventions.call(callable, receiver, sqlArguments, 0, sqlArguments.length, GuestCallNode.getUncached(), interop), interop);
        } catch (InteropException e) {
            throw SqliteException.error("user function " + name + " failed: " + e.getMessage());
        }
        return Binder.toSqlValue(0, value, numbersAreReal);
    }
}
