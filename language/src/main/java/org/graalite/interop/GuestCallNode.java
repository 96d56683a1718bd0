package org.graalite.interop;

import com.oracle.truffle.api.dsl.Cached;
import com.oracle.truffle.api.dsl.GenerateUncached;
import com.oracle.truffle.api.dsl.Specialization;
import com.oracle.truffle.api.interop.InteropException;
import com.oracle.truffle.api.interop.InteropLibrary;
import com.oracle.truffle.api.library.CachedLibrary;
import com.oracle.truffle.api.nodes.Node;

/**
 * Executes a guest callable with arguments through an InteropLibrary of its own for each class
 * of the last argument the call site meets (up to four classes; past them, one library for
 * all).
 *
 * <p>Why: GraalPy 25's execute of a Python function first asks its last argument whether it is
 * one of the embedding API's keyword or positional argument objects
 * ({@code PythonAbstractObject.PExecuteNode}), through an InteropLibrary cached for a single
 * class. A function or aggregate over a column whose values are now INTEGER, now REAL (a
 * DECIMAL column has NUMERIC affinity, so whole amounts are stored as integers: TPC-H's prices)
 * passes an Integer, then a Double, and that library falls back to its uncached form, a lookup
 * in a ConcurrentHashMap at every call: a third of the statement's time in a profile of a
 * Python sum aggregate over lineitem. With one library per class, each of the callee's caches
 * sees one class and stays compiled in.
 */
@GenerateUncached
public abstract class GuestCallNode extends Node {
    /** The classes a call site specializes on; more than INTEGER, REAL, TEXT and one NULL or BLOB value share one library. */
    static final int CLASSES = 4;

    public abstract Object execute(Object callable, Object[] arguments) throws InteropException;

    public static GuestCallNode create() {
        return GuestCallNodeGen.create();
    }

    /** For calls from SQLite's VDBE, out of compiled code. */
    public static GuestCallNode getUncached() {
        return GuestCallNodeGen.getUncached();
    }

    @Specialization(guards = "lastArgumentClass(arguments) == cachedClass", limit = "CLASSES")
    static Object byLastArgumentClass(Object callable, Object[] arguments,
                    @Cached("lastArgumentClass(arguments)") Class<?> cachedClass,
                    @CachedLibrary(limit = "2") InteropLibrary calls) throws InteropException {
        return calls.execute(callable, arguments);
    }

    @Specialization(replaces = "byLastArgumentClass")
    static Object anyClass(Object callable, Object[] arguments,
                    @CachedLibrary(limit = "2") InteropLibrary calls) throws InteropException {
        return calls.execute(callable, arguments);
    }

    /** The class of the last argument; Void for no arguments or a Java null. */
    static Class<?> lastArgumentClass(Object[] arguments) {
        if (arguments.length == 0) {
            return Void.class;
        }
        Object last = arguments[arguments.length - 1];
        return last == null ? Void.class : last.getClass();
    }
}
