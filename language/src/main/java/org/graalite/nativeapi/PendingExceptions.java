package org.graalite.nativeapi;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Exceptions that guest code threw inside an upcall from SQLite, kept on their thread until
 * the statement's step returns: SQLite only learns that the call failed (or, for a collation,
 * nothing at all), and the statement then throws the guest's own exception. A count of the
 * threads holding one lets the check after every step read one field when none is kept.
 */
final class PendingExceptions {
    private final ThreadLocal<RuntimeException> kept = new ThreadLocal<>();
    private final AtomicInteger threads = new AtomicInteger();

    /** Keeps {@code e} in place of what this thread kept before: the latest failure is the one SQLite acts on. */
    void keep(RuntimeException e) {
        if (kept.get() == null) {
            threads.incrementAndGet();
        }
        kept.set(e);
    }

    /** Whether any thread keeps one: when not, {@link #take} has nothing for this thread either (one field read, fit for compiled code). */
    boolean anyKept() {
        return threads.get() != 0;
    }

    /** This thread's kept exception, once; null if none. */
    RuntimeException take() {
        if (threads.get() == 0) {
            return null;
        }
        RuntimeException e = kept.get();
        if (e != null) {
            kept.remove();
            threads.decrementAndGet();
        }
        return e;
    }
}
