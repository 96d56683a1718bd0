package org.graalite.runtime;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;

import com.oracle.truffle.api.Assumption;
import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.ThreadLocalAction;
import com.oracle.truffle.api.Truffle;
import com.oracle.truffle.api.TruffleLanguage;
import com.oracle.truffle.api.TruffleSafepoint;

/**
 * Keeps a second thread out of a connection while one is inside it. SQLite is built with
 * SQLITE_THREADSAFE=2 (DESIGN.md): a connection, its statements and the B-tree calls of the
 * Truffle tier must never run on two threads at once, and the Truffle tier's state between
 * two calls (an execution's registers and cursors) is no safer. Every call of a guest into a
 * connection (the interop messages of ConnectionObject, PreparedStatementObject, QueryResult
 * and BlobObject, and eval) runs between {@link #enter} and {@link #leave}.
 *
 * <p>A context that only one thread uses at a time (Truffle's own rule unless a language allows
 * more; every GraalJS context, and every GraalPy program that has not started a thread) pays
 * a counter and a check: the lock is taken only once a context of the engine has been entered
 * by two threads at once ({@code SqlLanguage.initializeMultiThreading} invalidates the
 * engine's {@link #singleThreaded} assumption). From then on every call of the engine's
 * connections takes its lock, an uncontended lock of some nanoseconds per call.
 *
 * <p>The one hazard of the switch is a call that began without the lock on the context's old
 * thread and is still running when the new thread arrives. The first call that takes a
 * connection's lock therefore asks every thread of the context, with a Truffle thread-local
 * action, whether it is inside such a call, until none is (see {@link #waitForUnlockedCalls}).
 * A call checks the assumption and counts itself with no safepoint between, so at the action's
 * safepoint each thread is either counted or will take the lock.
 *
 * <p>Waiting for the lock lets Truffle's thread-local actions run (TruffleSafepoint): GraalPy
 * hands its global interpreter lock over through them, so a Python thread waiting here does
 * not keep the one inside from getting back from a Python function it calls.
 */
public final class ConnectionLock {
    /** A new engine's {@link #singleThreaded}. */
    public static Assumption singleThreadedEngine() {
        return Truffle.getRuntime().createAssumption("no sql context of the engine used by two threads at once");
    }

    /** Valid while no context of the engine has been used by two threads at once. */
    private final Assumption singleThreaded;
    private final ReentrantLock lock = new ReentrantLock();
    /** The context's environment, whose threads the hand-over asks. */
    private final TruffleLanguage.Env env;
    /** Where this lock comes when two connections' locks are taken together (see {@link Pair}). */
    private final long order = NEXT_ORDER.getAndIncrement();
    private static final AtomicLong NEXT_ORDER = new AtomicLong();

    /**
     * Calls running without the lock: those of the context's only thread before it became
     * multi-threaded (one thread at a time then, so a plain field, free of fences on the
     * single-threaded path). Another thread may read a stale value; the hand-over reads it
     * on each thread, where the calls' own thread reads its own writes.
     */
    private int unlockedCalls;
    /** No call runs without the lock any more, and none will. */
    private volatile boolean unlockedCallsEnded;

    public ConnectionLock(TruffleLanguage.Env env, Assumption singleThreaded) {
        this.env = env;
        this.singleThreaded = singleThreaded;
        // A connection opened after the switch never sees a call without the lock.
        this.unlockedCallsEnded = !singleThreaded.isValid();
    }

    /**
     * Enters a call into the connection; returns whether it took the lock, which the call
     * passes to {@link #leave} (in a finally block).
     */
    public boolean enter() {
        if (singleThreaded.isValid()) {
            unlockedCalls++;
            return false;
        }
        enterLocked();
        return true;
    }

    /** Valid while no context of the engine has been used by two threads at once. */
    public Assumption singleThreaded() {
        return singleThreaded;
    }

    /**
     * {@link #enter} for a caller that has just found {@link #singleThreaded} valid, with no
     * safepoint between (a specialization guarded by the assumption); {@link #leaveAlone} leaves.
     */
    public void enterAlone() {
        unlockedCalls++;
    }

    public void leaveAlone() {
        unlockedCalls--;
    }

    /** Leaves the call that {@link #enter} entered. */
    public void leave(boolean locked) {
        if (locked) {
            unlockLocked();
        } else {
            unlockedCalls--;
        }
    }

    @TruffleBoundary
    private void unlockLocked() {
        lock.unlock();
    }

    @TruffleBoundary
    private void enterLocked() {
        if (!unlockedCallsEnded) {
            waitForUnlockedCalls();
        } else if (lock.tryLock()) {
            // Uncontended (the common case): no safepoint machinery, which cost a Value API row
            // loop 60 ns a row in SelectIdSum once the engine was multi-threaded.
            return;
        }
        blockInterruptibly(ReentrantLock::lockInterruptibly, lock);
    }

    /**
     * Waits until no other thread runs a call without the lock: asks each thread of the
     * context, at its next safepoint, whether it is inside one (a thread that leaves the
     * context first is in none), and asks again every millisecond while one is. Without the
     * lock held, and several threads may ask at once: such a call may make calls of its own
     * (a guest function of its statement running SQL), which take the lock and ask too, and
     * must not wait for the call they are part of. Those go on; the other threads wait.
     */
    private void waitForUnlockedCalls() {
        Thread asking = Thread.currentThread();
        while (true) {
            AtomicBoolean seen = new AtomicBoolean();
            Future<Void> asked = env.submitThreadLocal(null, new ThreadLocalAction(false, false) {
                @Override
                protected void perform(Access access) {
                    if (access.getThread() != asking && unlockedCalls > 0) {
                        seen.set(true);
                    }
                }
            });
            blockInterruptibly(ConnectionLock::await, asked);
            if (!seen.get()) {
                break;
            }
            sleep(1L);
        }
        // The other threads' counts are read on their own threads above; this one's is its own.
        if (unlockedCalls == 0) {
            unlockedCallsEnded = true;
        }
    }

    private static void await(Future<Void> future) throws InterruptedException {
        try {
            future.get();
        } catch (ExecutionException e) {
            throw new IllegalStateException("asking the context's threads for their calls into the connection failed", e.getCause());
        }
    }

    /**
     * Sleeps as a thread of a context should: thread-local actions still run, so a GraalPy
     * thread waiting here hands its interpreter lock over (a database busy in a backup waits
     * for the thread that holds it).
     */
    public static void sleep(long millis) {
        blockInterruptibly(Thread::sleep, Math.max(0L, millis));
    }

    /**
     * The locks of two connections that one call uses together (a backup from one into the
     * other), always taken in the order the connections were opened, whichever is source or
     * target: two threads copying the same two connections into each other at once then take
     * turns instead of each holding one lock and waiting for the other forever. One pair per
     * call, used by its thread alone.
     */
    public static final class Pair {
        private final ConnectionLock first;
        private final ConnectionLock second;
        private boolean firstLocked;
        private boolean secondLocked;

        public Pair(ConnectionLock a, ConnectionLock b) {
            this.first = a.order <= b.order ? a : b;
            this.second = first == a ? b : a;
        }

        public void enter() {
            firstLocked = first.enter();
            if (second != first) {
                try {
                    secondLocked = second.enter();
                } catch (RuntimeException e) {
                    first.leave(firstLocked);
                    throw e;
                }
            }
        }

        public void leave() {
            if (second != first) {
                second.leave(secondLocked);
            }
            first.leave(firstLocked);
        }
    }

    /** Blocks as Truffle wants a thread of a context to block: thread-local actions still run. */
    private static <T> void blockInterruptibly(TruffleSafepoint.Interruptible<T> wait, T object) {
        TruffleSafepoint.setBlockedThreadInterruptible(null, wait, object);
    }
}
