package org.graalite.nodes;

import com.oracle.truffle.api.nodes.ExplodeLoop;

import com.oracle.truffle.api.CompilerDirectives.CompilationFinal;
import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.interop.InteropException;
import com.oracle.truffle.api.interop.InteropLibrary;
import com.oracle.truffle.api.interop.UnsupportedMessageException;

import org.graalite.interop.GuestCallNode;
import org.graalite.runtime.Binder;
import org.graalite.runtime.Execution;
import org.graalite.runtime.IntegerKinds;
import org.graalite.runtime.RecordCursor;
import org.graalite.runtime.SqlValues;
import org.graalite.runtime.SqliteException;
import org.graalite.runtime.UserFunction;

/**
 * Function P1 P2 P3 P4 and PureFunc: r[P3] = the scalar function of P4 applied to
 * r[P2..P2+argc-1]. Built-in functions run as SQLite's own code through the shim, so their
 * results are SQLite's exactly (dates, printf, json, ...), except those that queries use most,
 * which Java nodes compute for the argument types whose result is plain ({@link JavaFirst}).
 */
final class FunctionNodes {
    private FunctionNodes() {
    }

    /**
     * Function or PureFunc of one of SQLite's functions, called natively: r[P3] = f(r[P2..]).
     * Java implementations of a function (TextFunctionNodes) extend it and fall back to it for
     * the argument types they do not handle.
     */
    static class NativeCall extends InstructionNode {
        final int firstArgument;
        final int argumentCount;
        final int result;
        /** The program's functions set or read value subtypes (JSON): calls carry them (see SubtypeNodes). Set while the program's nodes are built. */
        @CompilationFinal boolean subtypes;

        NativeCall(int pc, int firstArgument, int argumentCount, int result) {
            super(pc, STRAIGHT, -1);
            this.firstArgument = firstArgument;
            this.argumentCount = argumentCount;
            this.result = result;
        }

        /**
         * The result is read only by the next call of SQLite's function, which takes it as it
         * stands in SQLite's register (see ColumnComparisons): it is not brought into Java. Set
         * while the program's nodes are built.
         */
        @CompilationFinal boolean resultStaysInSqlite;

        /**
         * SQLite's own function, which cannot call back into Java (no collation, which may be a
         * guest's, no side effects such as load_extension): called through a critical downcall,
         * without the thread-state transition (see NativeVdbe#callWrittenFunction). Set while the
         * program's nodes are built.
         */
        @CompilationFinal boolean withoutUpcalls;

        /** This node, calling a function that cannot call back into Java (see {@link #withoutUpcalls}). */
        final NativeCall callingWithoutUpcalls() {
            withoutUpcalls = true;
            return this;
        }

        /** This node, in a program whose functions set or read subtypes. */
        final NativeCall withSubtypes() {
            subtypes = true;
            return this;
        }

        /** This node, whose result only the next native call reads (see {@link #resultStaysInSqlite}). */
        final NativeCall keepingResultInSqlite() {
            resultStaysInSqlite = true;
            return this;
        }

        /** r[P3] = SQLite's own function on r[P2..P2+count-1] (count a constant of the node). */
        @Override
        public void execute(Execution execution) {
            writeAndCall(this, execution, null, null, null);
        }

        /**
         * Whether this node hands SQLite's function the values of its argument registers, so
         * that {@link #takingFromSqliteRegisters} may replace it (not a Java implementation).
         */
        boolean readsRegistersAsWritten() {
            return getClass() == NativeCall.class;
        }

        /**
         * This call, taking argument k from SQLite's register where {@code inSqliteRegister[k]}
         * (a VColumn's value: see NodeFactory.passVirtualColumnsInSqliteRegisters).
         */
        NativeCall takingFromSqliteRegisters(boolean[] inSqliteRegister) {
            return inPlace(new RecordField[argumentCount], new int[argumentCount], inSqliteRegister);
        }

        /** A call of the same instruction, with this one's flags, reading its arguments as given. */
        final NativeCall inPlace(RecordField[] fields, int[] conversions, boolean[] inSqliteRegister) {
            NativeCall call = new NativeCallInPlace(pc, firstArgument, argumentCount, result, fields, conversions, inSqliteRegister);
            call.subtypes = subtypes;
            call.resultStaysInSqlite = resultStaysInSqlite;
            call.withoutUpcalls = withoutUpcalls;
            return call;
        }
    }

    /**
     * Calls SQLite's function of {@code node} with its arguments written into the statement's
     * scratch memory from compiled code, specialized for the call site (its argument count,
     * which arguments a Column reads in place and how): no arrays reach the call, and constant
     * text is encoded once (NativeVdbe.argumentUtf8). Argument i is field {@code fields[i]}
     * read in place or after {@code conversions[i]} where {@code fields} has one, the value
     * SQLite's register holds where {@code inSqliteRegister[i]}, else r[first + i], with its
     * subtype in a program whose functions use them. The result goes to r[P3] (with its
     * subtype), or stays in SQLite's register where only the next call reads it.
     */
    static void writeAndCall(NativeCall node, Execution execution, RecordField[] fields, int[] conversions, boolean[] inSqliteRegister) {
        org.graalite.nativeapi.NativeVdbe vdbe = execution.vdbe;
        writeArguments(execution, node.pc, node.firstArgument, node.argumentCount, node.subtypes, fields, conversions, inSqliteRegister);
        if (node.resultStaysInSqlite) {
            vdbe.callWrittenFunctionKeepingResult(node.pc, node.withoutUpcalls);
        } else if (node.subtypes) {
            storeWithSubtype(execution, node.result, vdbe.callWrittenFunction(node.pc, node.withoutUpcalls));
        } else {
            execution.registers[node.result] = vdbe.callWrittenFunction(node.pc, node.withoutUpcalls);
        }
    }

    /**
     * Writes the {@code count} arguments of the instruction at {@code pc} into the statement's
     * scratch memory as SQLite's side reads them (GraaliteValue structs, then the bytes of
     * texts and blobs), from compiled code: argument i is field {@code fields[i]} read in place
     * or after {@code conversions[i]} where {@code fields} has one, the value SQLite's register
     * holds where {@code inSqliteRegister[i]}, else r[first + i], with its subtype where
     * {@code subtypes}. A function call's (writeAndCall) and an aggregate step's (NativeStep).
     */
    @ExplodeLoop
    static void writeArguments(Execution execution, int pc, int first, int count, boolean subtypes, RecordField[] fields, int[] conversions, boolean[] inSqliteRegister) {
        org.graalite.nativeapi.NativeVdbe vdbe = execution.vdbe;
        // Local arrays that never leave this method: compiled code keeps them in registers.
        Object[] values = new Object[count];
        long[] addresses = new long[count];
        int[] types = new int[count];
        byte[][] bytes = new byte[count][];
        long dataSize = 0;
        for (int i = 0; i < count; i++) {
            if (inSqliteRegister != null && inSqliteRegister[i]) {
                continue;
            }
            RecordField source = fields == null ? null : fields[i];
            Object v;
            if (source != null) {
                RecordCursor c = source.locate(execution);
                int field = source.fieldIn(execution, c);
                int type = source.serialType(c, vdbe, field);
                long address = type >= 12 && conversions[i] == ColumnComparisons.AS_STORED ? c.fieldAddress(field) : 0;
                if (address != 0) {
                    addresses[i] = address;
                    types[i] = type;
                    dataSize += ((type - 12) >> 1) + 1;
                    continue;
                }
                v = source.readConverted(c, vdbe, field, conversions[i]);
            } else {
                v = execution.registers[first + i];
            }
            values[i] = v;
            byte[] b = null;
            if (v instanceof String text) {
                b = vdbe.argumentUtf8(text, pc, i);
            } else if (v instanceof org.graalite.runtime.InvalidText text) {
                b = text.bytes();
            } else if (v instanceof byte[] blob) {
                b = blob;
            }
            if (b != null) {
                bytes[i] = b;
                dataSize += b.length + 1;
            }
        }
        int size = org.graalite.nativeapi.NativeVdbe.VALUE_SIZE;
        long base = vdbe.argumentArea((long) count * size + dataSize + 1);
        long data = base + (long) count * size;
        for (int i = 0; i < count; i++) {
            long at = base + (long) i * size;
            if (inSqliteRegister != null && inSqliteRegister[i]) {
                org.graalite.nativeapi.NativeVdbe.writeInSqliteRegister(at);
            } else if (addresses[i] != 0) {
                int length = (types[i] - 12) >> 1;
                org.graalite.runtime.PageMemory.copy(addresses[i], data, length);
                org.graalite.nativeapi.NativeVdbe.writeBytes(at, data, length, (types[i] & 1) == 1);
                data += length + 1;
            } else {
                Object v = values[i];
                if (v instanceof Long l) {
                    org.graalite.nativeapi.NativeVdbe.writeInteger(at, l);
                } else if (v instanceof Double d) {
                    org.graalite.nativeapi.NativeVdbe.writeReal(at, d);
                } else if (bytes[i] != null) {
                    byte[] b = bytes[i];
                    org.graalite.runtime.PageMemory.copyFromArray(b, data);
                    org.graalite.nativeapi.NativeVdbe.writeBytes(at, data, b.length, !(v instanceof byte[]));
                    data += b.length + 1;
                } else {
                    org.graalite.nativeapi.NativeVdbe.writeNull(at);
                }
                if (subtypes && (fields == null || fields[i] == null)) {
                    // Fields read in place have none; values in SQLite's register keep their own.
                    int subtype = execution.subtype(first + i);
                    if (subtype != 0) {
                        org.graalite.nativeapi.NativeVdbe.writeSubtype(at, subtype);
                    }
                }
            }
        }
    }

    /** r[result] = {@code value}, with the subtype SQLite's function gave it. */
    @com.oracle.truffle.api.CompilerDirectives.TruffleBoundary
    private static void storeWithSubtype(Execution execution, int result, Object value) {
        SubtypeNodes.store(execution, result, value, execution.vdbe.resultSubtype());
    }

    /**
     * A call of SQLite's function whose arguments come, some or all, from Columns that fill
     * their registers for this call alone (see ColumnComparisons): a text or blob field goes to
     * SQLite as the bytes the record holds (copied once into the call's memory, as OP_Column
     * copies it into its register), not decoded into a String and encoded back; other values
     * as the Column would have read them. JSON's functions on a column (d ->> '$.v') so cost
     * what they cost on SQLite's VDBE.
     */
    static final class NativeCallInPlace extends NativeCall {
        @Children private final RecordField[] fields;
        @com.oracle.truffle.api.CompilerDirectives.CompilationFinal(dimensions = 1) private final int[] conversions;
        /** The arguments that the native call before left in SQLite's register (its result, not brought into Java). */
        @com.oracle.truffle.api.CompilerDirectives.CompilationFinal(dimensions = 1) private final boolean[] inSqliteRegister;

        NativeCallInPlace(int pc, int firstArgument, int argumentCount, int result, RecordField[] fields, int[] conversions, boolean[] inSqliteRegister) {
            super(pc, firstArgument, argumentCount, result);
            this.fields = fields;
            this.conversions = conversions;
            this.inSqliteRegister = inSqliteRegister;
        }

        @Override
        public void execute(Execution execution) {
            writeAndCall(this, execution, fields, conversions, inSqliteRegister);
        }

        @Override
        boolean readsRegistersAsWritten() {
            return true;
        }

        @Override
        NativeCall takingFromSqliteRegisters(boolean[] alsoInSqliteRegister) {
            boolean[] both = inSqliteRegister.clone();
            for (int k = 0; k < both.length; k++) {
                // A field read in place is a Column's, never a VColumn's.
                both[k] |= alsoInSqliteRegister[k] && fields[k] == null;
            }
            return inPlace(fields, conversions, both);
        }
    }

    /**
     * A built-in function computed in Java for the arguments it handles ({@link #compute}), by
     * SQLite's own function for the rest ({@link #BY_SQLITE}), so that the results stay SQLite's.
     */
    abstract static class JavaFirst extends NativeCall {
        /** What {@link #compute} answers for arguments that SQLite's function must handle. */
        static final Object BY_SQLITE = new Object();

        JavaFirst(int pc, int firstArgument, int argumentCount, int result) {
            super(pc, firstArgument, argumentCount, result);
        }

        @Override
        public void execute(Execution execution) {
            // Arguments with a subtype are computed here too: SQLite's own versions of these
            // functions (substr, like, round, abs, length, typeof, upper, lower) make new values
            // and never return an argument with its subtype (no sqlite3_result_value), so their
            // results have none either (length(json_group_array(...)) no longer sends the whole
            // document back to SQLite).
            Object value = compute(execution.registers);
            if (value == BY_SQLITE) {
                super.execute(execution);
            } else {
                execution.registers[result] = value;
                if (subtypes) {
                    execution.setSubtype(result, 0);
                }
            }
        }

        /** The result from the arguments in {@code registers}, or {@link #BY_SQLITE}. */
        abstract Object compute(Object[] registers);
    }

    /** A copy of r[first..first+count-1], the arguments of a call ({@code count} a constant of the calling node). */
    @ExplodeLoop
    static Object[] registers(Execution execution, int first, int count) {
        Object[] values = new Object[count];
        for (int i = 0; i < count; i++) {
            values[i] = execution.registers[first + i];
        }
        return values;
    }

    /**
     * A function written in a guest language: its arguments become interop values, the
     * callable (a constant of this node) is executed through a cached InteropLibrary, so Graal
     * can inline the guest function into the statement, and its result becomes an SQL value.
     */
    abstract static class GuestFunctionCall extends InstructionNode {
        final int firstArgument;
        final int argumentCount;
        final int result;
        final UserFunction function;
        /** The function's {@link UserFunction#numbersAreReal()}: fixed when it was created. */
        private final boolean numbersAreReal;
        @Child private InteropLibrary results = InteropLibrary.getFactory().createDispatched(3);

        GuestFunctionCall(int pc, int firstArgument, int argumentCount, int result, UserFunction function) {
            super(pc, STRAIGHT, -1);
            this.firstArgument = firstArgument;
            this.argumentCount = argumentCount;
            this.result = result;
            this.function = function;
            this.numbersAreReal = function.numbersAreReal();
        }

        /**
         * The node for a call of {@code function} with {@code argumentCount} arguments: through
         * its argument slots where it has them for that many (a function that takes integer
         * kinds has none).
         */
        static GuestFunctionCall create(int pc, int firstArgument, int argumentCount, int result, UserFunction function) {
            if (function.conventions() != null) {
                return new GuestConventionCall(pc, firstArgument, argumentCount, result, function);
            }
            if (function.slots() != null && function.arguments() == argumentCount && !function.integerKinds()) {
                return new GuestSlotCall(pc, firstArgument, argumentCount, result, function);
            }
            return new GuestCall(pc, firstArgument, argumentCount, result, function);
        }

        final Object toSql(Object value) {
            if (numbersAreReal) {
                // JavaScript's numbers, boxed as it hands them out, are REALs (better-sqlite3).
                if (value instanceof Integer i) {
                    return (double) i;
                } else if (value instanceof Double d) {
                    return org.graalite.runtime.SqlValues.real(d);
                } else if (value instanceof Long l) {
                    return (double) l;
                }
            }
            try {
                if (results.isNull(value)) {
                    return null;
                } else if (results.isBoolean(value)) {
                    return results.asBoolean(value) ? 1L : 0L;
                } else if (results.fitsInLong(value) && !(value instanceof Double)) {
                    return results.asLong(value);
                } else if (results.fitsInDouble(value)) {
                    return org.graalite.runtime.SqlValues.real(results.asDouble(value));
                } else if (results.isString(value)) {
                    // A guest's string keeps its lone surrogates (see Binder.toSqlValue).
                    return value instanceof String s ? s : org.graalite.runtime.InvalidText.ofGuestString(results.asString(value));
                }
            } catch (UnsupportedMessageException e) {
                throw failed(e);
            }
            return Binder.toSqlValue(0, value, numbersAreReal);
        }

        @TruffleBoundary
        final SqliteException failed(Exception e) {
            return SqliteException.error("user function " + function.name() + " failed: " + e.getMessage());
        }
    }

    /**
     * A guest function called with its arguments; one created with integer kinds gets the
     * {@link IntegerKinds} of its arguments before them.
     */
    static final class GuestCall extends GuestFunctionCall {
        /** 1 where the function takes integer kinds first, else 0: fixed when it was created. */
        private final int shift;
        @Child private InteropLibrary calls;

        GuestCall(int pc, int firstArgument, int argumentCount, int result, UserFunction function) {
            super(pc, firstArgument, argumentCount, result, function);
            this.shift = function.integerKinds() ? 1 : 0;
            this.calls = InteropLibrary.getFactory().create(function.callable());
        }

        @Override
        @ExplodeLoop
        public void execute(Execution execution) {
            Object[] arguments = new Object[argumentCount + shift];
            if (shift != 0) {
                arguments[0] = IntegerKinds.of(execution.registers, firstArgument, argumentCount);
            }
            for (int i = 0; i < argumentCount; i++) {
                arguments[i + shift] = SqlValues.toGuestArgument(execution.registers[firstArgument + i]);
            }
            Object value;
            try {
                value = calls.execute(function.callable(), arguments);
            } catch (InteropException e) {
                throw failed(e);
            }
            execution.registers[result] = toSql(value);
        }
    }

    /**
     * A guest function called in its argument-less form: the arguments go into its slots (a
     * guest array), then the form runs without arguments (see UserFunction.ArgumentSlots).
     */
    static final class GuestSlotCall extends GuestFunctionCall {
        private final Object slots;
        private final Object slotCallable;
        @Child private InteropLibrary slotWrites;
        @Child private InteropLibrary calls;

        GuestSlotCall(int pc, int firstArgument, int argumentCount, int result, UserFunction function) {
            super(pc, firstArgument, argumentCount, result, function);
            this.slots = function.slots().slots();
            this.slotCallable = function.slots().callable();
            this.slotWrites = InteropLibrary.getFactory().create(slots);
            this.calls = InteropLibrary.getFactory().create(slotCallable);
        }

        @Override
        @ExplodeLoop
        public void execute(Execution execution) {
            Object value;
            try {
                for (int i = 0; i < argumentCount; i++) {
                    slotWrites.writeArrayElement(slots, i, SqlValues.toGuestArgument(execution.registers[firstArgument + i]));
                }
                value = calls.execute(slotCallable);
            } catch (InteropException e) {
                throw failed(e);
            }
            execution.registers[result] = toSql(value);
        }
    }

    /**
     * A guest function called directly with its arguments in its language's conventions
     * (UserFunction.GuestConventions): NULL and BLOB arguments as the language's own values, a
     * result that is not a plain value through the language's result hook, and what the
     * function throws through its failure hook. On plain values no code of the guest's module
     * runs, only the user's function.
     */
    static final class GuestConventionCall extends GuestFunctionCall {
        private final UserFunction.GuestConventions conventions;
        /** The function's receiver, passed before the arguments, or null (UserFunction#receiver). */
        private final Object receiver;
        @Child private GuestCallNode calls = GuestCallNode.create();
        @Child private InteropLibrary hooks = InteropLibrary.getFactory().createDispatched(2);

        GuestConventionCall(int pc, int firstArgument, int argumentCount, int result, UserFunction function) {
            super(pc, firstArgument, argumentCount, result, function);
            this.conventions = function.conventions();
            this.receiver = function.receiver();
        }

        @Override
        public void execute(Execution execution) {
            Object value;
            try {
                value = conventions.result(conventions.call(function.callable(), receiver, execution.registers, firstArgument, argumentCount, calls, hooks), hooks);
            } catch (InteropException e) {
                throw failed(e);
            }
            execution.registers[result] = toSql(value);
        }
    }

    /** A function written in Java (a JavaFunction, from Graalite's JDBC driver): called directly with the SQL values. */
    static final class JavaCall extends InstructionNode {
        private final int firstArgument;
        private final int argumentCount;
        private final int result;
        private final UserFunction function;

        JavaCall(int pc, int firstArgument, int argumentCount, int result, UserFunction function) {
            super(pc, STRAIGHT, -1);
            this.firstArgument = firstArgument;
            this.argumentCount = argumentCount;
            this.result = result;
            this.function = function;
        }

        @Override
        public void execute(Execution execution) {
            execution.registers[result] = function.applyJava(registers(execution, firstArgument, argumentCount));
        }
    }
}
