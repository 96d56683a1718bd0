package org.graalite.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/graalite} started as a process, for the issue's example. It runs with
 * GRAALITE_NO_BUILD=1 (this build provides target/classes, target/lib and the module
 * directories already) and JAVA_HOME set to this JVM's JDK.
 */
class LauncherScriptTest {
    @TempDir
    Path dir;

    private record Result(int code, String out, String err) {
    }

    private static Result graalite(String... args) throws IOException, InterruptedException {
        Path root = Path.of(System.getProperty("user.dir")).getParent();
        Path script = root.resolve("bin/graalite");
        Assumptions.assumeTrue(Files.isExecutable(script), "bin/graalite not found next to " + System.getProperty("user.dir"));
        List<String> command = new ArrayList<>();
        command.add(script.toString());
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().put("GRAALITE_NO_BUILD", "1");
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        Process p = pb.start();
        p.getOutputStream().close();
        byte[] out = p.getInputStream().readAllBytes();
        byte[] err = p.getErrorStream().readAllBytes();
        Assumptions.assumeTrue(p.waitFor(120, TimeUnit.SECONDS), "bin/graalite did not finish");
        String errText = new String(err, StandardCharsets.UTF_8);
        Assumptions.assumeFalse(errText.contains("Graalite needs JDK 25"), "skipped: bin/jdk.sh found no JDK 25: " + errText);
        return new Result(p.exitValue(), new String(out, StandardCharsets.UTF_8), errText);
    }

    @Test
    void theIssueExample() throws Exception {
        String db = dir.resolve("a.db").toString();
        Result r = graalite(db, "create table t(a,b); insert into t values(1,'x'),(2.5,null); select * from t;");
        assertEquals("1|x\n2.5|\n", r.out(), r.err());
        assertEquals("", r.err());
        assertEquals(0, r.code());

        Result integrity = graalite(db, "PRAGMA integrity_check");
        assertEquals("ok\n", integrity.out(), "the file passes SQLite's integrity check");

        Result error = graalite(":memory:", "selec 1");
        assertEquals("Error: near \"selec\": syntax error\n", error.err());
        assertEquals(1, error.code());
    }

    /**
     * bin/heap.sh, which bin/graalite's programs and bin/jmh take their young generation from:
     * a third of the default maximum heap (a twelfth of the memory), fixed; nothing with
     * GRAALITE_YOUNG_GEN=adaptive.
     */
    @Test
    void youngGenerationOfPrograms() throws Exception {
        Path heap = Path.of(System.getProperty("user.dir")).getParent().resolve("bin/heap.sh");
        Assumptions.assumeTrue(Files.isReadable(heap), "bin/heap.sh not found");
        Path meminfo = Path.of("/proc/meminfo");
        Assumptions.assumeTrue(Files.isReadable(meminfo), "no /proc/meminfo");
        long memoryMb = Files.readAllLines(meminfo).stream().filter(l -> l.startsWith("MemTotal:")).mapToLong(l -> Long.parseLong(l.replaceAll("[^0-9]", "")) / 1024).findFirst().orElseThrow();
        Assumptions.assumeTrue(memoryMb / 12 >= 64, "a machine this small keeps the collector's sizing");
        assertEquals("-XX:-UseAdaptiveSizePolicy -Xmn" + memoryMb / 12 + "m", youngFlags(heap, "fixed"));
        assertEquals("-XX:-UseAdaptiveSizePolicy -Xmn" + memoryMb / 12 + "m", youngFlags(heap, null));
        assertEquals("", youngFlags(heap, "adaptive"));
    }

    private static String youngFlags(Path heap, String mode) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder("bash", "-c", "source \"$1\"; graalite_young_generation_flags; echo \"${young_flags[*]}\"", "bash", heap.toString());
        if (mode == null) {
            pb.environment().remove("GRAALITE_YOUNG_GEN");
        } else {
            pb.environment().put("GRAALITE_YOUNG_GEN", mode);
        }
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertEquals(0, p.waitFor(), new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
        return out;
    }
}
