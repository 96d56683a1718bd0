package org.graalite.runtime;

import java.util.function.BooleanSupplier;

import org.graalite.nativeapi.NativeConnection;

import com.oracle.truffle.api.Assumption;
import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.Truffle;

/**
 * Progress handlers (sqlite3_progress_handler) on the Truffle tier. SQLite's VDBE counts the
 * instructions an execution runs and, where it checks for an interrupt (jumps, and each time
 * sqlite3_step enters the program), calls the connection's handler once for every N counted
 * since the last call; an answer of true stops the statement with SQLITE_INTERRUPT. The Truffle
 * tier counts one step per instruction node it runs and checks at the same places, so the
 * handler is called about as often as there (a node that does the work of several instructions,
 * such as a run of Columns, counts once) and stops the statement the same way.
 *
 * <p>Programs are shared by every connection of the engine, so the counting is compiled in for
 * all of them once any connection has set a handler ({@link #NONE_SET} invalidated, for the
 * rest of the process): until then the Truffle tier pays nothing for it.
 */
public final class ProgressCounting {
    private ProgressCounting() {
    }

    /** Valid while no connection has ever set a progress handler: then nothing counts. */
    public static final Assumption NONE_SET = Truffle.getRuntime().createAssumption("no progress handler was ever set");

    /** Notes that a connection sets a progress handler: from now on, executions count their steps. */
    public static void handlerSet() {
        NONE_SET.invalidate();
    }

    /**
     * The step count at which the handler is next due, as vdbe.c computes it whenever
     * sqlite3_step enters the program: the next multiple of the connection's N after the steps
     * the execution has run; no limit without a handler.
     */
    @TruffleBoundary
    public static void enter(Execution execution) {
        NativeConnection connection = execution.vdbe.connection();
        int every = connection.progressInstructions();
        if (connection.progressHandler() == null || every <= 0) {
            execution.progressLimit = Long.MAX_VALUE;
        } else {
            execution.progressLimit = execution.vmSteps + (every - execution.vmSteps % every);
        }
    }

    /**
     * The handler is due: calls it once for every N steps run since its last call, as vdbe.c's
     * loop does. True if it answered true (or failed): the statement stops with SQLITE_INTERRUPT.
     */
    @TruffleBoundary
    public static boolean stops(Execution execution) {
        NativeConnection connection = execution.vdbe.connection();
        while (execution.vmSteps >= execution.progressLimit) {
            BooleanSupplier handler = connection.progressHandler();
            int every = connection.progressInstructions();
            if (handler == null || every <= 0) {
                execution.progressLimit = Long.MAX_VALUE;
                return false;
            }
            execution.progressLimit += every;
            if (org.graalite.nativeapi.ProgressHandlers.answer(handler)) {
                execution.progressLimit = Long.MAX_VALUE;
                return true;
            }
        }
        return false;
    }
}
