package org.graalite.nodes;

import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.CompilerDirectives.CompilationFinal;
import com.oracle.truffle.api.nodes.Node;

import org.graalite.nativeapi.NativeVdbe;
import org.graalite.runtime.Execution;
import org.graalite.runtime.RecordCursor;

/**
 * Field {@code field} of cursor {@code cursor}'s current row, as Column P1 P2 reads it: finds
 * the row (a pseudo cursor's record register, a deferred seek carried out or answered from the
 * index entry, the payload call of the binding), then decodes the field. Column stores the
 * value in a register; a comparison fused with the Column (see ColumnComparisons) reads the
 * field's bytes in place instead.
 */
final class RecordField extends Node {
    final int cursor;
    final int field;
    /** The value of a field the record lacks (a column added by ALTER TABLE): Column's P4. */
    final Object absent;
    /**
     * The last field the program reads from this cursor: the first Column of a row parses the
     * record's header up to there, the Columns after it find their fields parsed.
     */
    private final int parseTo;
    /** The integer serial type (1 to 6) this field has met, or none yet, or several. */
    @CompilationFinal private int integerType = NO_INTEGER_TYPE;
    /** The other kinds of value it has met: REAL, TEXT_OR_BLOB, OTHER (NULL, 0, 1, no row, absent field). */
    @CompilationFinal private int seen;
    private static final int NO_INTEGER_TYPE = -1;
    private static final int SEVERAL_INTEGER_TYPES = 0;
    private static final int REAL = 1;
    private static final int TEXT_OR_BLOB = 2;
    private static final int OTHER = 4;
    /** Finds the row's record (the payload call) ahead of decoding, where the binding needs that. */
    @Child private BtreeCallNodes.Payload payload;
    /** Whether the program opens the cursor with OpenPseudo, or positions it by DeferredSeek (see CursorUses). */
    private final boolean mayBePseudo;
    private final boolean mayBeDeferred;
    /** Whether this Column is where a deferred seek of its cursor is carried out (see CursorUses#seeksInline). */
    private final boolean seeksInline;
    /**
     * Whether this reader has found the row's header not yet parsed up to its field, in the
     * interpreter: it reads first after the cursor moves, or reads past the field where a
     * filter before it stopped parsing ({@link #serialTypeUpToField}). Only such readers parse
     * the header in compiled code (see RecordCursor#serialTypeAt); the others find their field
     * parsed and keep the rare parse out of line. Inline in every reader, the parse made
     * compiled statements a quarter to a third larger (TPC-H q12 126 -> 165 KB, q09 194 -> 257
     * KB); this way 3 to 7% (q12 133 KB).
     */
    @CompilationFinal private boolean parsesHeaders;

    RecordField(int pc, int cursor, int field, Object absent, int parseTo, BtreeCallNodes.Payload payload, CursorUses uses) {
        this.cursor = cursor;
        this.field = field;
        this.absent = absent;
        this.parseTo = Math.max(field, parseTo);
        this.payload = payload;
        this.mayBePseudo = uses.mayBePseudo(cursor);
        this.mayBeDeferred = uses.mayBeDeferred(cursor);
        this.seeksInline = uses.seeksInline(pc);
    }

    /**
     * Puts the cursor on its row and answers the record cursor that holds the field: the
     * cursor's own, or after a DeferredSeek the index cursor whose entry holds the column (no
     * seek at all), as vdbe.c's alt map does.
     */
    RecordCursor locate(Execution execution) {
        return locate(execution, cursor, field, payload, mayBePseudo, mayBeDeferred, seeksInline);
    }

    /**
     * {@link #locate(Execution)} for field {@code field} of cursor {@code cursor} (ColumnRun
     * reads several); a cursor that the program never opens with OpenPseudo, or never positions
     * by DeferredSeek, is not tested for those; {@code seeksInline}: see CursorUses#seeksInline.
     */
    static RecordCursor locate(Execution execution, int cursor, int field, BtreeCallNodes.Payload payload, boolean mayBePseudo, boolean mayBeDeferred, boolean seeksInline) {
        RecordCursor c = execution.cursors[cursor];
        if (mayBePseudo && c.pseudoRegister >= 0) {
            c.usePseudoRecord(execution.registers[c.pseudoRegister]);
            return c;
        }
        if (mayBeDeferred && c.isDeferred()) {
            int alternative = c.alternativeField(field);
            if (alternative >= 0) {
                c = c.altCursor();
            } else if (seeksInline) {
                c.finishSeekHere(execution.vdbe);
            } else {
                c.finishSeek(execution.vdbe);
            }
        }
        payload.locate(c, execution.vdbe);
        return c;
    }

    /** The field's number in {@code c}, the record cursor {@link #locate} answered. */
    int fieldIn(Execution execution, RecordCursor c) {
        return fieldIn(execution, cursor, field, c, mayBeDeferred);
    }

    /** Only after a DeferredSeek may {@link #locate} answer another cursor, the index. */
    static int fieldIn(Execution execution, int cursor, int field, RecordCursor c, boolean mayBeDeferred) {
        return !mayBeDeferred || c == execution.cursors[cursor] ? field : execution.cursors[cursor].alternativeField(field);
    }

    /**
     * The serial type of field {@code column} of {@code c} (see {@link #locate} and
     * {@link #fieldIn}); where the header must be parsed, it is parsed up to the last field the
     * program reads from the cursor.
     */
    int serialType(RecordCursor c, NativeVdbe vdbe, int column) {
        // column is another number when an index cursor answers for the table (locate)
        return serialType(c, vdbe, column, column == field ? parseTo : column);
    }

    /**
     * As {@link #serialType(RecordCursor, NativeVdbe, int)}, for a filter reading the field in
     * place (a comparison, MustBeInt, a Bloom filter's Filter): where the header must be
     * parsed, only up to this field, as SQLite's OP_Column parses. A star join's filters
     * reject most rows after their first field: parsed up to the last field the program reads
     * (SSB q2.1's lo_revenue, field 12, which 4,338 rows of 600,000 reach), q2.1 took 68 ms
     * (fastest) and 113 (first quartile) against 55 and 70 this way, q4.1 79 / 89 against 67 /
     * 80 (in turns in one process). Columns keep parsing up to {@link #parseTo}: stopped at
     * their own field, TPC-H Q1 took 652 / 663 ms against 594 / 620, q10 75 / 102 against 68 /
     * 76.
     */
    int serialTypeUpToField(RecordCursor c, NativeVdbe vdbe, int column) {
        return serialType(c, vdbe, column, column);
    }

    private int serialType(RecordCursor c, NativeVdbe vdbe, int column, int parseUpTo) {
        if (CompilerDirectives.inInterpreter() && !parsesHeaders && c.parsesHeaderFor(column)) {
            parsesHeaders = true;
        }
        return c.serialTypeAt(vdbe, column, parseUpTo, parsesHeaders);
    }

    /**
     * The field's value, specialized on the serial types this field met before it was
     * compiled: compiled code reads only those inline (an integer column of one width reads
     * just that width); another type takes a call to the generic read, and no
     * deoptimization (columns of REAL affinity hold integers of several widths now and then,
     * and a query has many columns: invalidating for each new kind made deoptimization loops).
     */
    Object read(RecordCursor c, NativeVdbe vdbe, int column) {
        int type = serialType(c, vdbe, column);
        int known = integerType;
        if (known > 0 && type == known) {
            return c.integerField(column, known);
        }
        if (known == SEVERAL_INTEGER_TYPES && type >= 1 && type <= 6) {
            return c.integerField(column, type);
        }
        if ((seen & REAL) != 0 && type == 7) {
            return org.graalite.runtime.SqlValues.real(c.realField(column));
        }
        if ((seen & TEXT_OR_BLOB) != 0 && type >= 12) {
            return c.textOrBlobField(column, type);
        }
        if ((seen & OTHER) != 0 && type < 12 && (type <= 0 || type >= 8)) {
            // NULL, the constants 0 and 1, no row, a field the record lacks (10 and 11 are
            // reserved types that read as NULL).
            return type == 8 || type == 9 ? (Object) (long) (type - 8) : type == RecordCursor.ABSENT ? absent : null;
        }
        if (CompilerDirectives.inInterpreter()) {
            learn(type);
        }
        return c.valueOfType(column, type, absent);
    }

    /**
     * The field's value as a reader in place sees it after {@code conversion}, what stood between
     * the Column and the reader (see ColumnComparisons): a RealAffinity makes an integer a
     * real, a MustBeInt (which let the value pass) makes it its integer.
     */
    Object readConverted(RecordCursor c, NativeVdbe vdbe, int column, int conversion) {
        Object v = read(c, vdbe, column);
        if (conversion == ColumnComparisons.REAL_AFFINITY && v instanceof Long l) {
            return (double) l;
        } else if (conversion == ColumnComparisons.MUST_BE_INT && !(v instanceof Long)) {
            Long k = org.graalite.runtime.SqlValues.integerAffinity(v);
            return k != null ? k : v;
        }
        return v;
    }

    /**
     * The integer of an integer field (serial types 1 to 6, or the constants 0 and 1; see
     * InPlaceReaders.isInteger) for a reader in place, specialized on the width this field met
     * as {@link #read} is: one width read inline, others by the generic read.
     */
    long integer(RecordCursor c, int column, int type) {
        int known = integerType;
        if (known > 0 && type == known) {
            return c.integerField(column, known);
        }
        if (type >= 8) {
            return type - 8;
        }
        if (CompilerDirectives.inInterpreter()) {
            learn(type);
        }
        return c.integerField(column, type);
    }

    private void learn(int type) {
        if (type >= 1 && type <= 6) {
            integerType = integerType == NO_INTEGER_TYPE || integerType == type ? type : SEVERAL_INTEGER_TYPES;
        } else if (type == 7) {
            seen |= REAL;
        } else if (type >= 12) {
            seen |= TEXT_OR_BLOB;
        } else {
            seen |= OTHER;
        }
    }
}
