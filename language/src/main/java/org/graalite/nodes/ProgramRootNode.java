package org.graalite.nodes;

import com.oracle.truffle.api.CompilerAsserts;
import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.CompilerDirectives.CompilationFinal;
import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.TruffleLanguage;
import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.nodes.BytecodeOSRNode;
import com.oracle.truffle.api.nodes.ExplodeLoop;
import com.oracle.truffle.api.nodes.LoopNode;
import com.oracle.truffle.api.nodes.RootNode;

import org.graalite.runtime.Execution;
import org.graalite.runtime.ProgressCounting;
import org.graalite.runtime.RowBatch;

/**
 * A statement's program on the Truffle tier: one node per instruction and a dispatch loop
 * that Graal unrolls by pc (MERGE_EXPLODE), so each compiled program is straight-line code
 * shaped like the program's own control flow.
 *
 * <p>The call target runs until the next ResultRow (returns {@code true}, the row is in the
 * {@link Execution}) or until Halt (returns {@code false}). A later call resumes after the
 * ResultRow it stopped at, the way generators work: every resume point is a known address,
 * so the dispatch starts from a constant pc in each case.
 */
public final class ProgramRootNode extends RootNode implements BytecodeOSRNode {
    @Children private final InstructionNode[] nodes;
    /**
     * By pc: whether SQLite's VDBE checks for sqlite3_interrupt after the instruction (see
     * {@link #checksInterrupt}). It also checks at the start of every step, as {@link #run} does.
     */
    @CompilationFinal(dimensions = 1) private final boolean[] interruptChecks;
    /** Where an execution can start: 0, and the address after each ResultRow. */
    @CompilationFinal(dimensions = 1) private final int[] entries;
    private final String sql;
    /** Kept for the runtime's on-stack replacement of long loops (BytecodeOSRNode). */
    @CompilationFinal private Object osrMetadata;

    /**
     * The pseudo address the dispatch starts at: it continues at the execution's resume point,
     * one of {@link #entries}. Choosing the entry inside the exploded loop keeps one copy of
     * the compiled program; choosing it before the loop copied the whole program once per
     * ResultRow.
     */
    private static final int RESUME = -1;

    /** The frame slot of the current Execution, so that on-stack replacement finds it in the frame it copies. */
    private static final int EXECUTION_SLOT = 0;

    private static com.oracle.truffle.api.frame.FrameDescriptor frameDescriptor() {
        com.oracle.truffle.api.frame.FrameDescriptor.Builder b = com.oracle.truffle.api.frame.FrameDescriptor.newBuilder();
        b.addSlot(com.oracle.truffle.api.frame.FrameSlotKind.Object, "execution", null);
        return b.build();
    }

    ProgramRootNode(TruffleLanguage<?> language, InstructionNode[] nodes, boolean[] interruptChecks, String sql) {
        super(language, frameDescriptor());
        this.nodes = nodes;
        this.interruptChecks = interruptChecks;
        this.sql = sql;
        int n = 1;
        for (InstructionNode node : nodes) {
            if (node.kind == InstructionNode.ROW) {
                n++;
            }
        }
        int[] e = new int[n];
        int k = 1;
        for (InstructionNode node : nodes) {
            if (node.kind == InstructionNode.ROW) {
                e[k++] = node.pc + 1;
            }
        }
        this.entries = e;
    }

    /**
     * Arguments: the {@link Execution}, and for a batch of rows a {@link RowBatch}. Without a
     * batch the program runs to its next ResultRow ({@code true}, the row is in the execution)
     * or its halt ({@code false}). With one it runs until the batch is full ({@code true}: more
     * rows may follow) or the program halted ({@code false}): a host caller that cannot inline
     * the program (the JDBC driver reading ahead) pays one call per batch instead of one per
     * row. One call site of the dispatch serves both, so the program is compiled once for
     * both: a root of its own for batches compiled it again with the program inlined (5.4 s of
     * the 23 s the TATP mix's compilations took on two cores, session 44).
     */
    @Override
    public Object execute(VirtualFrame frame) {
        Object[] arguments = frame.getArguments();
        Execution execution = (Execution) arguments[0];
        frame.setObject(EXECUTION_SLOT, execution);
        RowBatch batch = arguments.length > 1 ? (RowBatch) arguments[1] : null;
        int start = batch == null ? 0 : batch.count;
        while (true) {
            Object result = run(frame, execution, RESUME);
            if (batch == null) {
                return result;
            }
            if (!(Boolean) result) {
                reportBatch(batch, start);
                return false;
            }
            batch.rows[batch.count++] = execution.row;
            if (batch.count >= batch.limit) {
                reportBatch(batch, start);
                return true;
            }
        }
    }

    /** Each row of a batch is a loop iteration to the runtime, so that a program read in batches compiles as soon as its rows are many. */
    private void reportBatch(RowBatch batch, int start) {
        if (CompilerDirectives.hasNextTier()) {
            LoopNode.reportLoopCount(this, batch.count - start);
        }
    }

    /**
     * Entered by the runtime when a loop of an execution that started in the interpreter became
     * hot: the compiled code starts at the loop's head, {@code target}, a constant here.
     */
    @Override
    public Object executeOSR(VirtualFrame osrFrame, int target, Object interpreterState) {
        // Not interpreterState: the runtime treats that as a constant of the OSR compilation,
        // and every execution has an Execution of its own. The frame's copy holds the current one.
        return run(osrFrame, (Execution) osrFrame.getObject(EXECUTION_SLOT), target);
    }

    /**
     * Nothing to copy back: the frame holds only the Execution, which the OSR code shares with
     * the interpreter. The runtime's default copies every slot after a transfer to the
     * interpreter, a deoptimization at the end of every execution that ran a loop in OSR code.
     */
    @Override
    public void restoreParentFrame(VirtualFrame osrFrame, VirtualFrame parentFrame) {
    }

    @Override
    public Object getOSRMetadata() {
        return osrMetadata;
    }

    @Override
    public void setOSRMetadata(Object osrMetadata) {
        this.osrMetadata = osrMetadata;
    }

    @ExplodeLoop(kind = ExplodeLoop.LoopExplosionKind.MERGE_EXPLODE)
    private Object run(VirtualFrame frame, Execution execution, int start) {
        int pc = start;
        dispatch: while (true) {
            // The pc is a constant in every unrolled copy of this loop body.
            CompilerAsserts.partialEvaluationConstant(pc);
            if (pc == RESUME) {
                int resume = execution.resumeAt;
                if (!ProgressCounting.NONE_SET.isValid()) {
                    // As sqlite3_step: when the progress handler is next due.
                    ProgressCounting.enter(execution);
                }
                // vdbe.c checks for an interrupt whenever sqlite3_step enters the program.
                checkInterrupt(execution, resume);
                for (int i = 0; i < entries.length; i++) {
                    if (entries[i] == resume) {
                        pc = entries[i];
                        continue dispatch;
                    }
                }
                throw noResumePoint(resume);
            }
            InstructionNode node = nodes[pc];
            if (!ProgressCounting.NONE_SET.isValid()) {
                execution.vmSteps++;
            }
            switch (node.kind) {
                case InstructionNode.STRAIGHT:
                    node.execute(execution);
                    checkInterruptAfter(execution, pc);
                    pc = pc + 1;
                    break;
                case InstructionNode.BRANCH:
                    boolean taken = node.executeBranch(execution);
                    checkInterruptAfter(execution, pc);
                    if (taken) {
                        if (node.target <= pc) {
                            Object osr = backEdge(frame, execution, node.target);
                            if (osr != null) {
                                return osr;
                            }
                        }
                        pc = node.target;
                    } else {
                        pc = pc + 1;
                    }
                    break;
                case InstructionNode.JUMP:
                    node.execute(execution);
                    checkInterruptAfter(execution, pc);
                    if (node.target <= pc) {
                        Object osr = backEdge(frame, execution, node.target);
                        if (osr != null) {
                            return osr;
                        }
                    }
                    pc = node.target;
                    break;
                case InstructionNode.DYNAMIC: {
                    int next = node.executeTarget(execution);
                    int[] candidates = node.candidates;
                    // Unrolled: each match continues the dispatch with a constant pc.
                    for (int i = 0; i < candidates.length; i++) {
                        if (candidates[i] == next) {
                            pc = candidates[i];
                            continue dispatch;
                        }
                    }
                    throw unexpectedJumpTarget(next, pc);
                }
                case InstructionNode.MAY_HALT:
                    if (node.executeBranch(execution)) {
                        execution.resumeAt = 0;
                        reportLoops(execution);
                        return Boolean.FALSE;
                    }
                    pc = pc + 1;
                    break;
                case InstructionNode.ROW:
                    node.execute(execution);
                    execution.resumeAt = pc + 1;
                    // Until the caller asks for the next row, other statements may change the
                    // database: records must be located again (SQLite's VDBE bumps cacheCtr).
                    execution.invalidateRecords();
                    reportLoops(execution);
                    return Boolean.TRUE;
                default:
                    node.execute(execution);
                    execution.resumeAt = 0;
                    reportLoops(execution);
                    return Boolean.FALSE;
            }
        }
    }

    /**
     * The opcodes after which vdbe.c checks for sqlite3_interrupt (its check_for_interrupt
     * label): those that close loops, whether or not they jump. Init and other jumps do not.
     */
    private static final java.util.Set<String> CHECKS_INTERRUPT = java.util.Set.of("Goto", "Gosub", "Next", "Prev", "SorterNext", "VNext", "RowSetRead", "Count", "Program", "IntegrityCk");

    /** Whether vdbe.c checks for sqlite3_interrupt after an instruction with this opcode. */
    static boolean checksInterrupt(String opcodeName) {
        return CHECKS_INTERRUPT.contains(opcodeName);
    }

    /** vdbe.c's check after the instruction at {@code pc}, where it makes one (a constant test when compiled). */
    private void checkInterruptAfter(Execution execution, int pc) {
        if (interruptChecks[pc]) {
            checkInterrupt(execution, pc);
        }
    }

    /**
     * Ends the execution with SQLITE_INTERRUPT if sqlite3_interrupt was called on the
     * connection (from another thread, or by a function the statement called): one load of
     * the connection's flag, which the start of the next execution clears.
     */
    private static void checkInterrupt(Execution execution, int pc) {
        if (CompilerDirectives.injectBranchProbability(CompilerDirectives.SLOWPATH_PROBABILITY, execution.vdbe.interrupted())) {
            throw execution.vdbe.abort(pc, org.graalite.runtime.ResultCodes.SQLITE_INTERRUPT);
        }
        // Where vdbe.c checks for an interrupt, it also calls a progress handler that is due.
        if (!ProgressCounting.NONE_SET.isValid() && CompilerDirectives.injectBranchProbability(CompilerDirectives.SLOWPATH_PROBABILITY, execution.vmSteps >= execution.progressLimit) &&
                        ProgressCounting.stops(execution)) {
            throw execution.vdbe.abort(pc, org.graalite.runtime.ResultCodes.SQLITE_INTERRUPT);
        }
    }

    /*
     * The messages of impossible dispatches are built out of line, behind a boundary: written
     * in the dispatch loop, their string concatenation was compiled into every program, and
     * async-profiler attributed 1.4 to 1.7% of the samples of single-row INSERTs (JDBC and
     * GraalPy) to it; with these helpers it is gone from the profiles (the time did not move
     * measurably).
     */
    @TruffleBoundary
    private static RuntimeException noResumePoint(int resume) {
        return CompilerDirectives.shouldNotReachHere("no resume point at " + resume);
    }

    @TruffleBoundary
    private static RuntimeException unexpectedJumpTarget(int next, int pc) {
        return CompilerDirectives.shouldNotReachHere("unexpected jump target " + next + " at " + pc);
    }

    /**
     * A jump backwards closes a loop (a scan without ResultRow in it, such as an aggregate's,
     * runs entirely inside one call). It is counted for the runtime's tiering (see
     * {@link #reportLoops}); in the interpreter, once the loop is hot, execution continues in
     * compiled code: the OSR result is the call's result.
     */
    private Object backEdge(VirtualFrame frame, Execution execution, int target) {
        countLoop(execution);
        if (CompilerDirectives.inInterpreter() && BytecodeOSRNode.pollOSRBackEdge(this)) {
            // The OSR code returns for this call: what the interpreter counted so far is reported here.
            reportLoops(execution);
            return BytecodeOSRNode.tryOSR(this, target, null, null, frame);
        }
        return null;
    }

    /**
     * One more back edge, counted only where the runtime still uses the count: in the
     * interpreter and in first-tier code (a constant false in the last tier, where the count
     * folds away). Saturates rather than wrapping in a call that loops 2^31 times.
     */
    private static void countLoop(Execution execution) {
        if (CompilerDirectives.hasNextTier() && execution.loopCount < Integer.MAX_VALUE) {
            execution.loopCount++;
        }
    }

    /**
     * Tells the runtime how often this call looped. A statement is usually called once per
     * execution and per row, and most of its work is a loop inside one call (a scan feeding an
     * aggregate, a sort, a join): without the count the call target would stay in first-tier
     * code, which inlines nothing (a guest function stays a call) and is less optimized, until
     * 10,000 calls.
     */
    private void reportLoops(Execution execution) {
        if (CompilerDirectives.hasNextTier() && execution.loopCount > 0) {
            LoopNode.reportLoopCount(this, execution.loopCount);
            execution.loopCount = 0;
        }
    }

    @Override
    public String getName() {
        return sql.length() > 60 ? sql.substring(0, 60) + "..." : sql;
    }

    @Override
    public String toString() {
        return "sql:" + getName();
    }
}
