package org.graalite.interop;

import com.oracle.truffle.api.interop.InteropLibrary;
import com.oracle.truffle.api.interop.TruffleObject;
import com.oracle.truffle.api.library.ExportLibrary;
import com.oracle.truffle.api.library.ExportMessage;

/** SQL's NULL as an interop value: None in Python, null in JavaScript and Java. */
@ExportLibrary(InteropLibrary.class)
public final class SqlNull implements TruffleObject {
    public static final SqlNull INSTANCE = new SqlNull();

    private SqlNull() {
    }

    @ExportMessage
    boolean isNull() {
        return true;
    }

    @ExportMessage
    @SuppressWarnings("unused")
    Object toDisplayString(boolean allowSideEffects) {
        return "NULL";
    }
}
