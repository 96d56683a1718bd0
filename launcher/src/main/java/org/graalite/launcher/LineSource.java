package org.graalite.launcher;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;

/** Where the shell reads its input lines from: a terminal, a file, standard input. */
interface LineSource {
    /**
     * The next line without its line terminator, or null at the end of the input.
     * {@code continuation} tells an interactive source to show the continuation prompt.
     *
     * @throws Interrupted when the user pressed Control-C while typing
     */
    String readLine(boolean continuation);

    /** Control-C while typing: the pending input is dropped. */
    final class Interrupted extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Interrupted() {
            super(null, null, false, false);
        }
    }

    /** Lines of a reader, no prompts. */
    static LineSource of(BufferedReader reader) {
        return continuation -> {
            try {
                return reader.readLine();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        };
    }
}
