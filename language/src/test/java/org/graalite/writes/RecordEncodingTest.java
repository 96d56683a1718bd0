package org.graalite.writes;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * MakeRecord on the Truffle tier writes the bytes SQLite writes: every kind of value (integers at
 * each serial-type width and the constants 0 and 1, reals whole and not, -0.0, text that looks
 * like a number and text that does not, blobs, NULL) into columns of every affinity, bound as
 * parameters in changing order (each field's encoder meets one kind, then more) and written as
 * literals. The two tiers write two files; the files must be equal byte for byte, and every
 * RETURNING row (the registers after affinity) equal.
 */
class RecordEncodingTest {
    private static final String TABLE = "CREATE TABLE t (n, b BLOB, x TEXT, m NUMERIC, i INTEGER, r REAL)";
    private static final String INSERT = "INSERT INTO t VALUES (?1, ?1, ?1, ?1, ?1, ?1) RETURNING n, b, x, m, i, r, typeof(x), typeof(m), typeof(i), typeof(r)";

    /** Values bound to every column of a row. */
    private static List<Object> values() {
        List<Object> v = new ArrayList<>();
        for (long x : new long[] {0, 1, -1, 2, 127, 128, -129, 32767, 32768, 8388607, 8388608, 2147483647L, 2147483648L, 140737488355327L, 140737488355328L, -140737488355329L,
                        9007199254740993L, Long.MAX_VALUE, Long.MIN_VALUE}) {
            v.add(x);
        }
        for (double x : new double[] {0.0, -0.0, 1.0, 1.5, -2.0, 3.25, 1e15, 140737488355328.0, 9.2e18, 9.3e18, -9.3e18, 1e300, Double.MIN_VALUE}) {
            v.add(x);
        }
        for (String s : new String[] {"", "abc", "12", " 12 ", "-7", "1.5", "1e3", "3.0", "0x10", "9223372036854775808", "12abc", "héllo wörld", "\u65e5\u672c"}) {
            v.add(s);
        }
        v.add(new byte[0]);
        v.add(new byte[] {0, (byte) 0xff, 65});
        v.add(null);
        return v;
    }

    @Test
    void truffleTierWritesTheRecordsSqliteWrites() throws IOException {
        Path dir = Files.createTempDirectory("graalite-records-");
        try {
            Path truffleFile = dir.resolve("truffle.db");
            Path nativeFile = dir.resolve("native.db");
            try (TierPair.Side truffle = new TierPair.Side("truffle", truffleFile.toString()); TierPair.Side oracle = new TierPair.Side("native", nativeFile.toString())) {
                List<Object> values = values();
                List<String> literals = new ArrayList<>();
                for (Object v : values) {
                    literals.add(WriteWorkload.literal(v));
                }
                both(truffle, oracle, TABLE, null);
                both(truffle, oracle, "BEGIN", null);
                // each kind first alone, then mixed: the encoders specialize, then widen
                for (int round = 0; round < 3; round++) {
                    for (int k = 0; k < values.size(); k++) {
                        int at = round == 0 ? k : (k * (7 + 4 * round)) % values.size();
                        String a = both(truffle, oracle, INSERT, nullable(values.get(at)));
                        assertTrue(a.startsWith("rows "), a);
                    }
                }
                both(truffle, oracle, "COMMIT", null);
                for (String literal : literals) {
                    both(truffle, oracle, "INSERT INTO t VALUES (" + String.join(", ", java.util.Collections.nCopies(6, literal)) + ")", null);
                }
                both(truffle, oracle, "UPDATE t SET r = n, i = x, x = m WHERE rowid % 3 = 0 RETURNING *", null);
                assertEquals(oracle.query("SELECT count(*) FROM t"), truffle.query("SELECT count(*) FROM t"));
                assertTrue(truffle.truffleExecutions() > 0);
            }
            assertArrayEquals(Files.readAllBytes(nativeFile), Files.readAllBytes(truffleFile), "the database files of the two tiers");
        } finally {
            WriteDifferentialTest.deleteTree(dir);
        }
    }

    private static List<Object> nullable(Object v) {
        List<Object> l = new ArrayList<>();
        l.add(v);
        return l;
    }

    private static String both(TierPair.Side truffle, TierPair.Side oracle, String sql, List<Object> params) {
        String expected = oracle.run(sql, params == null ? null : new ArrayList<>(params));
        String actual = truffle.run(sql, params == null ? null : new ArrayList<>(params));
        assertEquals(expected, actual, sql + " with " + params);
        return actual;
    }
}
