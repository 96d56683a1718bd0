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
final class NativeBaseline {
    private static final String RESOURCE = "org/graalite/jmh/linux-x86_64/libgraalite_bench.so";
    private static final int ERROR_BUFFER = 512;

    private static final MethodHandle OPEN;
    private static final MethodHandle SUM;
    private static final MethodHandle CLOSE;
    private static final MethodHandle SUM_IDS;
    private static final MethodHandle COMPILE_OPTION;

    static {
        SymbolLookup lib = SymbolLookup.libraryLookup(libraryPath(), Arena.global());
        Linker linker = Linker.nativeLinker();
        OPEN = linker.downcallHandle(lib.findOrThrow("graalite_bench_open"), FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS, ADDRESS, JAVA_INT));
        SUM = linker.downcallHandle(lib.findOrThrow("graalite_bench_sum"), FunctionDescriptor.of(JAVA_LONG, ADDRESS, ADDRESS, JAVA_INT));
        CLOSE = linker.downcallHandle(lib.findOrThrow("graalite_bench_close"), FunctionDescriptor.ofVoid(ADDRESS));
        SUM_IDS = linker.downcallHandle(lib.findOrThrow("graalite_bench_sum_ids"), FunctionDescriptor.of(JAVA_LONG, ADDRESS, ADDRESS));
        COMPILE_OPTION = linker.downcallHandle(lib.findOrThrow("graalite_bench_compile_option"), FunctionDescriptor.of(ADDRESS, JAVA_INT));
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

    /** An open read-only database with one prepared query, kept across operations. */
    static final class Query implements AutoCloseable {
        private final Arena arena = Arena.ofConfined();
        private final MemorySegment errors = arena.allocate(ERROR_BUFFER);
        private MemorySegment handle;

        Query(Path database, String sql) {
            try {
                handle = (MemorySegment) OPEN.invokeExact(arena.allocateFrom(database.toString()), arena.allocateFrom(sql), errors, ERROR_BUFFER);
            } catch (Throwable t) {
                throw rethrow(t);
            }
            if (handle.address() == 0) {
                String message = errors.getString(0);
                arena.close();
                throw new IllegalStateException("native baseline: " + message);
            }
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

        @Override
        public void close() {
            if (handle != null) {
                try {
                    CLOSE.invokeExact(handle);
                } catch (Throwable t) {
                    throw rethrow(t);
                } finally {
                    handle = null;
                    arena.close();
                }
            }
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
    static String compileOptions() {
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
