package org.graalite.nativeapi;

/**
 * How the Truffle tier's hot B-tree calls reach SQLite (option {@code sql.NativeBinding}): the
 * cursor step of Next and Prev, the rowid seek of SeekRowid, NotExists and DeferredSeek, and the
 * payload lookup of Column. Every other native call is an FFM downcall either way.
 * <ul>
 * <li>{@link #FFM}: FFM downcalls ({@code critical(false)}) behind {@code @TruffleBoundary}
 * (NativeVdbe).
 * <li>{@link #NFI}: Truffle NFI with the panama backend, called from compiled code through
 * cached interop ({@link NfiBinding}); needs a context with native access.
 * </ul>
 * The choice is one per language instance (contexts with different values do not share one),
 * so it is fixed when a statement's nodes are built and is a constant of compiled code.
 */
public enum NativeBinding {
    FFM,
    NFI;

    /** Parses an option value, in any letter case: ffm or nfi. */
    public static NativeBinding parse(String value) {
        for (NativeBinding b : values()) {
            if (b.name().equalsIgnoreCase(value)) {
                return b;
            }
        }
        throw new IllegalArgumentException("sql.NativeBinding must be ffm or nfi, not '" + value + "'");
    }

    /** The option value's spelling. */
    public String optionValue() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
