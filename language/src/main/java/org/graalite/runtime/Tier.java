package org.graalite.runtime;

/**
 * Which engine runs a statement's program (option {@code sql.Tier}).
 * <ul>
 * <li>{@link #AUTO}: the Truffle tier where it supports every instruction, otherwise the native tier.
 * <li>{@link #TRUFFLE}: the Truffle tier only; a statement it cannot run fails with an error
 * naming the opcodes it lacks.
 * <li>{@link #NATIVE}: SQLite's own VDBE ({@code sqlite3_step}).
 * </ul>
 */
public enum Tier {
    AUTO,
    TRUFFLE,
    NATIVE;

    /** Parses an option value, in any letter case: auto, truffle or native. */
    public static Tier parse(String value) {
        for (Tier t : values()) {
            if (t.name().equalsIgnoreCase(value)) {
                return t;
            }
        }
        throw new IllegalArgumentException("sql.Tier must be auto, truffle or native, not '" + value + "'");
    }

    /** The option value's spelling. */
    public String optionValue() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
