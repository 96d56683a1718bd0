package org.graalite.launcher;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * A byte sink for what the shell prints. The sqlite3 program writes bytes, not characters:
 * text as UTF-8 and BLOB content as it is, so the shell does the same instead of going
 * through a {@link java.io.PrintStream} and the platform encoding.
 */
final class Output {
    private OutputStream stream;

    Output(OutputStream target) {
        this.stream = new BufferedOutputStream(target, 1 << 16);
    }

    /**
     * Sends what is printed from now on to {@code target} ({@code .output}, {@code .once}),
     * after writing out what is buffered for the previous target.
     */
    void setTarget(OutputStream target) {
        flush();
        this.stream = new BufferedOutputStream(target, 1 << 16);
    }

    void write(byte[] bytes) {
        write(bytes, 0, bytes.length);
    }

    void write(byte[] bytes, int offset, int length) {
        try {
            stream.write(bytes, offset, length);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    void write(int b) {
        try {
            stream.write(b);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    void print(String text) {
        write(text.getBytes(StandardCharsets.UTF_8));
    }

    void println(String text) {
        print(text);
        write('\n');
    }

    void flush() {
        try {
            stream.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
