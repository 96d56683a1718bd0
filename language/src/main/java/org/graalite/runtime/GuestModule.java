package org.graalite.runtime;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.interop.InteropException;
import com.oracle.truffle.api.interop.InteropLibrary;
import com.oracle.truffle.api.interop.TruffleObject;

import org.graalite.interop.ColumnNames;
import org.graalite.interop.Row;
import org.graalite.interop.SqlBlob;
import org.graalite.interop.SqlNull;
import org.graalite.nativeapi.VirtualTables;

/**
 * A virtual-table module written in a guest language (the connection object's
 * {@code createModule}; better-sqlite3's Database#table in Graalite's JavaScript module).
 *
 * <p>{@code factory(module, database, table, ...arguments)} (SQLite's xConnect arguments: the
 * names, then those of CREATE VIRTUAL TABLE ... USING module(arguments)) returns the table's
 * definition, an object with the members:
 * <ul>
 * <li>{@code declaration}: the CREATE TABLE statement of its columns, the parameters first,
 * as HIDDEN columns;
 * <li>{@code parameters}: the parameters' names (at most 32);
 * <li>{@code rows}: {@code rows(arguments)} gives an iterable or an iterator of the rows for
 * a query, {@code arguments} a row of one value per parameter (readable by index and by
 * name): the value the query gives it with '=', or null where it gives none (a NULL argument
 * matches no row: rows is not called). Each row is an array of one value per declared column,
 * parameters first. A value that is executable is called (with no arguments) when SQLite
 * reads it, and stands for what it returns: a guest can so fail on one column, when it is
 * read, as better-sqlite3 does for a value it cannot convert;
 * <li>{@code directOnly} (optional): SQLite refuses the table in triggers and views;
 * <li>{@code realNumbers} (optional): numbers that are the guest's plain numbers (boxed Java
 * numbers: JavaScript's number) are REAL, other numbers (JavaScript's BigInt) INTEGER, as in
 * better-sqlite3; without it, an integral number is an INTEGER, as a bound parameter is.
 * </ul>
 * What the guest code throws comes out of the statement as itself (see VirtualTables).
 */
public final class GuestModule implements VirtualTables.Module {
    private static final InteropLibrary INTEROP = InteropLibrary.getUncached();

    private final String name;
    private final Object factory;

    public GuestModule(String name, Object factory) {
        this.name = name;
        this.factory = factory;
    }

    @Override
    @TruffleBoundary
    public VirtualTables.Table connect(String[] arguments) {
        try {
            Object definition = INTEROP.execute(factory, (Object[]) arguments);
            String declaration = INTEROP.asString(member(definition, "declaration"));
            Object names = member(definition, "parameters");
            String[] parameters = new String[Math.toIntExact(INTEROP.getArraySize(names))];
            for (int i = 0; i < parameters.length; i++) {
                parameters[i] = INTEROP.asString(INTEROP.readArrayElement(names, i));
            }
            Object rows = member(definition, "rows");
            if (!INTEROP.isExecutable(rows)) {
                throw SqliteException.error(what() + ": the definition's rows is not executable");
            }
            return new Table(declaration, parameters, rows, flag(definition, "directOnly"), flag(definition, "realNumbers"));
        } catch (InteropException | ArithmeticException e) {
            throw SqliteException.error(what() + ": the factory gave no table definition (declaration, parameters, rows): " + e.getMessage());
        }
    }

    private String what() {
        return "virtual table module \"" + name + "\"";
    }

    private static Object member(Object definition, String member) throws InteropException {
        return INTEROP.readMember(definition, member);
    }

    private static boolean flag(Object definition, String member) throws InteropException {
        if (!INTEROP.isMemberReadable(definition, member)) {
            return false;
        }
        Object value = INTEROP.readMember(definition, member);
        return INTEROP.isBoolean(value) && INTEROP.asBoolean(value);
    }

    private final class Table implements VirtualTables.Table {
        private final String declaration;
        private final String[] parameters;
        private final ColumnNames parameterNames;
        private final Object rows;
        private final boolean directOnly;
        private final boolean realNumbers;

        Table(String declaration, String[] parameters, Object rows, boolean directOnly, boolean realNumbers) {
            this.declaration = declaration;
            this.parameters = parameters;
            this.parameterNames = new ColumnNames(parameters);
            this.rows = rows;
            this.directOnly = directOnly;
            this.realNumbers = realNumbers;
        }

        @Override
        public String declaration() {
            return declaration;
        }

        @Override
        public String[] parameters() {
            return parameters;
        }

        @Override
        public boolean directOnly() {
            return directOnly;
        }

        @Override
        @TruffleBoundary
        public VirtualTables.Scan scan(Object[] arguments) {
            Object[] values = new Object[arguments.length];
            for (int i = 0; i < values.length; i++) {
                Object v = arguments[i];
                values[i] = v == null ? SqlNull.INSTANCE : v instanceof byte[] b ? new SqlBlob(b) : v instanceof InvalidText t ? t.toString() : v;
            }
            try {
                Object result = INTEROP.execute(rows, new Row(parameterNames, values));
                Object iterator = INTEROP.isIterator(result) ? result : INTEROP.getIterator(result);
                return new Scan(iterator, this);
            } catch (InteropException e) {
                throw SqliteException.error(what() + ": rows(arguments) must give an iterable or an iterator: " + e.getMessage());
            }
        }
    }

    private final class Scan implements VirtualTables.Scan {
        private final Object iterator;
        private final Table table;
        private Object row;

        Scan(Object iterator, Table table) {
            this.iterator = iterator;
            this.table = table;
        }

        @Override
        @TruffleBoundary
        public boolean advance() {
            try {
                if (!INTEROP.hasIteratorNextElement(iterator)) {
                    row = null;
                    return false;
                }
                Object next = INTEROP.getIteratorNextElement(iterator);
                if (!INTEROP.hasArrayElements(next)) {
                    throw SqliteException.error(what() + ": a row is not an array of its columns' values");
                }
                row = next;
                return true;
            } catch (InteropException e) {
                throw SqliteException.error(what() + ": cannot read the next row: " + e.getMessage());
            }
        }

        @Override
        @TruffleBoundary
        public Object column(int i) {
            Object value;
            try {
                value = INTEROP.readArrayElement(row, i);
                if (INTEROP.isExecutable(value)) {
                    value = INTEROP.execute(value);
                }
            } catch (InteropException e) {
                throw SqliteException.error(what() + ": a row has no value for column " + i + ": " + e.getMessage());
            }
            // Plain numbers of the guest (JavaScript's number is a boxed Java number) are REAL;
            // its big integers (JavaScript's BigInt, a guest object) stay INTEGER below.
            if (table.realNumbers && value instanceof Number n && !(value instanceof TruffleObject)) {
                return n.doubleValue();
            }
            try {
                return Binder.toSqlValue(0, value);
            } catch (SqliteException e) {
                throw SqliteException.error(what() + ": column " + i + " holds a value SQLite cannot store: " + INTEROP.toDisplayString(value));
            }
        }
    }
}
