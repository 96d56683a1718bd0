package org.graalite.interop;

import com.oracle.truffle.api.exception.AbstractTruffleException;
import com.oracle.truffle.api.interop.InteropLibrary;
import com.oracle.truffle.api.interop.TruffleObject;
import com.oracle.truffle.api.library.ExportLibrary;
import com.oracle.truffle.api.library.ExportMessage;

/**
 * An executable that throws, when called, an exception a guest callable threw into the engine:
 * handed to a guest's failure hook (UserFunction.GuestConventions#failure), which calls it
 * inside its own try statement and so catches the exception as its language's own, with its
 * traceback, as if it had called the failed callable itself.
 */
@ExportLibrary(InteropLibrary.class)
public final class Rethrow implements TruffleObject {
    private final AbstractTruffleException exception;

    public Rethrow(AbstractTruffleException exception) {
        this.exception = exception;
    }

    @ExportMessage
    boolean isExecutable() {
        return true;
    }

    @ExportMessage
    Object execute(@SuppressWarnings("unused") Object[] arguments) {
        throw exception;
    }
}
