package org.graalite.polyglot.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Source;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Python threads sharing one {@code graalite.sqlite3} connection whose statements call Python
 * functions, on each tier: the connection lock and GraalPy's GIL must not wait for each other
 * (a thread waiting for the connection must let the thread inside have the GIL back for the
 * function its statement calls). The program checks its own results; CPython's sqlite3 cannot
 * give its output (see the program).
 */
class PythonThreadsTest {
    /** A deadlock fails the test instead of stopping the suite (each tier takes 4 to 10 s). */
    @ParameterizedTest
    @ValueSource(strings = {"auto", "truffle", "native"})
    @Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void threadsShareAConnectionWhoseStatementsCallPython(String tier) throws Exception {
        Path cwd = Files.createTempDirectory("graalite-threads");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (Context context = GuestApis.newContext(cwd, out, tier)) {
            context.eval(Source.newBuilder("python", GuestApis.resource("api/python-threads/shared_functions.py"), "shared_functions.py").build());
        }
        assertEquals("(960, 8) []\n", out.toString(StandardCharsets.UTF_8));
    }
}
