package org.graalite.nodes;

import com.oracle.truffle.api.CompilerDirectives.CompilationFinal;
import com.oracle.truffle.api.nodes.Node;

import org.graalite.runtime.Execution;

/**
 * One VDBE instruction on the Truffle tier. The dispatch loop of {@link ProgramRootNode}
 * reads {@link #kind} and {@link #target}, both final and so constants when a program is
 * compiled, and moves the pc itself: that keeps the pc a partial-evaluation constant.
 */
public abstract class InstructionNode extends Node {
    /** Runs {@link #execute}, then continues at pc + 1. */
    public static final int STRAIGHT = 0;
    /** Runs {@link #executeBranch}: true continues at {@link #target}, false at pc + 1. */
    public static final int BRANCH = 1;
    /** Runs {@link #execute} (Gosub and InitCoroutine store an address), then continues at {@link #target}. */
    public static final int JUMP = 2;
    /** Runs {@link #execute}, hands a row to the caller and resumes at pc + 1 on the next call. */
    public static final int ROW = 3;
    /** Runs {@link #execute}; the program is done. */
    public static final int HALT = 4;
    /**
     * Runs {@link #executeTarget} and continues at the address it returns, which must be one
     * of {@link #candidates}: Return, Yield and EndCoroutine jump through registers, and the
     * addresses they can reach are known from the program, so each becomes a constant.
     */
    public static final int DYNAMIC = 5;
    /**
     * Runs {@link #executeBranch}: true means the instruction has halted the program (as
     * Savepoint does when RELEASE commits the transaction), false continues at pc + 1.
     */
    public static final int MAY_HALT = 6;

    /** This instruction's address. */
    protected final int pc;
    final int kind;
    final int target;
    @CompilationFinal(dimensions = 1) final int[] candidates;

    protected InstructionNode(int pc, int kind, int target) {
        this(pc, kind, target, null);
    }

    protected InstructionNode(int pc, int kind, int target, int[] candidates) {
        this.pc = pc;
        this.kind = kind;
        this.target = target;
        this.candidates = candidates;
    }

    /** The work of a STRAIGHT, JUMP, ROW or HALT instruction; none by default. */
    public void execute(@SuppressWarnings("unused") Execution execution) {
    }

    /** The address a DYNAMIC instruction continues at. */
    public int executeTarget(@SuppressWarnings("unused") Execution execution) {
        throw new UnsupportedOperationException();
    }

    /** The condition of a BRANCH instruction; for MAY_HALT, whether the program has halted. */
    public boolean executeBranch(@SuppressWarnings("unused") Execution execution) {
        throw new UnsupportedOperationException();
    }
}
