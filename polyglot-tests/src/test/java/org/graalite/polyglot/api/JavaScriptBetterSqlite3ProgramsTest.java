package org.graalite.polyglot.api;

import java.io.IOException;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Programs written for better-sqlite3 run on Graalite's JavaScript module {@code graalite}
 * with their require line changed ({@code require('graalite')}), and print what they print
 * under Node.js with better-sqlite3 12.9.0. They are in {@code src/test/resources/api/js}:
 * better-sqlite3's README and docs/api.md examples as programs (prepare, run, get, all,
 * iterate, pluck, raw, columns, bind, transactions with savepoints, functions, aggregates,
 * parameter binding), {@code errors.js} (SqliteError codes and better-sqlite3's own
 * TypeError and RangeError cases) and {@code table.js} (virtual tables from generators:
 * eponymous tables, factories, the plan's rules, row and definition errors) and
 * {@code functions_safe_integers.js} (BigInt arguments of functions and aggregates, the
 * checks of their results) and {@code numbers.js} (numbers bind and return as REALs, BigInts
 * as INTEGERs) and {@code direct_only.js} (functions and aggregates with directOnly kept out of
 * views, triggers and the schema) and {@code bind_refused.js} (booleans and objects refused as
 * parameters) and {@code lone_surrogates.js} (strings with lone surrogates bound as the bytes
 * V8 writes); the output of these three is better-sqlite3 12.11.1's on Node.js 20.
 */
class JavaScriptBetterSqlite3ProgramsTest {
    @TestFactory
    Stream<DynamicTest> programs() {
        return GuestApis.programs("api/js", ".js").stream()
                        .map(name -> DynamicTest.dynamicTest(name, () -> GuestApis.runAndCompare("js", "api/js", name)));
    }

    /**
     * Lone surrogates bound as parameters reach the Truffle tier's registers as the bytes
     * better-sqlite3 writes (an InvalidText), and its records, comparisons and SQLite's
     * functions keep them: the same output as on SQLite's VDBE above.
     */
    @Test
    void loneSurrogatesOnTheTruffleTier() throws IOException {
        GuestApis.runAndCompare("js", "api/js", "lone_surrogates.js", "truffle");
    }
}
