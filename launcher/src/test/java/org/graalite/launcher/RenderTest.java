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
}
