package org.graalite.polyglot;

import org.junit.jupiter.api.Test;

/**
 * JavaScript (GraalJS) programs that use the sql language through {@code Polyglot.eval}; the
 * programs are in {@code src/test/resources/js}, run after {@code check.js} (the assertion
 * helper), and throw on a mismatch.
 */
class JavaScriptProgramsTest {
    private static void js(String name) {
        Polyglot.run("js", "js", "check.js", name);
    }

    /** Create, insert through a prepared statement, for...of with destructuring, read by column name, catch a syntax error, DML counts. */
    @Test
    void basic() {
        js("basic.js");
    }

    /** Storage classes, NULL as null, BLOB round trip through ArrayBuffer / Uint8Array. */
    @Test
    void types() {
        js("types.js");
    }

    /** Named parameters from an object. */
    @Test
    void namedParameters() {
        js("named_parameters.js");
    }

    /** code, primaryCode, codeName and message of a caught exception. */
    @Test
    void errors() {
        js("errors.js");
    }

    @Test
    void uint8ArrayBindsAsBlob() {
        js("blob_uint8array.js");
    }
}
