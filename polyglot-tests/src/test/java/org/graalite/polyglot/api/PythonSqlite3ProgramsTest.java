package org.graalite.polyglot.api;

import java.io.IOException;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Programs written for CPython's sqlite3 module run on Graalite's {@code graalite.sqlite3}
 * with their import changed ({@code import graalite.sqlite3 as sqlite3}), and print what
 * they print under CPython. They are in {@code src/test/resources/api/python}: the sqlite3
 * tutorial and how-to guides of the Python documentation (each says where it comes from),
 * a transfer program with transactions and constraint errors, and {@code behaviour.py}, which
 * prints the module behaviour that programs rely on (cursor attributes, parameters, types,
 * exception classes, implicit transactions, Row, scripts, failing user functions), and
 * {@code undecodable_text.py} (TEXT that is not valid UTF-8: the error, text_factory, converters).
 */
class PythonSqlite3ProgramsTest {
    @TestFactory
    Stream<DynamicTest> programs() {
        return GuestApis.programs("api/python", ".py").stream()
                        .map(name -> DynamicTest.dynamicTest(name, () -> GuestApis.runAndCompare("python", "api/python", name)));
    }

    /** TEXT that is not valid UTF-8 reaches the module as its bytes from the Truffle tier's rows too (ResultRow). */
    @Test
    void undecodableTextOnTheTruffleTier() throws IOException {
        GuestApis.runAndCompare("python", "api/python", "undecodable_text.py", "truffle");
    }
}
