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

    /** Function or PureFunc of abs(X), as SQLite's absFunc. */
    static final class Abs extends FunctionNodes.NativeCall {
        Abs(int pc, int argument, int result) {
            super(pc, argument, 1, result);
        }

        @Override
        public void execute(Execution execution) {
            Object[] r = execution.registers;
            Object x = r[firstArgument];
            if (x instanceof Long l && l != Long.MIN_VALUE) {
                r[result] = l < 0 ? -l : l;
            } else if (x instanceof Double d) {
                // SQLite negates only values below zero: -0.0 stays -0.0.
                r[result] = d < 0 ? -d : d;
            } else if (x == null) {
                r[result] = null;
            } else {
                super.execute(execution);
            }
        }
    }

    /** Function or PureFunc of length(X): characters of text before its first NUL, bytes of a blob. */
    static final class Length extends FunctionNodes.NativeCall {
        Length(int pc, int argument, int result) {
            super(pc, argument, 1, result);
        }

        @Override
        public void execute(Execution execution) {
            Object[] r = execution.registers;
            Object x = r[firstArgument];
            if (x instanceof String s) {
                r[result] = characters(s);
            } else if (x instanceof byte[] b) {
                r[result] = (long) b.length;
            } else if (x == null) {
                r[result] = null;
            } else {
                super.execute(execution);
            }
        }

        @TruffleBoundary
        private static long characters(String s) {
            int nul = s.indexOf('\0');
            int end = nul < 0 ? s.length() : nul;
            return s.codePointCount(0, end);
        }
    }

    /** Function or PureFunc of typeof(X): the storage class of the value. */
    static final class Typeof extends FunctionNodes.NativeCall {
        Typeof(int pc, int argument, int result) {
            super(pc, argument, 1, result);
        }

        @Override
        public void execute(Execution execution) {
            Object[] r = execution.registers;
            Object x = r[firstArgument];
            r[result] = x == null ? "null" : x instanceof Long ? "integer" : x instanceof Double ? "real" : x instanceof String ? "text" : "blob";
        }
    }
}
