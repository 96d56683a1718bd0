package org.graalite.nodes;

import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.CompilerDirectives.CompilationFinal;
import com.oracle.truffle.api.RootCallTarget;
import com.oracle.truffle.api.nodes.DirectCallNode;

import org.graalite.runtime.Execution;

/**
 * Trigger bodies and foreign-key actions: sub-programs with registers and cursors of their
 * own, called by Program and reading the caller's OLD and NEW values through Param. SQLite
 * keeps a frame per call (graalite_shim.c switches its Vdbe to the sub-program, as OP_Program
 * does), so that cursors, change counts, the recursion check and the depth limit stay SQLite's.
 */
final class TriggerNodes {
    private TriggerNodes() {
    }

    /** The call targets of one statement's sub-programs, built once each (a recursive trigger calls its own). */
    static final class Subprograms {
        private final com.oracle.truffle.api.TruffleLanguage<?> language;
        private final org.graalite.runtime.Database database;
        private final String sql;
        private final java.util.Map<org.graalite.program.Program, RootCallTarget> targets = new java.util.IdentityHashMap<>();

        Subprograms(com.oracle.truffle.api.TruffleLanguage<?> language, org.graalite.runtime.Database database, String sql) {
            this.language = language;
            this.database = database;
            this.sql = sql;
        }

        @CompilerDirectives.TruffleBoundary
        synchronized RootCallTarget target(org.graalite.program.Program program) {
            RootCallTarget t = targets.get(program);
            if (t == null) {
                t = NodeFactory.createSubprogram(language, program, "trigger of " + sql, database, this);
                targets.put(program, t);
            }
            return t;
        }
    }

    /**
     * Program P1 P2 P3 P4 P5: runs the sub-program P4 in a new frame; its Param instructions read
     * the caller's registers from P1 on. When the sub-program halts with RAISE(IGNORE), continue
     * at P2. With P5, an invocation of a trigger already running (recursion) is skipped unless
     * recursive triggers are on; SQLite's depth limit ends the statement with "triggers nested
     * too deep". P3 is SQLite's own register for the frame.
     */
    static final class Program extends InstructionNode {
        private final int arguments;
        private final org.graalite.program.Program subprogram;
        private final Subprograms subprograms;
        @Child private DirectCallNode call;
        /** Set once, when the sub-program first runs: building its nodes before would recurse forever for a recursive trigger. */
        @CompilationFinal private boolean linked;

        Program(int pc, int ignoreTarget, int arguments, org.graalite.program.Program subprogram, Subprograms subprograms) {
            super(pc, BRANCH, ignoreTarget);
            this.arguments = arguments;
            this.subprogram = subprogram;
            this.subprograms = subprograms;
        }

        @Override
        public boolean executeBranch(Execution execution) {
            if (execution.vdbe.enterSubprogram(pc) == org.graalite.nativeapi.NativeVdbe.SKIPPED) {
                return false;
            }
            if (!linked) {
                // The first call: build the sub-program's nodes; compiled code is then valid for good.
                CompilerDirectives.transferToInterpreterAndInvalidate();
                call = insert(DirectCallNode.create(subprograms.target(subprogram)));
                linked = true;
            }
            Execution callee = execution.callee(pc, subprogram.registerCount(), subprogram.cursorCount(), subprogram.instructions().size(), arguments);
            call.call(callee);
            // The trigger may have changed the b-trees the caller's cursors are on.
            execution.invalidateRecords();
            return callee.ignored;
        }
    }

    /**
     * Param P1 P2: r[P2] = the caller's register P1 + the calling Program's P1 (OLD and NEW
     * values of the row that fired the trigger).
     */
    static final class Param extends InstructionNode {
        private final int offset;
        private final int register;

        Param(int pc, int offset, int register) {
            super(pc, STRAIGHT, -1);
            this.offset = offset;
            this.register = register;
        }

        @Override
        public void execute(Execution execution) {
            Execution caller = execution.caller;
            execution.registers[register] = caller.registers[offset + execution.callerArguments];
        }
    }

    /**
     * Halt 0 P2 in a sub-program: back to the caller, which goes on after its Program
     * instruction, or at that instruction's P2 when P2 is OE_Ignore (RAISE(IGNORE)).
     */
    static final class Return extends InstructionNode {
        Return(int pc) {
            super(pc, HALT, -1);
        }

        @Override
        public void execute(Execution execution) {
            execution.ignored = execution.vdbe.returnFromSubprogram(pc);
        }
    }
}
