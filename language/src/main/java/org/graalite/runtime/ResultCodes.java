package org.graalite.runtime;

import java.util.HashMap;
import java.util.Map;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;

/** SQLite's result codes, primary and extended, by number (from sqlite3.h of 3.54.1). */
public final class ResultCodes {
    public static final int SQLITE_OK = 0;
    public static final int SQLITE_ERROR = 1;
    public static final int SQLITE_INTERNAL = 2;
    public static final int SQLITE_BUSY = 5;
    public static final int SQLITE_NOMEM = 7;
    public static final int SQLITE_READONLY = 8;
    public static final int SQLITE_INTERRUPT = 9;
    public static final int SQLITE_CANTOPEN = 14;
    public static final int SQLITE_SCHEMA = 17;
    public static final int SQLITE_TOOBIG = 18;
    public static final int SQLITE_CONSTRAINT = 19;
    public static final int SQLITE_MISMATCH = 20;
    public static final int SQLITE_MISUSE = 21;
    public static final int SQLITE_AUTH = 23;
    public static final int SQLITE_RANGE = 25;
    public static final int SQLITE_ROW = 100;
    public static final int SQLITE_DONE = 101;

    private static final Map<Integer, String> NAMES = names();

    private ResultCodes() {
    }

    /**
     * The name of a result code, for example SQLITE_CONSTRAINT_UNIQUE; the primary code's name
     * for an unknown extended code. Out of line: a guest's read of an error's codeName is
     * compiled with the guest's code, and partial evaluation of HashMap.get follows the map's
     * recursive tree bins until it gives up on the whole compilation ("too deep inlining"), which
     * left GraalPy's handler of every sqlite3 error in its interpreter.
     */
    @TruffleBoundary
    public static String name(int code) {
        String n = NAMES.get(code);
        if (n == null) {
            n = NAMES.getOrDefault(code & 0xff, "SQLITE_UNKNOWN(" + code + ")");
        }
        return n;
    }

    private static Map<Integer, String> names() {
        Map<Integer, String> names = new HashMap<>();
        names.put(0, "SQLITE_OK");
        names.put(1, "SQLITE_ERROR");
        names.put(2, "SQLITE_INTERNAL");
        names.put(3, "SQLITE_PERM");
        names.put(4, "SQLITE_ABORT");
        names.put(5, "SQLITE_BUSY");
        names.put(6, "SQLITE_LOCKED");
        names.put(7, "SQLITE_NOMEM");
        names.put(8, "SQLITE_READONLY");
        names.put(9, "SQLITE_INTERRUPT");
        names.put(10, "SQLITE_IOERR");
        names.put(11, "SQLITE_CORRUPT");
        names.put(12, "SQLITE_NOTFOUND");
        names.put(13, "SQLITE_FULL");
        names.put(14, "SQLITE_CANTOPEN");
        names.put(15, "SQLITE_PROTOCOL");
        names.put(16, "SQLITE_EMPTY");
        names.put(17, "SQLITE_SCHEMA");
        names.put(18, "SQLITE_TOOBIG");
        names.put(19, "SQLITE_CONSTRAINT");
        names.put(20, "SQLITE_MISMATCH");
        names.put(21, "SQLITE_MISUSE");
        names.put(22, "SQLITE_NOLFS");
        names.put(23, "SQLITE_AUTH");
        names.put(24, "SQLITE_FORMAT");
        names.put(25, "SQLITE_RANGE");
        names.put(26, "SQLITE_NOTADB");
        names.put(27, "SQLITE_NOTICE");
        names.put(28, "SQLITE_WARNING");
        names.put(100, "SQLITE_ROW");
        names.put(101, "SQLITE_DONE");
        names.put(257, "SQLITE_ERROR_MISSING_COLLSEQ");
        names.put(513, "SQLITE_ERROR_RETRY");
        names.put(769, "SQLITE_ERROR_SNAPSHOT");
        names.put(1025, "SQLITE_ERROR_RESERVESIZE");
        names.put(1281, "SQLITE_ERROR_KEY");
        names.put(1537, "SQLITE_ERROR_UNABLE");
        names.put(266, "SQLITE_IOERR_READ");
        names.put(522, "SQLITE_IOERR_SHORT_READ");
        names.put(778, "SQLITE_IOERR_WRITE");
        names.put(1034, "SQLITE_IOERR_FSYNC");
        names.put(1290, "SQLITE_IOERR_DIR_FSYNC");
        names.put(1546, "SQLITE_IOERR_TRUNCATE");
        names.put(1802, "SQLITE_IOERR_FSTAT");
        names.put(2058, "SQLITE_IOERR_UNLOCK");
        names.put(2314, "SQLITE_IOERR_RDLOCK");
        names.put(2570, "SQLITE_IOERR_DELETE");
        names.put(2826, "SQLITE_IOERR_BLOCKED");
        names.put(3082, "SQLITE_IOERR_NOMEM");
        names.put(3338, "SQLITE_IOERR_ACCESS");
        names.put(3594, "SQLITE_IOERR_CHECKRESERVEDLOCK");
        names.put(3850, "SQLITE_IOERR_LOCK");
        names.put(4106, "SQLITE_IOERR_CLOSE");
        names.put(4362, "SQLITE_IOERR_DIR_CLOSE");
        names.put(4618, "SQLITE_IOERR_SHMOPEN");
        names.put(4874, "SQLITE_IOERR_SHMSIZE");
        names.put(5130, "SQLITE_IOERR_SHMLOCK");
        names.put(5386, "SQLITE_IOERR_SHMMAP");
        names.put(5642, "SQLITE_IOERR_SEEK");
        names.put(5898, "SQLITE_IOERR_DELETE_NOENT");
        names.put(6154, "SQLITE_IOERR_MMAP");
        names.put(6410, "SQLITE_IOERR_GETTEMPPATH");
        names.put(6666, "SQLITE_IOERR_CONVPATH");
        names.put(6922, "SQLITE_IOERR_VNODE");
        names.put(7178, "SQLITE_IOERR_AUTH");
        names.put(7434, "SQLITE_IOERR_BEGIN_ATOMIC");
        names.put(7690, "SQLITE_IOERR_COMMIT_ATOMIC");
        names.put(7946, "SQLITE_IOERR_ROLLBACK_ATOMIC");
        names.put(8202, "SQLITE_IOERR_DATA");
        names.put(8458, "SQLITE_IOERR_CORRUPTFS");
        names.put(8714, "SQLITE_IOERR_IN_PAGE");
        names.put(8970, "SQLITE_IOERR_BADKEY");
        names.put(9226, "SQLITE_IOERR_CODEC");
        names.put(270, "SQLITE_CANTOPEN_NOTEMPDIR");
        names.put(526, "SQLITE_CANTOPEN_ISDIR");
        names.put(782, "SQLITE_CANTOPEN_FULLPATH");
        names.put(1038, "SQLITE_CANTOPEN_CONVPATH");
        names.put(1294, "SQLITE_CANTOPEN_DIRTYWAL");
        names.put(1550, "SQLITE_CANTOPEN_SYMLINK");
        names.put(267, "SQLITE_CORRUPT_VTAB");
        names.put(523, "SQLITE_CORRUPT_SEQUENCE");
        names.put(779, "SQLITE_CORRUPT_INDEX");
        names.put(264, "SQLITE_READONLY_RECOVERY");
        names.put(520, "SQLITE_READONLY_CANTLOCK");
        names.put(776, "SQLITE_READONLY_ROLLBACK");
        names.put(1032, "SQLITE_READONLY_DBMOVED");
        names.put(1288, "SQLITE_READONLY_CANTINIT");
        names.put(1544, "SQLITE_READONLY_DIRECTORY");
        names.put(516, "SQLITE_ABORT_ROLLBACK");
        names.put(275, "SQLITE_CONSTRAINT_CHECK");
        names.put(531, "SQLITE_CONSTRAINT_COMMITHOOK");
        names.put(787, "SQLITE_CONSTRAINT_FOREIGNKEY");
        names.put(1043, "SQLITE_CONSTRAINT_FUNCTION");
        names.put(1299, "SQLITE_CONSTRAINT_NOTNULL");
        names.put(1555, "SQLITE_CONSTRAINT_PRIMARYKEY");
        names.put(1811, "SQLITE_CONSTRAINT_TRIGGER");
        names.put(2067, "SQLITE_CONSTRAINT_UNIQUE");
        names.put(2323, "SQLITE_CONSTRAINT_VTAB");
        names.put(283, "SQLITE_NOTICE_RECOVER_WAL");
        names.put(539, "SQLITE_NOTICE_RECOVER_ROLLBACK");
        names.put(795, "SQLITE_NOTICE_RBU");
        names.put(284, "SQLITE_WARNING_AUTOINDEX");
        names.put(279, "SQLITE_AUTH_USER");
        names.put(256, "SQLITE_OK_LOAD_PERMANENTLY");
        names.put(512, "SQLITE_OK_SYMLINK");
        return names;
    }
}
