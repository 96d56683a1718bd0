package org.graalite.jmh.data;

/**
 * A small deterministic random number generator (SplitMix64): the same seed gives the same
 * sequence on every JVM, so generated data and transaction mixes are reproducible.
 */
public final class Rng {
    private long state;

    public Rng(long seed) {
        this.state = seed;
    }

    public long nextLong() {
        long z = (state += 0x9E3779B97F4A7C15L);
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** Uniform in [lo, hi], both inclusive. */
    public int between(int lo, int hi) {
        return lo + (int) Long.remainderUnsigned(nextLong(), (long) hi - lo + 1);
    }

    /** Uniform in [lo, hi], both inclusive. */
    public long between(long lo, long hi) {
        return lo + Long.remainderUnsigned(nextLong(), hi - lo + 1);
    }

    /** True with the given probability in percent. */
    public boolean percent(int p) {
        return between(0, 99) < p;
    }

    public <T> T pick(T[] values) {
        return values[between(0, values.length - 1)];
    }

    /** A string of random characters from {@code alphabet}, of a length in [min, max]. */
    public String chars(String alphabet, int min, int max) {
        int n = between(min, max);
        char[] c = new char[n];
        for (int i = 0; i < n; i++) {
            c[i] = alphabet.charAt(between(0, alphabet.length() - 1));
        }
        return new String(c);
    }
}
