package org.graalite.runtime;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.interop.InteropException;
import com.oracle.truffle.api.interop.InteropLibrary;

import org.graalite.interop.GuestCallNode;
import org.graalite.nativeapi.UserFunctions;

/**
 * An aggregate written in a guest language, in one of these shapes:
 * <ul>
 * <li>object: a factory (a Python class, a JavaScript function) makes one accumulator per
 * group, with {@code step(args...)} and {@code finalize()} (what Python's sqlite3 module
 * expects of its aggregate classes);
 * <li>functions: {@code start()} makes the state of a group, {@code step(state, args...)}
 * returns the next state (or null/None/undefined to keep it), {@code finalize(state)} the
 * result (the shape of better-sqlite3's aggregates);
 * <li>steppers: {@code start()} makes the {@link Stepper} of a group, a guest array
 * [function, receiver]: each row calls {@code function(receiver, args...)}, or
 * {@code receiver(args...)} where the function is null, with the arguments in the guest's
 * {@link UserFunction.GuestConventions} (the result ignored); {@code finalize(receiver)} the
 * result. Python's module hands out the function and object of the bound method {@code step}
 * of the user's object, which the engine then calls with no function of the module between
 * (see GuestConventions for why), and not the bound method itself: GraalPy 25 calls a bound
 * method from another language through a stack walk, about 9 microseconds a call.
 * <li>window steppers: as steppers, with the group's inverse and value called the same way
 * ({@link #ofWindowSteppers}).
 * </ul>
 * A fifth, for Java (Graalite's JDBC driver): a {@link JavaAggregate.Factory}, called without
 * interop.
 * The functions and steppers shapes call plain executables, which every language calls
 * directly; invoking a method of a Python object from another language goes through GraalPy's
 * generic call path (a stack walk per call, microseconds), so the Python module registers its
 * classes as steppers.
 *
 * <p>An aggregate created with integer kinds passes, right before the SQL arguments of each
 * step and inverse (after the state in the functions shape), the string of {@link IntegerKinds}
 * that says which of them are INTEGERs (better-sqlite3's safe integers); it has no
 * argument-less step.
 */
public final class UserAggregate implements UserFunctions.Aggregate {
    private final String name;
    private final int arguments;
    /** The object shape's factory; null for the functions shape. */
    private final Object factory;
    private final Object start;
    private final Object step;
    private final Object finalize;
    /** The functions shape's argument-less step, or null (see {@link #slots}). */
    private final Object slotStep;
    /** See {@link #slots}. */
    private final Object slots;
    /** Whether steps and inverses pass the {@link IntegerKinds} of their arguments first. */
    private final boolean integerKinds;
    /** Whether the guest's plain numbers it returns are REALs (see {@link Binder#toSqlValue(int, Object, boolean)}). */
    private final boolean numbersAreReal;
    /** The steppers shape's conventions; null for the other shapes. */
    private final UserFunction.GuestConventions conventions;
    /**
     * A window function of the steppers shape: the conventions of its inverse and value calls
     * (each with the failure hook that names its method); null for everything else.
     */
    private final UserFunction.GuestConventions inverseConventions;
    private final UserFunction.GuestConventions valueConventions;

    private UserAggregate(String name, int arguments, Object factory, Object start, Object step, Object finalize, Object slotStep, Object slots, UserFunction.GuestConventions conventions,
                    boolean integerKinds, boolean numbersAreReal) {
        this(name, arguments, factory, start, step, finalize, slotStep, slots, conventions, null, null, integerKinds, numbersAreReal);
    }

    private UserAggregate(String name, int arguments, Object factory, Object start, Object step, Object finalize, Object slotStep, Object slots, UserFunction.GuestConventions conventions,
                    UserFunction.GuestConventions inverseConventions, UserFunction.GuestConventions valueConventions, boolean integerKinds, boolean numbersAreReal) {
        assert slots == null || !integerKinds : "an aggregate that takes integer kinds has no argument-less step";
        this.name = name;
        this.arguments = arguments;
        this.factory = factory;
        this.start = start;
        this.step = step;
        this.finalize = finalize;
        this.slotStep = slotStep;
        this.slots = slots;
        this.conventions = conventions;
        this.inverseConventions = inverseConventions;
        this.valueConventions = valueConventions;
        this.integerKinds = integerKinds;
        this.numbersAreReal = numbersAreReal;
    }

    /**
     * The object shape: {@code factory()} makes an accumulator with step() and finalize(); with
     * {@code slots} (or null), also with an argument-less slotStep() (see {@link #slots}); with
     * {@code integerKinds}, step(kinds, args...) and inverse(kinds, args...).
     */
    public static UserAggregate ofFactory(String name, int arguments, Object factory, Object slots, boolean integerKinds, boolean numbersAreReal) {
        return new UserAggregate(name, arguments, factory, null, null, null, null, slots, null, integerKinds, numbersAreReal);
    }

    /** A Java aggregate: {@code factory.create()} makes the {@link JavaAggregate} of each group. */
    public static UserAggregate ofJava(String name, int arguments, JavaAggregate.Factory factory) {
        return new UserAggregate(name, arguments, factory, null, null, null, null, null, null, false, false);
    }

    /** Whether this is a Java aggregate (then {@link #start}, {@link #step} and {@link #finish} call Java directly). */
    public boolean isJava() {
        return factory instanceof JavaAggregate.Factory;
    }

    /**
     * The functions shape: start(), step(state, args...), finalize(state); with {@code slotStep}
     * and {@code slots} (or nulls), also an argument-less step (see {@link #slots}); with
     * {@code integerKinds}, step(state, kinds, args...).
     */
    public static UserAggregate ofFunctions(String name, int arguments, Object start, Object step, Object finalize, Object slotStep, Object slots, boolean integerKinds, boolean numbersAreReal) {
        return new UserAggregate(name, arguments, null, start, step, finalize, slotStep, slots, null, integerKinds, numbersAreReal);
    }

    /** The steppers shape (see the class comment): start() makes a [function, receiver] array, finalize(receiver). */
    public static UserAggregate ofSteppers(String name, int arguments, Object start, Object finalize, UserFunction.GuestConventions conventions, boolean numbersAreReal) {
        return new UserAggregate(name, arguments, null, start, null, finalize, null, null, conventions, false, numbersAreReal);
    }

    /**
     * The window steppers shape: as the steppers shape, and {@code start()} makes a guest array
     * of six, the [function, receiver] pairs of the group's step, inverse and value, which the
     * engine calls as it calls a step, each in its own conventions (the failure hook of each
     * names its method); value's result goes through its conventions' result hook.
     * {@code finalize(receiver)} gets the step's receiver. Python's module hands out the
     * functions of the user's object's bound methods: GraalPy calls the methods of an object
     * from another language through a stack walk, 20 times slower than CPython's sqlite3 on a
     * window over 100,000 rows.
     */
    public static UserAggregate ofWindowSteppers(String name, int arguments, Object start, Object finalize, UserFunction.GuestConventions step, UserFunction.GuestConventions inverse,
                    UserFunction.GuestConventions value, boolean numbersAreReal) {
        return new UserAggregate(name, arguments, null, start, null, finalize, null, null, step, inverse, value, false, numbersAreReal);
    }

    /**
     * A group's step in the steppers shape: {@code function(receiver, args...)}, or {@code
     * receiver(args...)} where {@code function} is null; in the window steppers shape also the
     * group's inverse and value, called the same way (null otherwise).
     */
    public record Stepper(Object function, Object receiver, Stepper inverse, Stepper value) {
        public Stepper(Object function, Object receiver) {
            this(function, receiver, null, null);
        }

        /** One row's step: the SQL values {@code values[first..first+count-1]} as its arguments, in {@code conventions}. */
        public void step(UserFunction.GuestConventions conventions, Object[] values, int first, int count, GuestCallNode calls, InteropLibrary hooks) throws InteropException {
            call(conventions, values, first, count, calls, hooks);
        }

        /** As {@link #step}, returning what the guest returned, unchecked. */
        public Object call(UserFunction.GuestConventions conventions, Object[] values, int first, int count, GuestCallNode calls, InteropLibrary hooks) throws InteropException {
            if (function != null) {
                return conventions.call(function, receiver, values, first, count, calls, hooks);
            }
            return conventions.call(receiver, null, values, first, count, calls, hooks);
        }

        /** The group's window value, as the engine takes it (the conventions' result hook applied). */
        public Object windowValue(UserFunction.GuestConventions conventions, GuestCallNode calls, InteropLibrary hooks) throws InteropException {
            return conventions.result(value.call(conventions, NO_VALUES, 0, 0, calls, hooks), hooks);
        }

        private static final Object[] NO_VALUES = new Object[0];
    }

    /** A window function's inverse in the window steppers shape, or null. */
    public UserFunction.GuestConventions inverseConventions() {
        return inverseConventions;
    }

    /** A window function's value in the window steppers shape, or null. */
    public UserFunction.GuestConventions valueConventions() {
        return valueConventions;
    }

    /** Whether this aggregate's values are plain numbers read as REALs (see {@link Binder#toSqlValue(int, Object, boolean)}). */
    public boolean numbersAreReal() {
        return numbersAreReal;
    }

    /** The steppers shape's conventions, or null for another shape. */
    public UserFunction.GuestConventions conventions() {
        return conventions;
    }

    /** Whether steps and inverses pass the {@link IntegerKinds} of their arguments before them. */
    public boolean integerKinds() {
        return integerKinds;
    }

    /**
     * The argument slots of the Truffle tier's steps, or null: a guest array that the statement
     * fills before each argument-less step, the state first in the functions shape, then the
     * arguments; the step reads them before it runs anything else. As for functions
     * ({@link UserFunction.ArgumentSlots}), an interop call with arguments makes the guest
     * language copy them into a new array at every row, and a call without arguments does not.
     */
    public Object slots() {
        return slots;
    }

    /** The functions shape's argument-less step (returns the next state as step does), or null. */
    public Object slotStep() {
        return slotStep;
    }

    public String name() {
        return name;
    }

    public int arguments() {
        return arguments;
    }

    /** Whether this aggregate has the functions shape (then {@link #stepFunction()} is its step). */
    public boolean isFunctions() {
        return factory == null;
    }

    /** The step function of the functions shape. */
    public Object stepFunction() {
        return step;
    }

    @Override
    @TruffleBoundary
    public Object start() {
        if (factory instanceof JavaAggregate.Factory java) {
            return java.create();
        }
        try {
            InteropLibrary interop = InteropLibrary.getUncached();
            if (conventions != null) {
                Object made = interop.execute(start);
                Stepper step = stepper(interop, made, 0);
                if (inverseConventions != null) {
                    return new Stepper(step.function(), step.receiver(), stepper(interop, made, 2), stepper(interop, made, 4));
                }
                return step;
            } else if (factory == null) {
                return interop.execute(start);
            }
            return interop.isInstantiable(factory) ? interop.instantiate(factory) : interop.execute(factory);
        } catch (InteropException e) {
            throw failed(e);
        }
    }

    @Override
    @TruffleBoundary
    public Object step(Object accumulator, Object[] sqlArguments) {
        if (accumulator instanceof JavaAggregate java) {
            UserFunction.callJava(() -> {
                java.step(InvalidText.asStrings(sqlArguments));
                return null;
            });
            return accumulator;
        }
        if (conventions != null) {
            return stepInConventions(accumulator, sqlArguments);
        }
        Object[] guestArguments = guestArguments(sqlArguments, factory == null ? 1 : 0);
        try {
            InteropLibrary interop = InteropLibrary.getUncached();
            if (factory != null) {
                interop.invokeMember(accumulator, "step", guestArguments);
                return accumulator;
            }
            guestArguments[0] = accumulator;
            return nextState(accumulator, interop.execute(step, guestArguments), interop);
        } catch (InteropException e) {
            throw failed(e);
        }
    }

    /** The [function, receiver] pair at {@code index} of what start() made: a Stepper (a null function: call the receiver). */
    private static Stepper stepper(InteropLibrary interop, Object made, int index) throws InteropException {
        Object function = interop.readArrayElement(made, index);
        return new Stepper(interop.isNull(function) ? null : function, interop.readArrayElement(made, index + 1));
    }

    /** A step of the steppers shape: the group's Stepper called with the arguments; the state stays. */
    private Object stepInConventions(Object state, Object[] sqlArguments) {
        InteropLibrary interop = InteropLibrary.getUncached();
        try {
            ((Stepper) state).step(conventions, sqlArguments, 0, sqlArguments.length, GuestCallNode.getUncached(), interop);
        } catch (InteropException e) {
            throw failed(e);
        }
        return state;
    }

    /**
     * The arguments of a step or inverse as the guest receives them, from index {@code first}
     * (the functions shape's state goes before): the integer kinds where this aggregate takes
     * them, then the SQL arguments as guest values.
     */
    private Object[] guestArguments(Object[] sqlArguments, int first) {
        int shift = first + (integerKinds ? 1 : 0);
        Object[] guestArguments = new Object[sqlArguments.length + shift];
        if (integerKinds) {
            guestArguments[first] = IntegerKinds.of(sqlArguments);
        }
        for (int i = 0; i < sqlArguments.length; i++) {
            guestArguments[i + shift] = SqlValues.toGuestArgument(sqlArguments[i]);
        }
        return guestArguments;
    }

    /** The state after a step of the functions shape that returned {@code returned}. */
    public static Object nextState(Object state, Object returned, InteropLibrary interop) {
        return interop.isNull(returned) ? state : returned;
    }

    @Override
    @TruffleBoundary
    public Object finish(Object accumulator) {
        if (accumulator instanceof JavaAggregate java) {
            return UserFunction.javaResult(UserFunction.callJava(java::finish));
        }
        try {
            InteropLibrary interop = InteropLibrary.getUncached();
            Object result = factory != null ? interop.invokeMember(accumulator, "finalize")
                            : interop.execute(finalize, accumulator instanceof Stepper s ? s.receiver() : accumulator);
            return Binder.toSqlValue(0, result, numbersAreReal);
        } catch (InteropException e) {
            throw failed(e);
        }
    }

    /**
     * The value of a group without rows: NULL in the steppers shape, without making the group's
     * object (Python's sqlite3 neither makes nor finalizes one), else what a fresh accumulator
     * finishes with.
     */
    @Override
    @TruffleBoundary
    public Object finishWithoutRows() {
        return conventions != null ? null : finish(start());
    }

    /** A window function's value (the object shape's {@code value()}); the accumulator stays. */
    @Override
    @TruffleBoundary
    public Object value(Object accumulator) {
        try {
            InteropLibrary interop = InteropLibrary.getUncached();
            if (valueConventions != null) {
                return Binder.toSqlValue(0, ((Stepper) accumulator).windowValue(valueConventions, GuestCallNode.getUncached(), interop), numbersAreReal);
            }
            return Binder.toSqlValue(0, interop.invokeMember(windowAccumulator(accumulator), "value"), numbersAreReal);
        } catch (InteropException e) {
            throw failed(e);
        }
    }

    /** Removes a row from a window function's frame (the object shape's {@code inverse(...)}). */
    @Override
    @TruffleBoundary
    public Object inverse(Object accumulator, Object[] sqlArguments) {
        if (inverseConventions != null) {
            InteropLibrary interop = InteropLibrary.getUncached();
            try {
                ((Stepper) accumulator).inverse().step(inverseConventions, sqlArguments, 0, sqlArguments.length, GuestCallNode.getUncached(), interop);
            } catch (InteropException e) {
                throw failed(e);
            }
            return accumulator;
        }
        Object[] guestArguments = guestArguments(sqlArguments, 0);
        try {
            InteropLibrary.getUncached().invokeMember(windowAccumulator(accumulator), "inverse", guestArguments);
            return accumulator;
        } catch (InteropException e) {
            throw failed(e);
        }
    }

    /** Window functions have the object shape, or the window steppers shape (handled before this is asked). */
    private Object windowAccumulator(Object accumulator) {
        if (factory == null || isJava()) {
            throw SqliteException.error("user aggregate " + name + " is not a window function");
        }
        return accumulator;
    }

    /** The error of a failed call into the aggregate. */
    @TruffleBoundary
    public RuntimeException failed(Exception e) {
        return SqliteException.error("user aggregate " + name + " failed: " + e.getMessage());
    }
}
