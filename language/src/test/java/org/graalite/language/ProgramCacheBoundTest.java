package org.graalite.language;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

import com.oracle.truffle.api.RootCallTarget;
import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.nodes.RootNode;

/** The engine-wide program cache keeps the most recently used programs and no more than its capacity. */
class ProgramCacheBoundTest {
    private static RootCallTarget target() {
        return new RootNode(null) {
            @Override
            public Object execute(VirtualFrame frame) {
                return null;
            }
        }.getCallTarget();
    }

    @Test
    void leastRecentlyUsedProgramsGoFirst() {
        ProgramCache cache = new ProgramCache();
        RootCallTarget first = cache.get("program 0", ProgramCacheBoundTest::target);
        RootCallTarget second = cache.get("program 1", ProgramCacheBoundTest::target);
        for (int i = 2; i < ProgramCache.CAPACITY + 1000; i++) {
            cache.get("program " + i, ProgramCacheBoundTest::target);
            // Program 0 is in use all along, so it is never the least recently used.
            assertSame(first, cache.get("program 0", ProgramCacheBoundTest::target));
        }
        assertEquals(ProgramCache.CAPACITY, cache.size());
        // Program 1 was the least recently used when the cache overflowed: it is made anew.
        assertNotSame(second, cache.get("program 1", ProgramCacheBoundTest::target));
        assertEquals(ProgramCache.CAPACITY, cache.size());
    }
}
