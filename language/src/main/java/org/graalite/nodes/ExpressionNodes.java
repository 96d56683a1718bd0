package org.graalite.nodes;

import java.nio.charset.StandardCharsets;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;

import org.graalite.nativeapi.SqliteText;
import org.graalite.runtime.Execution;
import org.graalite.runtime.InvalidText;
import org.graalite.runtime.ResultCodes;
import org.graalite.runtime.SqlValues;

/** Concatenation, the logical operators (NOT, AND, OR, IS TRUE) and the bit operators. */
final class ExpressionNodes {
    static final int BIT_AND = 0;
    static final int BIT_OR = 1;
    static final int SHIFT_LEFT = 2;
    static final int SHIFT_RIGHT = 3;

    private ExpressionNodes() {
    }

    /** Concat P1 P2 P3: r[P3] = r[P2] || r[P1]; NULL if either is NULL. Numbers concatenate as SQLite writes them. */
    static final class Concat extends InstructionNode {
        private final int right;
        private final int left;
        private final int result;

        Concat(int pc, int right, int left, int result) {
            super(pc, STRAIGHT, -1);
            this.right = right;
            this.left = left;
            this.result = result;
        }

        @Override
        public void execute(Execution execution) {
            Object a = execution.registers[left];
            Object b = execution.registers[right];
            if (a == null || b == null) {
                execution.registers[result] = null;
            } else if (a instanceof String x && b instanceof String y) {
                // Three UTF-8 bytes at most per UTF-16 char: only long texts are measured.
                if (x.length() + (long) y.length() > MAX_LENGTH / 3 && utf8Length(x) + utf8Length(y) > MAX_LENGTH) {
                    throw execution.vdbe.abort(pc, ResultCodes.SQLITE_TOOBIG);
                }
                execution.registers[result] = concat(x, y);
            } else {
                Object joined = concatBytes(a, b);
                if (joined == null) {
                    throw execution.vdbe.abort(pc, ResultCodes.SQLITE_TOOBIG);
                }
                execution.registers[result] = joined;
            }
        }
    }

    /** See {@link SqlValues#MAX_LENGTH}. */
    static final long MAX_LENGTH = SqlValues.MAX_LENGTH;

    @TruffleBoundary
    private static long utf8Length(String s) {
        long n = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            // A surrogate pair is two chars and four bytes: two bytes a char.
            n += c < 0x80 ? 1 : c < 0x800 || Character.isSurrogate(c) ? 2 : 3;
        }
        return n;
    }

    @TruffleBoundary
    private static String concat(String a, String b) {
        return a.concat(b);
    }

    /** The two values' bytes joined, as text; null when they exceed {@link #MAX_LENGTH}. */
    @TruffleBoundary
    private static Object concatBytes(Object a, Object b) {
        byte[] x = bytesOf(a);
        byte[] y = bytesOf(b);
        if (x.length + (long) y.length > MAX_LENGTH) {
            return null;
        }
        byte[] all = java.util.Arrays.copyOf(x, x.length + y.length);
        System.arraycopy(y, 0, all, x.length, y.length);
        return InvalidText.decode(all);
    }

    private static byte[] bytesOf(Object v) {
        if (v instanceof byte[] b) {
            return b;
        } else if (v instanceof InvalidText t) {
            return t.bytes();
        } else if (v instanceof Double d) {
            return SqliteText.real(d).getBytes(StandardCharsets.UTF_8);
        }
        return v.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** Not P1 P2: r[P2] = NOT r[P1] (1 or 0); NULL stays NULL. */
    static final class Not extends InstructionNode {
        private final int operand;
        private final int result;

        Not(int pc, int operand, int result) {
            super(pc, STRAIGHT, -1);
            this.operand = operand;
            this.result = result;
        }

        @Override
        public void execute(Execution execution) {
            Object v = execution.registers[operand];
            execution.registers[result] = v == null ? null : (Object) (truth(v) ? 0L : 1L);
        }
    }

    /**
     * And P1 P2 P3 and Or P1 P2 P3: r[P3] = r[P1] AND / OR r[P2] in SQL's three-valued logic
     * (0 false, 1 true, NULL unknown): false AND NULL is false, true OR NULL is true, and
     * every other combination with a NULL is NULL.
     */
    static final class Logic extends InstructionNode {
        private final boolean and;
        private final int left;
        private final int right;
        private final int result;

        Logic(int pc, boolean and, int left, int right, int result) {
            super(pc, STRAIGHT, -1);
            this.and = and;
            this.left = left;
            this.right = right;
            this.result = result;
        }

        @Override
        public void execute(Execution execution) {
            Object[] r = execution.registers;
            Object a = r[left];
            Object b = r[right];
            // The value that decides alone: false for AND, true for OR.
            boolean decisive = !and;
            Object value;
            if ((a != null && truth(a) == decisive) || (b != null && truth(b) == decisive)) {
                value = decisive ? 1L : 0L;
            } else if (a == null || b == null) {
                value = null;
            } else {
                value = decisive ? 0L : 1L;
            }
            r[result] = value;
        }
    }

    /**
     * IsTrue P1 P2 P3 P4: r[P2] = (r[P1] as a boolean, P3 when it is NULL) XOR P4, which gives
     * IS TRUE (P3 0, P4 0), IS FALSE (1, 1), IS NOT TRUE (0, 1) and IS NOT FALSE (1, 0).
     */
    static final class IsTrue extends InstructionNode {
        private final int operand;
        private final int result;
        private final boolean ifNull;
        private final boolean invert;

        IsTrue(int pc, int operand, int result, boolean ifNull, boolean invert) {
            super(pc, STRAIGHT, -1);
            this.operand = operand;
            this.result = result;
            this.ifNull = ifNull;
            this.invert = invert;
        }

        @Override
        public void execute(Execution execution) {
            Object v = execution.registers[operand];
            boolean b = v == null ? ifNull : truth(v);
            execution.registers[result] = b != invert ? 1L : 0L;
        }
    }

    /** ZeroOrNull P1 P2 P3: r[P2] = 0 when neither r[P1] nor r[P3] is NULL, else NULL. */
    static final class ZeroOrNull extends InstructionNode {
        private final int first;
        private final int result;
        private final int second;

        ZeroOrNull(int pc, int first, int result, int second) {
            super(pc, STRAIGHT, -1);
            this.first = first;
            this.result = result;
            this.second = second;
        }

        @Override
        public void execute(Execution execution) {
            Object[] r = execution.registers;
            r[result] = r[first] == null || r[second] == null ? null : (Object) 0L;
        }
    }

    /** sqlite3VdbeBooleanValue: an integer is true when non-zero, anything else when its real value is. */
    static boolean truth(Object v) {
        return v instanceof Long l ? l != 0 : SqlValues.realValue(v) != 0.0;
    }

    /** BitNot P1 P2: r[P2] = ~r[P1] as an integer; NULL stays NULL. */
    static final class BitNot extends InstructionNode {
        private final int operand;
        private final int result;

        BitNot(int pc, int operand, int result) {
            super(pc, STRAIGHT, -1);
            this.operand = operand;
            this.result = result;
        }

        @Override
        public void execute(Execution execution) {
            Object v = execution.registers[operand];
            execution.registers[result] = v == null ? null : (Object) ~SqlValues.intValue(v);
        }
    }

    /** BitAnd, BitOr, ShiftLeft, ShiftRight P1 P2 P3: r[P3] = r[P2] op r[P1] on integers; NULL if either is NULL. */
    static final class Bits extends InstructionNode {
        private final int operation;
        private final int right;
        private final int left;
        private final int result;

        Bits(int pc, int operation, int right, int left, int result) {
            super(pc, STRAIGHT, -1);
            this.operation = operation;
            this.right = right;
            this.left = left;
            this.result = result;
        }

        @Override
        public void execute(Execution execution) {
            Object a = execution.registers[left];
            Object b = execution.registers[right];
            if (a == null || b == null) {
                execution.registers[result] = null;
                return;
            }
            long x = SqlValues.intValue(a);
            long y = SqlValues.intValue(b);
            execution.registers[result] = compute(operation, x, y);
        }
    }

    static long compute(int operation, long a, long b) {
        if (operation == BIT_AND) {
            return a & b;
        } else if (operation == BIT_OR) {
            return a | b;
        } else if (b == 0) {
            return a;
        }
        int op = operation;
        long shift = b;
        if (shift < 0) {
            // A negative shift goes the other way.
            op = op == SHIFT_LEFT ? SHIFT_RIGHT : SHIFT_LEFT;
            shift = shift > -64 ? -shift : 64;
        }
        if (shift >= 64) {
            return a >= 0 || op == SHIFT_LEFT ? 0 : -1;
        }
        if (op == SHIFT_LEFT) {
            return a << shift;
        }
        long r = a >>> shift;
        if (a < 0) {
            r |= (0xffffffffffffffffL << (64 - shift));
        }
        return r;
    }
}
