package org.graalite.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Random;

import org.graalite.nativeapi.SqliteText;
import org.junit.jupiter.api.Test;

/**
 * {@link NumberSyntax#plainInteger} reads text in Java only where SQLite's own conversions
 * (SqliteText, computed by SQLite) give that very integer: the type arithmetic reads, numeric
 * affinity and sqlite3VdbeIntValue, on generated text around the edges of the syntax.
 */
class PlainIntegerTest {
    private static final String[] PARTS = {"", " ", "\t", "\n", "\u000b", "\f", "\r", "+", "-", "0", "7", "12", "007", ".", "e", "E3", "x", "\u0000", "é", "\u00a0", "1.5", "99"};

    @Test
    void agreesWithSqlitesConversions() {
        Random random = new Random(20261127L);
        int plain = 0;
        for (int n = 0; n < 20_000; n++) {
            StringBuilder b = new StringBuilder(NumericTexts.next(random, PARTS));
            if (random.nextInt(4) == 0) {
                // Long runs of digits: 17 to 20, around the 18 that plainInteger takes.
                for (int d = 17 + random.nextInt(4); d > 0; d--) {
                    b.append((char) ('0' + random.nextInt(10)));
                }
            }
            String s = b.toString();
            Long value = NumberSyntax.plainInteger(s);
            if (value == null) {
                continue;
            }
            plain++;
            byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
            assertEquals(value, SqliteText.numeric(utf8), () -> "arithmetic's reading of [" + s + "]");
            assertEquals(value, SqliteText.affinityNumeric(utf8), () -> "numeric affinity of [" + s + "]");
            assertEquals(value.longValue(), SqliteText.integer(utf8), () -> "sqlite3VdbeIntValue of [" + s + "]");
        }
        assertTrue(plain > 1_000, "too few plain integers generated: " + plain);
    }

    /** Text longer than SqliteText's per-thread block (4 KB) is converted in memory of its own, the same way. */
    @Test
    void longTextConvertsAsShortText() {
        String spaces = " ".repeat(10_000);
        byte[] integer = (spaces + "12" + spaces).getBytes(StandardCharsets.UTF_8);
        assertNull(NumberSyntax.plainInteger(spaces + "12"), "too long for the Java reading");
        assertEquals(12L, SqliteText.numeric(integer));
        assertEquals(12L, SqliteText.affinityNumeric(integer));
        assertEquals(12L, SqliteText.integer(integer));
        byte[] real = ("1.5" + spaces).getBytes(StandardCharsets.UTF_8);
        assertEquals(1.5, SqliteText.numeric(real));
        assertEquals(1.5, SqliteText.affinityNumeric(real));
        assertEquals(1L, SqliteText.integer(real));
        // and the short path still answers after the long one
        assertEquals(2.5, SqliteText.numeric("2.5".getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void edges() {
        assertEquals(999_999_999_999_999_999L, NumberSyntax.plainInteger(" -999999999999999999 ") * -1);
        assertEquals(0L, NumberSyntax.plainInteger("-0"));
        assertEquals(12L, NumberSyntax.plainInteger("\t+012\r\n"));
        assertNull(NumberSyntax.plainInteger("1234567890123456789"), "19 digits may overflow: SQLite decides");
        assertNull(NumberSyntax.plainInteger(""));
        assertNull(NumberSyntax.plainInteger(" "));
        assertNull(NumberSyntax.plainInteger("+"));
        assertNull(NumberSyntax.plainInteger("+ 1"));
        assertNull(NumberSyntax.plainInteger("1.0"));
        assertNull(NumberSyntax.plainInteger("1e3"));
        assertNull(NumberSyntax.plainInteger("12\u0000"));
        assertNull(NumberSyntax.plainInteger("\u00a012"));
        assertNull(NumberSyntax.plainInteger("0x10"));
    }
}
