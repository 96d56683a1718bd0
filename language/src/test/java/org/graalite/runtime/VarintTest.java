package org.graalite.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * SQLite's varints as RecordEncoder writes them: the length it computes ahead of writing
 * (the record header's size) is the length it writes, at every boundary between lengths,
 * and the bytes are sqlite3PutVarint's.
 */
class VarintTest {
    @Test
    void lengthIsTheLengthWritten() {
        byte[] out = new byte[9];
        for (int bits = 0; bits <= 64; bits++) {
            long top = bits == 64 ? -1L : (1L << bits) - 1;
            for (long v : new long[]{top, top + 1, top - 1, top >>> 1}) {
                assertEquals(RecordEncoder.putVarint(out, 0, v), RecordEncoder.varintLength(v), "value " + v);
            }
        }
        assertEquals(1, RecordEncoder.varintLength(0));
        assertEquals(1, RecordEncoder.varintLength(127));
        assertEquals(2, RecordEncoder.varintLength(128));
        assertEquals(8, RecordEncoder.varintLength((1L << 56) - 1));
        assertEquals(9, RecordEncoder.varintLength(1L << 56));
        assertEquals(9, RecordEncoder.varintLength(Long.MIN_VALUE));
    }

    @Test
    void bytesAreSqlitesEncoding() {
        byte[] out = new byte[9];
        assertEquals(2, RecordEncoder.putVarint(out, 0, 300));
        assertEquals((byte) 0x82, out[0]);
        assertEquals((byte) 0x2c, out[1]);
        assertEquals(9, RecordEncoder.putVarint(out, 0, -1L));
        for (int i = 0; i < 9; i++) {
            assertEquals((byte) 0xff, out[i], "byte " + i);
        }
    }
}
