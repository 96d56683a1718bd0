package org.graalite.nativeapi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.graalite.runtime.SqliteException;
import org.junit.jupiter.api.Test;

/** Native statements are finalized when closed, when their connection closes, and when unreachable. */
class ResourceReleaseTest {
    @Test
    void closedStatementsAreFinalized() {
        try (NativeConnection c = NativeConnection.open(":memory:", false)) {
            NativeStatement s = c.prepareOne("select 1");
            assertEquals(1, c.liveStatementCount());
            s.close();
            s.close();
            assertEquals(0, c.liveStatementCount());
            assertThrows(SqliteException.class, s::step);
        }
    }

    @Test
    void unreachableStatementsAreFinalizedByTheOwner() throws InterruptedException {
        try (NativeConnection c = NativeConnection.open(":memory:", false)) {
            for (int i = 0; i < 1000; i++) {
                c.prepareOne("select " + i).step();
            }
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (c.liveStatementCount() > 100 && System.nanoTime() < deadline) {
                System.gc();
                Thread.sleep(20);
            }
            assertTrue(c.liveStatementCount() <= 100, "unreachable statements were not finalized: " + c.liveStatementCount());
        }
    }

    @Test
    void closingTheConnectionFinalizesItsStatementsFirst() {
        NativeConnection c = NativeConnection.open(":memory:", false);
        NativeStatement s = c.prepareOne("select 1");
        c.close();
        assertTrue(s.isClosed());
        // Using a statement of a closed connection is an error, never a crash.
        assertThrows(SqliteException.class, s::step);
        s.close();
        c.close();
    }
}
