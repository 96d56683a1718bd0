package org.graalite.runtime;

/** How many statement executions each tier ran in one database connection. */
public final class TierStatistics {
    private long truffle;
    private long nativeTier;

    void count(Tier tier) {
        if (tier == Tier.TRUFFLE) {
            truffle++;
        } else {
            nativeTier++;
        }
    }

    public long truffleExecutions() {
        return truffle;
    }

    public long nativeExecutions() {
        return nativeTier;
    }
}
