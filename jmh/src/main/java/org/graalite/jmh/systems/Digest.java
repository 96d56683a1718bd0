package org.graalite.jmh.systems;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * What a workload returned, reduced to a few numbers that every system computes the same way
 * (the native C baseline too, in native_baseline.c): the number of rows, the sum of every
 * numeric value weighted by its column (1-based), and a sum of 64-bit FNV-1a hashes of every
 * text and BLOB value (its UTF-8 bytes) weighted by 2 x column + 1, NULLs hashing to a
 * constant. Sums make it independent of row order; weights keep columns apart.
 *
 * <p>Numbers are compared with a tolerance ({@link #agrees}): H2 computes DECIMAL columns
 * exactly while SQLite sums REALs in binary floating point, and INTEGER 3 and REAL 3.0 are
 * the same number here (H2 returns DECIMAL where SQLite has INTEGER or REAL).
 */
public final class Digest {
    /** The hash of a NULL value. */
    static final long NULL_HASH = 0x6E756C6C6E756C6CL;
    /** What a failed statement (e.g. a TATP insert that violates a primary key) adds to the hash. */
    static final long FAILURE_HASH = 0x6661696C75726521L;
    private static final long FNV_OFFSET = 0xcbf29ce484222325L;
    private static final long FNV_PRIME = 0x100000001b3L;

    public long rows;
    public double sum;
    public long hash;

    public Digest() {
    }

    public Digest(long rows, double sum, long hash) {
        this.rows = rows;
        this.sum = sum;
        this.hash = hash;
    }

    public void clear() {
        rows = 0;
        sum = 0;
        hash = 0;
    }

    public void row() {
        rows++;
    }

    public void number(int column, long value) {
        sum += (double) value * (column + 1);
    }

    public void number(int column, double value) {
        sum += value * (column + 1);
    }

    public void text(int column, String value) {
        hash += fnv(value) * (2L * column + 1);
    }

    public void bytes(int column, byte[] value) {
        hash += fnv(value) * (2L * column + 1);
    }

    public void nullValue(int column) {
        hash += NULL_HASH * (2L * column + 1);
    }

    public void failure() {
        hash += FAILURE_HASH;
    }

    /** Any value as a JDBC driver or the polyglot API returns it. */
    public void value(int column, Object v) {
        switch (v) {
            case null -> nullValue(column);
            case Long l -> number(column, l);
            case Integer i -> number(column, i);
            case Short s -> number(column, s);
            case Byte b -> number(column, b);
            case Double d -> number(column, d);
            case Float f -> number(column, f);
            case BigDecimal d -> number(column, d.doubleValue());
            case Number n -> number(column, n.doubleValue());
            case String s -> text(column, s);
            case byte[] b -> bytes(column, b);
            case Boolean b -> number(column, b ? 1 : 0);
            // H2 returns DATE columns as java.sql.Date or LocalDate; SQLite holds them as ISO text.
            case java.sql.Date d -> text(column, d.toLocalDate().toString());
            case java.time.LocalDate d -> text(column, d.toString());
            default -> text(column, v.toString());
        }
    }

    static long fnv(String s) {
        long h = FNV_OFFSET;
        int n = s.length();
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c >= 0x80) {
                return fnv(s.getBytes(StandardCharsets.UTF_8));
            }
            h = (h ^ c) * FNV_PRIME;
        }
        return h;
    }

    static long fnv(byte[] b) {
        long h = FNV_OFFSET;
        for (byte x : b) {
            h = (h ^ (x & 0xff)) * FNV_PRIME;
        }
        return h;
    }

    /** Same rows and hash, and sums equal within a relative 1e-9 (plus 1e-6 absolute per row for rounded decimals). */
    public boolean agrees(Digest o) {
        return rows == o.rows && hash == o.hash && Math.abs(sum - o.sum) <= 1e-9 * Math.max(Math.abs(sum), Math.abs(o.sum)) + 1e-6 * Math.max(1, rows);
    }

    /** The sum rounded to 6 significant digits and the hash: a checksum that the systems share despite the rounding of REAL sums. */
    public String checksum() {
        return String.format(Locale.ROOT, "%.6g/%016x", sum, hash);
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%d rows, sum %.10g, hash %016x", rows, sum, hash);
    }

    public static Digest parse(String s) {
        String[] p = s.split(" ");
        return new Digest(Long.parseLong(p[0]), Double.parseDouble(p[1]), Long.parseUnsignedLong(p[2], 16));
    }

    /** A form that {@link #parse} reads back exactly. */
    public String serialize() {
        return rows + " " + Double.toString(sum) + " " + Long.toHexString(hash);
    }
}
