package org.graalite.runtime;

import java.util.Arrays;

import com.oracle.truffle.api.RootCallTarget;

import org.graalite.program.Program;

/**
 * The programs SQLite made for one statement, each by its shape (NativeStatement#programShape),
 * with what the Truffle tier built for it. SQLite makes a statement's program again whenever a
 * parameter its plan was made from is bound to another value: with STAT4, every
 * {@code indexed_column = ?} and range on such a column. Its plan then goes back and forth
 * between a few programs (TATP's GET_NEW_DESTINATION between two, at every other execution);
 * recognising each by its shape spares reading it again and comparing fingerprints.
 */
final class ProgramVariants {
    /** How many programs are remembered; beyond that the oldest is forgotten. */
    private static final int LIMIT = 4;

    /** A program, and the call target and last execution the Truffle tier made for it. */
    static final class Variant {
        final byte[] shape;
        final Program program;
        final String fingerprint;
        RootCallTarget callTarget;
        Execution execution;

        private Variant(byte[] shape, Program program, String fingerprint) {
            this.shape = shape;
            this.program = program;
            this.fingerprint = fingerprint;
        }
    }

    private final Variant[] variants = new Variant[LIMIT];
    /** Where the next variant goes once all places are taken (the oldest). */
    private int next;

    /** The variant whose program has this shape, or null. */
    Variant find(byte[] shape) {
        for (Variant v : variants) {
            if (v != null && Arrays.equals(v.shape, shape)) {
                return v;
            }
        }
        return null;
    }

    /** Remembers a program under its shape, forgetting the oldest variant if all places are taken. */
    Variant add(byte[] shape, Program program, String fingerprint) {
        Variant v = new Variant(shape, program, fingerprint);
        variants[next] = v;
        next = (next + 1) % LIMIT;
        return v;
    }
}
