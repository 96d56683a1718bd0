package org.graalite.nativeapi;

import static org.graalite.nativeapi.NativeFunction.*;

import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;

/**
 * Typed Java entry points for the native functions of {@link NativeFunction}, through FFM
 * downcalls. Pointers are {@link MemorySegment}s of size zero; strings cross as UTF-8.
 * Callers outside this package see only {@link NativeConnection} and {@link NativeStatement}.
 */
final class Sqlite3 {
    static final int OK = 0;
    static final int ROW = 100;
    static final int DONE = 101;

    static final int OPEN_READWRITE = 0x00000002;
    static final int OPEN_CREATE = 0x00000004;
    static final int OPEN_READONLY = 0x00000001;
    static final int OPEN_URI = 0x00000040;
    static final int OPEN_EXRESCODE = 0x02000000;

    /** SQLITE_PREPARE_PERSISTENT: the statement is kept and reused. */
    static final int PREPARE_PERSISTENT = 0x01;

    /** The destructor value SQLITE_TRANSIENT: SQLite copies bound text and blobs. */
    static final long TRANSIENT = -1L;

    private Sqlite3() {
    }

    static RuntimeException rethrow(Throwable t) {
        if (t instanceof RuntimeException r) {
            return r;
        }
        if (t instanceof Error e) {
            throw e;
        }
        return new IllegalStateException(t);
    }

    /** Reads a NUL-terminated UTF-8 string; null for a NULL pointer. */
    static String string(MemorySegment p) {
        if (p.address() == 0) {
            return null;
        }
        // Byte by byte: MemorySegment.getString reads whole words and may run past the end of
        // the string into an unmapped page.
        MemorySegment s = p.reinterpret(Integer.MAX_VALUE);
        int n = 0;
        while (s.get(java.lang.foreign.ValueLayout.JAVA_BYTE, n) != 0) {
            n++;
        }
        return string(p, n);
    }

    /** Reads {@code n} bytes at {@code p} as UTF-8. */
    static String string(MemorySegment p, int n) {
        if (n == 0) {
            return "";
        }
        byte[] bytes = p.reinterpret(n).toArray(java.lang.foreign.ValueLayout.JAVA_BYTE);
        return new String(bytes, StandardCharsets.UTF_8);
    }

    static int openV2(MemorySegment filename, MemorySegment ppDb, int flags) {
        try {
            return (int) OPEN_V2.ffm.invokeExact(filename, ppDb, flags, MemorySegment.NULL);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int closeV2(MemorySegment db) {
        try {
            return (int) CLOSE_V2.ffm.invokeExact(db);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static String errmsg(MemorySegment db) {
        try {
            return string((MemorySegment) ERRMSG.ffm.invokeExact(db));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static String errstr(int code) {
        try {
            return string((MemorySegment) ERRSTR.ffm.invokeExact(code));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int extendedErrcode(MemorySegment db) {
        try {
            return (int) EXTENDED_ERRCODE.ffm.invokeExact(db);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int extendedResultCodes(MemorySegment db, int on) {
        try {
            return (int) EXTENDED_RESULT_CODES.ffm.invokeExact(db, on);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int errorOffset(MemorySegment db) {
        try {
            return (int) ERROR_OFFSET.ffm.invokeExact(db);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static long changes64(MemorySegment db) {
        try {
            return (long) CHANGES64.ffm.invokeExact(db);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static long totalChanges64(MemorySegment db) {
        try {
            return (long) TOTAL_CHANGES64.ffm.invokeExact(db);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static long lastInsertRowid(MemorySegment db) {
        try {
            return (long) LAST_INSERT_ROWID.ffm.invokeExact(db);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int getAutocommit(MemorySegment db) {
        try {
            return (int) GET_AUTOCOMMIT.ffm.invokeExact(db);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int busyTimeout(MemorySegment db, int ms) {
        try {
            return (int) BUSY_TIMEOUT.ffm.invokeExact(db, ms);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static void interrupt(MemorySegment db) {
        try {
            INTERRUPT.ffm.invokeExact(db);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static String libversion() {
        try {
            return string((MemorySegment) LIBVERSION.ffm.invokeExact());
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int complete(MemorySegment sql) {
        try {
            return (int) COMPLETE.ffm.invokeExact(sql);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int prepareV3(MemorySegment db, MemorySegment sql, int nBytes, int flags, MemorySegment ppStmt, MemorySegment pzTail) {
        try {
            return (int) PREPARE_V3.ffm.invokeExact(db, sql, nBytes, flags, ppStmt, pzTail);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int step(MemorySegment stmt) {
        try {
            return (int) STEP.ffm.invokeExact(stmt);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int reset(MemorySegment stmt) {
        try {
            return (int) RESET.ffm.invokeExact(stmt);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int finalizeStmt(MemorySegment stmt) {
        try {
            return (int) FINALIZE.ffm.invokeExact(stmt);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int clearBindings(MemorySegment stmt) {
        try {
            return (int) CLEAR_BINDINGS.ffm.invokeExact(stmt);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static String sql(MemorySegment stmt) {
        try {
            return string((MemorySegment) SQL.ffm.invokeExact(stmt));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int stmtReadonly(MemorySegment stmt) {
        try {
            return (int) STMT_READONLY.ffm.invokeExact(stmt);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int stmtIsExplain(MemorySegment stmt) {
        try {
            return (int) STMT_ISEXPLAIN.ffm.invokeExact(stmt);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int bindParameterCount(MemorySegment stmt) {
        try {
            return (int) BIND_PARAMETER_COUNT.ffm.invokeExact(stmt);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static String bindParameterName(MemorySegment stmt, int i) {
        try {
            return string((MemorySegment) BIND_PARAMETER_NAME.ffm.invokeExact(stmt, i));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int bindNull(MemorySegment stmt, int i) {
        try {
            return (int) BIND_NULL.ffm.invokeExact(stmt, i);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int bindInt64(MemorySegment stmt, int i, long v) {
        try {
            return (int) BIND_INT64.ffm.invokeExact(stmt, i, v);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int bindDouble(MemorySegment stmt, int i, double v) {
        try {
            return (int) BIND_DOUBLE.ffm.invokeExact(stmt, i, v);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int bindText(MemorySegment stmt, int i, MemorySegment utf8, int n) {
        try {
            return (int) BIND_TEXT.ffm.invokeExact(stmt, i, utf8, n, TRANSIENT);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int bindBlob(MemorySegment stmt, int i, MemorySegment bytes, int n) {
        try {
            return (int) BIND_BLOB.ffm.invokeExact(stmt, i, bytes, n, TRANSIENT);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int bindZeroblob(MemorySegment stmt, int i, int n) {
        try {
            return (int) BIND_ZEROBLOB.ffm.invokeExact(stmt, i, n);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int columnCount(MemorySegment stmt) {
        try {
            return (int) COLUMN_COUNT.ffm.invokeExact(stmt);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static String columnName(MemorySegment stmt, int i) {
        try {
            return string((MemorySegment) COLUMN_NAME.ffm.invokeExact(stmt, i));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static String columnDecltype(MemorySegment stmt, int i) {
        try {
            return string((MemorySegment) COLUMN_DECLTYPE.ffm.invokeExact(stmt, i));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static String columnTableName(MemorySegment stmt, int i) {
        try {
            return string((MemorySegment) COLUMN_TABLE_NAME.ffm.invokeExact(stmt, i));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static String columnOriginName(MemorySegment stmt, int i) {
        try {
            return string((MemorySegment) COLUMN_ORIGIN_NAME.ffm.invokeExact(stmt, i));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static String columnDatabaseName(MemorySegment stmt, int i) {
        try {
            return string((MemorySegment) COLUMN_DATABASE_NAME.ffm.invokeExact(stmt, i));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int columnType(MemorySegment stmt, int i) {
        try {
            return (int) COLUMN_TYPE.ffm.invokeExact(stmt, i);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static long columnInt64(MemorySegment stmt, int i) {
        try {
            return (long) COLUMN_INT64.ffm.invokeExact(stmt, i);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static double columnDouble(MemorySegment stmt, int i) {
        try {
            return (double) COLUMN_DOUBLE.ffm.invokeExact(stmt, i);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static MemorySegment columnText(MemorySegment stmt, int i) {
        try {
            return (MemorySegment) COLUMN_TEXT.ffm.invokeExact(stmt, i);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static MemorySegment columnBlob(MemorySegment stmt, int i) {
        try {
            return (MemorySegment) COLUMN_BLOB.ffm.invokeExact(stmt, i);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int columnBytes(MemorySegment stmt, int i) {
        try {
            return (int) COLUMN_BYTES.ffm.invokeExact(stmt, i);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int tableColumnMetadata(MemorySegment db, MemorySegment dbName, MemorySegment table, MemorySegment column,
                    MemorySegment declType, MemorySegment collSeq, MemorySegment notNull, MemorySegment primaryKey, MemorySegment autoinc) {
        try {
            return (int) TABLE_COLUMN_METADATA.ffm.invokeExact(db, dbName, table, column, declType, collSeq, notNull, primaryKey, autoinc);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    // ---- the shim

    static int callInt(NativeFunction f) {
        try {
            return (int) f.ffm.invokeExact();
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int callInt(NativeFunction f, MemorySegment p) {
        try {
            return (int) f.ffm.invokeExact(p);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int callInt(NativeFunction f, MemorySegment p, int i) {
        try {
            return (int) f.ffm.invokeExact(p, i);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static long callLong(NativeFunction f, MemorySegment p) {
        try {
            return (long) f.ffm.invokeExact(p);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static double callDouble(NativeFunction f, MemorySegment p) {
        try {
            return (double) f.ffm.invokeExact(p);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static MemorySegment callPointer(NativeFunction f, MemorySegment p) {
        try {
            return (MemorySegment) f.ffm.invokeExact(p);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static MemorySegment callPointer(NativeFunction f, MemorySegment p, int i) {
        try {
            return (MemorySegment) f.ffm.invokeExact(p, i);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static MemorySegment callPointer(NativeFunction f, int i) {
        try {
            return (MemorySegment) f.ffm.invokeExact(i);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }
}
