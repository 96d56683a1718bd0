package org.graalite.jmh;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The native C baseline (src/main/c/native_baseline.c, built by build-baseline.sh into
 * libgraalite_bench.so) called through FFM downcalls. One downcall runs a whole query loop,
 * so the cost of the call itself does not count. The downcalls are plain (not critical):
 * they run for milliseconds and must not hold off garbage collection.
 */
public final class NativeBaseline {
    private static final String RESOURCE = "org/graalite/jmh/linux-x86_64/libgraalite_bench.so";
    private static final int ERROR_BUFFER = 512;

    private static final MethodHandle OPEN;
    private static final MethodHandle SUM;
    private static final MethodHandle CLOSE;
    private static final MethodHandle SUM_IDS;
    private static final MethodHandle COMPILE_OPTION;
    private static final MethodHandle DIGEST;
    private static final MethodHandle TATP_OPEN;
    private static final MethodHandle TATP_RUN;
    private static final MethodHandle TATP_CLOSE;
    private static final MethodHandle FILL_OPEN;
    private static final MethodHandle FILL_RUN;
    private static final MethodHandle FILL_CLOSE;

    static {
        SymbolLookup lib = SymbolLookup.libraryLookup(libraryPath(), Arena.global());
        Linker linker = Linker.nativeLinker();
        OPEN = linker.downcallHandle(lib.findOrThrow("graalite_bench_open"), FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS, ADDRESS, JAVA_INT));
        SUM = linker.downcallHandle(lib.findOrThrow("graalite_bench_sum"), FunctionDescriptor.of(JAVA_LONG, ADDRESS, ADDRESS, JAVA_INT));
        CLOSE = linker.downcallHandle(lib.findOrThrow("graalite_bench_close"), FunctionDescriptor.ofVoid(ADDRESS));
        SUM_IDS = linker.downcallHandle(lib.findOrThrow("graalite_bench_sum_ids"), FunctionDescriptor.of(JAVA_LONG, ADDRESS, ADDRESS));
        COMPILE_OPTION = linker.downcallHandle(lib.findOrThrow("graalite_bench_compile_option"), FunctionDescriptor.of(ADDRESS, JAVA_INT));
        DIGEST = linker.downcallHandle(lib.findOrThrow("graalite_bench_digest"), FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, JAVA_INT));
        TATP_OPEN = linker.downcallHandle(lib.findOrThrow("graalite_bench_tatp_open"), FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS, ADDRESS, JAVA_INT));
        TATP_RUN = linker.downcallHandle(lib.findOrThrow("graalite_bench_tatp_run"), FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, ADDRESS, ADDRESS, JAVA_INT));
        TATP_CLOSE = linker.downcallHandle(lib.findOrThrow("graalite_bench_tatp_close"), FunctionDescriptor.ofVoid(ADDRESS));
        FILL_OPEN = linker.downcallHandle(lib.findOrThrow("graalite_bench_fill_open"), FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS, ADDRESS, ADDRESS, ADDRESS, JAVA_INT));
        FILL_RUN = linker.downcallHandle(lib.findOrThrow("graalite_bench_fill_run"), FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, ADDRESS, ADDRESS, JAVA_INT));
        FILL_CLOSE = linker.downcallHandle(lib.findOrThrow("graalite_bench_fill_close"), FunctionDescriptor.ofVoid(ADDRESS));
    }

    private NativeBaseline() {
    }

    /** The library in target/classes, or a copy of it in a temporary file when it is inside a jar. */
    private static Path libraryPath() {
        URL url = NativeBaseline.class.getClassLoader().getResource(RESOURCE);
        if (url == null) {
            throw new IllegalStateException(RESOURCE + " is not on the class path: build the jmh module (its generate-resources phase runs src/main/c/build-baseline.sh)");
        }
        try {
            if (url.getProtocol().equals("file")) {
                return Path.of(url.toURI());
            }
            Path tmp = Files.createTempFile("libgraalite_bench", ".so");
            tmp.toFile().deleteOnExit();
            try (InputStream in = url.openStream()) {
                Files.copy(in, tmp, StandardCopyOption.REPLACE_EXISTING);
            }
            return tmp;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * A native object of the baseline (an open database with its statements), the confined
     * arena its arguments and results live in, and the buffer SQLite's error messages go to;
     * {@code closer} frees the object.
     */
    private abstract static class Handle implements AutoCloseable {
        final Arena arena = Arena.ofConfined();
        final MemorySegment errors = arena.allocate(ERROR_BUFFER);
        private final MethodHandle closer;
        MemorySegment handle;

        Handle(MethodHandle closer) {
            this.closer = closer;
        }

        /** Takes what an open call returned; NULL means it failed, with its message in {@link #errors}. */
        void opened(MemorySegment h) {
            if (h.address() == 0) {
                String message = errors.getString(0);
                arena.close();
                throw new IllegalStateException("native baseline: " + message);
            }
            handle = h;
        }

        /** A run's result code: 0, or a failure whose message is in {@link #errors}. */
        void check(int rc) {
            if (rc != 0) {
                throw new IllegalStateException("native baseline: " + errors.getString(0));
            }
        }

        @Override
        public void close() {
            if (handle != null) {
                try {
                    closer.invokeExact(handle);
                } catch (Throwable t) {
                    throw rethrow(t);
                } finally {
                    handle = null;
                    arena.close();
                }
            }
        }
    }

    /** An open read-only database with one prepared query, kept across operations. */
    public static final class Query extends Handle {
        /** The C side's BenchDigest: rows (int64), sum (double), hash (uint64). */
        private final MemorySegment digest = arena.allocate(24, 8);

        public Query(Path database, String sql) {
            super(CLOSE);
            try {
                opened((MemorySegment) OPEN.invokeExact(arena.allocateFrom(database.toString()), arena.allocateFrom(sql), errors, ERROR_BUFFER));
            } catch (Throwable t) {
                throw rethrow(t);
            }
        }

        /** Runs the query once, reading every value of every row; adds its digest to {@code d}. */
        public void digest(org.graalite.jmh.systems.Digest d) {
            int rc;
            try {
                rc = (int) DIGEST.invokeExact(handle, digest, errors, ERROR_BUFFER);
            } catch (Throwable t) {
                throw rethrow(t);
            }
            check(rc);
            addDigest(digest, d);
        }

        /** Runs the query once; the sum of its first column. */
        long sum() {
            long sum;
            try {
                sum = (long) SUM.invokeExact(handle, errors, ERROR_BUFFER);
            } catch (Throwable t) {
                throw rethrow(t);
            }
            if (sum == -1) {
                throw new IllegalStateException("native baseline: " + errors.getString(0));
            }
            return sum;
        }
    }

    private static void addDigest(MemorySegment digest, org.graalite.jmh.systems.Digest d) {
        d.rows += digest.get(JAVA_LONG, 0);
        d.sum += digest.get(java.lang.foreign.ValueLayout.JAVA_DOUBLE, 8);
        d.hash += digest.get(JAVA_LONG, 16);
    }

    /**
     * TATP's transactions in C (native_baseline.c): an open read-write database with the
     * statements prepared, and a call that runs an array of transactions (6 integers each).
     */
    public static final class Tatp extends Handle {
        private final MemorySegment digest = arena.allocate(24, 8);
        private MemorySegment transactions = MemorySegment.NULL;

        public Tatp(Path database, String setupSql) {
            super(TATP_CLOSE);
            try {
                opened((MemorySegment) TATP_OPEN.invokeExact(arena.allocateFrom(database.toString()), arena.allocateFrom(setupSql), errors, ERROR_BUFFER));
            } catch (Throwable t) {
                throw rethrow(t);
            }
        }

        /** Runs the transactions; adds what they read and changed to {@code d}. */
        public void run(long[] txns, org.graalite.jmh.systems.Digest d) {
            if (transactions.byteSize() != txns.length * 8L) {
                transactions = arena.allocate(txns.length * 8L, 8);
            }
            MemorySegment.copy(txns, 0, transactions, JAVA_LONG, 0, txns.length);
            digest.fill((byte) 0);
            int rc;
            try {
                rc = (int) TATP_RUN.invokeExact(handle, transactions, txns.length / 6, digest, errors, ERROR_BUFFER);
            } catch (Throwable t) {
                throw rethrow(t);
            }
            check(rc);
            addDigest(digest, d);
        }
    }

    /**
     * The boundary workload filltable in C (native_baseline.c): an in-memory database with the
     * table created and the statements prepared, and a call that runs the inserts and the
     * read-back once.
     */
    public static final class Fill extends Handle {
        private final MemorySegment checksum = arena.allocate(JAVA_LONG);

        public Fill(String create, String delete, String insert, String read) {
            super(FILL_CLOSE);
            try {
                opened((MemorySegment) FILL_OPEN.invokeExact(arena.allocateFrom(create), arena.allocateFrom(delete), arena.allocateFrom(insert), arena.allocateFrom(read), errors,
                                ERROR_BUFFER));
            } catch (Throwable t) {
                throw rethrow(t);
            }
        }

        /** Inserts {@code rows} rows (after deleting the previous ones) and reads them back; the checksum. */
        public long run(long rows) {
            int rc;
            try {
                rc = (int) FILL_RUN.invokeExact(handle, rows, checksum, errors, ERROR_BUFFER);
            } catch (Throwable t) {
                throw rethrow(t);
            }
            check(rc);
            return checksum.get(JAVA_LONG, 0);
        }
    }

    /** The whole cycle (open, prepare, step, finalize, close) in one call. */
    static long sumIds(Path database, String sql) {
        try (Arena arena = Arena.ofConfined()) {
            return (long) SUM_IDS.invokeExact(arena.allocateFrom(database.toString()), arena.allocateFrom(sql));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** SQLite's compile-time options of the baseline library (sqlite3_compileoption_get). */
    public static String compileOptions() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0;; i++) {
            MemorySegment option;
            try {
                option = (MemorySegment) COMPILE_OPTION.invokeExact(i);
            } catch (Throwable t) {
                throw rethrow(t);
            }
            if (option.address() == 0) {
                return sb.toString();
            }
            sb.append(sb.isEmpty() ? "" : " ").append(option.reinterpret(Integer.MAX_VALUE).getString(0));
        }
    }

    private static RuntimeException rethrow(Throwable t) {
        if (t instanceof RuntimeException r) {
            return r;
        }
        if (t instanceof Error e) {
            throw e;
        }
        return new IllegalStateException(t);
    }
}
