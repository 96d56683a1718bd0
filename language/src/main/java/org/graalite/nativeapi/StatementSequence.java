package org.graalite.nativeapi;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * The statements of one SQL text, prepared one after the other with sqlite3_prepare_v3's
 * tail pointer. Holds the text as UTF-8 in native memory until closed.
 */
public final class StatementSequence implements AutoCloseable {
    private final NativeConnection connection;
    private final Arena arena;
    private final MemorySegment text;
    private final MemorySegment ppStmt;
    private final MemorySegment pzTail;
    /** Byte offset of the first statement not prepared yet. */
    private long offset;
    /** Bytes of the text without its terminating NUL. */
    private final long length;

    StatementSequence(NativeConnection connection, String sql) {
        this.connection = connection;
        this.arena = Arena.ofConfined();
        this.text = arena.allocateFrom(sql);
        this.length = text.byteSize() - 1;
        this.ppStmt = arena.allocate(ValueLayout.ADDRESS);
        this.pzTail = arena.allocate(ValueLayout.ADDRESS);
    }

    /** Whether any statement text is left, not counting white space, semicolons and comments. */
    public boolean hasMore() {
        long i = offset;
        while (i < length) {
            byte b = text.get(ValueLayout.JAVA_BYTE, i);
            if (b == ' ' || b == '\t' || b == '\n' || b == '\r' || b == '\f' || b == ';') {
                i++;
            } else if (b == '-' && i + 1 < length && text.get(ValueLayout.JAVA_BYTE, i + 1) == '-') {
                while (i < length && text.get(ValueLayout.JAVA_BYTE, i) != '\n') {
                    i++;
                }
            } else if (b == '/' && i + 1 < length && text.get(ValueLayout.JAVA_BYTE, i + 1) == '*') {
                i += 2;
                while (i < length && !(text.get(ValueLayout.JAVA_BYTE, i) == '*' && i + 1 < length && text.get(ValueLayout.JAVA_BYTE, i + 1) == '/')) {
                    i++;
                }
                i += 2;
            } else {
                return true;
            }
        }
        return false;
    }

    /** Prepares the next statement; null when the rest of the text holds no statement. */
    public NativeStatement next() {
        MemorySegment db = connection.db();
        connection.drainAbandoned();
        while (offset < length) {
            MemorySegment start = text.asSlice(offset);
            int rc = Sqlite3.prepareV3(db, start, (int) Math.min(Integer.MAX_VALUE, length - offset + 1), Sqlite3.PREPARE_PERSISTENT, ppStmt, pzTail);
            long tail = pzTail.get(ValueLayout.ADDRESS, 0).address();
            if (rc != Sqlite3.OK) {
                // A guest virtual table's factory runs while SQLite prepares (xConnect): what
                // it threw is thrown itself.
                RuntimeException guest = VirtualTables.takePending();
                throw guest != null ? guest : connection.lastError(rc);
            }
            long consumed = tail - start.address();
            offset += consumed > 0 ? consumed : length - offset;
            MemorySegment stmt = ppStmt.get(ValueLayout.ADDRESS, 0);
            if (stmt.address() != 0) {
                return new NativeStatement(connection, stmt);
            }
        }
        return null;
    }

    @Override
    public void close() {
        arena.close();
    }
}
