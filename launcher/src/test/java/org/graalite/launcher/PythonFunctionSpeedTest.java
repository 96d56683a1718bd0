package org.graalite.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Python user function (graalite.sqlite3's create_function) in which the garbage collector
 * ran a finalizer stays as fast afterwards as it was. On GraalPy 25, once a finalizer (any
 * object's {@code __del__}) has run inside a Python function, every call of it from a Python
 * function that foreign code called walks the stack and deoptimizes: with the module's
 * wrapper between the statement and the function, the function became 70 to 160 times slower
 * for the rest of the process. Run as {@code graalite run} runs it (one engine, one context,
 * compiled code); GraalPy on an engine that several contexts share showed neither the speed
 * of compiled code nor the slowdown.
 */
class PythonFunctionSpeedTest {
    @TempDir
    Path dir;

    private static final String PROGRAM = """
                    import gc
                    import time
                    import graalite.sqlite3 as sqlite3

                    con = sqlite3.connect(":memory:")
                    con.execute("CREATE TABLE t(x REAL)")
                    con.executemany("INSERT INTO t VALUES (?)", ((i * 0.5 - 50000.0,) for i in range(200000)))

                    class Finalized:
                        def __del__(self):
                            pass

                    calls = 0
                    trigger_at = None

                    def myabs(x):
                        global calls
                        calls += 1
                        if calls == trigger_at:
                            garbage = [Finalized() for _ in range(100)]
                            del garbage
                            gc.collect()
                        return abs(x)

                    con.create_function("myabs", 1, myabs, deterministic=True)
                    query = "SELECT sum(myabs(x)) FROM t"

                    def fastest(runs):
                        best = None
                        for _ in range(runs):
                            start = time.perf_counter()
                            total = con.execute(query).fetchone()[0]
                            elapsed = time.perf_counter() - start
                            best = elapsed if best is None else min(best, elapsed)
                        return total, best

                    # Some seconds of warm-up, so that the statement and the function run compiled.
                    warm_until = time.perf_counter() + 8
                    while time.perf_counter() < warm_until:
                        con.execute(query).fetchone()
                    total, before = fastest(10)
                    trigger_at = calls + 1000
                    total_after, after = fastest(30)
                    print("sum:", total, total_after == total)
                    print("finalizer ran in the function:", trigger_at <= calls)
                    print("at most 5 times slower afterwards:", after < 5 * before, "(%.4f s before, %.4f s after)" % (before, after))
                    """;

    @Test
    void userFunctionStaysFastAfterAFinalizerRanInIt() throws IOException {
        Path script = dir.resolve("finalizer_in_function.py");
        Files.writeString(script, PROGRAM, StandardCharsets.UTF_8);
        Launch r = Launch.run("run", script.toString());
        assertEquals(0, r.code(), r.err());
        String[] lines = r.out().split("\n");
        assertEquals(3, lines.length, r.out());
        assertEquals("sum: 5000000000.0 True", lines[0]);
        assertEquals("finalizer ran in the function: True", lines[1]);
        assertEquals("at most 5 times slower afterwards: True", lines[2].substring(0, lines[2].indexOf(" (")), lines[2]);
    }
}
