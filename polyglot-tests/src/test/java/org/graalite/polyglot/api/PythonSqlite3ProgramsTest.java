package org.graalite.polyglot.api;

import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Programs written for CPython's sqlite3 module run on Graalite's {@code graalite.sqlite3}
 * with their import changed ({@code import graalite.sqlite3 as sqlite3}), and print what
 * they print under CPython. They are in {@code src/test/resources/api/python}: the sqlite3
 * tutorial and how-to guides of the Python documentation (each says where it comes from),
 * a transfer program with transactions and constraint errors, and {@code behaviour.py}, which
 * prints the module behaviour that programs rely on (cursor attributes, parameters, types,
 * exception classes, implicit transactions, Row, scripts, failing user functions).
 */
class PythonSqlite3ProgramsTest {
    @TestFactory
    Stream<DynamicTest> programs() {
        return GuestApis.programs("api/python", ".py").stream()
                        .map(name -> DynamicTest.dynamicTest(name, () -> GuestApis.runAndCompare("python", "api/python", name)));
    }
}
