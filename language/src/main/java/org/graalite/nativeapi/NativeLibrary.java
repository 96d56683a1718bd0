package org.graalite.nativeapi;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.SymbolLookup;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Finds libgraalite.so (SQLite 3.54.1 plus the shim) inside the language jar, unpacks it
 * once into a cache directory named by its checksum, and loads it.
 *
 * <p>The directory is {@code $graalite.native.dir} if that system property is set (for
 * systems whose temporary or home directory forbids executing files), otherwise
 * {@code ~/.cache/graalite/lib}. Because the file name carries the checksum, two versions of
 * Graalite never overwrite each other's library, and a half-written file is never loaded
 * (it is written to a temporary name and moved into place).
 */
public final class NativeLibrary {
    private static final String RESOURCE_DIR = "/org/graalite/nativeapi/linux-x86_64/";
    private static final String LIBRARY = "libgraalite.so";

    /** Symbols of the loaded library; it stays loaded for the life of the JVM. */
    static final SymbolLookup SYMBOLS = load();

    private NativeLibrary() {
    }

    private static SymbolLookup load() {
        Path path = unpack();
        return SymbolLookup.libraryLookup(path, Arena.global());
    }

    /** The path of the unpacked library; unpacks it if needed. */
    public static Path unpack() {
        String os = System.getProperty("os.name", "").toLowerCase();
        String arch = System.getProperty("os.arch", "");
        if (!os.contains("linux") || !(arch.equals("amd64") || arch.equals("x86_64"))) {
            throw new UnsupportedOperationException("Graalite's native library is built for linux-x86_64, not " + os + "-" + arch);
        }
        try {
            String checksum = readChecksum();
            String override = System.getProperty("graalite.native.dir");
            Path base = override != null ? Path.of(override) : Path.of(System.getProperty("user.home"), ".cache", "graalite", "lib");
            Path dir = base.resolve(checksum);
            Path target = dir.resolve(LIBRARY);
            if (!Files.isRegularFile(target)) {
                Files.createDirectories(dir);
                Path tmp = Files.createTempFile(dir, LIBRARY, ".tmp");
                try (InputStream in = resource(LIBRARY)) {
                    Files.copy(in, tmp, StandardCopyOption.REPLACE_EXISTING);
                }
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            }
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot unpack Graalite's native library", e);
        }
    }

    private static String readChecksum() throws IOException {
        try (InputStream in = resource(LIBRARY + ".sha256")) {
            return new String(in.readAllBytes(), StandardCharsets.US_ASCII).trim();
        }
    }

    private static InputStream resource(String name) throws IOException {
        InputStream in = NativeLibrary.class.getResourceAsStream(RESOURCE_DIR + name);
        if (in == null) {
            throw new IOException("resource " + RESOURCE_DIR + name + " is missing from the Graalite jar (was the native library built?)");
        }
        return in;
    }
}
