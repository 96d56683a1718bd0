package org.graalite.nativeapi;

import static org.graalite.nativeapi.NativeFunction.*;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.graalite.program.Instruction;
import org.graalite.program.P4;
import org.graalite.program.Program;

/**
 * Reads a prepared statement's VDBE program out of SQLite's memory into a {@link Program}:
 * every instruction with its p4 operand decoded. Read it right after preparing and before the
 * first step: some opcodes rewrite themselves when they first run (String8 becomes String).
 */
public final class ProgramReader {
    /** SQLite's p4type constants (sqliteInt.h, 3.54.1). */
    private static final int P4_NOTUSED = 0;
    private static final int P4_STATIC = -1;
    private static final int P4_COLLSEQ = -2;
    private static final int P4_INT32 = -3;
    private static final int P4_SUBPROGRAM = -4;
    private static final int P4_TABLE = -5;
    private static final int P4_INDEX = -6;
    private static final int P4_DYNAMIC = -7;
    private static final int P4_FUNCDEF = -8;
    private static final int P4_KEYINFO = -9;
    private static final int P4_MEM = -11;
    private static final int P4_VTAB = -12;
    private static final int P4_INTARRAY = -13;
    private static final int P4_FUNCCTX = -14;
    private static final int P4_TABLEREF = -15;
    private static final int P4_SUBRTNSIG = -16;

    private static final int OP_SIZE = Sqlite3.callInt(NativeFunction.OP_SIZE);
    private static final int OP_P4 = Sqlite3.callInt(OP_P4_OFFSET);
    /** Opcode names by number, filled as opcodes are met (sqlite3OpcodeName does not check its bound). */
    private static final String[] OPCODE_NAMES = new String[256];

    /** Subprograms already read, by address: trigger programs may refer to each other. */
    private final Map<Long, Program> subprograms = new HashMap<>();

    private ProgramReader() {
    }

    /** Reads the program of {@code statement}. */
    public static Program read(NativeStatement statement) {
        MemorySegment stmt = statement.pointer();
        MemorySegment ops = Sqlite3.callPointer(PROGRAM_OPS, stmt);
        int size = Sqlite3.callInt(PROGRAM_SIZE, stmt);
        return new ProgramReader().readOps(ops, size, Sqlite3.callInt(PROGRAM_MEM_COUNT, stmt), Sqlite3.callInt(PROGRAM_CURSOR_COUNT, stmt));
    }

    /** The names of all of SQLite's opcodes, by number. */
    public static java.util.List<String> allOpcodeNames() {
        int n = Sqlite3.callInt(OPCODE_COUNT);
        java.util.List<String> names = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            names.add(opcodeName(i));
        }
        return names;
    }

    /** SQLite's name of an opcode number. */
    static String opcodeName(int opcode) {
        String name = OPCODE_NAMES[opcode];
        if (name == null) {
            name = Sqlite3.string(Sqlite3.callPointer(OPCODE_NAME, opcode));
            OPCODE_NAMES[opcode] = name;
        }
        return name;
    }

    private Program readOps(MemorySegment base, int size, int registers, int cursors) {
        MemorySegment ops = base.reinterpret((long) size * OP_SIZE);
        List<Instruction> list = new ArrayList<>(size);
        for (int pc = 0; pc < size; pc++) {
            long at = (long) pc * OP_SIZE;
            int opcode = Byte.toUnsignedInt(ops.get(ValueLayout.JAVA_BYTE, at));
            int p4type = ops.get(ValueLayout.JAVA_BYTE, at + 1);
            int p5 = Short.toUnsignedInt(ops.get(ValueLayout.JAVA_SHORT_UNALIGNED, at + 2));
            int p1 = ops.get(ValueLayout.JAVA_INT_UNALIGNED, at + 4);
            int p2 = ops.get(ValueLayout.JAVA_INT_UNALIGNED, at + 8);
            int p3 = ops.get(ValueLayout.JAVA_INT_UNALIGNED, at + 12);
            P4 p4;
            if (p4type == P4_INT32) {
                p4 = new P4.Int32(ops.get(ValueLayout.JAVA_INT_UNALIGNED, at + OP_P4));
            } else {
                MemorySegment pointer = ops.get(ValueLayout.ADDRESS_UNALIGNED, at + OP_P4);
                if (opcodeName(opcode).equals("Blob") && pointer.address() != 0 && p1 >= 0) {
                    // A Blob's constant is P1 bytes of binary data, not a C string.
                    p4 = new P4.Bytes(p1 == 0 ? new byte[0] : pointer.reinterpret(p1).toArray(ValueLayout.JAVA_BYTE));
                } else {
                    p4 = decodePointer(p4type, pointer);
                }
            }
            list.add(new Instruction(pc, opcode, opcodeName(opcode), p1, p2, p3, p4, p5));
        }
        return new Program(List.copyOf(list), registers, cursors);
    }

    /** The columns of the Table at {@code p}. */
    private static java.util.List<P4.Column> tableColumns(MemorySegment p) {
        int n = Sqlite3.callInt(NativeFunction.TABLE_COLUMN_COUNT, p);
        java.util.List<P4.Column> columns = new java.util.ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            int type = Sqlite3.callInt(NativeFunction.TABLE_COLUMN_TYPE, p, i);
            columns.add(new P4.Column(Sqlite3.string(Sqlite3.callPointer(NativeFunction.TABLE_COLUMN_NAME, p, i)), (char) (type & 0xff), (type >> 8) & 0xff, type >>> 16));
        }
        return java.util.List.copyOf(columns);
    }

    private P4 decodePointer(int p4type, MemorySegment p) {
        if (p.address() == 0 && p4type != P4_NOTUSED && p4type != P4_STATIC && p4type != P4_DYNAMIC) {
            return new P4.Unknown(p4type);
        }
        switch (p4type) {
            case P4_NOTUSED:
            case P4_STATIC:
            case P4_DYNAMIC:
                return p.address() == 0 ? P4.None.INSTANCE : new P4.Text(Sqlite3.string(p));
            case P4_KEYINFO:
                return keyInfo(p);
            case P4_COLLSEQ:
                return new P4.CollSeq(Sqlite3.string(Sqlite3.callPointer(COLLSEQ_NAME, p)), Sqlite3.callInt(COLLSEQ_ENCODING, p));
            case P4_FUNCDEF:
                return function(p, false, -1);
            case P4_FUNCCTX:
                return function(Sqlite3.callPointer(FUNCCTX_FUNCDEF, p), true, Sqlite3.callInt(FUNCCTX_ARGC, p));
            case P4_MEM:
                return value(p);
            case P4_INTARRAY: {
                MemorySegment a = p.reinterpret(4);
                int n = a.get(ValueLayout.JAVA_INT, 0);
                MemorySegment all = p.reinterpret(4L * (n + 1));
                int[] values = new int[n];
                for (int i = 0; i < n; i++) {
                    values[i] = all.get(ValueLayout.JAVA_INT, 4L * (i + 1));
                }
                return new P4.IntArray(values);
            }
            case P4_SUBPROGRAM:
                return subprogram(p);
            case P4_TABLE:
            case P4_TABLEREF:
                return new P4.Table(Sqlite3.string(Sqlite3.callPointer(TABLE_NAME, p)), p4type == P4_TABLEREF, tableColumns(p));
            case P4_INDEX:
                return new P4.Index(Sqlite3.string(Sqlite3.callPointer(INDEX_NAME, p)));
            case P4_SUBRTNSIG:
                return new P4.SubroutineSignature(Sqlite3.callInt(SUBRTNSIG_SELECT_ID, p), Sqlite3.string(Sqlite3.callPointer(SUBRTNSIG_AFFINITY, p)));
            case P4_VTAB:
                return new P4.VirtualTable(Sqlite3.callPointer(VTABLE_VTAB, p).address());
            default:
                return new P4.Unknown(p4type);
        }
    }

    private static P4 keyInfo(MemorySegment p) {
        int keyFields = Sqlite3.callInt(KEYINFO_KEY_FIELDS, p);
        int allFields = Sqlite3.callInt(KEYINFO_ALL_FIELDS, p);
        int[] flags = new int[keyFields];
        String[] collations = new String[keyFields];
        for (int i = 0; i < keyFields; i++) {
            flags[i] = Sqlite3.callInt(KEYINFO_SORT_FLAGS, p, i);
            collations[i] = Sqlite3.string(Sqlite3.callPointer(KEYINFO_COLLATION, p, i));
        }
        return new P4.KeyInfo(keyFields, allFields, Sqlite3.callInt(KEYINFO_ENCODING, p), flags, collations);
    }

    private static P4 function(MemorySegment funcDef, boolean context, int callArguments) {
        int nArgs = Sqlite3.callInt(FUNCDEF_NARGS, funcDef);
        return new P4.Function(Sqlite3.string(Sqlite3.callPointer(FUNCDEF_NAME, funcDef)), nArgs, Sqlite3.callInt(FUNCDEF_FLAGS, funcDef), context,
                        context ? callArguments : nArgs, Sqlite3.callPointer(FUNCDEF_USER_DATA, funcDef).address(), Sqlite3.callPointer(FUNCDEF_IMPLEMENTATION, funcDef).address());
    }

    private static P4 value(MemorySegment mem) {
        switch (Sqlite3.callInt(MEM_KIND, mem)) {
            case 1: {
                MemorySegment z = Sqlite3.callPointer(MEM_BYTES, mem);
                // Text that is not UTF-8 (a column's default of cast(x'80' as text)) keeps its bytes.
                return new P4.Value(z.address() == 0 ? "" : Sqlite3.text(z, Sqlite3.callInt(MEM_LENGTH, mem)));
            }
            case 2:
                return new P4.Value(Sqlite3.callLong(MEM_INT, mem));
            case 3:
                return new P4.Value(Sqlite3.callDouble(MEM_REAL, mem));
            case 4:
                return new P4.Value(null);
            default: {
                MemorySegment z = Sqlite3.callPointer(MEM_BYTES, mem);
                int n = Sqlite3.callInt(MEM_LENGTH, mem);
                return new P4.Value(n == 0 || z.address() == 0 ? new byte[0] : z.reinterpret(n).toArray(ValueLayout.JAVA_BYTE));
            }
        }
    }

    /** Operands that name a subprogram while it is being read (a recursive trigger), by address. */
    private final Map<Long, java.util.List<P4.SubProgram>> pending = new HashMap<>();

    private P4.SubProgram subprogram(MemorySegment p) {
        if (subprograms.containsKey(p.address())) {
            Program known = subprograms.get(p.address());
            if (known != null) {
                return new P4.SubProgram(known);
            }
            // Being read: a trigger program reaches itself (recursive triggers).
            P4.SubProgram later = new P4.SubProgram(null);
            pending.computeIfAbsent(p.address(), k -> new java.util.ArrayList<>()).add(later);
            return later;
        }
        subprograms.put(p.address(), null);
        Program program = readOps(Sqlite3.callPointer(SUBPROGRAM_OPS, p), Sqlite3.callInt(SUBPROGRAM_SIZE, p), Sqlite3.callInt(SUBPROGRAM_MEM_COUNT, p),
                        Sqlite3.callInt(SUBPROGRAM_CURSOR_COUNT, p));
        subprograms.put(p.address(), program);
        for (P4.SubProgram s : pending.getOrDefault(p.address(), java.util.List.of())) {
            s.resolve(program);
        }
        pending.remove(p.address());
        return new P4.SubProgram(program);
    }
}
