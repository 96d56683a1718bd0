package org.graalite.nodes;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;

/**
 * abs(), length(), typeof(), upper(), lower() and round() in Java for the argument types whose
 * result is plain (a call into SQLite's function marshals the argument and the result: abs()
 * over a scan cost as much as the scan). The rest calls SQLite's own function (JavaFirst):
 * abs of text or of the smallest integer (an error), length of a number (it depends on
 * SQLite's rendering of the number), upper and lower of a number or a blob, round to digits
 * after the point (SQLite rounds through its own printf) and round of text or a blob.
 */
final class ValueFunctionNodes {
    private ValueFunctionNodes() {
    }

    /** A built-in function of one argument: {@link #apply} answers its result, or BY_SQLITE. */
    abstract static class OneArgument extends FunctionNodes.JavaFirst {
        OneArgument(int pc, int argument, int result) {
            super(pc, argument, 1, result);
        }

        @Override
        final Object compute(Object[] registers) {
            return apply(registers[firstArgument]);
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
            return x == null ? "null" : x instanceof Long ? "integer" : x instanceof Double ? "real" : x instanceof String || x instanceof org.graalite.runtime.InvalidText ? "text" : "blob";
        }
    }

    /** Function or PureFunc of upper(X) or lower(X): SQLite folds the case of ASCII letters only (no ICU). */
    static final class AsciiCase extends OneArgument {
        private final boolean upper;

        AsciiCase(int pc, int argument, int result, boolean upper) {
            super(pc, argument, result);
            this.upper = upper;
        }

        @Override
        Object apply(Object x) {
            if (x instanceof String s) {
                return fold(s, upper);
            }
            return x == null ? null : BY_SQLITE;
        }

        @TruffleBoundary
        private static String fold(String s, boolean upper) {
            char[] chars = null;
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                char f = upper ? (c >= 'a' && c <= 'z' ? (char) (c - 32) : c) : (c >= 'A' && c <= 'Z' ? (char) (c + 32) : c);
                if (f != c) {
                    if (chars == null) {
                        chars = s.toCharArray();
                    }
                    chars[i] = f;
                }
            }
            return chars == null ? s : new String(chars);
        }
    }

    /** Function or PureFunc of round(X) or round(X, Y): as SQLite's roundFunc when no digit after the point is kept. */
    static final class Round extends FunctionNodes.JavaFirst {
        /** Beyond this magnitude a double has no fraction (2 to the 52nd). */
        private static final double WHOLE = 4503599627370496.0;

        Round(int pc, int firstArgument, int argumentCount, int result) {
            super(pc, firstArgument, argumentCount, result);
        }

        @Override
        Object compute(Object[] r) {
            if (argumentCount == 2) {
                Object digits = r[firstArgument + 1];
                if (digits == null) {
                    return null;
                }
                if (!(digits instanceof Long n) || n > 0) {
                    return BY_SQLITE;
                }
            }
            Object x = r[firstArgument];
            double v;
            if (x instanceof Double d) {
                v = d;
            } else if (x instanceof Long l) {
                v = l;
            } else {
                return x == null ? null : BY_SQLITE;
            }
            // C's cast to a 64-bit integer truncates toward zero, as Java's does.
            return v < -WHOLE || v > WHOLE ? v : (double) (long) (v + (v < 0 ? -0.5 : 0.5));
        }
    }
}
