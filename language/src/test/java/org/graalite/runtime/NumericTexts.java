package org.graalite.runtime;

import java.util.Random;

/** Text around the edges of SQLite's number syntax, for the tests of NumberSyntax: one to five pieces joined. */
final class NumericTexts {
    private NumericTexts() {
    }

    static String next(Random random, String[] pieces) {
        StringBuilder b = new StringBuilder();
        int count = 1 + random.nextInt(5);
        for (int p = 0; p < count; p++) {
            b.append(pieces[random.nextInt(pieces.length)]);
        }
        return b.toString();
    }
}
