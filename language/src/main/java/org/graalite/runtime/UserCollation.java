package org.graalite.runtime;

import java.math.BigInteger;
import java.util.Comparator;

import com.oracle.truffle.api.CallTarget;
import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.interop.InteropException;
import com.oracle.truffle.api.interop.InteropLibrary;
import com.oracle.truffle.api.nodes.RootNode;

import org.graalite.nativeapi.UserCollations;

/**
 * A collating sequence written in a guest language, or a Java {@link Comparator} of strings
 * (Graalite's JDBC driver): SQLite calls it with two texts, and orders them by the sign of the
 * number it returns. As in Python's sqlite3, a result that is not a number counts as 0 (equal)
 * and a very large one by its sign. SQLite calls it on both tiers (see UserCollations).
 *
 * <p>A guest may give a {@code sign} hook with it: the engine then calls the user's callable
 * itself, and hands a result that is not a Long or an Integer to the hook, whose result it
 * orders by (Python's module: {@code operator.index}, 0 where that fails), instead of a
 * wrapper of the guest's module around the callable (see UserFunction.GuestConventions for
 * why, on GraalPy).
 */
public final class UserCollation implements UserCollations.Comparison {
    private final String name;
    private final Object callable;
    /** The guest's hook for results that are not a Long or an Integer, or null. */
    private final Object sign;
    /**
     * Passed before the two texts, or null: a guest's bound method goes as its function and
     * object (Python's module), because GraalPy calls a bound method from another language
     * through a stack walk on every call, microseconds a comparison.
     */
    private final Object receiver;

    public UserCollation(String name, Object callable) {
        this(name, callable, null, null);
    }

    public UserCollation(String name, Object callable, Object sign, Object receiver) {
        assert receiver == null || sign != null : "a receiver goes with the guest's sign hook";
        this.name = name;
        this.callable = callable;
        this.sign = sign;
        this.receiver = receiver;
    }

    public String name() {
        return name;
    }

    /** The guest comparison as a call target of its own, made at the first comparison (see {@link GuestCompare}). */
    private CallTarget guestCompare;

    @Override
    @SuppressWarnings("unchecked")
    public int compare(String a, String b) {
        if (callable instanceof Comparator<?> c) {
            return ((Comparator<String>) c).compare(a, b);
        }
        CallTarget target = guestCompare;
        if (target == null) {
            target = new GuestCompare(this).getCallTarget();
            guestCompare = target;
        }
        return (int) target.call(a, b);
    }

    /**
     * One comparison of a guest collation, {@code (a, b)} to -1, 0 or 1: a root of its own, so
     * that Graal compiles it with cached calls of the collation's callable (which inline it)
     * instead of the uncached, generic interop path SQLite's upcall would take for each
     * comparison. SQLite calls a collation many times per statement (a sort of n rows:
     * n log n times).
     */
    private static final class GuestCompare extends RootNode {
        private final UserCollation collation;
        @Child private InteropLibrary calls;
        @Child private InteropLibrary hooks = InteropLibrary.getFactory().createDispatched(2);

        GuestCompare(UserCollation collation) {
            super(null);
            this.collation = collation;
            this.calls = InteropLibrary.getFactory().create(collation.callable);
        }

        @Override
        public Object execute(VirtualFrame frame) {
            Object[] texts = frame.getArguments();
            Object result;
            try {
                result = collation.receiver != null ? calls.execute(collation.callable, collation.receiver, texts[0], texts[1]) : calls.execute(collation.callable, texts[0], texts[1]);
                if (result instanceof Long l) {
                    return Long.signum(l);
                } else if (result instanceof Integer i) {
                    return Integer.signum(i);
                } else if (collation.sign != null) {
                    result = hooks.execute(collation.sign, result);
                }
            } catch (InteropException e) {
                throw collation.failed(e);
            }
            return sign(result);
        }

        @Override
        public String getName() {
            return "collation " + collation.name;
        }

        @Override
        public String toString() {
            return getName();
        }
    }

    @TruffleBoundary
    private RuntimeException failed(InteropException e) {
        return SqliteException.error("collation " + name + " failed: " + e.getMessage());
    }

    /** The sign of what a comparison or the guest's sign hook returned (out of line: any number, big or not, or anything else). */
    @TruffleBoundary
    private static int sign(Object result) {
        InteropLibrary interop = InteropLibrary.getUncached();
        try {
            if (interop.fitsInLong(result)) {
                return Long.signum(interop.asLong(result));
            } else if (interop.fitsInBigInteger(result)) {
                BigInteger big = interop.asBigInteger(result);
                return big.signum();
            } else if (interop.fitsInDouble(result)) {
                double d = interop.asDouble(result);
                return d > 0 ? 1 : d < 0 ? -1 : 0;
            }
        } catch (InteropException e) {
            // Not a number after all: equal, as below.
        }
        return 0;
    }
}
