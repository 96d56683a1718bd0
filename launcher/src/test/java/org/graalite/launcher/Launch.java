package org.graalite.launcher;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/** Runs {@link Main} in this JVM with captured streams. */
record Launch(int code, String out, String err, byte[] outBytes) {
    static Launch withInput(String stdin, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.run(args, new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)), out, err, false);
        return new Launch(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8), out.toByteArray());
    }

    static Launch run(String... args) {
        return withInput("", args);
    }
}
