package org.graalite.jdbc;

import java.util.HashMap;
import java.util.Map;

/**
 * The result codes sqlite-jdbc names in its error messages, with the description it prints:
 * an error with extended result code 2067 reads
 * {@code [SQLITE_CONSTRAINT_UNIQUE] A UNIQUE constraint failed (UNIQUE constraint failed: t.a)}.
 * Codes missing here print as {@code [UNKNOWN_ERROR] unknown error:CODE (message)}, as in
 * sqlite-jdbc. A test checks this table against sqlite-jdbc's own.
 */
final class ResultCodeNames {
    /** Code, name, description. */
    private static final Object[][] TABLE = {
                    {0, "SQLITE_OK", "Successful result"},
                    {1, "SQLITE_ERROR", "SQL error or missing database"},
                    {2, "SQLITE_INTERNAL", "Internal logic error in SQLite"},
                    {3, "SQLITE_PERM", "Access permission denied"},
                    {4, "SQLITE_ABORT", "Callback routine requested an abort"},
                    {5, "SQLITE_BUSY", "The database file is locked"},
                    {6, "SQLITE_LOCKED", "A table in the database is locked"},
                    {7, "SQLITE_NOMEM", "A malloc() failed"},
                    {8, "SQLITE_READONLY", "Attempt to write a readonly database"},
                    {9, "SQLITE_INTERRUPT", "Operation terminated by sqlite3_interrupt()"},
                    {10, "SQLITE_IOERR", "Some kind of disk I/O error occurred"},
                    {11, "SQLITE_CORRUPT", "The database disk image is malformed"},
                    {12, "SQLITE_NOTFOUND", "NOT USED. Table or record not found"},
                    {13, "SQLITE_FULL", "Insertion failed because database is full"},
                    {14, "SQLITE_CANTOPEN", "Unable to open the database file"},
                    {15, "SQLITE_PROTOCOL", "NOT USED. Database lock protocol error"},
                    {16, "SQLITE_EMPTY", "Database is empty"},
                    {17, "SQLITE_SCHEMA", "The database schema changed"},
                    {18, "SQLITE_TOOBIG", "String or BLOB exceeds size limit"},
                    {19, "SQLITE_CONSTRAINT", "Abort due to constraint violation"},
                    {20, "SQLITE_MISMATCH", "Data type mismatch"},
                    {21, "SQLITE_MISUSE", "Library used incorrectly"},
                    {22, "SQLITE_NOLFS", "Uses OS features not supported on host"},
                    {23, "SQLITE_AUTH", "Authorization denied"},
                    {24, "SQLITE_FORMAT", "Auxiliary database format error"},
                    {25, "SQLITE_RANGE", "2nd parameter to sqlite3_bind out of range"},
                    {26, "SQLITE_NOTADB", "File opened that is not a database file"},
                    {27, "SQLITE_NOTICE", "Notifications from sqlite3_log()"},
                    {28, "SQLITE_WARNING", "Warnings from sqlite3_log()"},
                    {100, "SQLITE_ROW", "sqlite3_step() has another row ready"},
                    {101, "SQLITE_DONE", "sqlite3_step() has finished executing"},
                    {516, "SQLITE_ABORT_ROLLBACK", "The transaction that was active when the SQL statement first started was rolled back"},
                    {279, "SQLITE_AUTH_USER", "An operation was attempted on a database for which the logged in user lacks sufficient authorization"},
                    {261, "SQLITE_BUSY_RECOVERY", "Another process is busy recovering a WAL mode database file following a crash"},
                    {517, "SQLITE_BUSY_SNAPSHOT", "Another database connection has already written to the database"},
                    {773, "SQLITE_BUSY_TIMEOUT", "A blocking Posix advisory file lock request in the VFS layer failed due to a timeout"},
                    {1038, "SQLITE_CANTOPEN_CONVPATH", "cygwin_conv_path() system call failed while trying to open a file"},
                    {1294, "SQLITE_CANTOPEN_DIRTYWAL", "Not used"},
                    {782, "SQLITE_CANTOPEN_FULLPATH", "The operating system was unable to convert the filename into a full pathname"},
                    {526, "SQLITE_CANTOPEN_ISDIR", "The file is really a directory"},
                    {270, "SQLITE_CANTOPEN_NOTEMPDIR", "No longer used"},
                    {1550, "SQLITE_CANTOPEN_SYMLINK", "The file is a symbolic link but SQLITE_OPEN_NOFOLLOW flag is used"},
                    {275, "SQLITE_CONSTRAINT_CHECK", "A CHECK constraint failed"},
                    {531, "SQLITE_CONSTRAINT_COMMITHOOK", "A commit hook callback returned non-zero"},
                    {3091, "SQLITE_CONSTRAINT_DATATYPE", "An insert or update attempted to store a value inconsistent with the column's declared type in a table defined as STRICT"},
                    {787, "SQLITE_CONSTRAINT_FOREIGNKEY", "A foreign key constraint failed"},
                    {1043, "SQLITE_CONSTRAINT_FUNCTION", "Error reported by extension function"},
                    {1299, "SQLITE_CONSTRAINT_NOTNULL", "A NOT NULL constraint failed"},
                    {2835, "SQLITE_CONSTRAINT_PINNED", "An UPDATE trigger attempted to delete the row that was being updated in the middle of the update"},
                    {1555, "SQLITE_CONSTRAINT_PRIMARYKEY", "A PRIMARY KEY constraint failed"},
                    {2579, "SQLITE_CONSTRAINT_ROWID", "rowid is not unique"},
                    {1811, "SQLITE_CONSTRAINT_TRIGGER", "A RAISE function within a trigger fired, causing the SQL statement to abort"},
                    {2067, "SQLITE_CONSTRAINT_UNIQUE", "A UNIQUE constraint failed"},
                    {2323, "SQLITE_CONSTRAINT_VTAB", "Error reported by application-defined virtual table"},
                    {779, "SQLITE_CORRUPT_INDEX", "SQLite detected an entry is or was missing from an index"},
                    {523, "SQLITE_CORRUPT_SEQUENCE", "the schema of the sqlite_sequence table is corrupt"},
                    {267, "SQLITE_CORRUPT_VTAB", "Content in the virtual table is corrupt"},
                    {257, "SQLITE_ERROR_MISSING_COLLSEQ", "An SQL statement could not be prepared because a collating sequence named in that SQL statement could not be located"},
                    {513, "SQLITE_ERROR_RETRY", "used internally"},
                    {769, "SQLITE_ERROR_SNAPSHOT", "the historical snapshot is no longer available"},
                    {3338, "SQLITE_IOERR_ACCESS", "I/O error within the xAccess"},
                    {7178, "SQLITE_IOERR_AUTH", "reserved for use by extensions"},
                    {7434, "SQLITE_IOERR_BEGIN_ATOMIC", "the underlying operating system reported and error on the SQLITE_FCNTL_BEGIN_ATOMIC_WRITE file-control"},
                    {2826, "SQLITE_IOERR_BLOCKED", "no longer used"},
                    {3594, "SQLITE_IOERR_CHECKRESERVEDLOCK", "I/O error within xCheckReservedLock"},
                    {4106, "SQLITE_IOERR_CLOSE", "I/O error within xClose"},
                    {7690, "SQLITE_IOERR_COMMIT_ATOMIC", "the underlying operating system reported and error on the SQLITE_FCNTL_COMMIT_ATOMIC_WRITE file-control"},
                    {6666, "SQLITE_IOERR_CONVPATH", "cygwin_conv_path() system call failed"},
                    {8458, "SQLITE_IOERR_CORRUPTFS", "I/O error in the VFS layer, a seek or read failure was due to the request not falling within the file's boundary rather than an ordinary device failure"},
                    {8202, "SQLITE_IOERR_DATA", "I/O error in the VFS shim, the checksum on a page of the database file is incorrect"},
                    {2570, "SQLITE_IOERR_DELETE", "I/O error within xDelete"},
                    {5898, "SQLITE_IOERR_DELETE_NOENT", "The file being deleted does not exist"},
                    {4362, "SQLITE_IOERR_DIR_CLOSE", "no longer used"},
                    {1290, "SQLITE_IOERR_DIR_FSYNC", "I/O error in the VFS layer while trying to invoke fsync() on a directory"},
                    {1802, "SQLITE_IOERR_FSTAT", "I/O error in the VFS layer while trying to invoke fstat()"},
                    {1034, "SQLITE_IOERR_FSYNC", "I/O error in the VFS layer while trying to flush previously written content"},
                    {6410, "SQLITE_IOERR_GETTEMPPATH", "Unable to determine a suitable directory in which to place temporary files"},
                    {3850, "SQLITE_IOERR_LOCK", "I/O error in the advisory file locking logic"},
                    {6154, "SQLITE_IOERR_MMAP", "I/O error while trying to map or unmap part of the database file"},
                    {3082, "SQLITE_IOERR_NOMEM", "Unable to allocate sufficient memory"},
                    {2314, "SQLITE_IOERR_RDLOCK", "I/O error within xLock"},
                    {266, "SQLITE_IOERR_READ", "I/O error in the VFS layer while trying to read from a file on disk"},
                    {7946, "SQLITE_IOERR_ROLLBACK_ATOMIC", "the underlying operating system reported and error on the SQLITE_FCNTL_ROLLBACK_ATOMIC_WRITE file-control"},
                    {5642, "SQLITE_IOERR_SEEK", "I/O error while trying to seek a file descriptor"},
                    {5130, "SQLITE_IOERR_SHMLOCK", "no longer used"},
                    {5386, "SQLITE_IOERR_SHMMAP", "I/O error within xShmMap while trying to map a shared memory segment"},
                    {4618, "SQLITE_IOERR_SHMOPEN", "I/O error within xShmMap while trying to open a new shared memory segment"},
                    {4874, "SQLITE_IOERR_SHMSIZE", "I/O error within xShmMap while trying to resize an existing shared memory segment"},
                    {522, "SQLITE_IOERR_SHORT_READ", "The VFS layer was unable to obtain as many bytes as was requested"},
                    {1546, "SQLITE_IOERR_TRUNCATE", "I/O error in the VFS layer while trying to truncate a file to a smaller size"},
                    {2058, "SQLITE_IOERR_UNLOCK", "I/O error within xUnlock"},
                    {6922, "SQLITE_IOERR_VNODE", "reserved for use by extensions"},
                    {778, "SQLITE_IOERR_WRITE", "I/O error in the VFS layer while trying to write to a file on disk"},
                    {262, "SQLITE_LOCKED_SHAREDCACHE", "Contention with a different database connection that shares the cache"},
                    {518, "SQLITE_LOCKED_VTAB", "reserved for use by extensions"},
                    {539, "SQLITE_NOTICE_RECOVER_ROLLBACK", "a hot journal is rolled back"},
                    {283, "SQLITE_NOTICE_RECOVER_WAL", "a WAL mode database file is recovered"},
                    {256, "SQLITE_OK_LOAD_PERMANENTLY", "the extension remains loaded into the process address space after the database connection closes"},
                    {1288, "SQLITE_READONLY_CANTINIT", "the current process does not have write permission on the shared memory region"},
                    {520, "SQLITE_READONLY_CANTLOCK", "The shared-memory file associated with that database is read-only"},
                    {1032, "SQLITE_READONLY_DBMOVED", "The database file has been moved since it was opened"},
                    {1544, "SQLITE_READONLY_DIRECTORY", "Process does not have permission to create a journal file in the same directory as the database and the creation of a journal file is a prerequisite for writing"},
                    {264, "SQLITE_READONLY_RECOVERY", "The database file needs to be recovered"},
                    {776, "SQLITE_READONLY_ROLLBACK", "Hot journal needs to be rolled back"},
                    {284, "SQLITE_WARNING_AUTOINDEX", "automatic indexing is used"},
    };

    private static final Map<Integer, String[]> BY_CODE = new HashMap<>();

    static {
        for (Object[] row : TABLE) {
            BY_CODE.put((Integer) row[0], new String[]{(String) row[1], (String) row[2]});
        }
    }

    private ResultCodeNames() {
    }

    /** sqlite-jdbc's text for an error: {@code [NAME] description (SQLite's message)}. */
    static String format(int code, String message) {
        String[] known = BY_CODE.get(code);
        if (known == null) {
            return "[UNKNOWN_ERROR] unknown error:" + code + " (" + message + ")";
        }
        return "[" + known[0] + "] " + known[1] + " (" + message + ")";
    }

    /** The code's name, such as SQLITE_CONSTRAINT_UNIQUE; null for codes missing here. */
    static String name(int code) {
        String[] known = BY_CODE.get(code);
        return known == null ? null : known[0];
    }

    /** The table's rows as "code name description" lines, for the test that compares it. */
    static String describe() {
        StringBuilder sb = new StringBuilder();
        for (Object[] row : TABLE) {
            sb.append(row[0]).append(' ').append(row[1]).append(' ').append(row[2]).append('\n');
        }
        return sb.toString();
    }
}
