package org.graalite.runtime;

import com.oracle.truffle.api.exception.AbstractTruffleException;
import com.oracle.truffle.api.interop.ExceptionType;
import com.oracle.truffle.api.interop.InteropLibrary;
import com.oracle.truffle.api.interop.UnknownIdentifierException;
import com.oracle.truffle.api.library.ExportLibrary;
import com.oracle.truffle.api.library.ExportMessage;
import org.graalite.interop.StringList;

/**
 * An error reported by SQLite (or by Graalite in SQLite's terms): SQLite's message and its
 * extended result code. Guest languages see it as an exception whose message is SQLite's and
 * whose members {@code code} (extended result code), {@code primaryCode} and {@code codeName}
 * (for example {@code SQLITE_CONSTRAINT_UNIQUE}) tell which error it was.
 */
@ExportLibrary(InteropLibrary.class)
public final class SqliteException extends AbstractTruffleException {
    private static final long serialVersionUID = 1L;
    private static final StringList MEMBERS = new StringList("code", "primaryCode", "codeName", "message");

    private final int code;

    public SqliteException(int code, String message) {
        // No guest frames: SQL programs have no source sections to show, and walking the
        // stack for them made each constraint error of a write workload cost microseconds.
        super(message, null, 0, null);
        this.code = code;
    }

    /** SQLite's extended result code. */
    public int code() {
        return code;
    }

    public int primaryCode() {
        return code & 0xff;
    }

    public String codeName() {
        return ResultCodes.name(code);
    }

    /** SQLite reports syntax errors from the parser; they count as guest parse errors. */
    private boolean isSyntaxError() {
        String m = getMessage();
        return primaryCode() == 1 && m != null && (m.endsWith("syntax error") || m.equals("incomplete input"));
    }

    @ExportMessage
    ExceptionType getExceptionType() {
        return isSyntaxError() ? ExceptionType.PARSE_ERROR : ExceptionType.RUNTIME_ERROR;
    }

    @ExportMessage
    boolean isExceptionIncompleteSource() {
        return "incomplete input".equals(getMessage());
    }

    @ExportMessage
    boolean hasMembers() {
        return true;
    }

    @ExportMessage
    Object getMembers(@SuppressWarnings("unused") boolean includeInternal) {
        return MEMBERS;
    }

    @ExportMessage
    boolean isMemberReadable(String member) {
        return MEMBERS.contains(member);
    }

    @ExportMessage
    Object readMember(String member) throws UnknownIdentifierException {
        switch (member) {
            case "code":
                return code;
            case "primaryCode":
                return primaryCode();
            case "codeName":
                return codeName();
            case "message":
                return getMessage();
            default:
                throw UnknownIdentifierException.create(member);
        }
    }

    /** Graalite's own errors (misuse of its API) carry SQLITE_MISUSE. */
    public static SqliteException misuse(String message) {
        return new SqliteException(ResultCodes.SQLITE_MISUSE, message);
    }

    /** An error of the generic kind SQLITE_ERROR with the given message. */
    public static SqliteException error(String message) {
        return new SqliteException(ResultCodes.SQLITE_ERROR, message);
    }
}
