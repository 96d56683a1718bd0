package org.graalite.nodes;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;

import org.graalite.runtime.Execution;

/**
 * Value subtypes (sqlite3_result_subtype, sqlite3_value_subtype) in programs whose functions set
 * or read them: JSON functions mark the JSON text they return with 'J', so that
 * {@code json_object('a', json('[1]'))} nests the array instead of quoting it. Registers keep
 * subtypes beside their values ({@link Execution#subtype}); these are the instructions that
 * read or change them, and the native calls that carry them to SQLite's functions and back.
 * Programs without such functions build none of this (see NodeFactory.usesSubtypes).
 */
final class SubtypeNodes {
    private SubtypeNodes() {
    }

    /** AggFinal or AggValue at {@code pc}: r[result] = the aggregate's value, with its subtype (json_group_array's 'J'). */
    @TruffleBoundary
    static void aggregateValue(Execution execution, int pc, int result, boolean withoutUpcalls) {
        Object value = execution.vdbe.aggregateValue(pc, withoutUpcalls);
        store(execution, result, value, execution.vdbe.resultSubtype());
    }



    /** r[register] = {@code value}, with subtype {@code subtype} (0: none). */
    static void store(Execution execution, int register, Object value, int subtype) {
        execution.registers[register] = subtype != 0 ? Execution.withSubtype(value) : value;
        execution.setSubtype(register, subtype);
    }

    /** ClrSubtype P1: r[P1] loses its subtype (a value leaving a subquery, or read back as a column). */
    static final class Clear extends InstructionNode {
        private final int register;

        Clear(int pc, int register) {
            super(pc, STRAIGHT, -1);
            this.register = register;
        }

        @Override
        public void execute(Execution execution) {
            execution.setSubtype(register, 0);
        }
    }

    /** GetSubtype P1 P2: r[P2] = r[P1]'s subtype, or NULL if it has none (an ordered aggregate saving its argument's). */
    static final class Get extends InstructionNode {
        private final int from;
        private final int to;

        Get(int pc, int from, int to) {
            super(pc, STRAIGHT, -1);
            this.from = from;
            this.to = to;
        }

        @Override
        public void execute(Execution execution) {
            int subtype = execution.subtype(from);
            execution.registers[to] = subtype != 0 ? (Object) (long) subtype : null;
            execution.setSubtype(to, 0);
        }
    }

    /** SetSubtype P1 P2: r[P2] takes the subtype in r[P1] (an integer), or loses its own if r[P1] is NULL. */
    static final class Set extends InstructionNode {
        private final int from;
        private final int to;

        Set(int pc, int from, int to) {
            super(pc, STRAIGHT, -1);
            this.from = from;
            this.to = to;
        }

        @Override
        public void execute(Execution execution) {
            int subtype = execution.registers[from] instanceof Long l ? (int) (l & 0xff) : 0;
            if (subtype != 0) {
                execution.registers[to] = Execution.withSubtype(execution.registers[to]);
            }
            execution.setSubtype(to, subtype);
        }
    }
}
