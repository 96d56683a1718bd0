package org.graalite.jmh.data;

import static org.graalite.jmh.data.Table.col;

import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

import org.graalite.jmh.data.Table.Type;

/**
 * The TATP (Telecom Application Transaction Processing, IBM Solid's benchmark, specification
 * 1.0) database for a number of subscribers, deterministic for a seed:
 * <ul>
 * <li>subscriber: s_id 1..N, sub_nbr = s_id as 15 digits (unique index), bit_1..10 in {0,1},
 * hex_1..10 in 0-15, byte2_1..10 in 0-255, msc_location and vlr_location random 32-bit;
 * <li>access_info: 1 to 4 rows per subscriber with distinct ai_type 1-4; data1, data2 0-255,
 * data3 3 and data4 5 random upper-case letters;
 * <li>special_facility: 1 to 4 rows per subscriber with distinct sf_type 1-4; is_active 1 with
 * probability 85%; error_cntrl, data_a 0-255; data_b 5 letters;
 * <li>call_forwarding: 0 to 3 rows per special facility with distinct start_time in {0,8,16},
 * end_time = start_time + 1..8, numberx 15 random digits.
 * </ul>
 */
public final class TatpData {
    public static final long SEED = 0x7A7_1998L;
    private static final String LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

    static final Table SUBSCRIBER;
    static final Table ACCESS_INFO = new Table("access_info", List.of(col("s_id", Type.INTEGER), col("ai_type", Type.INTEGER), col("data1", Type.INTEGER), col("data2", Type.INTEGER),
                    col("data3", Type.CHAR, 3), col("data4", Type.CHAR, 5)), List.of("s_id", "ai_type"));
    static final Table SPECIAL_FACILITY = new Table("special_facility", List.of(col("s_id", Type.INTEGER), col("sf_type", Type.INTEGER), col("is_active", Type.INTEGER),
                    col("error_cntrl", Type.INTEGER), col("data_a", Type.INTEGER), col("data_b", Type.CHAR, 5)), List.of("s_id", "sf_type"));
    static final Table CALL_FORWARDING = new Table("call_forwarding", List.of(col("s_id", Type.INTEGER), col("sf_type", Type.INTEGER), col("start_time", Type.INTEGER),
                    col("end_time", Type.INTEGER), col("numberx", Type.VARCHAR, 15)), List.of("s_id", "sf_type", "start_time"));

    static {
        List<Table.Column> c = new ArrayList<>();
        c.add(col("s_id", Type.INTEGER));
        c.add(col("sub_nbr", Type.VARCHAR, 15));
        for (String prefix : new String[]{"bit_", "hex_", "byte2_"}) {
            for (int i = 1; i <= 10; i++) {
                c.add(col(prefix + i, Type.INTEGER));
            }
        }
        c.add(col("msc_location", Type.INTEGER));
        c.add(col("vlr_location", Type.INTEGER));
        SUBSCRIBER = new Table("subscriber", c, List.of("s_id"));
    }

    private TatpData() {
    }

    /** sub_nbr of a subscriber: its id as 15 digits with leading zeros. */
    public static String subNbr(long sId) {
        String s = Long.toString(sId);
        return "000000000000000".substring(s.length()) + s;
    }

    public static Dataset ensure(int subscribers) {
        return ensure(Dataset.defaultDirectory(), subscribers);
    }

    public static Dataset ensure(Path directory, int subscribers) {
        return DataWriter.ensure(directory, "tatp-" + subscribers, "TATP with " + subscribers + " subscribers (seed " + SEED + ")",
                        List.of(SUBSCRIBER, ACCESS_INFO, SPECIAL_FACILITY, CALL_FORWARDING), out -> generate(out, subscribers),
                        List.of("CREATE UNIQUE INDEX subscriber_nbr ON subscriber (sub_nbr)"));
    }

    private static void generate(DataWriter out, int subscribers) throws SQLException {
        Rng rng = new Rng(SEED);
        Object[] sub = new Object[SUBSCRIBER.columns().size()];
        for (int s = 1; s <= subscribers; s++) {
            sub[0] = s;
            sub[1] = subNbr(s);
            for (int i = 0; i < 10; i++) {
                sub[2 + i] = rng.between(0, 1);
                sub[12 + i] = rng.between(0, 15);
                sub[22 + i] = rng.between(0, 255);
            }
            sub[32] = rng.between(1, Integer.MAX_VALUE);
            sub[33] = rng.between(1, Integer.MAX_VALUE);
            out.insert(SUBSCRIBER, sub);
            for (int type : distinct(rng, new int[]{1, 2, 3, 4}, rng.between(1, 4))) {
                out.insert(ACCESS_INFO, s, type, rng.between(0, 255), rng.between(0, 255), rng.chars(LETTERS, 3, 3), rng.chars(LETTERS, 5, 5));
            }
            for (int type : distinct(rng, new int[]{1, 2, 3, 4}, rng.between(1, 4))) {
                out.insert(SPECIAL_FACILITY, s, type, rng.percent(85) ? 1 : 0, rng.between(0, 255), rng.between(0, 255), rng.chars(LETTERS, 5, 5));
                for (int start : distinct(rng, new int[]{0, 8, 16}, rng.between(0, 3))) {
                    out.insert(CALL_FORWARDING, s, type, start, start + rng.between(1, 8), rng.chars("0123456789", 15, 15));
                }
            }
        }
    }

    /** {@code n} distinct values of {@code from}, in ascending order. */
    private static int[] distinct(Rng rng, int[] from, int n) {
        int[] a = from.clone();
        for (int i = a.length - 1; i > 0; i--) {
            int j = rng.between(0, i);
            int t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
        int[] r = java.util.Arrays.copyOf(a, n);
        java.util.Arrays.sort(r);
        return r;
    }
}
