package org.graalite.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Random;

import org.junit.jupiter.api.Test;

/**
 * {@link LikePattern} matches as {@link TextFunctions#like} (the Truffle tier's reading of
 * SQLite's patternCompare) does, with and without case folding, for the String and for its
 * UTF-8 bytes read from a longer buffer (a field copied out of its record): on generated
 * patterns of letters and '%' against generated strings of letters of both cases, characters
 * beyond ASCII and NUL (where SQLite's C string ends). SQLite itself is compared on such
 * patterns by the differential file like-patterns.sql.
 */
class LikePatternTest {
    private static final String[] PATTERN_PIECES = {"%", "%", "a", "b", "A", "B", "ab", "z", " ", "special", "Requests"};
    private static final String[] STRING_PIECES = {"a", "b", "A", "B", "ab", "aB", "z", " ", "é", "É", "\u0000", "special", "REQUESTS", "requests", "x"};

    @Test
    void matchesAsTheCharacterByCharacterLike() {
        Random random = new Random(20261127L);
        int matched = 0;
        for (int n = 0; n < 40_000; n++) {
            String pattern = join(random, PATTERN_PIECES, 5);
            String string = join(random, STRING_PIECES, 7);
            LikePattern form = LikePattern.compile(pattern);
            assertNotNull(form, pattern);
            byte[] utf8 = string.getBytes(StandardCharsets.UTF_8);
            byte[] buffer = new byte[utf8.length + random.nextInt(8)];
            java.util.Arrays.fill(buffer, (byte) 'a');
            System.arraycopy(utf8, 0, buffer, 0, utf8.length);
            for (boolean noCase : new boolean[]{true, false}) {
                boolean expected = TextFunctions.like(pattern, string, noCase);
                String what = "[" + string + "] like [" + pattern + "], noCase " + noCase;
                assertEquals(expected, form.matches(string, noCase), what);
                assertEquals(expected, form.matches(buffer, utf8.length, noCase), () -> "bytes of " + what);
                matched += expected ? 1 : 0;
            }
        }
        // The generator must give both answers often, or the comparison shows little.
        assertTrue(matched > 4_000 && matched < 76_000, "matches: " + matched);
    }

    @Test
    void leavesOtherWildcardsAndCharactersToTheGeneralLike() {
        assertNull(LikePattern.compile("a_b"));
        assertNull(LikePattern.compile("%é%"));
        assertNull(LikePattern.compile("a\u0000"));
        assertNotNull(LikePattern.compile(""));
    }

    private static String join(Random random, String[] pieces, int most) {
        StringBuilder b = new StringBuilder();
        int count = random.nextInt(most + 1);
        for (int i = 0; i < count; i++) {
            b.append(pieces[random.nextInt(pieces.length)]);
        }
        return b.toString();
    }
}
