package org.graalite.nodes;

import com.oracle.truffle.api.RootCallTarget;
import com.oracle.truffle.api.TruffleLanguage;
import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.nodes.DirectCallNode;
import com.oracle.truffle.api.nodes.LoopNode;
import com.oracle.truffle.api.nodes.RootNode;

import org.graalite.runtime.Execution;
import org.graalite.runtime.RowBatch;

/**
 * Steps a program until a {@link RowBatch} is full or the rows end, in one call: a host
 * caller that cannot inline the program (Java code reading a JDBC result set) pays one
 * host-to-guest call per batch instead of one per row, and the program compiles into this
 * loop as it does into a Python or JavaScript loop over the rows.
 *
 * <p>Arguments: the {@link Execution} and the {@link RowBatch}. Returns {@code true} when the
 * batch filled up (more rows may follow), {@code false} when the program halted.
 */
final class RowBatchRootNode extends RootNode {
    @Child private DirectCallNode program;

    RowBatchRootNode(TruffleLanguage<?> language, RootCallTarget program) {
        super(language);
        this.program = DirectCallNode.create(program);
    }

    @Override
    public Object execute(VirtualFrame frame) {
        Object[] arguments = frame.getArguments();
        Execution execution = (Execution) arguments[0];
        RowBatch batch = (RowBatch) arguments[1];
        int start = batch.count;
        boolean more = true;
        while (batch.count < batch.limit) {
            if (!(Boolean) program.call(execution)) {
                more = false;
                break;
            }
            batch.rows[batch.count++] = execution.row;
        }
        // Each row is a loop iteration to the runtime, so the batch loop compiles as soon as the rows are many.
        LoopNode.reportLoopCount(this, batch.count - start);
        return more;
    }

    @Override
    public String getName() {
        return "rows of " + ((RootCallTarget) program.getCallTarget()).getRootNode().getName();
    }

    @Override
    public String toString() {
        return "sql-rows:" + getName();
    }
}
