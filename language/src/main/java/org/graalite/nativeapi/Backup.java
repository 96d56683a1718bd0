package org.graalite.nativeapi;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * Copies a database of one connection into another with SQLite's online backup
 * (sqlite3_backup_init, _step, _finish), a number of pages per step, as Python's
 * {@code Connection.backup} does: after each step a progress callback hears how far it got;
 * a step that finds a database busy or locked waits and tries again.
 */
public final class Backup {
    private static final java.lang.invoke.MethodHandle BACKUP_INIT = NativeFunction.BACKUP_INIT.ffm();
    private static final java.lang.invoke.MethodHandle BACKUP_STEP = NativeFunction.BACKUP_STEP.ffm();
    private static final java.lang.invoke.MethodHandle BACKUP_REMAINING = NativeFunction.BACKUP_REMAINING.ffm();
    private static final java.lang.invoke.MethodHandle BACKUP_PAGECOUNT = NativeFunction.BACKUP_PAGECOUNT.ffm();
    private static final java.lang.invoke.MethodHandle BACKUP_FINISH = NativeFunction.BACKUP_FINISH.ffm();

    private static final int BUSY = 5;
    private static final int LOCKED = 6;
    private static final int DONE = 101;

    /**
     * Told after each step: SQLite's result of the step, the pages still to copy, the pages of
     * the source. Returns how many pages the next step copies (negative: all), or {@link #KEEP}.
     */
    public interface Progress {
        int stepped(int status, int remaining, int pageCount);
    }

    /** What {@link Progress#stepped} returns to keep the number of pages per step. */
    public static final int KEEP = Integer.MIN_VALUE;

    private Backup() {
    }

    /**
     * What each step holds while it calls SQLite, and how a step that finds a database busy or
     * locked waits: the caller takes both connections' locks in {@link #enter} and lets them go
     * in {@link #leave}, so that neither connection is held between steps, while the progress
     * callback runs or while the copy waits (another thread may then finish its work on them).
     */
    public interface Steps {
        void enter();

        void leave();

        void sleep(int millis);
    }

    /**
     * Copies database {@code sourceName} ("main", "temp" or an attached one) of {@code source}
     * over database {@code targetName} of {@code target}. {@code pages} per step (negative: all at once);
     * {@code progress} may be null; {@code sleepMillis} between tries when busy or locked.
     * SQLite's error, of the target connection, if the backup fails; what {@code progress}
     * throws ends the backup and is thrown; a connection closed between two steps ends it
     * with SQLITE_MISUSE.
     */
    public static void copy(NativeConnection source, String sourceName, NativeConnection target, String targetName, int pages, Progress progress, int sleepMillis, Steps steps) {
        MemorySegment backup;
        steps.enter();
        try (Arena arena = Arena.ofConfined()) {
            backup = (MemorySegment) BACKUP_INIT.invokeExact(target.db(), arena.allocateFrom(targetName), source.db(), arena.allocateFrom(sourceName));
            if (backup.address() == 0) {
                throw target.lastError(Sqlite3.extendedErrcode(target.db()));
            }
        } catch (Throwable t) {
            throw Sqlite3.rethrow(t);
        } finally {
            steps.leave();
        }
        int step = pages;
        int rc;
        try {
            do {
                int remaining;
                int pageCount;
                steps.enter();
                try {
                    // Closed since the last step (sqlite3_close_v2 left it a zombie for the backup): db() says so.
                    source.db();
                    target.db();
                    rc = (int) BACKUP_STEP.invokeExact(backup, step);
                    remaining = (int) BACKUP_REMAINING.invokeExact(backup);
                    pageCount = (int) BACKUP_PAGECOUNT.invokeExact(backup);
                } finally {
                    steps.leave();
                }
                if (progress != null) {
                    int next = progress.stepped(rc, remaining, pageCount);
                    if (next != KEEP) {
                        step = next;
                    }
                }
                if (rc == BUSY || rc == LOCKED) {
                    steps.sleep(sleepMillis);
                }
            } while (rc == 0 || rc == BUSY || rc == LOCKED);
        } catch (Throwable t) {
            finish(backup, steps);
            throw Sqlite3.rethrow(t);
        }
        int finished = finish(backup, steps);
        if (finished != 0 || rc != DONE) {
            steps.enter();
            try {
                throw target.lastError(finished != 0 ? finished : rc);
            } finally {
                steps.leave();
            }
        }
    }

    private static int finish(MemorySegment backup, Steps steps) {
        steps.enter();
        try {
            return (int) BACKUP_FINISH.invokeExact(backup);
        } catch (Throwable t) {
            throw Sqlite3.rethrow(t);
        } finally {
            steps.leave();
        }
    }
}
