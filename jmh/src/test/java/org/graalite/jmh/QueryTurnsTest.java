package org.graalite.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * bin/jmh --query-turns on the small data: two TPC-H queries on SQLite's C API and on
 * Graalite's Truffle tier in turns, each result checked against SQLite's before the turns
 * (Workloads.Prepared fails on a difference), and a ratio for the second system.
 */
class QueryTurnsTest {
    @Test
    void turnsOfTwoSystemsGiveARatio() {
        double[] means = QueryTurns.geometricMeans("tpch", new String[]{"q06", "q12"}, new String[]{"native-c", "graalite:truffle"}, 3, 0.01, 0);
        assertEquals(2, means.length);
        assertEquals(1.0, means[0]);
        assertTrue(means[1] > 0 && Double.isFinite(means[1]), "ratio " + means[1]);
    }

    @Test
    void anUnknownFamilyIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> QueryTurns.geometricMeans("tpcds", new String[]{"q01"}, new String[]{"native-c"}, 1, 0.01, 0));
    }
}
