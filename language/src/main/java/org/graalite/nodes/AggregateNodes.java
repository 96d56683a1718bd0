package org.graalite.nodes;

import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.CompilerDirectives.CompilationFinal;
import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;

import org.graalite.runtime.Execution;
import org.graalite.runtime.SqlValues;

/**
 * The built-in aggregates count, sum, total, avg, min and max, in Java. An accumulator lives
 * in the aggregate's register between AggStep and AggFinal, as SQLite keeps its aggregate
 * context in the register's Mem. The arithmetic is SQLite's own (func.c): integer sums that
 * turn into Kahan-Babuska-Neumaier real sums on the first real input or on overflow.
 */
final class AggregateNodes {
    static final int COUNT = 0;
    static final int SUM = 1;
    static final int TOTAL = 2;
    static final int AVG = 3;
    static final int MIN = 4;
    static final int MAX = 5;
    /** Window functions (window.c): they only occur in window programs. */
    static final int ROW_NUMBER = 6;
    static final int RANK = 7;
    static final int DENSE_RANK = 8;
    /** lag and lead: SQLite's no-op step and value; the program fills in their results itself. */
    static final int NO_VALUE = 9;

    private AggregateNodes() {
    }

    /** The aggregate kind of a built-in function, or -1. */
    static int kind(String name, int arguments) {
        switch (name) {
            case "count":
                return arguments <= 1 ? COUNT : -1;
            case "sum":
                return arguments == 1 ? SUM : -1;
            case "total":
                return arguments == 1 ? TOTAL : -1;
            case "avg":
                return arguments == 1 ? AVG : -1;
            case "min":
                return arguments == 1 ? MIN : -1;
            case "max":
                return arguments == 1 ? MAX : -1;
            case "row_number":
                return arguments == 0 ? ROW_NUMBER : -1;
            case "rank":
                return arguments == 0 ? RANK : -1;
            case "dense_rank":
                return arguments == 0 ? DENSE_RANK : -1;
            case "lag":
            case "lead":
                return arguments >= 1 && arguments <= 3 ? NO_VALUE : -1;
            default:
                return -1;
        }
    }

    /** sum/total/avg's state (SumCtx). */
    static final class Sum {
        double rSum;
        double rErr;
        long iSum;
        long count;
        boolean approx;
        boolean overflow;

        /** A step with any value (text takes numeric affinity; NULL is skipped): out of line. */
        @TruffleBoundary
        void step(Object v) {
            Object n = v instanceof String s ? SqlValues.applyNumericAffinity(s) : v;
            if (n instanceof Long x) {
                stepInteger(x);
            } else if (n != null) {
                stepReal(SqlValues.realValue(n));
            }
        }

        void stepInteger(long x) {
            count++;
            if (!approx) {
                long s = iSum + x;
                if (((iSum ^ s) & (x ^ s)) < 0) {
                    overflowed(x);
                } else {
                    iSum = s;
                }
            } else {
                addLong(x);
            }
        }

        /**
         * The exact sum overflowed at {@code x}: it turns approximate. Once per sum at most, so
         * out of line, which keeps the compiled step of a sum (TPC-H's q01 has seven) small.
         */
        @TruffleBoundary
        private void overflowed(long x) {
            overflow = true;
            turnApproximate();
            addLong(x);
        }

        /**
         * sumInverse: takes out a value a step added before, in the arithmetic of its step
         * (an integer sum that overflows turns approximate, as in a step). Any value: text
         * takes numeric affinity, NULL is skipped; out of line.
         */
        @TruffleBoundary
        void inverse(Object v) {
            Object n = v instanceof String s ? SqlValues.applyNumericAffinity(s) : v;
            if (n instanceof Long x) {
                inverseInteger(x);
            } else if (n != null) {
                inverseReal(SqlValues.intValue(n), SqlValues.realValue(n));
            }
        }

        /** sumInverse of an integer. */
        void inverseInteger(long x) {
            count--;
            if (!approx && subtractedExactly(x)) {
                return;
            }
            if (x != Long.MIN_VALUE) {
                addLong(-x);
            } else {
                addLong(Long.MAX_VALUE);
                addLong(1);
            }
        }

        /**
         * sumInverse of a value that is not an integer (a real, or text and blobs without a
         * number's form): {@code asInteger} is what SQLite subtracts from a sum still exact
         * (sqlite3_value_int64), {@code asReal} what it takes from an approximate one.
         */
        void inverseReal(long asInteger, double asReal) {
            count--;
            if (!approx && subtractedExactly(asInteger)) {
                return;
            }
            add(-asReal);
        }

        /**
         * Subtracts {@code x} from the exact sum; false on overflow, where nothing is subtracted
         * and the sum turns approximate (an error until a real comes in), as sqlite3SubInt64's
         * failure in sumInverse.
         */
        private boolean subtractedExactly(long x) {
            long difference = iSum - x;
            if (((iSum ^ x) & (iSum ^ difference)) >= 0) {
                iSum = difference;
                return true;
            }
            overflow = true;
            turnApproximate();
            return false;
        }

        void stepReal(double r) {
            count++;
            if (!approx) {
                turnApproximate();
            } else {
                overflow = false;
            }
            add(r);
        }

        /**
         * The first real of the sum, or an overflow: what the integers made so far becomes the
         * start of the approximate sum (once per sum, out of line).
         */
        @TruffleBoundary
        private void turnApproximate() {
            init(iSum);
            approx = true;
        }

        private void add(double r) {
            double s = rSum;
            double t = s + r;
            if (Math.abs(s) > Math.abs(r)) {
                rErr += (s - t) + r;
            } else {
                rErr += (r - t) + s;
            }
            rSum = t;
        }

        private void addLong(long v) {
            if (v <= -4503599627370496L || v >= 4503599627370496L) {
                addLarge(v);
            } else {
                add((double) v);
            }
        }

        /** An integer beyond 2^52 in two parts, as SQLite's kahanBabuskaNeumaierStepInt64 (rare: out of line). */
        @TruffleBoundary
        private void addLarge(long v) {
            long small = v % 16384;
            add((double) (v - small));
            add((double) small);
        }

        private void init(long v) {
            if (v <= -4503599627370496L || v >= 4503599627370496L) {
                long small = v % 16384;
                rSum = (double) (v - small);
                rErr = (double) small;
            } else {
                rSum = (double) v;
                rErr = 0.0;
            }
        }

        double real() {
            if (approx) {
                return Double.isFinite(rErr) ? rSum + rErr : rSum;
            }
            return (double) iSum;
        }
    }

    /** min/max's state: the best value so far. */
    static final class Best {
        Object value;
    }

    /** count's and row_number's state. */
    static final class Count {
        long n;
    }

    /** rank's and dense_rank's state (window.c's CallCount). */
    static final class Ranks {
        long value;
        long steps;
    }

    /**
     * AggStep P1 P2 P3 P4 P5: one step of aggregate P4 with the P5 arguments r[P2..], the
     * accumulator in r[P3]. For min and max, a preceding CollSeq with P1 names a register set
     * to 1 when this row is not the new best (bare columns of the query then keep their values).
     */
    static final class Step extends InstructionNode {
        private final int kind;
        private final int firstArgument;
        private final int argumentCount;
        private final int accumulator;
        private final int skipRegister;
        private final int collation;

        Step(int pc, int kind, int firstArgument, int argumentCount, int accumulator, int skipRegister, int collation) {
            super(pc, STRAIGHT, -1);
            this.kind = kind;
            this.firstArgument = firstArgument;
            this.argumentCount = argumentCount;
            this.accumulator = accumulator;
            this.skipRegister = skipRegister;
            this.collation = collation;
        }

        @Override
        public void execute(Execution execution) {
            Object[] r = execution.registers;
            Object arg = argumentCount > 0 ? r[firstArgument] : null;
            switch (kind) {
                case COUNT: {
                    Count c = r[accumulator] instanceof Count x ? x : newCount(r);
                    if (argumentCount == 0 || arg != null) {
                        c.n++;
                    }
                    break;
                }
                case MIN:
                case MAX: {
                    Best b = r[accumulator] instanceof Best x ? x : newBest(r);
                    boolean better;
                    if (arg == null) {
                        // A NULL never becomes the best; SQLite skips the row only once a best exists.
                        if (b.value != null) {
                            skip(r);
                        }
                        break;
                    }
                    if (b.value == null) {
                        better = true;
                    } else {
                        int cmp = org.graalite.runtime.Collations.compare(b.value, arg, collation);
                        better = kind == MAX ? cmp < 0 : cmp > 0;
                    }
                    if (better) {
                        b.value = arg;
                    } else {
                        skip(r);
                    }
                    break;
                }
                case ROW_NUMBER: {
                    Count c = r[accumulator] instanceof Count x ? x : newCount(r);
                    c.n++;
                    break;
                }
                case RANK: {
                    Ranks k = r[accumulator] instanceof Ranks x ? x : newRanks(r, accumulator);
                    k.steps++;
                    if (k.value == 0) {
                        k.value = k.steps;
                    }
                    break;
                }
                case DENSE_RANK: {
                    Ranks k = r[accumulator] instanceof Ranks x ? x : newRanks(r, accumulator);
                    k.steps = 1;
                    break;
                }
                case NO_VALUE:
                    break;
                default: {
                    Sum s = r[accumulator] instanceof Sum x ? x : AggregateNodes.newSum(r, accumulator);
                    if (arg instanceof Double d && (seenSumArguments & REALS) != 0) {
                        s.stepReal(d);
                    } else if (arg instanceof Long l && (seenSumArguments & INTEGERS) != 0) {
                        s.stepInteger(l);
                    } else if (arg != null || (seenSumArguments & NULLS) == 0) {
                        sumOther(s, arg);
                    }
                    break;
                }
            }
        }

        /**
         * The kinds of argument sum, total and avg have met: compiled code holds the steps of
         * those only (most sum one kind of number); another kind deoptimizes once and is added.
         */
        @CompilationFinal private int seenSumArguments;
        private static final int REALS = 1;
        private static final int INTEGERS = 2;
        private static final int NULLS = 4;
        private static final int OTHERS = 8;

        private void sumOther(Sum s, Object arg) {
            int kind = arg instanceof Double ? REALS : arg instanceof Long ? INTEGERS : arg == null ? NULLS : OTHERS;
            if ((seenSumArguments & kind) == 0) {
                CompilerDirectives.transferToInterpreterAndInvalidate();
                seenSumArguments |= kind;
            }
            if (arg != null) {
                s.step(arg);
            }
        }

        private void skip(Object[] r) {
            if (skipRegister > 0) {
                r[skipRegister] = 1L;
            }
        }

        @TruffleBoundary
        private Count newCount(Object[] r) {
            Count c = new Count();
            r[accumulator] = c;
            return c;
        }

        @TruffleBoundary
        private Best newBest(Object[] r) {
            Best b = new Best();
            r[accumulator] = b;
            return b;
        }

        @TruffleBoundary
        static Ranks newRanks(Object[] r, int accumulator) {
            Ranks k = new Ranks();
            r[accumulator] = k;
            return k;
        }

        /** Whether this is a step of sum, total or avg of one argument (see InPlaceReaders.SumStep). */
        boolean sumsOneArgument() {
            return (kind == SUM || kind == TOTAL || kind == AVG) && argumentCount == 1;
        }
    }

    /** A new state of sum, total or avg in accumulator register {@code accumulator} (its first step). */
    @TruffleBoundary
    static Sum newSum(Object[] r, int accumulator) {
        Sum s = new Sum();
        r[accumulator] = s;
        return s;
    }

    /** AggFinal P1 P2 P4: r[P1] = the aggregate's result (for no rows: count 0, total 0.0, the others NULL). */
    static final class Final extends InstructionNode {
        private final int kind;
        private final int accumulator;

        Final(int pc, int kind, int accumulator) {
            super(pc, STRAIGHT, -1);
            this.kind = kind;
            this.accumulator = accumulator;
        }

        @Override
        public void execute(Execution execution) {
            Object[] r = execution.registers;
            r[accumulator] = result(execution, pc, kind, r, accumulator);
        }

        /**
         * The aggregate's value (xFinalize, and xValue of a window, which SQLite makes the same
         * function): for no rows count 0, total 0.0, the others NULL. rank and dense_rank move
         * their state as SQLite's do, so the state is made when there is none.
         */
        static Object result(Execution execution, int pc, int kind, Object[] r, int accumulator) {
            Object state = r[accumulator];
            Object result;
            switch (kind) {
                case COUNT:
                case ROW_NUMBER:
                    result = state instanceof Count c ? c.n : 0L;
                    break;
                case MIN:
                case MAX:
                    result = state instanceof Best b ? b.value : null;
                    break;
                case TOTAL:
                    result = state instanceof Sum s ? s.real() : 0.0;
                    break;
                case AVG:
                    result = state instanceof Sum s && s.count > 0 ? s.real() / s.count : null;
                    break;
                case RANK: {
                    Ranks k = state instanceof Ranks x ? x : Step.newRanks(r, accumulator);
                    result = k.value;
                    k.value = 0;
                    break;
                }
                case DENSE_RANK: {
                    Ranks k = state instanceof Ranks x ? x : Step.newRanks(r, accumulator);
                    if (k.steps != 0) {
                        k.value++;
                        k.steps = 0;
                    }
                    result = k.value;
                    break;
                }
                case NO_VALUE:
                    result = null;
                    break;
                default: {
                    if (!(state instanceof Sum s) || s.count == 0) {
                        result = null;
                    } else if (s.approx) {
                        if (s.overflow) {
                            throw execution.vdbe.abort(pc, 1, "integer overflow");
                        }
                        result = s.real();
                    } else {
                        result = s.iSum;
                    }
                    break;
                }
            }
            // A sum of infinities of both signs: SQLite's result_double makes NaN a NULL.
            return result instanceof Double d ? org.graalite.runtime.SqlValues.real(d) : result;
        }
    }

    /** CollSeq P1 P4: r[P1] = 0, the flag a following min() or max() sets to 1 when it skips a row; P4 is the collation they compare with. */
    static final class CollSeq extends InstructionNode {
        private final int register;

        CollSeq(int pc, int register) {
            super(pc, STRAIGHT, -1);
            this.register = register;
        }

        @Override
        public void execute(Execution execution) {
            if (register > 0) {
                execution.registers[register] = 0L;
            }
        }
    }

    /** The accumulator (or, for the functions shape, the state) of a guest aggregate in its register, so it is told apart from a value. */
    static final class GuestAccumulator {
        Object instance;

        GuestAccumulator(Object instance) {
            this.instance = instance;
        }
    }

    /**
     * AggStep of a guest aggregate: the first row of a group makes its accumulator; each row
     * calls its step() (object shape) or step(state, ...) (functions shape, a direct call of
     * a constant executable), or, where the aggregate has argument slots for this many
     * arguments, fills them and calls the argument-less step (UserAggregate#slots). An
     * aggregate created with integer kinds has no slots and gets the {@link IntegerKinds} of
     * the arguments before them. AggInverse of a window function of the object shape calls its
     * inverse() the same way, without slots.
     */
    static final class GuestStep extends InstructionNode {
        private final int firstArgument;
        private final int argumentCount;
        private final int accumulator;
        private final org.graalite.runtime.UserAggregate aggregate;
        /**
         * The accumulator's method this calls: "step", or "inverse" for AggInverse of a window
         * function (object shape, no argument slots).
         */
        private final String member;
        private final boolean functions;
        /** Whether the step takes the integer kinds of its arguments first: fixed when the aggregate was created. */
        private final boolean integerKinds;
        /** The aggregate's argument slots when this call uses them, else null. */
        private final Object slots;
        @Child private com.oracle.truffle.api.interop.InteropLibrary calls;
        @Child private com.oracle.truffle.api.interop.InteropLibrary results;
        @Child private com.oracle.truffle.api.interop.InteropLibrary slotWrites;

        GuestStep(int pc, int firstArgument, int argumentCount, int accumulator, org.graalite.runtime.UserAggregate aggregate, boolean inverse) {
            super(pc, STRAIGHT, -1);
            assert !inverse || !aggregate.isFunctions() : "a window function's inverse is a method of its accumulator";
            this.firstArgument = firstArgument;
            this.argumentCount = argumentCount;
            this.accumulator = accumulator;
            this.aggregate = aggregate;
            this.member = inverse ? "inverse" : "step";
            this.functions = aggregate.isFunctions();
            this.integerKinds = aggregate.integerKinds();
            boolean bySlots = !inverse && !integerKinds && aggregate.slots() != null && aggregate.arguments() == argumentCount && (!functions || aggregate.slotStep() != null);
            this.slots = bySlots ? aggregate.slots() : null;
            this.slotWrites = bySlots ? com.oracle.truffle.api.interop.InteropLibrary.getFactory().create(slots) : null;
            Object step = bySlots ? aggregate.slotStep() : aggregate.stepFunction();
            this.calls = functions ? com.oracle.truffle.api.interop.InteropLibrary.getFactory().create(step)
                            : com.oracle.truffle.api.interop.InteropLibrary.getFactory().createDispatched(2);
            // The step's result is looked at only in the functions shape (null: keep the state).
            this.results = functions ? com.oracle.truffle.api.interop.InteropLibrary.getFactory().createDispatched(2) : null;
        }

        @Override
        @com.oracle.truffle.api.nodes.ExplodeLoop
        public void execute(Execution execution) {
            Object[] r = execution.registers;
            GuestAccumulator acc = guestAccumulator(r, accumulator, aggregate);
            int shift = functions ? 1 : 0;
            try {
                if (slots != null) {
                    if (functions) {
                        slotWrites.writeArrayElement(slots, 0, acc.instance);
                    }
                    for (int i = 0; i < argumentCount; i++) {
                        slotWrites.writeArrayElement(slots, i + shift, SqlValues.toGuestArgument(r[firstArgument + i]));
                    }
                    if (functions) {
                        acc.instance = org.graalite.runtime.UserAggregate.nextState(acc.instance, calls.execute(aggregate.slotStep()), results);
                    } else {
                        calls.invokeMember(acc.instance, "slotStep");
                    }
                    return;
                }
                // The state (functions shape), the integer kinds (where taken), then the arguments.
                int first = shift + (integerKinds ? 1 : 0);
                Object[] arguments = new Object[first + argumentCount];
                if (integerKinds) {
                    arguments[shift] = org.graalite.runtime.IntegerKinds.of(r, firstArgument, argumentCount);
                }
                for (int i = 0; i < argumentCount; i++) {
                    arguments[first + i] = SqlValues.toGuestArgument(r[firstArgument + i]);
                }
                if (functions) {
                    arguments[0] = acc.instance;
                    acc.instance = org.graalite.runtime.UserAggregate.nextState(acc.instance, calls.execute(aggregate.stepFunction(), arguments), results);
                } else {
                    calls.invokeMember(acc.instance, member, arguments);
                }
            } catch (com.oracle.truffle.api.interop.InteropException e) {
                throw aggregate.failed(e);
            }
        }
    }

    /**
     * AggStep of a guest aggregate of the steppers shape (UserAggregate.ofSteppers), or AggInverse
     * of a window function of the window steppers shape: the first row of a group makes its
     * Stepper (Python: the function and object of the bound method step of the user's object,
     * and of inverse and value for a window function), each row calls function(receiver,
     * arguments...) in the guest's conventions, and nothing of the guest's module runs in
     * between.
     */
    static final class GuestConventionStep extends InstructionNode {
        private final int firstArgument;
        private final int argumentCount;
        private final int accumulator;
        private final org.graalite.runtime.UserAggregate aggregate;
        private final org.graalite.runtime.UserFunction.GuestConventions conventions;
        /** Whether this is AggInverse: the group's inverse is called instead of its step. */
        private final boolean inverse;
        /** Each group has a Stepper of its own, with (in Python) one function for all. */
        @Child private org.graalite.interop.GuestCallNode calls = org.graalite.interop.GuestCallNode.create();
        @Child private com.oracle.truffle.api.interop.InteropLibrary hooks = com.oracle.truffle.api.interop.InteropLibrary.getFactory().createDispatched(2);

        GuestConventionStep(int pc, int firstArgument, int argumentCount, int accumulator, org.graalite.runtime.UserAggregate aggregate, boolean inverse) {
            super(pc, STRAIGHT, -1);
            this.firstArgument = firstArgument;
            this.argumentCount = argumentCount;
            this.accumulator = accumulator;
            this.aggregate = aggregate;
            this.inverse = inverse;
            this.conventions = inverse ? aggregate.inverseConventions() : aggregate.conventions();
        }

        @Override
        public void execute(Execution execution) {
            Object[] r = execution.registers;
            org.graalite.runtime.UserAggregate.Stepper step = (org.graalite.runtime.UserAggregate.Stepper) guestAccumulator(r, accumulator, aggregate).instance;
            try {
                (inverse ? step.inverse() : step).step(conventions, r, firstArgument, argumentCount, calls, hooks);
            } catch (com.oracle.truffle.api.interop.InteropException e) {
                throw aggregate.failed(e);
            }
        }
    }

    /**
     * AggStep of a Java aggregate (from Graalite's JDBC driver), and AggInverse of a guest
     * aggregate that is no window function: out of line, the accumulator's step (the Java one,
     * with the SQL values, without interop) or UserAggregate#inverse, which reports that it is
     * none. The first row of a group makes the accumulator.
     */
    static final class OutOfLineStep extends InstructionNode {
        private final int firstArgument;
        private final int argumentCount;
        private final int accumulator;
        private final org.graalite.runtime.UserAggregate aggregate;
        private final boolean inverse;

        OutOfLineStep(int pc, int firstArgument, int argumentCount, int accumulator, org.graalite.runtime.UserAggregate aggregate, boolean inverse) {
            super(pc, STRAIGHT, -1);
            this.firstArgument = firstArgument;
            this.argumentCount = argumentCount;
            this.accumulator = accumulator;
            this.aggregate = aggregate;
            this.inverse = inverse;
        }

        @Override
        public void execute(Execution execution) {
            step(execution.registers, FunctionNodes.registers(execution, firstArgument, argumentCount));
        }

        @TruffleBoundary
        private void step(Object[] r, Object[] arguments) {
            Object instance = guestAccumulator(r, accumulator, aggregate).instance;
            if (inverse) {
                aggregate.inverse(instance, arguments);
            } else {
                aggregate.step(instance, arguments);
            }
        }
    }

    /**
     * AggValue P1 P3 of a guest window function: r[P3] = the frame's value, the accumulator
     * staying; a cached call, as a frame asks for it once per row. In the object shape its
     * accumulator's value(); in the window steppers shape (UserAggregate.ofWindowSteppers) the
     * group's value function called directly in the guest's conventions, as GuestConventionStep
     * calls the step, the result through the conventions' result hook where it is not plain.
     */
    static final class GuestValue extends InstructionNode {
        private final int accumulator;
        private final int result;
        private final org.graalite.runtime.UserAggregate aggregate;
        /** The window steppers shape's value conventions; null for the object shape. */
        private final org.graalite.runtime.UserFunction.GuestConventions conventions;
        private final boolean numbersAreReal;
        /** Dispatched: each frame has an accumulator of its own, of one class or shape. */
        @Child private com.oracle.truffle.api.interop.InteropLibrary calls = com.oracle.truffle.api.interop.InteropLibrary.getFactory().createDispatched(2);
        /** The window steppers shape's call of the value function. */
        @Child private org.graalite.interop.GuestCallNode valueCalls = org.graalite.interop.GuestCallNode.create();
        @Child private com.oracle.truffle.api.interop.InteropLibrary hooks = com.oracle.truffle.api.interop.InteropLibrary.getFactory().createDispatched(2);

        GuestValue(int pc, int accumulator, int result, org.graalite.runtime.UserAggregate aggregate) {
            super(pc, STRAIGHT, -1);
            this.accumulator = accumulator;
            this.result = result;
            this.aggregate = aggregate;
            this.conventions = aggregate.valueConventions();
            this.numbersAreReal = aggregate.numbersAreReal();
        }

        @Override
        public void execute(Execution execution) {
            Object[] r = execution.registers;
            Object instance = guestAccumulator(r, accumulator, aggregate).instance;
            Object value;
            try {
                if (conventions != null) {
                    value = ((org.graalite.runtime.UserAggregate.Stepper) instance).windowValue(conventions, valueCalls, hooks);
                } else {
                    value = calls.invokeMember(instance, "value");
                }
            } catch (com.oracle.truffle.api.interop.InteropException e) {
                throw aggregate.failed(e);
            }
            r[result] = toSql(value);
        }

        @TruffleBoundary
        private Object toSql(Object value) {
            return org.graalite.runtime.Binder.toSqlValue(0, value, numbersAreReal);
        }
    }

    /**
     * The accumulator in r[register], started (and kept there) if the frame has had no row yet:
     * SQLite's sqlite3_aggregate_context makes one on first use as well.
     */
    private static GuestAccumulator guestAccumulator(Object[] r, int register, org.graalite.runtime.UserAggregate aggregate) {
        return r[register] instanceof GuestAccumulator a ? a : startGroup(r, register, aggregate);
    }

    /** The first row of a group: a new accumulator of {@code aggregate} in r[register]. Out of line: once per group. */
    @TruffleBoundary
    private static GuestAccumulator startGroup(Object[] r, int register, org.graalite.runtime.UserAggregate aggregate) {
        GuestAccumulator a = new GuestAccumulator(aggregate.start());
        r[register] = a;
        return a;
    }

    /** AggFinal of a guest aggregate: r[P1] = its accumulator's finalize() (UserAggregate#finishWithoutRows when the group had no rows). */
    static final class GuestFinal extends InstructionNode {
        private final int accumulator;
        private final org.graalite.runtime.UserAggregate aggregate;

        GuestFinal(int pc, int accumulator, org.graalite.runtime.UserAggregate aggregate) {
            super(pc, STRAIGHT, -1);
            this.accumulator = accumulator;
            this.aggregate = aggregate;
        }

        @Override
        public void execute(Execution execution) {
            execution.registers[accumulator] = finish(execution.registers[accumulator]);
        }

        @TruffleBoundary
        private Object finish(Object state) {
            return state instanceof GuestAccumulator a ? aggregate.finish(a.instance) : aggregate.finishWithoutRows();
        }
    }

    /**
     * AggStep / AggInverse of one of SQLite's own aggregates (group_concat, json_group_array,
     * window functions, and every aggregate of a window program): SQLite steps its state, kept
     * in its own accumulator register; the arguments come from the Java registers.
     */
    static final class NativeStep extends InstructionNode {
        private final int firstArgument;
        private final int argumentCount;
        /** The program's functions set or read value subtypes: the arguments go with theirs (json_group_array). */
        private final boolean subtypes;
        /**
         * The flag register of the CollSeq before (0: none): set when min or max keeps its value,
         * so that the program does not load the row's other columns for it (the "bare" columns
         * of {@code SELECT a, max(b)}); SQLite sets its own copy of the register, not this one.
         */
        private final int skipFlag;
        /** SQLite's own aggregate, which cannot call back into Java (NodeFactory.callsNoJava): a critical downcall. */
        private final boolean withoutUpcalls;
        /**
         * Where arguments come other than from their registers (see ColumnComparisons), as a
         * function call's (FunctionNodes.NativeCallInPlace): fields read in place, with their
         * conversions, and results a call left in SQLite's register; null: none does.
         */
        @Children private final RecordField[] fields;
        @CompilationFinal(dimensions = 1) private final int[] conversions;
        @CompilationFinal(dimensions = 1) private final boolean[] inSqliteRegister;

        NativeStep(int pc, int firstArgument, int argumentCount, boolean subtypes, int skipFlag, boolean withoutUpcalls, RecordField[] fields, int[] conversions, boolean[] inSqliteRegister) {
            super(pc, STRAIGHT, -1);
            this.firstArgument = firstArgument;
            this.argumentCount = argumentCount;
            this.subtypes = subtypes;
            this.skipFlag = skipFlag;
            this.withoutUpcalls = withoutUpcalls;
            this.fields = fields;
            this.conversions = conversions;
            this.inSqliteRegister = inSqliteRegister;
        }

        /** Whether an argument comes other than from its register (for tests). */
        boolean readsInPlace() {
            return fields != null;
        }

        @Override
        public void execute(Execution execution) {
            // The arguments written from compiled code, as a function call's (FunctionNodes.writeArguments).
            FunctionNodes.writeArguments(execution, pc, firstArgument, argumentCount, subtypes, fields, conversions, inSqliteRegister);
            boolean skipped = execution.vdbe.aggregateStepWritten(pc, withoutUpcalls);
            if (skipFlag > 0 && skipped) {
                execution.registers[skipFlag] = 1L;
            }
        }
    }

    /** AggFinal P1 (r[P1] = the final value) and AggValue P1 P3 (r[P3] = the current value) of one of SQLite's own aggregates. */
    static final class NativeValue extends InstructionNode {
        private final int result;
        /** The program's functions set or read value subtypes: the value keeps its own (json_group_array's). */
        private final boolean subtypes;
        /** SQLite's own aggregate, which cannot call back into Java (NodeFactory.callsNoJava): a critical downcall. */
        private final boolean withoutUpcalls;

        NativeValue(int pc, int result, boolean subtypes, boolean withoutUpcalls) {
            super(pc, STRAIGHT, -1);
            this.result = result;
            this.subtypes = subtypes;
            this.withoutUpcalls = withoutUpcalls;
        }

        @Override
        public void execute(Execution execution) {
            if (subtypes) {
                SubtypeNodes.aggregateValue(execution, pc, result, withoutUpcalls);
            } else {
                execution.registers[result] = execution.vdbe.aggregateValue(pc, withoutUpcalls);
            }
        }
    }
}
