package org.graalite.interop;

import com.oracle.truffle.api.interop.InteropLibrary;
import com.oracle.truffle.api.interop.UnsupportedMessageException;
import com.oracle.truffle.api.interop.UnsupportedTypeException;

/** The arguments of the connection object's members, read with their checks. */
final class MemberArguments {
    private MemberArguments() {
    }

    /** arguments[index] as argument slots: a guest array of {@code size} elements, for a fixed argument count. */
    static Object argumentSlots(InteropLibrary interop, Object[] arguments, int index, int size) throws UnsupportedTypeException, UnsupportedMessageException {
        Object slots = arguments[index];
        if (size < 1 || !interop.hasArrayElements(slots) || interop.getArraySize(slots) != size) {
            throw UnsupportedTypeException.create(arguments, "argumentSlots must be an array of " + size + " elements");
        }
        return slots;
    }

    /** arguments[index] as the name of an attached database ("main" when absent or null). */
    static String schemaName(InteropLibrary interop, Object[] arguments, int index) throws UnsupportedTypeException, UnsupportedMessageException {
        return arguments.length > index && !interop.isNull(arguments[index]) ? sqlText(interop, arguments[index]) : "main";
    }

    /** arguments[index] as a callable, null when absent or null; {@code usage} is the error otherwise. */
    static Object optionalCallable(InteropLibrary interop, Object[] arguments, int index, String usage) throws UnsupportedTypeException {
        if (arguments.length <= index || interop.isNull(arguments[index])) {
            return null;
        }
        if (!interop.isExecutable(arguments[index])) {
            throw UnsupportedTypeException.create(arguments, usage);
        }
        return arguments[index];
    }

    static String sqlText(InteropLibrary interop, Object value) throws UnsupportedTypeException, UnsupportedMessageException {
        if (!interop.isString(value)) {
            throw UnsupportedTypeException.create(new Object[]{value}, "the SQL text must be a string");
        }
        return interop.asString(value);
    }
}
