package org.graalite.launcher;

import java.util.ArrayList;
import java.util.List;

import org.graalvm.polyglot.PolyglotException;

/**
 * {@code .dump ?OPTIONS? ?LIKE-PATTERN ...?}: the database as SQL text that rebuilds it, in
 * sqlite3's format:
 *
 * <pre>
 * PRAGMA foreign_keys=OFF;
 * BEGIN TRANSACTION;
 * CREATE TABLE t(a,b);
 * INSERT INTO t VALUES(1,'it''s');
 * ...
 * CREATE INDEX ...;            (then the other indexes, triggers and views)
 * COMMIT;
 * </pre>
 *
 * Tables come in sqlite_schema order, each CREATE followed by its rows; indexes, triggers and
 * views come after all the data, so that the rows load without them. Foreign keys are off
 * while the script loads, since rows may come before the rows they refer to. Values are
 * written by {@link Render#sqlLiteral} (text with control characters through
 * {@code unistr()}, as sqlite3 does since 3.50).
 *
 * <p>{@code sqlite_sequence} (AUTOINCREMENT counters) is written after the other tables and
 * only when it has rows, as sqlite3 does since 3.51: the table cannot be created by name, so
 * the script creates it under {@code PRAGMA writable_schema=ON} if loading the tables did not,
 * then replaces its rows. A virtual table is written as its sqlite_schema row, also under
 * writable_schema, since its CREATE would build shadow tables that the dump holds already.
 *
 * <p>Options: {@code --data-only} (only the INSERTs), {@code --nosys} (no sqlite_sequence and
 * sqlite_stat tables), {@code --preserve-rowids} (rowids of tables that have them, with a
 * column list), {@code --newlines} (text written as plain literals even with line breaks).
 * A pattern limits the dump to the tables whose names match it (LIKE, backslash escapes), with
 * the shadow tables of a matching virtual table.
 */
final class Dump {
    private final Session session;
    private final Output out;
    private boolean dataOnly;
    private boolean noSys;
    private boolean preserveRowids;
    private boolean newlines;
    /** Whether the script has turned writable_schema on; it turns it off before COMMIT. */
    private boolean writableSchema;
    private int errors;

    private Dump(Session session) {
        this.session = session;
        this.out = session.out;
    }

    /** Runs {@code .dump} with the words after the command name; returns whether it succeeded. */
    static boolean run(Session session, List<String> args) {
        Dump dump = new Dump(session);
        List<String> patterns = new ArrayList<>();
        for (String arg : args) {
            if (arg.startsWith("-")) {
                String option = arg.startsWith("--") ? arg.substring(2) : arg.substring(1);
                switch (option) {
                    case "data-only" -> dump.dataOnly = true;
                    case "nosys" -> dump.noSys = true;
                    case "preserve-rowids" -> dump.preserveRowids = true;
                    case "newlines" -> dump.newlines = true;
                    default -> {
                        session.out.flush();
                        session.err.println("Unknown option \"" + arg + "\" on \".dump\"");
                        session.err.flush();
                        return false;
                    }
                }
            } else {
                patterns.add(arg);
            }
        }
        return dump.write(patterns);
    }

    private boolean write(List<String> patterns) {
        String like = likeCondition(patterns);
        if (!dataOnly) {
            out.print("PRAGMA foreign_keys=OFF;\nBEGIN TRANSACTION;\n");
        }
        // As sqlite3: a savepoint keeps what the dump reads consistent, and writable_schema
        // makes SQLite read as much of a damaged schema as it can.
        runQuietly("SAVEPOINT dump; PRAGMA writable_schema=ON");
        try {
            List<Object[]> tables = rows("SELECT name, type, sql FROM sqlite_schema AS o WHERE (" + like + ") AND type=='table' AND sql NOT NULL" +
                            " ORDER BY tbl_name='sqlite_sequence', rowid");
            for (Object[] table : tables) {
                table((String) table[0], (String) table[1], (String) table[2]);
            }
            if (!dataOnly) {
                for (Object[] other : rows("SELECT sql FROM sqlite_schema AS o WHERE (" + like + ") AND sql NOT NULL AND type IN ('index','trigger','view')")) {
                    String sql = (String) other[0];
                    // A "--" comment would swallow a ; on the same line.
                    out.print(sql + (sql.contains("--") ? "\n;\n" : ";\n"));
                }
            }
        } finally {
            if (writableSchema) {
                out.print("PRAGMA writable_schema=OFF;\n");
            }
            runQuietly("PRAGMA writable_schema=OFF; RELEASE dump");
        }
        if (!dataOnly) {
            out.print(errors > 0 ? "ROLLBACK; -- due to errors\n" : "COMMIT;\n");
        }
        out.flush();
        return errors == 0;
    }

    /** sqlite3's condition on sqlite_schema rows (alias o) for the patterns; "true" for none. */
    private static String likeCondition(List<String> patterns) {
        if (patterns.isEmpty()) {
            return "true";
        }
        StringBuilder sb = new StringBuilder();
        for (String p : patterns) {
            if (!sb.isEmpty()) {
                sb.append(" OR ");
            }
            String q = SqlText.quote(p);
            sb.append("name LIKE ").append(q).append(" ESCAPE '\\' OR EXISTS (SELECT 1 FROM sqlite_schema WHERE name LIKE ").append(q)
                            .append(" ESCAPE '\\' AND sql LIKE 'CREATE VIRTUAL TABLE%' AND substr(o.name, 1, length(name)+1) == (name||'_'))");
        }
        return sb.toString();
    }

    private void table(String name, String type, String sql) {
        boolean sequence = name.equals("sqlite_sequence");
        if (sequence) {
            if (noSys || !hasRows(name)) {
                return;
            }
            if (!dataOnly) {
                writableSchemaOn();
                out.print("CREATE TABLE IF NOT EXISTS sqlite_sequence(name,seq);\n");
            }
            out.print("DELETE FROM sqlite_sequence;\n");
        } else if (name.matches("sqlite_stat.") && !noSys) {
            // The statistics tables come back through ANALYZE, which creates them, then
            // their rows replace what it computed.
            out.print("ANALYZE sqlite_schema;\n");
        } else if (name.startsWith("sqlite_")) {
            return;
        } else if (dataOnly) {
            // rows only
        } else if (sql.startsWith("CREATE VIRTUAL TABLE")) {
            writableSchemaOn();
            out.print("INSERT INTO sqlite_schema(type,name,tbl_name,rootpage,sql)VALUES('table'," + SqlText.quote(name) + "," + SqlText.quote(name) + ",0," +
                            SqlText.quote(sql) + ");\n");
            return;
        } else {
            out.print(DotCommands.schemaLine(sql));
        }
        if (type.equals("table")) {
            rowsOf(name);
        }
    }

    private void writableSchemaOn() {
        if (!writableSchema) {
            out.print("PRAGMA writable_schema=ON;\n");
            writableSchema = true;
        }
    }

    /** The INSERT statements of the rows of table {@code name}. */
    private void rowsOf(String name) {
        List<String> columns = new ArrayList<>();
        boolean integerKey = false;
        int keyColumns = 0;
        for (Object[] c : rows("SELECT name, type, pk FROM pragma_table_info(" + SqlText.quote(name) + ")")) {
            columns.add((String) c[0]);
            if (c[2] instanceof Long pk && pk != 0) {
                keyColumns++;
                integerKey = keyColumns == 1 && "INTEGER".equalsIgnoreCase((String) c[1]);
            }
        }
        String rowid = preserveRowids ? rowidName(name, columns, keyColumns == 1 && integerKey) : null;
        StringBuilder select = new StringBuilder("SELECT ");
        StringBuilder insert = new StringBuilder("INSERT INTO ").append(SqlText.identifier(name));
        if (preserveRowids) {
            // With --preserve-rowids the INSERTs name their columns, rowid first (sqlite3
            // 3.53 and later name them also where there is no rowid to keep).
            insert.append('(');
            if (rowid != null) {
                insert.append(rowid).append(',');
            }
            for (int i = 0; i < columns.size(); i++) {
                insert.append(i > 0 ? "," : "").append(SqlText.identifier(columns.get(i)));
            }
            insert.append(')');
        }
        insert.append(" VALUES(");
        if (rowid != null) {
            select.append(rowid).append(',');
        }
        for (int i = 0; i < columns.size(); i++) {
            select.append(i > 0 ? "," : "").append(SqlText.identifier(columns.get(i)));
        }
        select.append(" FROM ").append(SqlText.identifier(name));
        String prefix = insert.toString();
        try {
            session.query(select.toString(), values -> {
                StringBuilder line = new StringBuilder(prefix);
                for (int i = 0; i < values.length; i++) {
                    if (i > 0) {
                        line.append(',');
                    }
                    Object v = values[i];
                    line.append(newlines && v instanceof String s ? SqlText.quote(cutAtNul(s)) : Render.sqlLiteral(v));
                }
                out.print(line.append(");\n").toString());
            });
        } catch (PolyglotException e) {
            errors++;
            out.print("/****** ERROR: " + e.getMessage() + " ******/\n");
        }
    }

    /**
     * The name to read the rowid of {@code table} by, as sqlite3 chooses it: none when an
     * INTEGER PRIMARY KEY is the rowid (its column holds it) or the table has no rowid;
     * else the first of rowid, _rowid_, oid that is not a column name, if any.
     */
    private String rowidName(String table, List<String> columns, boolean integerKey) {
        if (integerKey && !rows("SELECT 1 FROM pragma_index_list(" + SqlText.quote(table) + ") WHERE origin='pk'").isEmpty()) {
            // INTEGER PRIMARY KEY DESC, or a WITHOUT ROWID table: the key is not the rowid.
            integerKey = false;
        }
        if (integerKey) {
            return null;
        }
        for (String candidate : new String[]{"rowid", "_rowid_", "oid"}) {
            if (columns.stream().anyMatch(c -> c.equalsIgnoreCase(candidate))) {
                continue;
            }
            try {
                session.query("SELECT " + candidate + " FROM " + SqlText.identifier(table) + " LIMIT 0", v -> {
                });
                return candidate;
            } catch (PolyglotException e) {
                return null; // WITHOUT ROWID
            }
        }
        return null;
    }

    private boolean hasRows(String table) {
        return !rows("SELECT 1 FROM " + SqlText.identifier(table) + " LIMIT 1").isEmpty();
    }

    private List<Object[]> rows(String sql) {
        List<Object[]> rows = new ArrayList<>();
        session.query(sql, rows::add);
        return rows;
    }

    private void runQuietly(String sql) {
        try {
            session.run(sql);
        } catch (PolyglotException e) {
            // As sqlite3, which ignores what these return: the dump goes on without them.
        }
    }

    private static String cutAtNul(String s) {
        int nul = s.indexOf('\0');
        return nul >= 0 ? s.substring(0, nul) : s;
    }
}
