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
     * returns the record of those registers.
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
     * As {@link #makeRecord(Object[], int, int, String, boolean)}, but field {@code i} is
     * copied as stored where {@code storedIn[i]} is not null: field {@code storedFields[i]} of
     * that cursor's current record, of serial type {@code storedTypes[i]} (the caller has made
     * sure that affinity would not change it and that SQLite would encode it so).
     */
    public static byte[] makeRecord(Object[] registers, int first, int count, String affinity, boolean smallConstants, RecordCursor[] storedIn, int[] storedFields, int[] storedTypes) {
        boolean[] intReal = new boolean[count];
        if (affinity != null) {
            for (int i = 0; i < count && i < affinity.length(); i++) {
                if (storedIn != null && storedIn[i] != null) {
                    continue;
                }
                char a = affinity.charAt(i);
                Object v = applyAffinity(registers[first + i], a);
                if (a == AFF_REAL && v instanceof Long l) {
                    // A REAL column stores a whole number as an integer; it still reads as a real.
                    intReal[i] = true;
                    v = (double) l;
                }
                registers[first + i] = v;
            }
        }
        int[] types = new int[count];
        long[] ints = new long[count];
        byte[][] bytes = new byte[count][];
        int header = 0;
        int body = 0;
        for (int i = 0; i < count; i++) {
            Object v = registers[first + i];
            int type;
            if (storedIn != null && storedIn[i] != null) {
                type = storedTypes[i];
            } else if (v == null) {
                type = 0;
            } else if (v instanceof Long || intReal[i]) {
                long x = v instanceof Long l ? l : (long) (double) (Double) v;
                type = integerType(x);
                if (type >= 8 && !smallConstants) {
                    type = 1;
                }
                if (type == 6 && intReal[i]) {
                    type = 7;
                }
                ints[i] = x;
            } else if (v instanceof Double) {
                type = 7;
            } else if (v instanceof String s) {
                bytes[i] = s.getBytes(StandardCharsets.UTF_8);
                type = bytes[i].length * 2 + 13;
            } else {
                bytes[i] = (byte[]) v;
                type = bytes[i].length * 2 + 12;
            }
            types[i] = type;
            header += varintLength(type);
            body += bodyLength(type);
        }
        // The header's size counts the varint that holds it.
        int headerSize;
        if (header <= 126) {
            headerSize = header + 1;
        } else {
            int n = varintLength(header);
            headerSize = header + n;
            if (n < varintLength(headerSize)) {
                headerSize++;
            }
        }
        byte[] record = new byte[headerSize + body];
        int h = putVarint(record, 0, headerSize);
        int d = headerSize;
        for (int i = 0; i < count; i++) {
            int type = types[i];
            h += putVarint(record, h, type);
            if (storedIn != null && storedIn[i] != null) {
                storedIn[i].copyField(storedFields[i], record, d, bodyLength(type));
                d += bodyLength(type);
                continue;
            }
            Object v = registers[first + i];
            switch (type) {
                case 0, 8, 9:
                    break;
                case 7: {
                    double x = intReal[i] ? (double) ints[i] : (Double) v;
                    d = putBigEndian(record, d, Double.doubleToRawLongBits(x), 8);
                    break;
                }
                case 1, 2, 3, 4, 5, 6:
                    d = putBigEndian(record, d, ints[i], bodyLength(type));
                    break;
                default:
                    System.arraycopy(bytes[i], 0, record, d, bytes[i].length);
                    d += bytes[i].length;
                    break;
            }
        }
        return record;
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
        if (d == (double) ix && ix > Long.MIN_VALUE && ix < Long.MAX_VALUE) {
            return ix;
        }
        return d;
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

    private static int bodyLength(int type) {
        return RecordCursor.serialTypeLength(type);
    }

    static int varintLength(long v) {
        if ((v & ~0x7fL) == 0) {
            return 1;
        }
        int n = 1;
        long x = v;
        while ((x >>>= 7) != 0 && n < 9) {
            n++;
        }
        return (v & (0xffL << 56)) != 0 ? 9 : n;
    }

    /** SQLite's varint: big-endian groups of 7 bits, high bit set on all but the last; the ninth byte holds 8 bits. */
    static int putVarint(byte[] out, int at, long v) {
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
