package org.graalite.nodes;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;

import org.graalite.runtime.Execution;
import org.graalite.runtime.SqlValues;

/**
 * Blob constants and SQLite's Bloom filters (Filter, FilterAdd), which star joins use to skip
 * rows whose key cannot match. The filter is a blob register of bits; the hash is SQLite's
 * own (vdbe.c filterHash), so filters behave as they do natively.
 */
final class BloomFilterNodes {
    private BloomFilterNodes() {
    }

    /** Blob P1 P2 P4: r[P2] = a new blob of P1 bytes: P4's bytes, or zeros when P4 has none. */
    static final class Blob extends InstructionNode {
        private final int register;
        private final int size;
        private final byte[] content;

        Blob(int pc, int register, int size, byte[] content) {
            super(pc, STRAIGHT, -1);
            this.register = register;
            this.size = size;
            this.content = content;
        }

        @Override
        public void execute(Execution execution) {
            // A fresh array: a Bloom filter is filled in place.
            execution.registers[register] = content == null ? new byte[size] : content.clone();
        }
    }

    /**
     * The bit of a key's hash in a filter, hash modulo the filter's bits as SQLite takes it.
     * A program's filters have the size its Blob instruction gives them, so the size seen
     * first is a constant of compiled code: a division by a constant is a multiplication,
     * where one by a variable took longer than the rest of a star join's probe. A filter of
     * another size deoptimizes once and then takes the division.
     */
    static final class FilterBit extends com.oracle.truffle.api.nodes.Node {
        @com.oracle.truffle.api.CompilerDirectives.CompilationFinal private int knownBytes;
        private static final int SEVERAL_SIZES = -1;

        long of(long hash, byte[] bits) {
            int known = knownBytes;
            if (known > 0 && bits.length == known && hash >= 0) {
                return hash % (known * 8L);
            }
            if (known == 0 || (known > 0 && bits.length != known)) {
                com.oracle.truffle.api.CompilerDirectives.transferToInterpreterAndInvalidate();
                knownBytes = known == 0 && bits.length > 0 ? bits.length : SEVERAL_SIZES;
            }
            return Long.remainderUnsigned(hash, bits.length * 8L);
        }
    }

    /** FilterAdd P1 P3 P4 (add the key r[P3..P3+P4-1] to filter r[P1]) and Filter P1 P2 P3 P4 (jump to P2 when the key is certainly absent). */
    static final class Filter extends InstructionNode {
        private final int filter;
        private final int first;
        private final int count;
        private final boolean add;
        @Child private FilterBit bit = new FilterBit();

        Filter(int pc, int target, int filter, int first, int count, boolean add) {
            super(pc, add ? STRAIGHT : BRANCH, target);
            this.filter = filter;
            this.first = first;
            this.count = count;
            this.add = add;
        }

        @Override
        public void execute(Execution execution) {
            byte[] bits = (byte[]) execution.registers[filter];
            long b = bit.of(keyHash(execution.registers), bits);
            bits[(int) (b >>> 3)] |= (byte) (1 << (b & 7));
        }

        @Override
        public boolean executeBranch(Execution execution) {
            byte[] bits = (byte[]) execution.registers[filter];
            long b = bit.of(keyHash(execution.registers), bits);
            return (bits[(int) (b >>> 3)] & (1 << (b & 7))) == 0;
        }

        /** The key's hash; a one-integer key (a star join's foreign key) in compiled code, the rest out of line. */
        private long keyHash(Object[] registers) {
            if (count == 1 && registers[first] instanceof Long l) {
                return l;
            }
            return hash(registers, first, count);
        }
    }

    /**
     * SQLite's filterHash: the sum over the key of each value's contribution: an integer
     * itself, a real its integer value, text its length plus its first and last 8 bytes read
     * as little-endian integers (or all of it when shorter), a blob its first 8 bytes and its
     * length. NULL adds nothing.
     */
    @TruffleBoundary
    static long hash(Object[] registers, int first, int count) {
        long h = 0;
        for (int i = first; i < first + count; i++) {
            h += valueHash(registers[i]);
        }
        return h;
    }

    /** One value's contribution to {@link #hash}. */
    @TruffleBoundary
    static long valueHash(Object v) {
        if (v instanceof Long l) {
            return l;
        } else if (v instanceof Double d) {
            return SqlValues.intValue(d);
        } else if (org.graalite.runtime.InvalidText.isText(v)) {
            byte[] b = org.graalite.runtime.InvalidText.utf8(v);
            long h = b.length;
            if (b.length >= 8) {
                h += littleEndian(b, 0, 8);
                h += littleEndian(b, b.length - 8, 8);
            } else {
                h += littleEndian(b, 0, b.length);
            }
            return h;
        } else if (v instanceof byte[] b) {
            return (b.length > 0 ? littleEndian(b, 0, Math.min(b.length, 8)) : 0) + b.length;
        }
        return 0;
    }

    private static long littleEndian(byte[] b, int at, int n) {
        long x = 0;
        for (int i = n - 1; i >= 0; i--) {
            x = (x << 8) | (b[at + i] & 0xff);
        }
        return x;
    }
}
