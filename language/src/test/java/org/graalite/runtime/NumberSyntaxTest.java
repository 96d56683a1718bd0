package org.graalite.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.util.Random;

import org.graalite.nativeapi.SqliteText;
import org.junit.jupiter.api.Test;

/**
 * {@link NumberSyntax#mayBeNumber} answers alike for a String, its UTF-8 bytes, those bytes
 * at an offset in a larger array (a record copied to Java) and in native memory (a field
 * where its page holds it), and never rejects text that SQLite's numeric affinity takes for
 * a number (the comparisons skip SQLite's conversion only on that answer).
 */
class NumberSyntaxTest {
    private static final String[] PARTS = {"", " ", "\t", "\n", "\r", "+", "-", "0", "7", "12", ".", "e", "E", "e-", "3", "x", "\u0000", "é", "1998-09-02", "1.5", "99", "-",
        // Runs of digits then a byte of each class, which the eight-byte test decides alone.
        "1234567", "20241231", "/", ":", "12:30:00", "\u000b", "\f", "E5", "$", "0x1F"};

    @Test
    void everyReadingAgreesAndAcceptsWhatSqliteTakes() {
        Random random = new Random(20261127L);
        int numbers = 0;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment page = arena.allocate(256);
            for (int n = 0; n < 20_000; n++) {
                String s = NumericTexts.next(random, PARTS);
                byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
                boolean expected = NumberSyntax.mayBeNumber(s);
                assertEquals(expected, NumberSyntax.mayBeNumber(utf8, 0, utf8.length), () -> "bytes of [" + s + "]");
                int offset = random.nextInt(16);
                byte[] record = new byte[offset + utf8.length + 16];
                random.nextBytes(record);
                System.arraycopy(utf8, 0, record, offset, utf8.length);
                assertEquals(expected, NumberSyntax.mayBeNumber(record, offset, utf8.length), () -> "array at an offset, [" + s + "]");
                page.fill((byte) '7');
                MemorySegment.copy(utf8, 0, page, ValueLayout.JAVA_BYTE, offset, utf8.length);
                assertEquals(expected, NumberSyntax.mayBeNumber(null, page.address() + offset, utf8.length), () -> "native memory, [" + s + "]");
                if (SqliteText.affinityNumeric(utf8) != null) {
                    numbers++;
                    assertTrue(expected, () -> "SQLite takes [" + s + "] for a number");
                }
            }
        }
        assertTrue(numbers > 1_000, "too few numbers generated: " + numbers);
    }
}
