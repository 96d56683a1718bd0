package org.graalite.nodes;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;

import org.graalite.runtime.LikePattern;
import org.graalite.runtime.TextFunctions;

/**
 * substr() and like() on TEXT in Java (TPC-H's LIKE filters and substr keys run per row; a call
 * into SQLite's function marshals every argument). Other argument types (NULL, numbers, blobs,
 * a non-integer position) and LIKE with ESCAPE call SQLite's own function, as NativeCall does.
 */
final class TextFunctionNodes {
    private TextFunctionNodes() {
    }

    /** Function or PureFunc of substr(X, Y) or substr(X, Y, Z). */
    static final class Substr extends FunctionNodes.JavaFirst {
        Substr(int pc, int firstArgument, int argumentCount, int result) {
            super(pc, firstArgument, argumentCount, result);
        }

        @Override
        Object compute(Object[] r) {
            Object text = r[firstArgument];
            Object start = r[firstArgument + 1];
            Object length = argumentCount == 3 ? r[firstArgument + 2] : null;
            if (text instanceof String s && start instanceof Long p1 && (argumentCount == 2 || length instanceof Long)) {
                return substr(s, p1, argumentCount == 3 ? (Long) length : 0, argumentCount == 3);
            }
            return BY_SQLITE;
        }

        @TruffleBoundary
        private static String substr(String s, long p1, long p2, boolean hasLength) {
            return TextFunctions.substr(s, p1, p2, hasLength);
        }
    }

    /** Function or PureFunc of like(pattern, string): 1 or 0. */
    static final class Like extends FunctionNodes.JavaFirst {
        private final boolean noCase;

        Like(int pc, int firstArgument, int result, boolean noCase) {
            super(pc, firstArgument, 2, result);
            this.noCase = noCase;
        }

        /**
         * The last pattern met, compiled (null for one LikePattern does not take): the pattern is
         * almost always a constant. One object, so that a reader sees a pattern and its form
         * together.
         */
        private volatile Compiled compiled;

        private record Compiled(String pattern, LikePattern form) {
        }

        @Override
        Object compute(Object[] r) {
            if (r[firstArgument] instanceof String pattern && r[firstArgument + 1] instanceof String string && pattern.length() <= TextFunctions.LONGEST_PATTERN) {
                return like(pattern, string) ? 1L : 0L;
            }
            return BY_SQLITE;
        }

        @TruffleBoundary
        private boolean like(String pattern, String string) {
            Compiled c = compiled;
            if (c == null || (c.pattern != pattern && !c.pattern.equals(pattern))) {
                c = new Compiled(pattern, LikePattern.compile(pattern));
                compiled = c;
            }
            return c.form != null ? c.form.matches(string, noCase) : TextFunctions.like(pattern, string, noCase);
        }
    }
}
