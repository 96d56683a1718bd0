package org.graalite.nativeapi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.graalite.runtime.SqliteException;
import org.junit.jupiter.api.Test;

/**
 * The modules, tables and cursors of VirtualTables live as long as SQLite holds them: a
 * replaced module, a dropped table, a finished scan and finally a closed connection release
 * them (their ids are forgotten), and a module's Java exception is kept for the statement.
 */
class VirtualTablesReleaseTest {
    /** count(n): the integers 1..n in one column, after its parameter n (HIDDEN). */
    private static final VirtualTables.Module COUNT = arguments -> new VirtualTables.Table() {
        @Override
        public String declaration() {
            return "CREATE TABLE x(n HIDDEN, i)";
        }

        @Override
        public String[] parameters() {
            return new String[]{"n"};
        }

        @Override
        public boolean directOnly() {
            return false;
        }

        @Override
        public VirtualTables.Scan scan(Object[] given) {
            long n = given[0] == null ? 3 : (Long) given[0];
            return new VirtualTables.Scan() {
                long i;

                @Override
                public boolean advance() {
                    if (i == 5) {
                        throw new IllegalStateException("five is too many");
                    }
                    return ++i <= n;
                }

                @Override
                public Object column(int c) {
                    return c == 0 ? (Object) n : (Object) i;
                }
            };
        }
    };

    @Test
    void closingTheConnectionReleasesModulesTablesAndCursors() {
        int before = VirtualTables.liveObjects();
        NativeConnection c = NativeConnection.open(":memory:", false);
        VirtualTables.register(c, "count", COUNT, true);
        VirtualTables.register(c, "counter", COUNT, false);
        // Replacing a module drops the one before.
        VirtualTables.register(c, "count", COUNT, true);
        assertEquals(before + 2, VirtualTables.liveObjects());
        NativeStatement all = c.prepareOne("select sum(i) from count(4)");
        assertTrue(all.step());
        assertEquals(10, all.columnLong(0));
        NativeStatement open = c.prepareOne("select i from count");
        assertTrue(open.step());
        assertEquals(1, open.columnLong(0));
        c.prepareOne("create virtual table made using counter()").step();
        // A Java exception of the module is the step's SQLite error, and is kept for the statement.
        SqliteException e = assertThrows(SqliteException.class, () -> {
            NativeStatement s = c.prepareOne("select i from made(9)");
            while (s.step()) {
                // the sixth row fails
            }
        });
        assertTrue(e.getMessage().contains("five is too many"), e.getMessage());
        assertEquals("five is too many", VirtualTables.takePending().getMessage());
        assertTrue(VirtualTables.liveObjects() > before + 2);
        c.close();
        assertEquals(before, VirtualTables.liveObjects());
    }
}
