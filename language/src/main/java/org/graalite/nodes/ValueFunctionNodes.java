package org.graalite.nodes;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;

import org.graalite.runtime.Execution;

/**
 * abs(), length() and typeof() in Java for the argument types whose result is plain (a call
 * into SQLite's function marshals the argument and the result: abs() over a scan cost as much
 * as the scan). The rest (abs of text or of the smallest integer, which is an error, and
 * length of a number, which depends on SQLite's rendering of it) calls SQLite's own function,
 * as NativeCall does.
 */
final class ValueFunctionNodes {
    private ValueFunctionNodes() {
    }

    /**
     * A built-in function of one argument: {@link #apply} computes the result in Java, or
     * answers {@link #BY_SQLITE} for arguments that SQLite's own function must handle.
     */
    abstract static class OneArgument extends FunctionNodes.NativeCall {
        static final Object BY_SQLITE = new Object();

        OneArgument(int pc, int argument, int result) {
            super(pc, argument, 1, result);
        }

        @Override
        public final void execute(Execution execution) {
            Object[] r = execution.registers;
            Object value = apply(r[firstArgument]);
            if (value == BY_SQLITE) {
                super.execute(execution);
            } else {
                r[result] = value;
            }
        }

        abstract Object apply(Object x);
    }

    /** Function or PureFunc of abs(X), as SQLite's absFunc. */
    static final class Abs extends OneArgument {
        Abs(int pc, int argument, int result) {
            super(pc, argument, result);
        }

        @Override
        Object apply(Object x) {
            if (x instanceof Long l && l != Long.MIN_VALUE) {
                return l < 0 ? -l : l;
            } else if (x instanceof Double d) {
                // SQLite negates only values below zero: -0.0 stays -0.0.
                return d < 0 ? -d : d;
            }
            return x == null ? null : BY_SQLITE;
        }
    }

    /** Function or PureFunc of length(X): characters of text before its first NUL, bytes of a blob. */
    static final class Length extends OneArgument {
        Length(int pc, int argument, int result) {
            super(pc, argument, result);
        }

        @Override
        Object apply(Object x) {
            if (x instanceof String s) {
                return characters(s);
            } else if (x instanceof byte[] b) {
                return (long) b.length;
            }
            return x == null ? null : BY_SQLITE;
        }

        @TruffleBoundary
        private static long characters(String s) {
            int nul = s.indexOf('\0');
            int end = nul < 0 ? s.length() : nul;
            return s.codePointCount(0, end);
        }
    }

    /** Function or PureFunc of typeof(X): the storage class of the value. */
    static final class Typeof extends OneArgument {
        Typeof(int pc, int argument, int result) {
            super(pc, argument, result);
        }

        @Override
        Object apply(Object x) {
            return x == null ? "null" : x instanceof Long ? "integer" : x instanceof Double ? "real" : x instanceof String ? "text" : "blob";
        }
    }
}
