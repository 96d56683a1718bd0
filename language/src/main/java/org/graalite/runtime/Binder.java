package org.graalite.runtime;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.interop.InteropLibrary;
import com.oracle.truffle.api.interop.UnsupportedMessageException;
import com.oracle.truffle.api.strings.TruffleString;

import org.graalite.interop.SqlBlob;
import org.graalite.nativeapi.NativeStatement;

/**
 * Binds guest values to a statement's parameters: positionally ({@code ?}, {@code ?NNN}), or
 * by name from one object or map ({@code :name}, {@code @name}, {@code $name}).
 *
 * <p>Values: null and None bind NULL; booleans bind 1 or 0; integers that fit in 64 bits bind
 * INTEGER; other numbers REAL; strings TEXT; byte buffers (Python bytes, Java ByteBuffer,
 * BLOB values) BLOB. Anything else is an error of kind SQLITE_MISMATCH.
 */
public final class Binder {
    private static final InteropLibrary INTEROP = InteropLibrary.getUncached();

    private Binder() {
    }

    /**
     * Binds {@code arguments} for the statement's next execution. On the Truffle tier the values
     * usually stay in Java, and reach SQLite only if it steps or prepares the statement itself
     * (see Statement.bindsInJavaOnly).
     */
    @TruffleBoundary
    public static void bind(Statement statement, Object[] arguments) {
        NativeStatement s = statement.nativeStatement();
        int count = statement.parameterCount();
        boolean natively = !statement.bindsInJavaOnly();
        // Every parameter gets a value below (or the bind fails), so the native bindings are
        // not cleared first: sqlite3_clear_bindings expires a statement whose plan uses bound
        // values, which made SQLite prepare it again at every execution, where a new value
        // expires it only when it can change the plan (SQLite 3.54: an integer moving to or
        // from 0 and 1, for an equality's selectivity).
        if (!natively) {
            statement.nativeBindingsLag();
        }
        statement.clearParameterValues();
        if (arguments.length == 1 && count > 0 && isNamedArgument(arguments[0]) && hasNamedParameters(s, count)) {
            bindNamed(statement, count, arguments[0], natively);
            return;
        }
        if (arguments.length != count) {
            throw new SqliteException(ResultCodes.SQLITE_RANGE, "wrong number of parameter values: the statement has " + count + " parameters, and " + arguments.length + " were given");
        }
        for (int i = 0; i < count; i++) {
            bindValue(statement, i + 1, arguments[i], natively);
        }
    }

    private static boolean isNamedArgument(Object arg) {
        if (isPlainValue(arg)) {
            return false;
        }
        return !INTEROP.isString(arg) && !INTEROP.isNumber(arg) && !INTEROP.isNull(arg) && !INTEROP.isBoolean(arg) && !INTEROP.hasBufferElements(arg) &&
                        !INTEROP.hasArrayElements(arg) && (INTEROP.hasHashEntries(arg) || INTEROP.hasMembers(arg));
    }

    private static boolean hasNamedParameters(NativeStatement s, int count) {
        for (int i = 1; i <= count; i++) {
            String name = s.parameterName(i);
            if (name != null && !name.startsWith("?")) {
                return true;
            }
        }
        return false;
    }

    private static void bindNamed(Statement statement, int count, Object values, boolean natively) {
        NativeStatement s = statement.nativeStatement();
        for (int i = 1; i <= count; i++) {
            String name = s.parameterName(i);
            if (name == null || name.startsWith("?")) {
                throw SqliteException.misuse("parameter " + i + " has no name, so it cannot take a value from an object");
            }
            String key = name.substring(1);
            try {
                Object value;
                if (INTEROP.hasHashEntries(values) && INTEROP.isHashEntryReadable(values, key)) {
                    value = INTEROP.readHashValue(values, key);
                } else if (INTEROP.isMemberReadable(values, key)) {
                    value = INTEROP.readMember(values, key);
                } else {
                    throw new SqliteException(ResultCodes.SQLITE_RANGE, "no value for parameter " + name);
                }
                bindValue(statement, i, value, natively);
            } catch (UnsupportedMessageException | com.oracle.truffle.api.interop.UnknownKeyException | com.oracle.truffle.api.interop.UnknownIdentifierException e) {
                throw new SqliteException(ResultCodes.SQLITE_RANGE, "no value for parameter " + name);
            }
        }
    }

    /** Binds one guest value to parameter {@code index} (1-based) for the Truffle tier, and natively if {@code natively}. */
    private static void bindValue(Statement statement, int index, Object value, boolean natively) {
        Object v = toSqlValue(index, value, statement.database().guestNumbersAreReal());
        if (natively) {
            bindNative(statement.nativeStatement(), index, v);
        }
        statement.setParameterValue(index, v);
    }

    /** Binds an SQL value (null, Long, Double, String, InvalidText or byte[]) to parameter {@code index} of the native statement. */
    static void bindNative(NativeStatement s, int index, Object v) {
        if (v == null) {
            s.bindNull(index);
        } else if (v instanceof Long l) {
            s.bindLong(index, l);
        } else if (v instanceof Double d) {
            s.bindDouble(index, d);
        } else if (v instanceof String t) {
            s.bindText(index, t);
        } else if (v instanceof InvalidText t) {
            s.bindText(index, t.bytes());
        } else {
            s.bindBlob(index, (byte[]) v);
        }
    }

    /**
     * A guest value as SQL value, where {@code numbersAreReal} says that the guest's plain
     * numbers are REALs ({@link Database#guestNumbersAreReal()}): a boxed Java number, as
     * JavaScript hands out its numbers, becomes a Double; numbers that are objects of their
     * language (JavaScript's BigInt) convert as {@link #toSqlValue(int, Object)} converts them.
     */
    public static Object toSqlValue(int index, Object value, boolean numbersAreReal) {
        if (numbersAreReal && value instanceof Number n && !(value instanceof com.oracle.truffle.api.interop.TruffleObject)) {
            return realOf(n);
        }
        return toSqlValue(index, value);
    }

    @TruffleBoundary
    private static Object realOf(Number n) {
        return SqlValues.real(n.doubleValue());
    }

    /**
     * A guest value as SQL value: null, Long, Double, String, InvalidText or byte[] (index
     * names the parameter in errors; 0 for a function's result). A Java String is text as Java
     * encodes it (a lone surrogate becomes '?', as in sqlite-jdbc); a guest language's string
     * keeps its lone surrogates as the bytes V8 writes, as better-sqlite3 stores them
     * ({@link InvalidText#ofGuestString}).
     */
    @TruffleBoundary
    public static Object toSqlValue(int index, Object value) {
        // The values languages pass most (boxed Java numbers and strings, Truffle strings) are
        // converted without interop: an uncached message looks up the receiver's library first.
        if (isPlainValue(value)) {
            return value instanceof Integer i ? (Object) (long) i : value instanceof TruffleString t ? InvalidText.ofGuestString(t.toJavaStringUncached()) : value instanceof Double d ? SqlValues.real(d) : value;
        }
        try {
            if (value == null || INTEROP.isNull(value)) {
                return null;
            } else if (INTEROP.isBoolean(value)) {
                return INTEROP.asBoolean(value) ? 1L : 0L;
            } else if (INTEROP.isNumber(value)) {
                if (INTEROP.fitsInLong(value) && !(value instanceof Double) && !(value instanceof Float)) {
                    return INTEROP.asLong(value);
                } else if (INTEROP.fitsInDouble(value)) {
                    return SqlValues.real(INTEROP.asDouble(value));
                } else if (INTEROP.fitsInLong(value)) {
                    return INTEROP.asLong(value);
                } else {
                    return INTEROP.asBigInteger(value).doubleValue();
                }
            } else if (INTEROP.isString(value)) {
                return InvalidText.ofGuestString(INTEROP.asString(value));
            } else if (value instanceof SqlBlob blob) {
                return blob.bytes();
            } else if (INTEROP.hasBufferElements(value)) {
                long size = INTEROP.getBufferSize(value);
                byte[] bytes = new byte[Math.toIntExact(size)];
                INTEROP.readBuffer(value, 0, bytes, 0, bytes.length);
                return bytes;
            } else if (isByteArray(value)) {
                byte[] bytes = new byte[Math.toIntExact(INTEROP.getArraySize(value))];
                for (int i = 0; i < bytes.length; i++) {
                    bytes[i] = (byte) INTEROP.asInt(INTEROP.readArrayElement(value, i));
                }
                return bytes;
            } else {
                throw new SqliteException(ResultCodes.SQLITE_MISMATCH, "parameter " + index + ": cannot bind a value of this type: " + INTEROP.toDisplayString(value));
            }
        } catch (UnsupportedMessageException | com.oracle.truffle.api.interop.InvalidBufferOffsetException | com.oracle.truffle.api.interop.InvalidArrayIndexException | ArithmeticException e) {
            throw new SqliteException(ResultCodes.SQLITE_MISMATCH, "parameter " + index + ": cannot bind this value: " + e.getMessage());
        }
    }

    /** A value {@link #toSqlValue} converts without interop; never an object of named values. */
    private static boolean isPlainValue(Object value) {
        return value instanceof Long || value instanceof Double || value instanceof String || value instanceof Integer || value instanceof TruffleString;
    }

    /** JavaScript's byte arrays (Uint8Array and its kin, Node's Buffer) bind as BLOBs, like in better-sqlite3. */
    private static boolean isByteArray(Object value) throws UnsupportedMessageException {
        if (!INTEROP.hasArrayElements(value) || !INTEROP.hasMetaObject(value)) {
            return false;
        }
        String type = INTEROP.asString(INTEROP.getMetaQualifiedName(INTEROP.getMetaObject(value)));
        return type.equals("Uint8Array") || type.equals("Int8Array") || type.equals("Uint8ClampedArray") || type.equals("Buffer");
    }
}
