package org.graalite.interop;

import com.oracle.truffle.api.interop.ArityException;
import com.oracle.truffle.api.interop.InteropLibrary;
import com.oracle.truffle.api.interop.UnknownIdentifierException;
import com.oracle.truffle.api.interop.UnsupportedMessageException;
import com.oracle.truffle.api.interop.UnsupportedTypeException;

import org.graalite.language.SqlContext;
import org.graalite.runtime.Database;

/**
 * The connection object's members that hand SQLite guest code to call: createFunction,
 * createAggregate, createWindowFunction, createCollation, setAuthorizer and
 * setProgressHandler (see {@link ConnectionObject} for what each does, and the comment of
 * each case below for its arguments).
 *
 * <p>Integer kinds: {@code createFunction(name, n, callable, deterministic, true)},
 * {@code createAggregate(name, n, factory, true)}, {@code createAggregate(name, n, start, step,
 * finalize, true)} and {@code createWindowFunction(name, n, factory, true)} define a function
 * or aggregate whose every call (for an aggregate: every step and inverse) receives one more
 * argument right before its SQL arguments (after the state, in the functions shape): a
 * string of one character per SQL argument, '1' where it is an INTEGER and '0' otherwise
 * ({@link org.graalite.runtime.IntegerKinds}). A guest module that must tell an INTEGER from
 * a REAL (JavaScript's better-sqlite3 safe integers: a JavaScript number cannot tell 5 from
 * 5.0, nor hold every 64-bit integer) reads it before anything else and converts the
 * INTEGERs from the raw argument values, which are exact. Both tiers pass it: SQLite's VDBE
 * through UserFunctions, the Truffle tier through its call nodes; such a function has no
 * argument-less form (UserFunction.ArgumentSlots), so functions without the flag keep theirs.
 *
 * <p>Function flags: createFunction's {@code deterministic} is a boolean or an integer of
 * SQLite's function flags, and createAggregate and createWindowFunction take such an integer as
 * their last argument (see functionFlags): SQLITE_DIRECTONLY is better-sqlite3's directOnly.
 */
final class GuestCallbackMembers {
    static final StringList NAMES = new StringList("createWindowFunction", "createCollation", "setAuthorizer", "setProgressHandler", "createAggregate", "createFunction");

    private GuestCallbackMembers() {
    }

    static Object invoke(String member, Object[] arguments, Database database, SqlContext context) throws UnknownIdentifierException, ArityException, UnsupportedTypeException, UnsupportedMessageException {
        InteropLibrary interop = InteropLibrary.getUncached();
        switch (member) {
            case "createWindowFunction": {
                // A last argument that is an integer: SQLite's function flags (see functionFlags), after any shape below.
                int windowFlags = trailingFlags(interop, arguments);
                if (hasTrailingFlags(interop, arguments)) {
                    arguments = java.util.Arrays.copyOf(arguments, arguments.length - 1);
                }
                // createWindowFunction(name, argumentCount, factory[, integerKinds]): factory()
                // makes an accumulator with step(...), inverse(...), value() and finalize(); a
                // null factory removes the function of that name and argument count. With
                // integerKinds true, step and inverse receive the IntegerKinds of their
                // arguments before them.
                // createWindowFunction(name, argumentCount, start, finalize, stepConventions,
                // inverseConventions, valueConventions): the window steppers shape (see
                // UserAggregate.ofWindowSteppers), for a guest whose own object steps, inverts and
                // gives its value without a module function between (conventions as createFunction's).
                if (arguments.length == 7) {
                    if (!interop.fitsInInt(arguments[1]) || !interop.isExecutable(arguments[2]) || !interop.isExecutable(arguments[3]) || !isConventions(interop, arguments[4]) ||
                                    !isConventions(interop, arguments[5]) || !isConventions(interop, arguments[6])) {
                        throw UnsupportedTypeException.create(arguments, "createWindowFunction(name, argumentCount, start, finalize, stepConventions, inverseConventions, valueConventions)");
                    }
                    database.createWindowFunction(org.graalite.runtime.UserAggregate.ofWindowSteppers(MemberArguments.sqlText(interop, arguments[0]), interop.asInt(arguments[1]), arguments[2],
                                    arguments[3], conventions(interop, arguments[4]), conventions(interop, arguments[5]), conventions(interop, arguments[6]), database.guestNumbersAreReal()), windowFlags);
                    return SqlNull.INSTANCE;
                }
                if (arguments.length != 3 && arguments.length != 4) {
                    throw ArityException.create(3, 4, arguments.length);
                }
                if (!interop.fitsInInt(arguments[1]) || (arguments.length == 4 && !interop.isBoolean(arguments[3]))) {
                    throw UnsupportedTypeException.create(arguments, "createWindowFunction(name, argumentCount, factory[, integerKinds])");
                }
                boolean windowKinds = arguments.length == 4 && interop.asBoolean(arguments[3]);
                String name = MemberArguments.sqlText(interop, arguments[0]);
                int argumentCount = interop.asInt(arguments[1]);
                if (interop.isNull(arguments[2])) {
                    database.removeFunction(name, argumentCount);
                } else {
                    database.createWindowFunction(org.graalite.runtime.UserAggregate.ofFactory(name, argumentCount, arguments[2], null, windowKinds, database.guestNumbersAreReal()), windowFlags);
                }
                return SqlNull.INSTANCE;
            }
            case "createCollation": {
                // createCollation(name, compare[, sign[, receiver]]): compare(a, b) orders two
                // texts by the sign of its result; null removes the collation. sign, executable,
                // is the guest's hook for a result that is not a Long or an Integer (see
                // UserCollation); with a receiver, compare(receiver, a, b) is called.
                if (arguments.length < 2 || arguments.length > 4) {
                    throw ArityException.create(2, 4, arguments.length);
                }
                if (arguments.length >= 3 && !interop.isExecutable(arguments[2])) {
                    throw UnsupportedTypeException.create(arguments, "createCollation(name, compare, sign[, receiver]): sign must be executable");
                }
                String name = MemberArguments.sqlText(interop, arguments[0]);
                // A Java Comparator (Graalite's JDBC driver) is kept as the Java object it is.
                Object host = context.hostObject(arguments[1]);
                if (host instanceof java.util.Comparator<?>) {
                    database.createCollation(name, new org.graalite.runtime.UserCollation(name, host));
                } else if (interop.isNull(arguments[1])) {
                    database.createCollation(name, null);
                } else if (interop.isExecutable(arguments[1])) {
                    database.createCollation(name, new org.graalite.runtime.UserCollation(name, arguments[1], arguments.length >= 3 ? arguments[2] : null,
                                    arguments.length == 4 ? arguments[3] : null));
                } else {
                    throw UnsupportedTypeException.create(arguments, "createCollation(name, compare): compare must be executable or null");
                }
                return SqlNull.INSTANCE;
            }
            case "setAuthorizer": {
                // setAuthorizer(callable): callable(action, first, second, database, trigger)
                // answers 0 (allow), 1 (deny) or 2 (ignore) while statements are prepared; null removes it.
                if (arguments.length != 1) {
                    throw ArityException.create(1, 1, arguments.length);
                }
                database.setAuthorizer(MemberArguments.optionalCallable(interop, arguments, 0, "setAuthorizer(callable): callable must be executable or null"));
                return SqlNull.INSTANCE;
            }
            case "setProgressHandler": {
                // setProgressHandler(callable, instructions): callable() every `instructions`
                // VDBE instructions stops the statement when it answers true; null removes it.
                if (arguments.length != 2) {
                    throw ArityException.create(2, 2, arguments.length);
                }
                String usage = "setProgressHandler(callable, instructions): callable must be executable or null, instructions an int";
                Object handler = MemberArguments.optionalCallable(interop, arguments, 0, usage);
                if (!interop.fitsInInt(arguments[1])) {
                    throw UnsupportedTypeException.create(arguments, usage);
                }
                database.setProgressHandler(handler, interop.asInt(arguments[1]));
                return SqlNull.INSTANCE;
            }
            case "createAggregate": {
                // A last argument that is an integer: SQLite's function flags (see functionFlags), after any shape below.
                int aggregateFlags = trailingFlags(interop, arguments);
                if (hasTrailingFlags(interop, arguments)) {
                    arguments = java.util.Arrays.copyOf(arguments, arguments.length - 1);
                }
                // createAggregate(name, argumentCount, factory[, argumentSlots | integerKinds]): factory() makes an object with step(...) and finalize();
                // createAggregate(name, argumentCount, start, step, finalize[, slotStep, argumentSlots | integerKinds]): state = start(),
                // state = step(state, ...), finalize(state).
                // The optional ones are the guest modules' argument-less step (see
                // UserAggregate#slots): the accumulator's slotStep() in the object shape,
                // slotStep() in the functions shape, reading the state (functions shape) and
                // the arguments from argumentSlots; or integerKinds, a boolean: when true, each
                // step receives the IntegerKinds of its arguments before them (after the state).
                // createAggregate(name, argumentCount, start, null, finalize, conventions): the
                // steppers shape (see UserAggregate.ofSteppers), for a guest whose own object
                // steps without a module function between (conventions as createFunction's).
                int n = arguments.length;
                if (n < 3 || n > 7) {
                    throw ArityException.create(3, 7, n);
                }
                // The one optional boolean, last: integerKinds (the object shape's 4th, the functions shape's 6th).
                boolean kindsGiven = (n == 4 || n == 6) && interop.isBoolean(arguments[n - 1]);
                boolean integerKinds = kindsGiven && interop.asBoolean(arguments[n - 1]);
                if (!interop.fitsInInt(arguments[1])) {
                    throw UnsupportedTypeException.create(arguments, "createAggregate(name, argumentCount, factory | start, step, finalize)");
                }
                String name = MemberArguments.sqlText(interop, arguments[0]);
                int count = interop.asInt(arguments[1]);
                org.graalite.runtime.UserAggregate aggregate;
                if (n == 3 && context.hostObject(arguments[2]) instanceof org.graalite.runtime.JavaAggregate.Factory java) {
                    aggregate = org.graalite.runtime.UserAggregate.ofJava(name, count, java);
                } else if (n == 3 || n == 4) {
                    if (!(interop.isExecutable(arguments[2]) || interop.isInstantiable(arguments[2]))) {
                        throw UnsupportedTypeException.create(arguments, "createAggregate(name, argumentCount, factory)");
                    }
                    Object slots = n == 4 && !kindsGiven ? MemberArguments.argumentSlots(interop, arguments, 3, count) : null;
                    aggregate = org.graalite.runtime.UserAggregate.ofFactory(name, count, arguments[2], slots, integerKinds, database.guestNumbersAreReal());
                } else if (n == 6 && !kindsGiven && interop.isNull(arguments[3])) {
                    if (!interop.isExecutable(arguments[2]) || !interop.isExecutable(arguments[4]) || !isConventions(interop, arguments[5])) {
                        throw UnsupportedTypeException.create(arguments, "createAggregate(name, argumentCount, start, null, finalize, conventions)");
                    }
                    aggregate = org.graalite.runtime.UserAggregate.ofSteppers(name, count, arguments[2], arguments[4], conventions(interop, arguments[5]), database.guestNumbersAreReal());
                } else if (n == 5 || n == 7 || (n == 6 && kindsGiven)) {
                    if (!interop.isExecutable(arguments[2]) || !interop.isExecutable(arguments[3]) || !interop.isExecutable(arguments[4]) || (n == 7 && !interop.isExecutable(arguments[5]))) {
                        throw UnsupportedTypeException.create(arguments, "createAggregate(name, argumentCount, start, step, finalize[, slotStep, argumentSlots | integerKinds])");
                    }
                    Object slots = n == 7 ? MemberArguments.argumentSlots(interop, arguments, 6, count + 1) : null;
                    aggregate = org.graalite.runtime.UserAggregate.ofFunctions(name, count, arguments[2], arguments[3], arguments[4], n == 7 ? arguments[5] : null, slots, integerKinds, database.guestNumbersAreReal());
                } else {
                    throw ArityException.create(5, 7, n);
                }
                database.createAggregate(aggregate, aggregateFlags);
                return SqlNull.INSTANCE;
            }
            case "createFunction": {
                // createFunction(name, argumentCount, callable[, deterministic[, integerKinds | conventions[, receiver] | slotCallable, argumentSlots]]):
                // slotCallable and argumentSlots are the guest modules' argument-less form of
                // the callable (see UserFunction.ArgumentSlots): a callable of no arguments and
                // a guest array of argumentCount elements, from which it reads its arguments;
                // integerKinds, a boolean: when true, each call passes the IntegerKinds of its
                // arguments before them; conventions, a guest array [nullArgument, blobArgument,
                // result, failure]: the callable is the user's own function, called directly in
                // its language's conventions (see UserFunction.GuestConventions), with receiver,
                // if given, before the SQL arguments of each call (UserFunction#receiver).
                if (arguments.length < 3 || arguments.length > 6) {
                    throw ArityException.create(3, 6, arguments.length);
                }
                // A JavaFunction (Graalite's JDBC driver) is kept as the Java object it is, and called without interop.
                Object java = context.hostObject(arguments[2]) instanceof org.graalite.runtime.JavaFunction f ? f : null;
                String shape = "createFunction(name, argumentCount, callable[, deterministic[, integerKinds | conventions[, receiver] | slotCallable, argumentSlots]])";
                if (!interop.fitsInInt(arguments[1]) || (java == null && !interop.isExecutable(arguments[2]))) {
                    throw UnsupportedTypeException.create(arguments, shape);
                }
                // deterministic: a boolean, or SQLite's function flags as an integer (see functionFlags).
                int flags = arguments.length >= 4 ? functionFlags(interop, arguments[3]) : 0;
                int argumentCount = interop.asInt(arguments[1]);
                boolean integerKinds = false;
                org.graalite.runtime.UserFunction.GuestConventions conventions = null;
                if (arguments.length == 5) {
                    if (java == null && interop.isBoolean(arguments[4])) {
                        integerKinds = interop.asBoolean(arguments[4]);
                    } else if (java == null && isConventions(interop, arguments[4])) {
                        conventions = conventions(interop, arguments[4]);
                    } else {
                        throw UnsupportedTypeException.create(arguments, "the fifth argument must be integerKinds (a boolean) or conventions (an array of 4), for a guest callable");
                    }
                }
                org.graalite.runtime.UserFunction.ArgumentSlots slots = null;
                Object receiver = null;
                if (arguments.length == 6 && java == null && isConventions(interop, arguments[4])) {
                    conventions = conventions(interop, arguments[4]);
                    receiver = arguments[5];
                } else if (arguments.length == 6) {
                    if (java != null || argumentCount < 1 || !interop.isExecutable(arguments[4]) || !interop.hasArrayElements(arguments[5]) || interop.getArraySize(arguments[5]) != argumentCount) {
                        throw UnsupportedTypeException.create(arguments, "slotCallable must be executable and argumentSlots an array of argumentCount elements");
                    }
                    slots = new org.graalite.runtime.UserFunction.ArgumentSlots(arguments[4], arguments[5]);
                }
                database.createFunction(MemberArguments.sqlText(interop, arguments[0]), argumentCount, java != null ? java : arguments[2], flags, slots, conventions, receiver, integerKinds);
                return SqlNull.INSTANCE;
            }
            default:
                throw UnknownIdentifierException.create(member);
        }
    }

    /**
     * SQLite's function flags from createFunction's {@code deterministic}: true or false, or an
     * integer of sqlite3_create_function_v2's flags SQLITE_DETERMINISTIC (0x800),
     * SQLITE_DIRECTONLY (0x80000: not in triggers, views and schema, as better-sqlite3's
     * directOnly) and SQLITE_INNOCUOUS (0x200000); anything else is refused. Another value (null)
     * is no flag.
     */
    private static int functionFlags(InteropLibrary interop, Object value) throws UnsupportedMessageException, UnsupportedTypeException {
        if (interop.isBoolean(value)) {
            return interop.asBoolean(value) ? org.graalite.nativeapi.UserFunctions.DETERMINISTIC : 0;
        }
        if (interop.fitsInInt(value)) {
            int flags = interop.asInt(value);
            if ((flags & ~org.graalite.nativeapi.UserFunctions.FLAGS) != 0) {
                throw UnsupportedTypeException.create(new Object[]{value}, "function flags: only SQLITE_DETERMINISTIC (0x800), SQLITE_DIRECTONLY (0x80000) and SQLITE_INNOCUOUS (0x200000)");
            }
            return flags;
        }
        return 0;
    }

    /**
     * Whether the last of {@code arguments} is function flags: an integer after at least three
     * arguments, which no shape of createAggregate and createWindowFunction ends with (their
     * last argument is the argument count, a callable, an array or a boolean).
     */
    private static boolean hasTrailingFlags(InteropLibrary interop, Object[] arguments) {
        Object last = arguments.length > 3 ? arguments[arguments.length - 1] : null;
        return last != null && !interop.isBoolean(last) && interop.fitsInInt(last);
    }

    /** The function flags last in {@code arguments} (see {@link #hasTrailingFlags}), or 0. */
    private static int trailingFlags(InteropLibrary interop, Object[] arguments) throws UnsupportedMessageException, UnsupportedTypeException {
        return hasTrailingFlags(interop, arguments) ? functionFlags(interop, arguments[arguments.length - 1]) : 0;
    }

    /** Whether {@code value} has the form of a conventions array (see {@link #conventions}), not of a slot callable. */
    private static boolean isConventions(InteropLibrary interop, Object value) throws UnsupportedMessageException {
        return !interop.isExecutable(value) && interop.hasArrayElements(value) && interop.getArraySize(value) == 4;
    }

    /** The conventions array [nullArgument, blobArgument, result, failure] of createFunction; the last three must be executable. */
    private static org.graalite.runtime.UserFunction.GuestConventions conventions(InteropLibrary interop, Object array) throws UnsupportedMessageException, UnsupportedTypeException {
        Object[] hooks = new Object[4];
        try {
            for (int i = 0; i < hooks.length; i++) {
                hooks[i] = interop.readArrayElement(array, i);
            }
        } catch (com.oracle.truffle.api.interop.InvalidArrayIndexException e) {
            throw UnsupportedTypeException.create(new Object[]{array}, "conventions must be an array of 4 elements");
        }
        for (int i = 1; i < hooks.length; i++) {
            if (!interop.isExecutable(hooks[i])) {
                throw UnsupportedTypeException.create(new Object[]{array}, "conventions: blobArgument, result and failure must be executable");
            }
        }
        return new org.graalite.runtime.UserFunction.GuestConventions(hooks[0], hooks[1], hooks[2], hooks[3]);
    }
}
