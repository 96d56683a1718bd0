package org.graalite.nativeapi;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

import org.graalite.runtime.SqliteException;

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
     * Copies database {@code sourceName} ("main", "temp" or an attached one) of {@code source}
     * over database {@code targetName} of {@code target}. {@code pages} per step (negative: all at once);
     * {@code progress} may be null; {@code sleepMillis} between tries when busy or locked.
     * SQLite's error, of the target connection, if the backup fails; what {@code progress}
     * throws ends the backup and is thrown.
     */
    public static void copy(NativeConnection source, String sourceName, NativeConnection target, String targetName, int pages, Progress progress, int sleepMillis) {
        MemorySegment backup;
        try (Arena arena = Arena.ofConfined()) {
            backup = (MemorySegment) BACKUP_INIT.invokeExact(target.db(), arena.allocateFrom(targetName), source.db(), arena.allocateFrom(sourceName));
        } catch (Throwable t) {
            throw Sqlite3.rethrow(t);
        }
        if (backup.address() == 0) {
            throw target.lastError(Sqlite3.extendedErrcode(target.db()));
        }
        int step = pages;
        int rc;
        try {
            do {
                rc = (int) BACKUP_STEP.invokeExact(backup, step);
                if (progress != null) {
                    int next = progress.stepped(rc, (int) BACKUP_REMAINING.invokeExact(backup), (int) BACKUP_PAGECOUNT.invokeExact(backup));
                    if (next != KEEP) {
                        step = next;
                    }
                }
                if (rc == BUSY || rc == LOCKED) {
                    Thread.sleep(Math.max(0, sleepMillis));
                }
            } while (rc == 0 || rc == BUSY || rc == LOCKED);
        } catch (RuntimeException e) {
            finish(backup);
            throw e;
        } catch (InterruptedException e) {
            finish(backup);
            Thread.currentThread().interrupt();
            throw new SqliteException(9, "interrupted");
        } catch (Throwable t) {
            finish(backup);
            throw Sqlite3.rethrow(t);
        }
        int finished = finish(backup);
        if (finished != 0 || rc != DONE) {
            throw target.lastError(finished != 0 ? finished : rc);
        }
    }

    private static int finish(MemorySegment backup) {
        try {
            return (int) BACKUP_FINISH.invokeExact(backup);
        } catch (Throwable t) {
            throw Sqlite3.rethrow(t);
        }
    }
}
