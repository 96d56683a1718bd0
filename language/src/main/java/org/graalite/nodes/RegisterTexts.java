package org.graalite.nodes;

import java.nio.charset.StandardCharsets;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;

import org.graalite.runtime.NumberSyntax;

/**
 * The UTF-8 bytes of the text a register holds (or of an integer it holds, as TEXT affinity
 * turns it into text), for an instruction that compares a record's field with it in place
 * (the field's bytes against these, as SQLite's memcmp) instead of decoding the field into a
 * String. Remembered by identity: the register mostly holds a
 * constant (String8) or a value bound once, so the text is encoded once. Racing writes from
 * executions on other threads are harmless (each value is complete). Past a few different
 * texts (a register that changes on every row) nothing is encoded any more, and the caller
 * takes its ordinary comparison.
 */
final class RegisterTexts {
    /** A text, its UTF-8 bytes, and whether numeric affinity may turn it into a number. */
    record Encoded(String text, byte[] utf8, boolean mayBeNumber) {
    }

    private static final int MAX_MISSES = 8;

    private Encoded last;
    private int misses;

    /** The bytes of {@code s}: the remembered ones when it is the same String, else null once too many texts came. */
    Encoded of(String s) {
        Encoded k = last;
        if (k != null && k.text() == s) {
            return k;
        }
        return encode(s);
    }

    /** An integer and the UTF-8 bytes of its text (as SQLite's sqlite3VdbeMemStringify writes it: decimal). */
    private record EncodedInteger(long value, byte[] utf8) {
    }

    private EncodedInteger lastInteger;

    /**
     * The text of integer {@code value} as TEXT affinity makes it, as UTF-8 bytes: the remembered
     * ones when it is the same value, else null once too many values came.
     */
    byte[] ofInteger(long value) {
        EncodedInteger k = lastInteger;
        if (k != null && k.value() == value) {
            return k.utf8();
        }
        return encodeInteger(value);
    }

    @TruffleBoundary
    private byte[] encodeInteger(long value) {
        if (misses > MAX_MISSES) {
            return null;
        }
        misses++;
        EncodedInteger k = new EncodedInteger(value, Long.toString(value).getBytes(StandardCharsets.US_ASCII));
        lastInteger = k;
        return k.utf8();
    }

    @TruffleBoundary
    private Encoded encode(String s) {
        if (misses > MAX_MISSES) {
            return null;
        }
        misses++;
        Encoded k = new Encoded(s, s.getBytes(StandardCharsets.UTF_8), NumberSyntax.mayBeNumber(s));
        last = k;
        return k;
    }
}
