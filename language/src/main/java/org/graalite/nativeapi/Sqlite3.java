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
    // Downcall handles in static final fields: constants the JIT links directly (an enum's
    // final field is not one, and each call then went through the generic invoker).
    private static final java.lang.invoke.MethodHandle BIND_BLOB = NativeFunction.BIND_BLOB.ffm();
    private static final java.lang.invoke.MethodHandle BIND_DOUBLE = NativeFunction.BIND_DOUBLE.ffm();
    private static final java.lang.invoke.MethodHandle BIND_INT64 = NativeFunction.BIND_INT64.ffm();
    private static final java.lang.invoke.MethodHandle BIND_NULL = NativeFunction.BIND_NULL.ffm();
    private static final java.lang.invoke.MethodHandle BIND_PARAMETER_COUNT = NativeFunction.BIND_PARAMETER_COUNT.ffm();
    private static final java.lang.invoke.MethodHandle BIND_PARAMETER_NAME = NativeFunction.BIND_PARAMETER_NAME.ffm();
    private static final java.lang.invoke.MethodHandle BIND_TEXT = NativeFunction.BIND_TEXT.ffm();
    private static final java.lang.invoke.MethodHandle BIND_ZEROBLOB = NativeFunction.BIND_ZEROBLOB.ffm();
    private static final java.lang.invoke.MethodHandle BUSY_TIMEOUT = NativeFunction.BUSY_TIMEOUT.ffm();
    private static final java.lang.invoke.MethodHandle CHANGES64 = NativeFunction.CHANGES64.ffm();
    private static final java.lang.invoke.MethodHandle CLEAR_BINDINGS = NativeFunction.CLEAR_BINDINGS.ffm();
    private static final java.lang.invoke.MethodHandle CLOSE_V2 = NativeFunction.CLOSE_V2.ffm();
    private static final java.lang.invoke.MethodHandle FREE = NativeFunction.FREE.ffm();
    private static final java.lang.invoke.MethodHandle COLUMN_BLOB = NativeFunction.COLUMN_BLOB.ffm();
    private static final java.lang.invoke.MethodHandle COLUMN_BYTES = NativeFunction.COLUMN_BYTES.ffm();
    private static final java.lang.invoke.MethodHandle COLUMN_COUNT = NativeFunction.COLUMN_COUNT.ffm();
    private static final java.lang.invoke.MethodHandle COLUMN_DATABASE_NAME = NativeFunction.COLUMN_DATABASE_NAME.ffm();
    private static final java.lang.invoke.MethodHandle COLUMN_DECLTYPE = NativeFunction.COLUMN_DECLTYPE.ffm();
    private static final java.lang.invoke.MethodHandle COLUMN_DOUBLE = NativeFunction.COLUMN_DOUBLE.ffm();
    private static final java.lang.invoke.MethodHandle COLUMN_INT64 = NativeFunction.COLUMN_INT64.ffm();
    private static final java.lang.invoke.MethodHandle COLUMN_NAME = NativeFunction.COLUMN_NAME.ffm();
    private static final java.lang.invoke.MethodHandle COLUMN_ORIGIN_NAME = NativeFunction.COLUMN_ORIGIN_NAME.ffm();
    private static final java.lang.invoke.MethodHandle COLUMN_TABLE_NAME = NativeFunction.COLUMN_TABLE_NAME.ffm();
    private static final java.lang.invoke.MethodHandle COLUMN_TEXT = NativeFunction.COLUMN_TEXT.ffm();
    private static final java.lang.invoke.MethodHandle COLUMN_TYPE = NativeFunction.COLUMN_TYPE.ffm();
    private static final java.lang.invoke.MethodHandle COMPLETE = NativeFunction.COMPLETE.ffm();
    private static final java.lang.invoke.MethodHandle ERRMSG = NativeFunction.ERRMSG.ffm();
    private static final java.lang.invoke.MethodHandle ERROR_OFFSET = NativeFunction.ERROR_OFFSET.ffm();
    private static final java.lang.invoke.MethodHandle ERRSTR = NativeFunction.ERRSTR.ffm();
    private static final java.lang.invoke.MethodHandle EXTENDED_ERRCODE = NativeFunction.EXTENDED_ERRCODE.ffm();
    private static final java.lang.invoke.MethodHandle EXTENDED_RESULT_CODES = NativeFunction.EXTENDED_RESULT_CODES.ffm();
    private static final java.lang.invoke.MethodHandle FINALIZE = NativeFunction.FINALIZE.ffm();
    private static final java.lang.invoke.MethodHandle GET_AUTOCOMMIT = NativeFunction.GET_AUTOCOMMIT.ffm();
    private static final java.lang.invoke.MethodHandle INTERRUPT = NativeFunction.INTERRUPT.ffm();
    private static final java.lang.invoke.MethodHandle INTERRUPT_FLAG = NativeFunction.INTERRUPT_FLAG.ffm();
    private static final java.lang.invoke.MethodHandle LIMIT = NativeFunction.LIMIT.ffm();
    private static final java.lang.invoke.MethodHandle LAST_INSERT_ROWID = NativeFunction.LAST_INSERT_ROWID.ffm();
    private static final java.lang.invoke.MethodHandle LIBVERSION = NativeFunction.LIBVERSION.ffm();
    private static final java.lang.invoke.MethodHandle OPEN_V2 = NativeFunction.OPEN_V2.ffm();
    private static final java.lang.invoke.MethodHandle PREPARE_V3 = NativeFunction.PREPARE_V3.ffm();
    private static final java.lang.invoke.MethodHandle RESET = NativeFunction.RESET.ffm();
    private static final java.lang.invoke.MethodHandle SQL = NativeFunction.SQL.ffm();
    private static final java.lang.invoke.MethodHandle STEP = NativeFunction.STEP.ffm();
    private static final java.lang.invoke.MethodHandle STMT_ISEXPLAIN = NativeFunction.STMT_ISEXPLAIN.ffm();
    private static final java.lang.invoke.MethodHandle STMT_READONLY = NativeFunction.STMT_READONLY.ffm();
    private static final java.lang.invoke.MethodHandle STMT_STATUS = NativeFunction.STMT_STATUS.ffm();
    private static final java.lang.invoke.MethodHandle STMT_PLAN_USES_PARAMETERS = NativeFunction.STMT_PLAN_USES_PARAMETERS.ffm();
    private static final java.lang.invoke.MethodHandle STMT_EXPIRE = NativeFunction.STMT_EXPIRE.ffm();
    private static final java.lang.invoke.MethodHandle STMT_SHAPE = NativeFunction.STMT_SHAPE.ffm();
    private static final java.lang.invoke.MethodHandle TABLE_COLUMN_METADATA = NativeFunction.TABLE_COLUMN_METADATA.ffm();
    private static final java.lang.invoke.MethodHandle TOTAL_CHANGES64 = NativeFunction.TOTAL_CHANGES64.ffm();
    private static final java.lang.invoke.MethodHandle CHANGES_SINCE = NativeFunction.CHANGES_SINCE.ffm();

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

    /**
     * Reads a NUL-terminated UTF-8 string that SQLite allocated for the caller (an error message,
     * an integrity report) and frees it with sqlite3_free; null for a NULL pointer.
     */
    static String takeString(MemorySegment p) {
        String s = string(p);
        if (p.address() != 0) {
            try {
                FREE.invokeExact(p);
            } catch (Throwable t) {
                throw rethrow(t);
            }
        }
        return s;
    }

    /** Reads {@code n} bytes at {@code p} as UTF-8. */
    static String string(MemorySegment p, int n) {
        if (n == 0) {
            return "";
        }
        return new String(bytesAt(p, n), StandardCharsets.UTF_8);
    }

    /**
     * A copy of the {@code n} bytes at {@code p}, read by PageMemory instead of through a
     * segment made for them: {@code reinterpret} is
     * caller-sensitive, and where the JIT does not inline it every call walks the stack for its
     * caller (in a profile of TPC-H q01 scanning lineitem, a third of the time of the sorter's
     * row reads, {@link NativeVdbe#sorterData}).
     */
    static byte[] bytesAt(MemorySegment p, int n) {
        byte[] bytes = new byte[n];
        org.graalite.runtime.PageMemory.copyToArray(p.address(), bytes, 0, n);
        return bytes;
    }

    /** Copies {@code from} into native memory at {@code to} plus {@code offset} (a scratch block large enough), as {@link #bytesAt} reads. */
    static void copyInto(byte[] from, MemorySegment to, long offset) {
        org.graalite.runtime.PageMemory.copyFromArray(from, 0, to.address() + offset, from.length);
    }

    /** Element {@code i} of the array of pointers at {@code array} (a function's argv), read as {@link #bytesAt} reads. */
    static MemorySegment pointerAt(MemorySegment array, int i) {
        return NativeVdbe.MEMORY.get(java.lang.foreign.ValueLayout.ADDRESS, array.address() + 8L * i);
    }

    /**
     * Reads {@code n} bytes at {@code p} as an SQL TEXT value of the Truffle tier's registers:
     * a String, or an InvalidText where they are not valid UTF-8.
     */
    static Object text(MemorySegment p, int n) {
        if (n == 0) {
            return "";
        }
        return org.graalite.runtime.InvalidText.decode(bytesAt(p, n));
    }

    static int openV2(MemorySegment filename, MemorySegment ppDb, int flags) {
        try {
            return (int) OPEN_V2.invokeExact(filename, ppDb, flags, MemorySegment.NULL);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int closeV2(MemorySegment db) {
        try {
            return (int) CLOSE_V2.invokeExact(db);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static String errmsg(MemorySegment db) {
        try {
            return string((MemorySegment) ERRMSG.invokeExact(db));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static String errstr(int code) {
        try {
            return string((MemorySegment) ERRSTR.invokeExact(code));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int extendedErrcode(MemorySegment db) {
        try {
            return (int) EXTENDED_ERRCODE.invokeExact(db);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int extendedResultCodes(MemorySegment db, int on) {
        try {
            return (int) EXTENDED_RESULT_CODES.invokeExact(db, on);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int errorOffset(MemorySegment db) {
        try {
            return (int) ERROR_OFFSET.invokeExact(db);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static long changes64(MemorySegment db) {
        try {
            return (long) CHANGES64.invokeExact(db);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** sqlite3_changes64 if sqlite3_total_changes64 moved from {@code before}, else 0 (one call for both). */
    static long changesSince(MemorySegment db, long before) {
        try {
            return (long) CHANGES_SINCE.invokeExact(db, before);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static long totalChanges64(MemorySegment db) {
        try {
            return (long) TOTAL_CHANGES64.invokeExact(db);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static long lastInsertRowid(MemorySegment db) {
        try {
            return (long) LAST_INSERT_ROWID.invokeExact(db);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int getAutocommit(MemorySegment db) {
        try {
            return (int) GET_AUTOCOMMIT.invokeExact(db);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int busyTimeout(MemorySegment db, int ms) {
        try {
            return (int) BUSY_TIMEOUT.invokeExact(db, ms);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static void interrupt(MemorySegment db) {
        try {
            INTERRUPT.invokeExact(db);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** sqlite3_limit: the limit's value before; a negative {@code value} only reads it. */
    static int limit(MemorySegment db, int category, int value) {
        try {
            return (int) LIMIT.invokeExact(db, category, value);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** The address of the connection's sqlite3_interrupt flag (an int), for the Truffle tier to read. */
    static long interruptFlag(MemorySegment db) {
        try {
            return ((MemorySegment) INTERRUPT_FLAG.invokeExact(db)).address();
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static String libversion() {
        try {
            return string((MemorySegment) LIBVERSION.invokeExact());
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int complete(MemorySegment sql) {
        try {
            return (int) COMPLETE.invokeExact(sql);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int prepareV3(MemorySegment db, MemorySegment sql, int nBytes, int flags, MemorySegment ppStmt, MemorySegment pzTail) {
        try {
            return (int) PREPARE_V3.invokeExact(db, sql, nBytes, flags, ppStmt, pzTail);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int step(MemorySegment stmt) {
        try {
            return (int) STEP.invokeExact(stmt);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int reset(MemorySegment stmt) {
        try {
            return (int) RESET.invokeExact(stmt);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int finalizeStmt(MemorySegment stmt) {
        try {
            return (int) FINALIZE.invokeExact(stmt);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int clearBindings(MemorySegment stmt) {
        try {
            return (int) CLEAR_BINDINGS.invokeExact(stmt);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static String sql(MemorySegment stmt) {
        try {
            return string((MemorySegment) SQL.invokeExact(stmt));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int stmtReadonly(MemorySegment stmt) {
        try {
            return (int) STMT_READONLY.invokeExact(stmt);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int stmtPlanUsesParameters(MemorySegment stmt) {
        try {
            return (int) STMT_PLAN_USES_PARAMETERS.invokeExact(stmt);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static void stmtExpire(MemorySegment stmt) {
        try {
            STMT_EXPIRE.invokeExact(stmt);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** The shape of the statement's program (graalite_stmt_shape), copied; null when SQLite is out of memory. */
    static byte[] stmtShape(MemorySegment stmt) {
        try {
            MemorySegment p = (MemorySegment) STMT_SHAPE.invokeExact(stmt);
            if (p.address() == 0) {
                return null;
            }
            long n = NativeVdbe.MEMORY.get(java.lang.foreign.ValueLayout.JAVA_LONG, p.address());
            byte[] shape = bytesAt(MemorySegment.ofAddress(p.address() + Long.BYTES), Math.toIntExact(n));
            FREE.invokeExact(p);
            return shape;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int stmtIsExplain(MemorySegment stmt) {
        try {
            return (int) STMT_ISEXPLAIN.invokeExact(stmt);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int bindParameterCount(MemorySegment stmt) {
        try {
            return (int) BIND_PARAMETER_COUNT.invokeExact(stmt);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static String bindParameterName(MemorySegment stmt, int i) {
        try {
            return string((MemorySegment) BIND_PARAMETER_NAME.invokeExact(stmt, i));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int bindNull(MemorySegment stmt, int i) {
        try {
            return (int) BIND_NULL.invokeExact(stmt, i);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int bindInt64(MemorySegment stmt, int i, long v) {
        try {
            return (int) BIND_INT64.invokeExact(stmt, i, v);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int bindDouble(MemorySegment stmt, int i, double v) {
        try {
            return (int) BIND_DOUBLE.invokeExact(stmt, i, v);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int bindText(MemorySegment stmt, int i, MemorySegment utf8, int n) {
        try {
            return (int) BIND_TEXT.invokeExact(stmt, i, utf8, n, TRANSIENT);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int bindBlob(MemorySegment stmt, int i, MemorySegment bytes, int n) {
        try {
            return (int) BIND_BLOB.invokeExact(stmt, i, bytes, n, TRANSIENT);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int bindZeroblob(MemorySegment stmt, int i, int n) {
        try {
            return (int) BIND_ZEROBLOB.invokeExact(stmt, i, n);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int stmtStatus(MemorySegment stmt, int op, int reset) {
        try {
            return (int) STMT_STATUS.invokeExact(stmt, op, reset);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int columnCount(MemorySegment stmt) {
        try {
            return (int) COLUMN_COUNT.invokeExact(stmt);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static String columnName(MemorySegment stmt, int i) {
        try {
            return string((MemorySegment) COLUMN_NAME.invokeExact(stmt, i));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static String columnDecltype(MemorySegment stmt, int i) {
        try {
            return string((MemorySegment) COLUMN_DECLTYPE.invokeExact(stmt, i));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static String columnTableName(MemorySegment stmt, int i) {
        try {
            return string((MemorySegment) COLUMN_TABLE_NAME.invokeExact(stmt, i));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static String columnOriginName(MemorySegment stmt, int i) {
        try {
            return string((MemorySegment) COLUMN_ORIGIN_NAME.invokeExact(stmt, i));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static String columnDatabaseName(MemorySegment stmt, int i) {
        try {
            return string((MemorySegment) COLUMN_DATABASE_NAME.invokeExact(stmt, i));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int columnType(MemorySegment stmt, int i) {
        try {
            return (int) COLUMN_TYPE.invokeExact(stmt, i);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static long columnInt64(MemorySegment stmt, int i) {
        try {
            return (long) COLUMN_INT64.invokeExact(stmt, i);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static double columnDouble(MemorySegment stmt, int i) {
        try {
            return (double) COLUMN_DOUBLE.invokeExact(stmt, i);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static MemorySegment columnText(MemorySegment stmt, int i) {
        try {
            return (MemorySegment) COLUMN_TEXT.invokeExact(stmt, i);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static MemorySegment columnBlob(MemorySegment stmt, int i) {
        try {
            return (MemorySegment) COLUMN_BLOB.invokeExact(stmt, i);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int columnBytes(MemorySegment stmt, int i) {
        try {
            return (int) COLUMN_BYTES.invokeExact(stmt, i);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int tableColumnMetadata(MemorySegment db, MemorySegment dbName, MemorySegment table, MemorySegment column,
                    MemorySegment declType, MemorySegment collSeq, MemorySegment notNull, MemorySegment primaryKey, MemorySegment autoinc) {
        try {
            return (int) TABLE_COLUMN_METADATA.invokeExact(db, dbName, table, column, declType, collSeq, notNull, primaryKey, autoinc);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    // ---- the shim

    static int callInt(NativeFunction f) {
        try {
            return (int) f.ffm().invokeExact();
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int callInt(NativeFunction f, MemorySegment p) {
        try {
            return (int) f.ffm().invokeExact(p);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int callInt(NativeFunction f, MemorySegment p, int i) {
        try {
            return (int) f.ffm().invokeExact(p, i);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static long callLong(NativeFunction f, MemorySegment p) {
        try {
            return (long) f.ffm().invokeExact(p);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static double callDouble(NativeFunction f, MemorySegment p) {
        try {
            return (double) f.ffm().invokeExact(p);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static MemorySegment callPointer(NativeFunction f, MemorySegment p) {
        try {
            return (MemorySegment) f.ffm().invokeExact(p);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static MemorySegment callPointer(NativeFunction f, MemorySegment p, int i) {
        try {
            return (MemorySegment) f.ffm().invokeExact(p, i);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static MemorySegment callPointer(NativeFunction f, int i) {
        try {
            return (MemorySegment) f.ffm().invokeExact(i);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }
}
