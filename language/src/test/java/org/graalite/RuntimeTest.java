package org.graalite;

import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.graalvm.polyglot.Engine;
import org.junit.jupiter.api.Test;

/** Every test runs on the optimizing Truffle runtime, never on the fallback interpreter. */
class RuntimeTest {
    @Test
    void graalCompilerIsActive() {
        try (Engine engine = Engine.newBuilder().option("engine.WarnInterpreterOnly", "false").build()) {
            // The fallback runtime names itself "Interpreted"; the optimizing one names the compiler.
            assertNotEquals("Interpreted", engine.getImplementationName(), "the Truffle fallback runtime is active: the Graal compiler is not on the upgrade module path");
            assertTrue(engine.getLanguages().containsKey("sql"), "the sql language is not registered");
        }
    }
}
