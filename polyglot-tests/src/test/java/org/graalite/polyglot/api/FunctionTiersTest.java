package org.graalite.polyglot.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Source;
import org.junit.jupiter.api.Test;

/**
 * The guest modules' user functions and aggregates on the Truffle tier, which calls them through their
 * argument slots (UserFunction.ArgumentSlots), print what they print on SQLite's own VDBE,
 * which calls them with arguments: the programs of {@code src/test/resources/api/tiers} run
 * once per tier ({@code sql.Tier=truffle} fails any statement the Truffle tier cannot run)
 * and must print the same, and what the Truffle-tier run prints is checked against what the
 * program's functions must answer.
 */
class FunctionTiersTest {
    private static String run(String language, String name, String tier) throws IOException {
        Path cwd = Files.createTempDirectory("graalite-tiers-");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (Context context = GuestApis.newContext(cwd, out, tier)) {
            context.eval(Source.newBuilder(language, GuestApis.resource("api/tiers/" + name), name).build());
        } catch (PolyglotException e) {
            throw new AssertionError(name + " failed on the " + tier + " tier after printing:\n" + out.toString(StandardCharsets.UTF_8) + "\n" + e.getMessage(), e);
        } finally {
            Files.deleteIfExists(cwd);
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    private static void sameOnBothTiers(String language, String name, String... expectedLines) throws IOException {
        String nativeTier = run(language, name, "native");
        String truffle = run(language, name, "truffle");
        assertEquals(nativeTier, truffle, name + ": the Truffle tier printed something else than SQLite's VDBE");
        for (String line : expectedLines) {
            assertTrue(truffle.lines().anyMatch(line::equals), name + " did not print " + line + ":\n" + truffle);
        }
    }

    @Test
    void javaScriptFunctions() throws IOException {
        sameOnBothTiers("js", "functions.js",
                        "[3.5,\"number 1\",\"number 2.5\",\"string x\",\"1|2.5|x\"]",
                        "[\"null1,2\",\"null\",\"blob 1,2\",\"number 3\",\"null|blob|3\"]",
                        "txxx/1txx/2tx/3t",
                        "RangeError too big: 3",
                        "[[\"integer\",\"2.5,-1,0\",3],[\"null\",\"blob\",null],[\"real\",\"text\",null]]",
                        "TypeError step saw 3",
                        "5326125",
                        "1799849750");
    }

    /** Safe integers: the language passes the integer kinds of the arguments first, on both tiers (the lines are what better-sqlite3 12.11.1 prints). */
    @Test
    void javaScriptSafeIntegers() throws IOException {
        sameOnBothTiers("js", "safe_integers.js",
                        "[[\"bigint 9007199254740993\",\"bigint 1\",\"9007199254740994n\",\"bigint,bigint,bigint,bigint,bigint,bigint,bigint\"],[\"bigint 5\",\"number 5\",null,\"bigint,number,bigint,number,bigint,number,bigint\"],[\"number 5\",\"number 2.5\",7.5,\"number,number,number,number,number,number,number\"],[\"null\",\"blob\",null,\"object,object,object,object,object,object,object\"],[\"string x\",\"bigint -9223372036854775808\",null,\"string,bigint,string,bigint,string,bigint,string\"],[\"bigint 9223372036854775807\",\"bigint -1\",\"9223372036854775806n\",\"bigint,bigint,bigint,bigint,bigint,bigint,bigint\"]]",
                        "[\"9007199254740998n\",\"bigint/bigint bigint/number number/number object/object string/bigint bigint/bigint\"]",
                        "[\"9000000000004504500n\",\"4501500n\",826125,\"number 99.75\"]");
    }

    @Test
    void pythonFunctions() throws IOException {
        sameOnBothTiers("python", "functions.py",
                        "('12.5', 'int 1', 'float 2.5', \"str 'x'\")",
                        "(-7, 'int -7', 'int 0', \"bytes b'\\\\xff'\")",
                        "(\"Noneb'\\\\x01\\\\x02'\", 'NoneType None', \"bytes b'\\\\x01\\\\x02'\", 'int 3')",
                        "(1, 0, 1, 0)",
                        "OperationalError user-defined function raised exception",
                        "[('blob', \"b'\\\\x01\\\\x02'\", 0), ('integer', '-1,0', 4294967282), ('real', '2.5', 2), ('text', \"'text'\", 9.0)]",
                        "OperationalError user-defined aggregate's 'step' method raised error",
                        "5326125.0",
                        "1799849750.0");
    }
}
