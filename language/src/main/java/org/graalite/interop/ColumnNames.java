package org.graalite.interop;

import java.util.HashMap;
import java.util.Map;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;

/**
 * The result columns of a statement: their names in order and the index of each name
 * (the first column of that name wins, as in SQLite's own lookups by name).
 */
public final class ColumnNames {
    private final StringList names;
    private final String[] array;
    private final Map<String, Integer> index = new HashMap<>();

    public ColumnNames(String[] names) {
        this.array = names;
        this.names = new StringList(names);
        for (int i = names.length - 1; i >= 0; i--) {
            index.put(names[i], i);
        }
    }

    public int size() {
        return array.length;
    }

    public String name(int i) {
        return array[i];
    }

    public StringList list() {
        return names;
    }

    /** The index of the column named {@code name}; -1 if there is none. */
    @TruffleBoundary
    public int indexOf(String name) {
        Integer i = index.get(name);
        return i == null ? -1 : i;
    }
}
