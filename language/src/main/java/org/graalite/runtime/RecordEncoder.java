package org.graalite.runtime;

import java.nio.charset.StandardCharsets;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;

import org.graalite.nativeapi.SqliteText;

/**
 * MakeRecord in Java: column affinities applied to registers in place, as SQLite does, and
 * the values encoded in SQLite's record format (a varint header of serial types, then the
 * big-endian bodies), with the smallest integer types and the constants 0 and 1 as types 8
 * and 9.
 */
public final class RecordEncoder {
    public static final char AFF_BLOB = 'A';
    public static final char AFF_TEXT = 'B';
    public static final char AFF_NUMERIC = 'C';
    public static final char AFF_INTEGER = 'D';
    public static final char AFF_REAL = 'E';

    private RecordEncoder() {
    }

    /**
     * Applies {@code affinity} (may be null or shorter than {@code count}) to r[first..] and
     * returns the record of those registers; null if it would exceed SQLite's length limit
     * ({@link #recordLength}).
     */
    @TruffleBoundary
    public static byte[] makeRecord(Object[] registers, int first, int count, String affinity) {
        return makeRecord(registers, first, count, affinity, true);
    }

    /** As {@link #makeRecord(Object[], int, int, String)}; without {@code smallConstants} (file format below 4) 0 and 1 take a byte. */
    @TruffleBoundary
    public static byte[] makeRecord(Object[] registers, int first, int count, String affinity, boolean smallConstants) {
        return makeRecord(registers, first, count, affinity, smallConstants, null, null, null);
    }

    /**
     * The bytes of a record with a header of {@code headerSize} bytes and a body of {@code body}
     * bytes; -1 beyond {@link SqlValues#MAX_LENGTH}, where SQLite's MakeRecord fails with "string
     * or blob too big" (the callers' {@code makeRecord} then returns null).
     */
    public static int recordLength(int headerSize, long body) {
        long length = headerSize + body;
        return length > SqlValues.MAX_LENGTH ? -1 : (int) length;
    }

    /**
     * As {@link #makeRecord(Object[], int, int, String, boolean)}, but field {@code i} is
     * copied as stored where {@code storedIn[i]} is not null: field {@code storedFields[i]} of
     * that cursor's current record, of serial type {@code storedTypes[i]} (the caller has made
     * sure that affinity would not change it and that SQLite would encode it so).
     */
    public static byte[] makeRecord(Object[] registers, int first, int count, String affinity, boolean smallConstants, RecordCursor[] storedIn, int[] storedFields, int[] storedTypes) {
        int[] types = new int[count];
        long[] ints = new long[count];
        byte[][] bytes = new byte[count][];
        int header = 0;
        long body = 0;
        for (int i = 0; i < count; i++) {
            int type;
            if (storedIn != null && storedIn[i] != null) {
                type = storedTypes[i];
            } else {
                char a = affinityAt(affinity, i);
                type = prepareField(registers, first + i, a, smallConstants, ints, bytes, i);
            }
            types[i] = type;
            header += varintLength(type);
            body += bodyLength(type);
        }
        int headerSize = headerSize(header);
        int length = recordLength(headerSize, body);
        if (length < 0) {
            return null;
        }
        byte[] record = new byte[length];
        int h = putVarint(record, 0, headerSize);
        int d = headerSize;
        for (int i = 0; i < count; i++) {
            int type = types[i];
            h += putVarint(record, h, type);
            if (storedIn != null && storedIn[i] != null) {
                storedIn[i].copyField(storedFields[i], record, d, bodyLength(type));
                d += bodyLength(type);
            } else {
                d = writeField(record, d, type, ints[i], bytes[i]);
            }
        }
        return record;
    }

    /**
     * Prepares field {@code slot} of a record from {@code registers[index]}: applies affinity
     * {@code a} to the register in place, as SQLite's MakeRecord does, and returns the field's
     * serial type; its body goes to {@code ints[slot]} (an integer, or a real's bits for type 7)
     * or {@code bytes[slot]} (text and blobs). Under REAL affinity a whole number is stored as
     * an integer (SQLite's MEM_IntReal) and its register holds the real.
     */
    @TruffleBoundary
    public static int prepareField(Object[] registers, int index, char a, boolean smallConstants, long[] ints, byte[][] bytes, int slot) {
        Object v = applyAffinity(registers[index], a);
        if (a == AFF_REAL && v instanceof Long l) {
            registers[index] = (double) l;
            return intRealField(l, smallConstants, ints, slot);
        }
        registers[index] = v;
        if (v == null) {
            return 0;
        } else if (v instanceof Long l) {
            return integerField(l, smallConstants, ints, slot);
        } else if (v instanceof Double d) {
            return realField(d, ints, slot);
        } else if (v instanceof String s) {
            return textField(utf8(s), bytes, slot);
        } else if (v instanceof InvalidText t) {
            return textField(t.bytes(), bytes, slot);
        }
        return blobField((byte[]) v, bytes, slot);
    }

    /** An integer field; without {@code smallConstants} (file format below 4) 0 and 1 take a byte. */
    public static int integerField(long x, boolean smallConstants, long[] ints, int slot) {
        ints[slot] = x;
        int type = integerType(x);
        return type >= 8 && !smallConstants ? 1 : type;
    }

    /** A whole number under REAL affinity: an integer field, or a real one where it needs eight bytes. */
    public static int intRealField(long x, boolean smallConstants, long[] ints, int slot) {
        if (integerType(x) == 6) {
            return realField((double) x, ints, slot);
        }
        return integerField(x, smallConstants, ints, slot);
    }

    public static int realField(double x, long[] ints, int slot) {
        ints[slot] = Double.doubleToRawLongBits(x);
        return 7;
    }

    public static int textField(byte[] utf8, byte[][] bytes, int slot) {
        bytes[slot] = utf8;
        return utf8.length * 2 + 13;
    }

    public static int blobField(byte[] blob, byte[][] bytes, int slot) {
        bytes[slot] = blob;
        return blob.length * 2 + 12;
    }

    @TruffleBoundary
    public static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /** The size of a record header whose serial types take {@code types} bytes: it counts the varint that holds it. */
    public static int headerSize(int types) {
        if (types <= 126) {
            return types + 1;
        }
        int n = varintLength(types);
        int size = types + n;
        return n < varintLength(size) ? size + 1 : size;
    }

    /** Writes the body of a field of serial type {@code type} at {@code at}; returns where the next body starts. */
    public static int writeField(byte[] record, int at, int type, long bits, byte[] bytes) {
        switch (type) {
            case 0, 8, 9:
                return at;
            case 1, 2, 3, 4, 5, 6, 7:
                return putBigEndian(record, at, bits, bodyLength(type));
            default:
                System.arraycopy(bytes, 0, record, at, bytes.length);
                return at + bytes.length;
        }
    }

    /**
     * The Affinity instruction's conversion of one register: applyAffinity, and an integer
     * under REAL affinity becomes a real (SQLite marks it MEM_IntReal; it reads as REAL).
     */
    @TruffleBoundary
    public static Object affinity(Object v, char affinity) {
        Object r = applyAffinity(v, affinity);
        return affinity == AFF_REAL && r instanceof Long l ? (Object) (double) l : r;
    }

    /** applyAffinity of vdbe.c for one value. */
    static Object applyAffinity(Object v, char affinity) {
        if (affinity == AFF_TEXT) {
            if (v instanceof Long l) {
                return Long.toString(l);
            } else if (v instanceof Double d) {
                return SqliteText.real(d);
            }
            return v;
        }
        if (affinity >= AFF_NUMERIC) {
            if (v instanceof String s) {
                Object n = SqlValues.applyNumericAffinity(s);
                return n instanceof Double d ? integerIfExact(d) : n;
            } else if (v instanceof Double d && affinity <= AFF_REAL) {
                return integerIfExact(d);
            }
        }
        return v;
    }

    /** sqlite3VdbeIntegerAffinity: a real with an exact integer value (not at the extremes) becomes that integer. */
    private static Object integerIfExact(double d) {
        long ix = SqlValues.doubleToInt(d);
        return isExactInteger(d, ix) ? (Object) ix : d;
    }

    /** Whether {@code whole} = doubleToInt({@code d}) is {@code d} exactly and not at the extremes (sqlite3VdbeIntegerAffinity's test). */
    public static boolean isExactInteger(double d, long whole) {
        return d == (double) whole && whole > Long.MIN_VALUE && whole < Long.MAX_VALUE;
    }

    /** The affinity of field {@code i} under MakeRecord's P4 {@code affinity} (null or shorter: BLOB, no conversion). */
    public static char affinityAt(String affinity, int i) {
        return affinity != null && i < affinity.length() ? affinity.charAt(i) : AFF_BLOB;
    }

    /** The serial type SQLite gives integer {@code i} (file format 4: 0 and 1 as types 8 and 9). */
    public static int integerType(long i) {
        long u = i < 0 ? ~i : i;
        if (u <= 127) {
            return (i & 1) == i ? 8 + (int) u : 1;
        } else if (u <= 32767) {
            return 2;
        } else if (u <= 8388607) {
            return 3;
        } else if (u <= 2147483647) {
            return 4;
        } else if (u <= 140737488355327L) {
            return 5;
        }
        return 6;
    }

    public static int bodyLength(int type) {
        return RecordCursor.serialTypeLength(type);
    }

    /** The bytes of {@link #putVarint}'s encoding of {@code v}: seven bits a byte, nine when the top byte is used. */
    public static int varintLength(long v) {
        if ((v & (0xffL << 56)) != 0) {
            return 9;
        }
        int bits = 64 - Long.numberOfLeadingZeros(v | 1);
        return (bits + 6) / 7;
    }

    /** SQLite's varint: big-endian groups of 7 bits, high bit set on all but the last; the ninth byte holds 8 bits. */
    public static int putVarint(byte[] out, int at, long v) {
        if ((v & (0xffL << 56)) != 0) {
            out[at + 8] = (byte) v;
            long x = v >>> 8;
            for (int i = 7; i >= 0; i--) {
                out[at + i] = (byte) ((x & 0x7f) | 0x80);
                x >>>= 7;
            }
            return 9;
        }
        int n = varintLength(v);
        long x = v;
        for (int i = n - 1; i >= 0; i--) {
            out[at + i] = (byte) ((x & 0x7f) | (i == n - 1 ? 0 : 0x80));
            x >>>= 7;
        }
        return n;
    }

    private static int putBigEndian(byte[] out, int at, long v, int n) {
        for (int i = n - 1; i >= 0; i--) {
            out[at + i] = (byte) v;
            v >>= 8;
        }
        return at + n;
    }
}
