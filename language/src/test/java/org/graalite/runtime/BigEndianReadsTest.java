package org.graalite.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Random;

import org.junit.jupiter.api.Test;

/**
 * A record's integers and reals (big-endian, two's complement, 1 to 8 bytes) read the same
 * from a Java array (sorter and pseudo-cursor records) as from page memory, and as the
 * definition computes them byte by byte, for every width a serial type has and every offset.
 */
class BigEndianReadsTest {
    private static final int[] WIDTHS = {1, 2, 3, 4, 6, 8};

    @Test
    void arrayAndPageMemoryReadTheSameValues() {
        Random random = new Random(42);
        byte[] bytes = new byte[64];
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment page = arena.allocate(bytes.length);
            for (int round = 0; round < 2_000; round++) {
                random.nextBytes(bytes);
                if (round % 4 == 0) {
                    // Sign bits set and clear at the edges.
                    bytes[random.nextInt(bytes.length)] = (byte) 0x80;
                    bytes[random.nextInt(bytes.length)] = (byte) 0x7f;
                }
                MemorySegment.copy(bytes, 0, page, ValueLayout.JAVA_BYTE, 0, bytes.length);
                for (int width : WIDTHS) {
                    for (int offset = 0; offset + width <= bytes.length; offset += 1 + random.nextInt(5)) {
                        long expected = byteByByte(bytes, offset, width);
                        assertEquals(expected, RecordCursor.readBigEndian(bytes, offset, width), "array, width " + width);
                        assertEquals(expected, PageMemory.readBigEndian(page.address() + offset, width), "page, width " + width);
                    }
                }
            }
        }
    }

    private static long byteByByte(byte[] bytes, int offset, int width) {
        long v = 0;
        for (int i = 0; i < width; i++) {
            v = (v << 8) | (bytes[offset + i] & 0xff);
        }
        int unused = 64 - 8 * width;
        return (v << unused) >> unused;
    }
}
