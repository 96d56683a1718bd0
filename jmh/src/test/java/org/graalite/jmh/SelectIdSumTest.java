package org.graalite.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.annotations.Param;

/**
 * Catches a broken benchmark without running JMH: every system's setup and one operation on
 * a 10,000-row table, and all of them must return the same sum. Speed is not asserted here.
 */
class SelectIdSumTest {
    private static final int ROWS = 10_000;

    @Test
    void theParameterListsEverySystem() throws NoSuchFieldException {
        List<String> declared = Arrays.asList(SelectIdSum.class.getField("system").getAnnotation(Param.class).value());
        assertEquals(QueryLoop.SYSTEMS, declared, "the benchmark's @Param and QueryLoop.SYSTEMS must list the same systems");
    }

    @Test
    void everySystemReturnsTheSameSum(@TempDir Path data) {
        long expected = (long) ROWS * (ROWS + 1) / 2;
        for (String system : QueryLoop.SYSTEMS) {
            SelectIdSum benchmark = new SelectIdSum();
            benchmark.system = system;
            benchmark.tier = "native";
            benchmark.rows = ROWS;
            benchmark.dataDirectory = data;
            benchmark.setup(); // already checks one operation's sum
            try {
                assertEquals(expected, benchmark.sum(), system);
                assertEquals(expected, benchmark.sum(), system + ", second operation on the same prepared statement");
            } finally {
                benchmark.tearDown();
            }
        }
    }

    @Test
    void theOneShotNativeEntryPointAgrees(@TempDir Path data) {
        TestData testData = TestData.ensure(data, ROWS);
        assertEquals(testData.idSum(), NativeBaseline.sumIds(testData.sqlite, SelectIdSum.SQL));
    }

    @Test
    void theNativeBaselineHasTheLanguagesCompileOptions() {
        String options = NativeBaseline.compileOptions();
        // The options that move scan figures most (RUNTIME-NOTES.md), from sqlite-options.txt.
        for (String option : List.of("THREADSAFE=2", "DEFAULT_MEMSTATUS=0", "ENABLE_COLUMN_METADATA", "ENABLE_FTS5")) {
            assertEquals(true, Arrays.asList(options.split(" ")).contains(option), option + " missing from " + options);
        }
    }
}
