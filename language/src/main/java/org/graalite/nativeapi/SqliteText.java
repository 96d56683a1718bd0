package org.graalite.nativeapi;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/** Text renderings that must be exactly SQLite's, computed by SQLite itself. */
public final class SqliteText {
    private SqliteText() {
    }

    /**
     * The text of a REAL value as SQLite produces it for {@code CAST(x AS TEXT)} and
     * {@code sqlite3_column_text}: {@code 2.5}, {@code 1.0}, {@code 0.1}, {@code 1.0e+20},
     * {@code Inf}.
     */
    public static String real(double value) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment buf = arena.allocate(32);
            int n;
            try {
                n = (int) NativeFunction.REAL_TO_TEXT.ffm.invokeExact(value, buf);
            } catch (Throwable t) {
                throw Sqlite3.rethrow(t);
            }
            return Sqlite3.string(buf, n);
        }
    }
}
