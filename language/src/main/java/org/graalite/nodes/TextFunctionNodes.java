package org.graalite.nodes;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;

import org.graalite.program.Instruction;
import org.graalite.program.P4;
import org.graalite.runtime.Execution;
import org.graalite.runtime.LikePattern;
import org.graalite.runtime.RecordCursor;
import org.graalite.runtime.TextFunctions;

/**
 * substr() and like() on TEXT in Java (TPC-H's LIKE filters and substr keys run per row; a call
 * into SQLite's function marshals every argument). Other argument types (NULL, numbers, blobs,
 * a non-integer position) and LIKE with ESCAPE call SQLite's own function, as NativeCall does.
 */
final class TextFunctionNodes {
    private TextFunctionNodes() {
    }

    /** Whether {@code i} calls SQLite's own substr(X, Y) or substr(X, Y, Z) (not a user's function of that name). */
    static boolean isBuiltinSubstr(Instruction i) {
        return i.p4() instanceof P4.Function f && (f.name().equals("substr") || f.name().equals("substring")) && (f.callArguments() == 2 || f.callArguments() == 3) &&
                        f.builtin();
    }

    /** Function or PureFunc of substr(X, Y) or substr(X, Y, Z). */
    static class Substr extends FunctionNodes.JavaFirst {
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

    /**
     * substr(X, Y[, Z]) whose X is a Column's field that nothing else reads (see
     * ColumnComparisons): for a text field, a positive Y and no or a non-negative Z, the
     * characters are found in the record's bytes and only they become a String (TPC-H q22's
     * substr(c_phone, 1, 2) decoded every phone number whole, then cut two characters of it).
     * Other values and positions take the value the Column would have stored, and Substr.
     */
    static final class SubstrInPlace extends Substr {
        @Child private RecordField source;
        private final int conversion;

        SubstrInPlace(int pc, int firstArgument, int argumentCount, int result, RecordField source, int conversion) {
            super(pc, firstArgument, argumentCount, result);
            this.source = source;
            this.conversion = conversion;
        }

        @Override
        public void execute(Execution execution) {
            RecordCursor c = source.locate(execution);
            int field = source.fieldIn(execution, c);
            int type = source.serialType(c, execution.vdbe, field);
            Object[] r = execution.registers;
            if (InPlaceReaders.storedText(type, conversion) && r[firstArgument + 1] instanceof Long start && start >= 1) {
                if (argumentCount == 2) {
                    r[result] = c.textSubstring(field, type, start, Long.MAX_VALUE);
                    return;
                } else if (r[firstArgument + 2] instanceof Long length && length >= 0) {
                    r[result] = c.textSubstring(field, type, start, length);
                    return;
                }
            }
            // The value the Column would have stored: its register is read by nothing but this substr.
            r[firstArgument] = source.readConverted(c, execution.vdbe, field, conversion);
            super.execute(execution);
        }
    }

    /** Whether {@code i} calls SQLite's own like(pattern, string) (not a user's function of that name, not with ESCAPE). */
    static boolean isBuiltinLike(Instruction i) {
        return i.p4() instanceof P4.Function f && f.name().equals("like") && f.callArguments() == 2 && f.builtin();
    }

    /** Function or PureFunc of like(pattern, string): 1 or 0. */
    static class Like extends FunctionNodes.JavaFirst {
        final boolean noCase;

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
            LikePattern form = compiledFor(pattern);
            return form != null ? form.matches(string, noCase) : TextFunctions.like(pattern, string, noCase);
        }

        /** {@code pattern} compiled, or null when LikePattern does not take it. */
        final LikePattern compiledFor(String pattern) {
            Compiled c = compiled;
            if (c == null || (c.pattern != pattern && !c.pattern.equals(pattern))) {
                c = new Compiled(pattern, LikePattern.compile(pattern));
                compiled = c;
            }
            return c.form;
        }
    }

    /**
     * like(pattern, string) whose string is a Column's field read in place (see
     * ColumnComparisons): a text field is matched as the UTF-8 bytes it is stored as, with no
     * String made, when LikePattern takes the pattern; anything else is decoded into the
     * string's register, which nothing else reads, and takes Like's way.
     */
    static final class LikeInPlace extends Like {
        @Child private RecordField source;
        private final int conversion;

        LikeInPlace(int pc, int firstArgument, int result, boolean noCase, RecordField source, int conversion) {
            super(pc, firstArgument, result, noCase);
            this.source = source;
            this.conversion = conversion;
        }

        @Override
        public void execute(Execution execution) {
            RecordCursor c = source.locate(execution);
            int field = source.fieldIn(execution, c);
            int type = source.serialType(c, execution.vdbe, field);
            if (InPlaceReaders.storedText(type, conversion) && execution.registers[firstArgument] instanceof String pattern &&
                            pattern.length() <= TextFunctions.LONGEST_PATTERN) {
                Object matched = likeInPlace(pattern, c, field, type);
                if (matched != null) {
                    execution.registers[result] = matched;
                    return;
                }
            }
            // The value the Column would have stored: its register is read by nothing but this LIKE.
            execution.registers[firstArgument + 1] = source.readConverted(c, execution.vdbe, field, conversion);
            super.execute(execution);
        }

        /** 1 or 0 for text field {@code field} (serial type {@code type}) of {@code c}; null when LikePattern does not take the pattern. */
        @TruffleBoundary
        private Object likeInPlace(String pattern, RecordCursor c, int field, int type) {
            LikePattern form = compiledFor(pattern);
            if (form == null) {
                return null;
            }
            return form.matches(c.fieldBytes(field, type, 0), (type - 13) >> 1, noCase) ? 1L : 0L;
        }
    }
}
