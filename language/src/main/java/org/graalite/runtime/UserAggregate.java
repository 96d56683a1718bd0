package org.graalite.runtime;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.interop.InteropException;
import com.oracle.truffle.api.interop.InteropLibrary;

import org.graalite.nativeapi.UserFunctions;

/**
 * An aggregate written in a guest language: a factory (a Python class, a JavaScript
 * function) that makes one accumulator per group; each accumulator has {@code step(args...)}
 * and {@code finalize()}, as Python's sqlite3 module expects of its aggregate classes.
 */
public final class UserAggregate implements UserFunctions.Aggregate {
    private final String name;
    private final int arguments;
    private final Object factory;

    public UserAggregate(String name, int arguments, Object factory) {
        this.name = name;
        this.arguments = arguments;
        this.factory = factory;
    }

    public String name() {
        return name;
    }

    public int arguments() {
        return arguments;
    }

    public Object factory() {
        return factory;
    }

    @Override
    @TruffleBoundary
    public Object start() {
        try {
            InteropLibrary interop = InteropLibrary.getUncached();
            return interop.isInstantiable(factory) ? interop.instantiate(factory) : interop.execute(factory);
        } catch (InteropException e) {
            throw SqliteException.error("user aggregate " + name + " failed: " + e.getMessage());
        }
    }

    @Override
    @TruffleBoundary
    public void step(Object accumulator, Object[] sqlArguments) {
        Object[] guestArguments = new Object[sqlArguments.length];
        for (int i = 0; i < sqlArguments.length; i++) {
            guestArguments[i] = SqlValues.toInterop(sqlArguments[i]);
        }
        try {
            InteropLibrary.getUncached().invokeMember(accumulator, "step", guestArguments);
        } catch (InteropException e) {
            throw SqliteException.error("user aggregate " + name + " failed: " + e.getMessage());
        }
    }

    @Override
    @TruffleBoundary
    public Object finish(Object accumulator) {
        try {
            return Binder.toSqlValue(0, InteropLibrary.getUncached().invokeMember(accumulator, "finalize"));
        } catch (InteropException e) {
            throw SqliteException.error("user aggregate " + name + " failed: " + e.getMessage());
        }
    }
}
