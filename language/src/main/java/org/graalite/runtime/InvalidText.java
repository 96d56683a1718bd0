package org.graalite.runtime;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;

/**
 * A TEXT value whose bytes are not valid UTF-8 (a blob cast to text, a row written so): SQLite
 * keeps such bytes as they are, and a java.lang.String cannot hold them (decoding replaces
 * them with U+FFFD). Registers hold valid text as a String, so every hot path stays as it is;
 * this class is the rare other case, and each place that classifies values counts it as TEXT.
 * Its bytes compare, hash, encode and reach SQLite's functions unchanged. A caller (a row, a
 * guest function's argument) receives {@link #toString}, what SQLite's sqlite3_column_text
 * gives the native tier's callers for the same bytes.
 */
public final class InvalidText {
    private final byte[] bytes;

    private InvalidText(byte[] bytes) {
        this.bytes = bytes;
    }

    /**
     * The text of {@code length} UTF-8 bytes at {@code offset} of {@code buffer}: a String if
     * they are valid UTF-8, else an InvalidText holding a copy of them.
     */
    @TruffleBoundary
    public static Object decode(byte[] buffer, int offset, int length) {
        return checked(new String(buffer, offset, length, StandardCharsets.UTF_8), buffer, offset, length);
    }

    /** {@link #decode} of all of {@code utf8}, which becomes the InvalidText's own bytes when it is one. */
    @TruffleBoundary
    public static Object decode(byte[] utf8) {
        String s = new String(utf8, StandardCharsets.UTF_8);
        return hasReplacement(s) && !roundTrips(s, utf8, 0, utf8.length) ? new InvalidText(utf8) : s;
    }

    /**
     * {@code decoded}, the String Java decoded from those bytes, when it holds them all; else an
     * InvalidText. Java's decoder is strict (overlong forms, encoded surrogates and truncated
     * sequences are malformed) and puts U+FFFD for what is malformed: a String without U+FFFD
     * (every Latin-1 one, found at once) is exact, and only one with it is encoded again to tell
     * a U+FFFD that the bytes spelled (EF BF BD) from a replacement.
     */
    private static Object checked(String decoded, byte[] buffer, int offset, int length) {
        if (!hasReplacement(decoded) || roundTrips(decoded, buffer, offset, length)) {
            return decoded;
        }
        return new InvalidText(Arrays.copyOfRange(buffer, offset, offset + length));
    }

    private static boolean hasReplacement(String s) {
        return s.indexOf('\uFFFD') >= 0;
    }

    @TruffleBoundary
    private static boolean roundTrips(String s, byte[] buffer, int offset, int length) {
        byte[] again = s.getBytes(StandardCharsets.UTF_8);
        return Arrays.equals(again, 0, again.length, buffer, offset, offset + length);
    }

    /**
     * The text a guest language's string {@code s} spells, as JavaScript engines write strings
     * to UTF-8 (V8's, which better-sqlite3 binds with): {@code s} itself, or, when it holds a
     * lone surrogate (half of a pair without the other half; valid in JavaScript strings), an
     * InvalidText whose bytes encode each lone surrogate as a three-byte sequence (U+D800 as
     * ED A0 80) and everything else as UTF-8. Java's encoder would write a '?' instead, which
     * Java callers get (as from sqlite-jdbc).
     */
    public static Object ofGuestString(String s) {
        int i = firstLoneSurrogate(s);
        return i < 0 ? s : new InvalidText(encodeKeepingLoneSurrogates(s, i));
    }

    /** The index of {@code s}'s first lone surrogate, or -1. */
    private static int firstLoneSurrogate(String s) {
        int n = s.length();
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (Character.isSurrogate(c)) {
                if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
                    i++;
                } else {
                    return i;
                }
            }
        }
        return -1;
    }

    @TruffleBoundary
    private static byte[] encodeKeepingLoneSurrogates(String s, int firstLone) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream(s.length() + 8);
        out.writeBytes(s.substring(0, firstLone).getBytes(StandardCharsets.UTF_8));
        int n = s.length();
        for (int i = firstLone; i < n; i++) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
                out.writeBytes(s.substring(i, i + 2).getBytes(StandardCharsets.UTF_8));
                i++;
            } else if (c < 0x80) {
                out.write(c);
            } else if (c < 0x800) {
                out.write(0xC0 | (c >> 6));
                out.write(0x80 | (c & 0x3F));
            } else {
                // Three bytes, lone surrogates included (the generalized UTF-8 V8 writes).
                out.write(0xE0 | (c >> 12));
                out.write(0x80 | ((c >> 6) & 0x3F));
                out.write(0x80 | (c & 0x3F));
            }
        }
        return out.toByteArray();
    }

    /**
     * TEXT of {@code bytes}, which the language found not to be valid UTF-8 (a BLOB object
     * that says so, SqlBlob#isInvalidText): the JDBC driver's value of it.
     */
    public static InvalidText ofInvalidBytes(byte[] bytes) {
        return new InvalidText(bytes);
    }

    /** Whether {@code v} is a TEXT value: a String or an InvalidText. */
    public static boolean isText(Object v) {
        return v instanceof String || v instanceof InvalidText;
    }

    /** The UTF-8 bytes of a TEXT value (String or InvalidText); not to be modified. */
    @TruffleBoundary
    public static byte[] utf8(Object text) {
        return text instanceof InvalidText t ? t.bytes : ((String) text).getBytes(StandardCharsets.UTF_8);
    }

    /**
     * Values for a function or aggregate written in Java, which takes Strings for TEXT: those of
     * {@code values} with each InvalidText as a String (a copy where there is one).
     */
    public static Object[] asStrings(Object[] values) {
        Object[] out = values;
        for (int i = 0; i < values.length; i++) {
            if (values[i] instanceof InvalidText t) {
                if (out == values) {
                    out = values.clone();
                }
                out[i] = t.toString();
            }
        }
        return out;
    }

    /** The bytes; not to be modified. */
    public byte[] bytes() {
        return bytes;
    }

    /** The bytes decoded with U+FFFD for each malformed sequence, as sqlite3_column_text's bytes become a String. */
    @Override
    @TruffleBoundary
    public String toString() {
        return new String(bytes, StandardCharsets.UTF_8);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof InvalidText t && Arrays.equals(bytes, t.bytes);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bytes);
    }
}
