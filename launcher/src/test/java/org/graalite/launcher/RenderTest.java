package org.graalite.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

/** Value rendering rules taken from sqlite3's query result formatter. */
class RenderTest {
    private static String s(byte[] b) {
        return new String(b, StandardCharsets.UTF_8);
    }

    private static byte[] b(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void controlCharactersExceptTabLineFeedAndCrLf() {
        assertEquals("a^Ab\tc\nd\r\ne^M", s(Render.escapeControls(b("a\u0001b\tc\nd\r\ne\r"))));
    }

    @Test
    void csvQuoting() {
        byte[] comma = b(",");
        assertEquals("abc", s(Render.csvText(b("abc"), comma)));
        assertEquals("\"\"", s(Render.csvText(b(""), comma)), "an empty string is quoted, unlike NULL");
        assertEquals("\"a b\"", s(Render.csvText(b("a b"), comma)));
        assertEquals("\"it's\"", s(Render.csvText(b("it's"), comma)));
        assertEquals("\"a\"\"b\"", s(Render.csvText(b("a\"b"), comma)));
        assertEquals("\"x;y\"", s(Render.csvText(b("x;y"), b(";"))), "the separator forces quotes");
    }

    @Test
    void jsonStrings() {
        assertEquals("\"a\\\"b\\\\c\\n\\t\\u0001é\"", s(Render.jsonString(b("a\"b\\c\n\t\u0001é"))));
    }

    @Test
    void textEndsAtNul() {
        assertEquals("ab", s(Render.text("ab\0cd")));
        assertEquals("A", s(Render.text(new byte[]{'A', 0, 'B'})));
    }

    @Test
    void displayWidth() {
        assertEquals(3, Render.displayWidth(b("abc")));
        assertEquals(4, Render.displayWidth(b("漢字")), "wide characters take two columns");
        assertEquals(1, Render.displayWidth(b("e\u0301")), "a combining accent takes none");
        assertEquals(8, Render.displayWidth(b("ab\t")), "a tab goes to the next multiple of 8");
        assertEquals(5, Render.displayWidth(b("ab\nhello\nx")), "the widest line");
        assertEquals(2, Render.displayWidth(b("\u001b[1mok\u001b[0m")), "VT100 escapes take none");
    }

    @Test
    void sqlLiterals() {
        assertEquals("NULL", Render.sqlLiteral(null));
        assertEquals("-7", Render.sqlLiteral(-7L));
        assertEquals("2.0", Render.sqlLiteral(2.0), "a whole REAL keeps .0, so that it reads back as a REAL");
        assertEquals("0.1", Render.sqlLiteral(0.1));
        assertEquals("0.33333333333333332", Render.sqlLiteral(1.0 / 3), "as many digits as reading the same double back needs");
        assertEquals("9.0e+999", Render.sqlLiteral(Double.POSITIVE_INFINITY), "an infinity as a literal that overflows to it");
        assertEquals("x'00ff'", Render.sqlLiteral(new byte[]{0, (byte) 0xff}));
        assertEquals("'it''s'", Render.sqlLiteral("it's"));
        assertEquals("unistr('a\\u000ab\\\\c''d')", Render.sqlLiteral("a\nb\\c'd"), "control characters through unistr(), backslashes doubled there");
        assertEquals("'a\\b'", Render.sqlLiteral("a\\b"), "without control characters a backslash is plain");
    }

    @Test
    void identifiersQuotedWhereSqlNeedsIt() {
        assertEquals("t_1", SqlText.identifier("t_1"));
        assertEquals("\"table\"", SqlText.identifier("table"), "a keyword");
        assertEquals("\"odd name\"", SqlText.identifier("odd name"));
        assertEquals("\"1a\"", SqlText.identifier("1a"));
        assertEquals("\"é\"", SqlText.identifier("é"), "only ASCII letters pass bare");
    }

    @Test
    void importColumnNamesMadeDistinct() {
        assertEquals(java.util.List.of("a_1", "A_2", "b", "a_4"), CsvImport.uniqueNames(java.util.List.of("a", "A", "b", "a")));
        assertEquals(java.util.List.of("x_01", "x_1", "x_03"), CsvImport.uniqueNames(java.util.List.of("x", "x_1", "x")),
                        "positions zero-padded where a renamed name would collide with another (as sqlite3 3.40 does)");
    }
}
