package org.graalite.language;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

import com.oracle.truffle.api.RootCallTarget;

/**
 * The engine-wide cache of program call targets, keyed by program fingerprint, holding at most
 * {@link #CAPACITY} programs: the least recently used one goes first. Unbounded, a workload of
 * ever-new statements (generated SQL, the sqllogictest corpus) kept every program and its
 * compiled code for the engine's lifetime (200,000 distinct statements kept 294 MB). A statement
 * still holding an evicted target keeps using it; only sharing with later statements ends.
 */
final class ProgramCache {
    /** Enough for any application's working set of distinct statements; small against the heap. */
    static final int CAPACITY = 4096;

    private final LinkedHashMap<String, RootCallTarget> targets = new LinkedHashMap<>(256, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, RootCallTarget> eldest) {
            return size() > CAPACITY;
        }
    };

    /**
     * How many times each statement (by SQL text) has run before it was warm for the Truffle
     * tier (see {@link #warm}); as bounded as the programs, least recently counted first out (a
     * statement that falls out only counts again from 0).
     */
    private final LinkedHashMap<String, int[]> coldExecutions = new LinkedHashMap<>(256, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, int[]> eldest) {
            return size() > CAPACITY;
        }
    };

    /**
     * Counts an execution of the statement with SQL text {@code sql}: false for its first
     * {@code threshold} executions in this engine (they run on SQLite's VDBE), true after that.
     */
    synchronized boolean warm(String sql, int threshold) {
        int[] executions = coldExecutions.get(sql);
        if (executions == null) {
            executions = new int[1];
            coldExecutions.put(sql, executions);
        }
        if (executions[0] >= threshold) {
            return true;
        }
        executions[0]++;
        return false;
    }

    /** The shared call target of the program with this key, made by {@code create} on a miss. */
    synchronized RootCallTarget get(String key, Supplier<RootCallTarget> create) {
        RootCallTarget target = targets.get(key);
        if (target == null) {
            target = create.get();
            targets.put(key, target);
        }
        return target;
    }

    synchronized int size() {
        return targets.size();
    }
}
