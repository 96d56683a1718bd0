package org.graalite.nativeapi;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * One block of native memory per thread, for leaf calls into SQLite that only read or fill it
 * while they run (text conversions, binding a parameter's text or blob, which SQLite copies).
 * A confined Arena per call cost a malloc and a free and its session's bookkeeping: a third of
 * {@code sum(strftime('%m', d))} on the Truffle tier, 4% of single-row INSERTs with a text
 * parameter on SQLite's VDBE. No such call calls back into Java, so a thread never needs two
 * blocks at once; data longer than {@link #SIZE} takes an Arena of its own, so that no thread
 * keeps a large block.
 */
final class ThreadScratch {
    static final int SIZE = 4096;
    private static final ThreadLocal<MemorySegment> BLOCK = ThreadLocal.withInitial(() -> Arena.ofAuto().allocate(SIZE, 16));

    private ThreadScratch() {
    }

    /** This thread's block, {@link #SIZE} bytes, 16-byte aligned. */
    static MemorySegment block() {
        return BLOCK.get();
    }
}
