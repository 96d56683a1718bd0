package org.graalite.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

import org.graalite.jmh.boundary.Boundary;
import org.graalite.jmh.data.Dataset;
import org.graalite.jmh.data.TpchData;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The boundary workloads (bin/boundary) give sqlite-jdbc's checksum on every Graalite system,
 * on TPC-H at scale factor 0.01: the benchmark refuses to measure otherwise, and this finds out
 * before a 40-minute run does. Graalite's JDBC driver runs the same program as sqlite-jdbc with
 * its own function API.
 */
class BoundaryChecksumTest {
    private static final String[] WORKLOADS = {"select", "innerjoin", "pythonjoin", "pyfunction", "pyaggregate", "filltable"};
    private static final String[] SYSTEMS = {"graalite-jdbc", "graalite-java", "graalite-js"};
    /** The systems of the write benchmark, filltable only: Graalite's native tier and SQLite's C API. */
    private static final String[] FILL_SYSTEMS = {"graalite-jdbc-native", "native-c"};
    private static final int FILL_ROWS = 2_000;

    @TestFactory
    List<DynamicTest> everySystemGivesSqliteJdbcsChecksum() {
        Dataset data = TpchData.ensure(0.01, true);
        List<DynamicTest> tests = new ArrayList<>();
        for (String workload : WORKLOADS) {
            long expected = Boundary.checksum("sqlite-jdbc", workload, data, FILL_ROWS);
            for (String system : SYSTEMS) {
                tests.add(DynamicTest.dynamicTest(workload + " on " + system, () -> assertEquals(expected, Boundary.checksum(system, workload, data, FILL_ROWS))));
            }
            if (workload.equals("filltable")) {
                for (String system : FILL_SYSTEMS) {
                    tests.add(DynamicTest.dynamicTest(workload + " on " + system, () -> assertEquals(expected, Boundary.checksum(system, workload, data, FILL_ROWS))));
                }
            }
        }
        return tests;
    }
}
