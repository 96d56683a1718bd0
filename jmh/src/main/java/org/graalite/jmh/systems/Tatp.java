package org.graalite.jmh.systems;

import org.graalite.jmh.data.Rng;
import org.graalite.jmh.data.TatpData;

/**
 * TATP's transaction mix (specification 1.0): 80% reads, 20% writes.
 * <pre>
 * 35% GET_SUBSCRIBER_DATA     SELECT every column of subscriber WHERE s_id = ?
 * 10% GET_NEW_DESTINATION     join special_facility (active) and call_forwarding by s_id, sf_type, time window
 * 35% GET_ACCESS_DATA         SELECT data1..data4 FROM access_info WHERE s_id = ? AND ai_type = ?
 *  2% UPDATE_SUBSCRIBER_DATA  UPDATE subscriber.bit_1 and special_facility.data_a (one transaction)
 * 14% UPDATE_LOCATION         UPDATE subscriber SET vlr_location = ? WHERE sub_nbr = ?
 *  2% INSERT_CALL_FORWARDING  look up s_id by sub_nbr and its facilities, INSERT (may fail: duplicate key)
 *  2% DELETE_CALL_FORWARDING  look up s_id by sub_nbr, DELETE one forwarding
 * </pre>
 * Transactions are drawn from a seeded {@link Rng} as 6 integers each (type, s_id, then the
 * type's parameters) so that every system, the C baseline included, runs the same sequence; the
 * digest of a run (rows read and changed, values, failed inserts) is then the same everywhere.
 * The SQL is the same in every system (native_baseline.c holds a copy).
 */
public final class Tatp {
    static final String GET_SUBSCRIBER = "SELECT s_id, sub_nbr, bit_1, bit_2, bit_3, bit_4, bit_5, bit_6, bit_7, bit_8, bit_9, bit_10, hex_1, hex_2, hex_3, hex_4, hex_5, hex_6, hex_7, " +
                    "hex_8, hex_9, hex_10, byte2_1, byte2_2, byte2_3, byte2_4, byte2_5, byte2_6, byte2_7, byte2_8, byte2_9, byte2_10, msc_location, vlr_location FROM subscriber WHERE s_id = ?";
    static final String GET_NEW_DESTINATION = "SELECT cf.numberx FROM special_facility AS sf, call_forwarding AS cf WHERE sf.s_id = ? AND sf.sf_type = ? AND sf.is_active = 1 " +
                    "AND cf.s_id = sf.s_id AND cf.sf_type = sf.sf_type AND cf.start_time <= ? AND cf.end_time > ?";
    static final String GET_ACCESS = "SELECT data1, data2, data3, data4 FROM access_info WHERE s_id = ? AND ai_type = ?";
    static final String UPDATE_BIT = "UPDATE subscriber SET bit_1 = ? WHERE s_id = ?";
    static final String UPDATE_FACILITY = "UPDATE special_facility SET data_a = ? WHERE s_id = ? AND sf_type = ?";
    static final String UPDATE_LOCATION = "UPDATE subscriber SET vlr_location = ? WHERE sub_nbr = ?";
    static final String SUBSCRIBER_BY_NBR = "SELECT s_id FROM subscriber WHERE sub_nbr = ?";
    static final String FACILITY_TYPES = "SELECT sf_type FROM special_facility WHERE s_id = ?";
    static final String INSERT_FORWARDING = "INSERT INTO call_forwarding VALUES (?, ?, ?, ?, ?)";
    static final String DELETE_FORWARDING = "DELETE FROM call_forwarding WHERE s_id = ? AND sf_type = ? AND start_time = ?";

    public static final int FIELDS = 6;

    private final BenchSystem system;
    private BenchSystem.Statement2 getSubscriber;
    private BenchSystem.Statement2 getNewDestination;
    private BenchSystem.Statement2 getAccess;
    private BenchSystem.Statement2 updateBit;
    private BenchSystem.Statement2 updateFacility;
    private BenchSystem.Statement2 updateLocation;
    private BenchSystem.Statement2 subscriberByNbr;
    private BenchSystem.Statement2 facilityTypes;
    private BenchSystem.Statement2 insertForwarding;
    private BenchSystem.Statement2 deleteForwarding;

    public Tatp(BenchSystem system) {
        this.system = system;
        if (!system.name.equals("native-c")) {
            getSubscriber = system.statement(GET_SUBSCRIBER);
            getNewDestination = system.statement(GET_NEW_DESTINATION);
            getAccess = system.statement(GET_ACCESS);
            updateBit = system.statement(UPDATE_BIT);
            updateFacility = system.statement(UPDATE_FACILITY);
            updateLocation = system.statement(UPDATE_LOCATION);
            subscriberByNbr = system.statement(SUBSCRIBER_BY_NBR);
            facilityTypes = system.statement(FACILITY_TYPES);
            insertForwarding = system.statement(INSERT_FORWARDING);
            deleteForwarding = system.statement(DELETE_FORWARDING);
        }
    }

    /** Draws {@code n} transactions for a database of {@code subscribers}. */
    public static long[] mix(Rng rng, int subscribers, int n) {
        long[] t = new long[n * FIELDS];
        for (int i = 0; i < n; i++) {
            int p = rng.between(0, 99);
            int type = p < 35 ? 0 : p < 45 ? 1 : p < 80 ? 2 : p < 82 ? 3 : p < 96 ? 4 : p < 98 ? 5 : 6;
            int o = i * FIELDS;
            t[o] = type;
            t[o + 1] = rng.between(1, subscribers);
            switch (type) {
                case 1 -> {
                    t[o + 2] = rng.between(1, 4);
                    t[o + 3] = 8L * rng.between(0, 2);
                    t[o + 4] = rng.between(1, 24);
                }
                case 2 -> t[o + 2] = rng.between(1, 4);
                case 3 -> {
                    t[o + 2] = rng.between(0, 1);
                    t[o + 3] = rng.between(0, 255);
                    t[o + 4] = rng.between(1, 4);
                }
                case 4 -> t[o + 2] = rng.between(1, Integer.MAX_VALUE);
                case 5 -> {
                    t[o + 2] = rng.between(1, 4);
                    t[o + 3] = 8L * rng.between(0, 2);
                    t[o + 4] = t[o + 3] + rng.between(1, 8);
                    t[o + 5] = rng.between(1L, 999_999_999_999_999L);
                }
                case 6 -> {
                    t[o + 2] = rng.between(1, 4);
                    t[o + 3] = 8L * rng.between(0, 2);
                }
                default -> {
                }
            }
        }
        return t;
    }

    /** Runs the transactions on {@link #system} (native-c runs them in C). */
    public void run(long[] txns, Digest d) {
        system.tatp(this, txns, d);
    }

    /** The Java systems' implementation, on prepared statements. */
    void run(BenchSystem s, long[] txns, Digest d) {
        s.enter();
        try {
            for (int o = 0; o < txns.length; o += FIELDS) {
                long sid = txns[o + 1];
                switch ((int) txns[o]) {
                    case 0 -> getSubscriber.query(d, sid);
                    case 1 -> getNewDestination.query(d, sid, txns[o + 2], txns[o + 3], txns[o + 4]);
                    case 2 -> getAccess.query(d, sid, txns[o + 2]);
                    case 3 -> {
                        s.begin();
                        d.rows += updateBit.update(txns[o + 2], sid);
                        d.rows += updateFacility.update(txns[o + 3], sid, txns[o + 4]);
                        s.commit();
                    }
                    case 4 -> {
                        s.begin();
                        d.rows += updateLocation.update(txns[o + 2], TatpData.subNbr(sid));
                        s.commit();
                    }
                    case 5 -> {
                        s.begin();
                        long found = subscriberByNbr.query(d, TatpData.subNbr(sid));
                        facilityTypes.query(d, found);
                        try {
                            d.rows += insertForwarding.update(found, txns[o + 2], txns[o + 3], txns[o + 4], TatpData.subNbr(txns[o + 5]));
                            s.commit();
                        } catch (BenchSystem.ConstraintViolation e) {
                            d.failure();
                            s.rollback();
                        }
                    }
                    case 6 -> {
                        s.begin();
                        long found = subscriberByNbr.query(d, TatpData.subNbr(sid));
                        d.rows += deleteForwarding.update(found, txns[o + 2], txns[o + 3]);
                        s.commit();
                    }
                    default -> throw new IllegalArgumentException("transaction type " + txns[o]);
                }
                if (s instanceof BenchSystem.Jdbc && txns[o] <= 2) {
                    // Reads end their transaction too (auto-commit is off for the writes).
                    s.commit();
                }
            }
        } finally {
            s.leave();
        }
    }
}
