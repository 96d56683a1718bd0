package org.graalite.runtime;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.interop.InteropLibrary;
import com.oracle.truffle.api.interop.InteropException;

import org.graalite.nativeapi.UserFunctions;

/**
 * A scalar SQL function written in a guest language (Python, JavaScript, Java, ...): a name,
 * a number of arguments (-1 for any) and an executable guest value. The Truffle tier calls it
 * through a cached interop node, so Graal can inline it into the statement; SQLite's own VDBE
 * calls it through {@link UserFunctions}.
 */
public final class UserFunction implements UserFunctions.Implementation {
    private final String name;
    private final int arguments;
    private final Object callable;

    public UserFunction(String name, int arguments, Object callable) {
        this.name = name;
        this.arguments = arguments;
        this.callable = callable;
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

    /** A call from SQLite's VDBE: SQL values in, an SQL value out. */
    @Override
    @TruffleBoundary
    public Object apply(Object[] sqlArguments) {
        Object[] guestArguments = new Object[sqlArguments.length];
        for (int i = 0; i < sqlArguments.length; i++) {
            guestArguments[i] = SqlValues.toInterop(sqlArguments[i]);
        }
        try {
            return Binder.toSqlValue(0, InteropLibrary.getUncached().execute(callable, guestArguments));
        } catch (InteropException e) {
            throw SqliteException.error("user function " + name + " failed: " + e.getMessage());
        }
    }
}
