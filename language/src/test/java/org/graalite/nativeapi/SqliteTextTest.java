package org.graalite.nativeapi;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class SqliteTextTest {
    /** Values and the text the sqlite3 program prints for them (SELECT CAST(x AS TEXT)). */
    @Test
    void realsRenderLikeSqlite() {
        assertEquals("2.5", SqliteText.real(2.5));
        assertEquals("1.0", SqliteText.real(1.0));
        assertEquals("0.1", SqliteText.real(0.1));
        assertEquals("49.47", SqliteText.real(49.47));
        assertEquals("1.0e+20", SqliteText.real(1e20));
        assertEquals("0.0", SqliteText.real(-0.0)); // SQLite drops the sign of zero
        assertEquals("Inf", SqliteText.real(Double.POSITIVE_INFINITY));
    }
}
