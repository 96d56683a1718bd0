package org.graalite.nodes;

import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.CompilerDirectives.CompilationFinal;

import org.graalite.runtime.Execution;
import org.graalite.runtime.RecordCursor;

/**
 * A run of Column instructions on one cursor, as one node: SELECT a, b, c ... has one Column
 * per result column, and a row of 34 columns (TATP's subscriber) compiled to 34 copies of the
 * Column code, each with its own type specializations, about 3 KB of machine code per Column.
 * Here the fields are read by one loop whose body decodes any serial type: the compiled program
 * is smaller (it compiles sooner and leaves room in the instruction cache), at the cost of a
 * switch per field. Runs are formed only where nothing jumps into them (see NodeFactory), and
 * each field is located by the code a lone Column locates it with ({@link RecordField#locate}).
 */
final class ColumnRun extends InstructionNode {
    /** Shorter runs stay single Columns, which read the types they meet inline. */
    static final int MIN_LENGTH = 4;

    private final int cursor;
    /** Per Column of the run: its field (P2), its register (P3), and the value of a field the record lacks (P4). */
    @CompilationFinal(dimensions = 1) private final int[] fields;
    @CompilationFinal(dimensions = 1) private final int[] registers;
    @CompilationFinal(dimensions = 1) private final Object[] absent;
    /** The last field the program reads from the cursor (see RecordField). */
    private final int parseTo;
    @Child private BtreeCallNodes.Payload payload;
    /** See CursorUses. */
    private final boolean mayBePseudo;
    private final boolean mayBeDeferred;
    /**
     * Whether one of the run's Columns is where a deferred seek of the cursor is carried out (see
     * CursorUses#seeksInline): the loop's one body holds that seek for every field, and the
     * fields after the one that made it find it made.
     */
    private final boolean seeksInline;
    /** Whether the run has found a row's header still to parse, in the interpreter (see RecordField#parsesHeaders). */
    @CompilationFinal private boolean parsesHeaders;

    ColumnRun(int pc, int cursor, int[] fields, int[] registers, Object[] absent, int parseTo, BtreeCallNodes.Payload payload, CursorUses uses) {
        super(pc, JUMP, pc + fields.length);
        this.cursor = cursor;
        this.fields = fields;
        this.registers = registers;
        this.absent = absent;
        this.parseTo = parseTo;
        this.payload = payload;
        this.mayBePseudo = uses.mayBePseudo(cursor);
        this.mayBeDeferred = uses.mayBeDeferred(cursor);
        this.seeksInline = uses.seeksInlineWithin(pc, fields.length);
    }

    @Override
    public void execute(Execution execution) {
        for (int i = 0; i < fields.length; i++) {
            RecordCursor c = RecordField.locate(execution, cursor, fields[i], payload, mayBePseudo, mayBeDeferred, seeksInline);
            int f = RecordField.fieldIn(execution, cursor, fields[i], c, mayBeDeferred);
            if (CompilerDirectives.inInterpreter() && !parsesHeaders && c.parsesHeaderFor(f)) {
                parsesHeaders = true;
            }
            int type = c.serialTypeAt(execution.vdbe, f, c == execution.cursors[cursor] ? parseTo : f, parsesHeaders);
            execution.registers[registers[i]] = c.value(f, type, absent[i]);
        }
    }
}
