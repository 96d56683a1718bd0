package org.graalite.program;

import java.util.Arrays;
import java.util.Locale;

/**
 * The decoded fourth operand of an instruction. Each kind renders itself the way SQLite's
 * EXPLAIN does ({@code sqlite3VdbeDisplayP4}), which the program-reader test checks.
 */
public sealed interface P4 {

    /** The text EXPLAIN shows in its p4 column; null where it shows NULL. */
    String display();

    /** No operand. */
    record None() implements P4 {
        public static final None INSTANCE = new None();

        @Override
        public String display() {
            return null;
        }
    }

    /** A 32-bit integer (P4_INT32). */
    record Int32(int value) implements P4 {
        @Override
        public String display() {
            return Integer.toString(value);
        }
    }

    /**
     * A string (P4_STATIC, P4_DYNAMIC): a constant, an affinity string, a SQL text. For the
     * Blob opcode the bytes are binary and {@code value} holds them up to the first NUL, as
     * EXPLAIN shows them.
     */
    record Text(String value) implements P4 {
        @Override
        public String display() {
            return value;
        }
    }

    /**
     * The bytes of a Blob instruction's constant (P1 bytes). EXPLAIN shows them as a string, up
     * to the first NUL byte.
     */
    record Bytes(byte[] value) implements P4 {
        @Override
        public String display() {
            int n = 0;
            while (n < value.length && value[n] != 0) {
                n++;
            }
            return new String(value, 0, n, java.nio.charset.StandardCharsets.UTF_8);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Bytes b && Arrays.equals(b.value, value);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(value);
        }
    }

    /**
     * A record's comparison key (P4_KEYINFO): how many fields are key fields, how many fields
     * a record has in all, and per key field its collation (null: none) and sort flags
     * ({@link #DESC}, {@link #BIGNULL}).
     */
    record KeyInfo(int keyFields, int allFields, int encoding, int[] sortFlags, String[] collations) implements P4 {
        public static final int DESC = 0x01;
        public static final int BIGNULL = 0x02;

        /** Whether {@code other} orders keys as this does: the same sort flags and collations. */
        public boolean sameOrdering(KeyInfo other) {
            return Arrays.equals(sortFlags, other.sortFlags) && Arrays.equals(collations, other.collations);
        }

        @Override
        public String display() {
            StringBuilder sb = new StringBuilder("k(").append(keyFields);
            for (int j = 0; j < keyFields; j++) {
                String coll = collations[j] == null ? "" : collations[j];
                if (coll.equals("BINARY")) {
                    coll = "B";
                }
                sb.append(',').append((sortFlags[j] & DESC) != 0 ? "-" : "").append((sortFlags[j] & BIGNULL) != 0 ? "N." : "").append(coll);
            }
            return sb.append(')').toString();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof KeyInfo k && k.keyFields == keyFields && k.allFields == allFields && k.encoding == encoding && Arrays.equals(k.sortFlags, sortFlags) &&
                            Arrays.equals(k.collations, collations);
        }

        @Override
        public int hashCode() {
            return keyFields * 31 + Arrays.hashCode(collations);
        }

        @Override
        public String toString() {
            return display();
        }
    }

    /**
     * A built-in or user function (P4_FUNCDEF), or the context made for one call site
     * (P4_FUNCCTX, then {@code callArguments} is the number of arguments of that call; the
     * function's own {@code argumentCount} is -1 for any number). {@code userData} and
     * {@code implementation} (its C function, an aggregate's step) tell who defined it: a
     * guest through Graalite, an extension, SQLite.
     */
    record Function(String name, int argumentCount, int flags, boolean context, int callArguments, long userData, long implementation) implements P4 {
        /** FuncDef's SQLITE_FUNC_BUILTIN flag (sqliteInt.h). */
        private static final int SQLITE_FUNC_BUILTIN = 0x00800000;

        /** Whether it is one of SQLite's own functions (not a guest's, not an extension's). */
        public boolean builtin() {
            return (flags & SQLITE_FUNC_BUILTIN) != 0;
        }

        @Override
        public String display() {
            return name + "(" + argumentCount + ")";
        }
    }

    /** A collating sequence (P4_COLLSEQ). */
    record CollSeq(String name, int encoding) implements P4 {
        private static final String[] ENCODINGS = {"?", "8", "16LE", "16BE"};

        @Override
        public String display() {
            String n = name.length() > 18 ? name.substring(0, 18) : name;
            return n + "-" + ENCODINGS[encoding & 3];
        }
    }

    /**
     * A constant value (P4_MEM), for example a column's default: a Long, Double, String,
     * byte[] or null.
     */
    record Value(Object value) implements P4 {
        @Override
        public String display() {
            if (value == null) {
                return "NULL";
            } else if (value instanceof Long l) {
                return Long.toString(l);
            } else if (value instanceof Double d) {
                return formatReal(d);
            } else if (value instanceof byte[]) {
                return "(blob)";
            } else {
                // A String, or an InvalidText shown as its caller would see it.
                String s = value.toString();
                return s.isEmpty() ? null : s;
            }
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Value v && (value instanceof byte[] a ? v.value instanceof byte[] b && Arrays.equals(a, b) : java.util.Objects.equals(value, v.value));
        }

        @Override
        public int hashCode() {
            return value instanceof byte[] a ? Arrays.hashCode(a) : java.util.Objects.hashCode(value);
        }
    }

    /** An integer array (P4_INTARRAY). */
    record IntArray(int[] values) implements P4 {
        @Override
        public String display() {
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < values.length; i++) {
                sb.append(i == 0 ? '[' : ',').append(Integer.toUnsignedString(values[i]));
            }
            return sb.append(']').toString();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof IntArray a && Arrays.equals(a.values, values);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(values);
        }
    }

    /**
     * A trigger body or foreign-key action (P4_SUBPROGRAM). A recursive trigger's program
     * contains itself: the reader resolves such an operand once the program is read.
     */
    final class SubProgram implements P4 {
        private Program program;

        public SubProgram(Program program) {
            this.program = program;
        }

        /** The subprogram; null only while the reader is still reading it. */
        public Program program() {
            return program;
        }

        /** Sets the program of an operand created while that program was being read. */
        public void resolve(Program p) {
            if (program != null) {
                throw new IllegalStateException("subprogram already resolved");
            }
            program = p;
        }

        @Override
        public String display() {
            return "program";
        }

        @Override
        public String toString() {
            return "SubProgram[" + (program == null ? "?" : program.instructions().size()) + " instructions]";
        }
    }

    /**
     * A table (P4_TABLE, P4_TABLEREF) by name, with its columns (what a STRICT table's
     * TypeCheck needs; empty where the reader did not decode them).
     */
    record Table(String name, boolean reference, java.util.List<Column> columns) implements P4 {
        public Table(String name, boolean reference) {
            this(name, reference, java.util.List.of());
        }

        @Override
        public String display() {
            return name;
        }
    }

    /**
     * One column of a table: its name, affinity (SQLITE_AFF_*), declared type of a STRICT table
     * (COLTYPE_*: 0 none, 1 ANY, 2 BLOB, 3 INT, 4 INTEGER, 5 REAL, 6 TEXT) and COLFLAG_* flags.
     */
    record Column(String name, char affinity, int type, int flags) {
        /** COLFLAG_VIRTUAL and COLFLAG_STORED (sqliteInt.h); COLFLAG_GENERATED is both. */
        public static final int VIRTUAL = 0x0020;
        public static final int STORED = 0x0040;
        public static final int GENERATED = VIRTUAL | STORED;
    }

    /** An index (P4_INDEX) by name. */
    record Index(String name) implements P4 {
        @Override
        public String display() {
            return name;
        }
    }

    /** A subroutine's signature (P4_SUBRTNSIG): the SELECT it computes and its affinities. */
    record SubroutineSignature(int selectId, String affinity) implements P4 {
        @Override
        public String display() {
            return "subrtnsig:" + selectId + "," + affinity;
        }
    }

    /** A virtual table (P4_VTAB); EXPLAIN shows its address. */
    record VirtualTable(long address) implements P4 {
        @Override
        public String display() {
            return "vtab:" + Long.toHexString(address).toUpperCase(Locale.ROOT);
        }
    }

    /** A p4 type Graalite does not decode; the number is SQLite's P4_ constant. */
    record Unknown(int p4type) implements P4 {
        @Override
        public String display() {
            return null;
        }
    }

    /** A real as SQLite's printf renders it with {@code %.16g} (independent of the locale). */
    static String formatReal(double d) {
        return RealFormat.format16g(d);
    }
}
