package org.graalite.writes;

import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * A seeded stream of write statements over a schema with constraints, indexes and triggers.
 *
 * <p>The schema: {@code t1} (INTEGER PRIMARY KEY, NOT NULL, CHECK, single, multi-column with
 * DESC, partial UNIQUE and expression indexes), {@code t2} (WITHOUT ROWID, TEXT primary key,
 * UNIQUE, defaults, CHECK, an AFTER UPDATE OF trigger), {@code t3} (AUTOINCREMENT, UNIQUE,
 * CHECK, NUMERIC affinity, a partial index), {@code t4} (a composite PRIMARY KEY on a rowid
 * table; AFTER INSERT/UPDATE/DELETE triggers writing {@code audit} rows and a BEFORE DELETE
 * trigger that raises), {@code t5} (a multi-column UNIQUE with a NOCASE column, DESC,
 * partial and expression indexes), {@code t6} (INTEGER PRIMARY KEY, UNIQUE, NOT NULL with a
 * default, CHECK, a multi-column index with DESC, no expression or partial index and no
 * trigger), {@code audit}, {@code t7} (rows t1's insert trigger makes, a foreign key to t1
 * with ON DELETE CASCADE and ON UPDATE SET NULL, a trigger that would recurse) and triggers on
 * {@code t5} that RAISE(IGNORE) and RAISE(FAIL); foreign keys are on.
 *
 * <p>Statements: INSERT (with every conflict clause, multi-row, DEFAULT VALUES, from SELECT,
 * RETURNING), UPSERT ({@code ON CONFLICT ... DO UPDATE/DO NOTHING}, several clauses),
 * REPLACE, UPDATE (conflict clauses, key changes), DELETE, and transaction control (BEGIN,
 * COMMIT, ROLLBACK, SAVEPOINT, RELEASE, ROLLBACK TO) sprinkled in. Values come from small
 * domains so that conflicts and constraint failures are frequent, and mix storage classes
 * so that affinity conversions happen; a few texts and blobs are larger than a page
 * (overflow pages). A share of the statements binds its values as parameters ({@code ?})
 * instead of literals, so that the same program runs again with other values.
 *
 * <p>Nothing here depends on a random source outside the seed: no random(), no
 * randomblob(), no time functions, no rowid near the largest integer (where SQLite picks
 * new rowids at random).
 */
final class WriteWorkload {
    /** One statement: its kind and table (for the statistics), text, and bound values (null: none). */
    record Stmt(String kind, String table, String sql, List<Object> params) {
        @Override
        public String toString() {
            return params == null ? sql : sql + "   -- params " + render(params);
        }
    }

    static final List<String> SCHEMA = List.of(
                    "PRAGMA foreign_keys = ON",
                    "CREATE TABLE t1(id INTEGER PRIMARY KEY, a INTEGER NOT NULL CHECK (a BETWEEN -1000 AND 1000), b TEXT, c REAL, d BLOB, e)",
                    "CREATE INDEX t1_a ON t1(a)",
                    "CREATE INDEX t1_bc ON t1(b, c DESC)",
                    "CREATE UNIQUE INDEX t1_e ON t1(e) WHERE e IS NOT NULL",
                    "CREATE INDEX t1_x ON t1(lower(b), a + 1)",
                    "CREATE TABLE t2(k TEXT PRIMARY KEY, v INTEGER DEFAULT 0, w TEXT UNIQUE, n INTEGER NOT NULL DEFAULT 7 CHECK (n <> 13)) WITHOUT ROWID",
                    "CREATE INDEX t2_vw ON t2(v DESC, w)",
                    "CREATE TABLE t3(id INTEGER PRIMARY KEY AUTOINCREMENT, x INTEGER UNIQUE, y TEXT CONSTRAINT y_short CHECK (length(y) < 12), z NUMERIC)",
                    "CREATE INDEX t3_z ON t3(z) WHERE z > 0",
                    "CREATE TABLE t4(a INTEGER, b INTEGER, c TEXT, d INTEGER DEFAULT 0, PRIMARY KEY (a, b))",
                    "CREATE INDEX t4_d ON t4(d DESC)",
                    "CREATE TABLE t5(p INTEGER, q TEXT COLLATE NOCASE, r, UNIQUE (p, q))",
                    "CREATE INDEX t5_r ON t5(r DESC)",
                    "CREATE INDEX t5_qp ON t5(q, p) WHERE p IS NOT NULL",
                    "CREATE INDEX t5_len ON t5(length(q) DESC, abs(p))",
                    "CREATE TABLE t6(id INTEGER PRIMARY KEY, u TEXT UNIQUE, v INTEGER NOT NULL DEFAULT 0 CHECK (v >= -5), w REAL, x)",
                    "CREATE INDEX t6_vw ON t6(v DESC, w)",
                    "CREATE INDEX t6_x ON t6(x)",
                    "CREATE TABLE audit(seq INTEGER PRIMARY KEY, tbl TEXT, op TEXT, k1, k2, info)",
                    "CREATE TRIGGER t4_ai AFTER INSERT ON t4 BEGIN INSERT INTO audit(tbl, op, k1, k2, info) VALUES ('t4', 'I', new.a, new.b, new.c); END",
                    "CREATE TRIGGER t4_au AFTER UPDATE OF c, d ON t4 WHEN new.c IS NOT old.c OR new.d IS NOT old.d BEGIN " +
                                    "INSERT INTO audit(tbl, op, k1, k2, info) VALUES ('t4', 'U', old.a, new.a, coalesce(old.c, '-') || '>' || coalesce(new.c, '-')); END",
                    "CREATE TRIGGER t4_ad AFTER DELETE ON t4 BEGIN INSERT INTO audit(tbl, op, k1, k2, info) VALUES ('t4', 'D', old.a, old.b, old.d); END",
                    "CREATE TRIGGER t4_bd BEFORE DELETE ON t4 WHEN old.d = 13 BEGIN SELECT RAISE(ABORT, 't4 rows with d = 13 are protected'); END",
                    "CREATE TRIGGER t2_au AFTER UPDATE OF v ON t2 WHEN new.v > 15 BEGIN INSERT INTO audit(tbl, op, k1, k2, info) VALUES ('t2', 'U', old.k, new.k, new.v); END",
                    // t7: rows that t1's inserts make through a trigger, tied to t1 by a foreign key
                    // (deletes and REPLACE cascade, rowid changes set NULL); its own insert trigger
                    // would recurse, which SQLite skips while recursive_triggers is off.
                    "CREATE TABLE t7(id INTEGER PRIMARY KEY, pid INTEGER REFERENCES t1(id) ON DELETE CASCADE ON UPDATE SET NULL, tag, lvl INTEGER DEFAULT 0)",
                    "CREATE INDEX t7_pid ON t7(pid)",
                    "CREATE TRIGGER t1_ai AFTER INSERT ON t1 WHEN new.a % 4 = 0 BEGIN INSERT INTO t7(pid, tag) VALUES (new.id, new.b); END",
                    "CREATE TRIGGER t7_ai AFTER INSERT ON t7 WHEN new.lvl < 2 BEGIN INSERT INTO t7(pid, tag, lvl) VALUES (new.pid, 'child of ' || new.id, new.lvl + 1); END",
                    // t5: updates of rows with p = 7 are ignored (RAISE(IGNORE)), inserts with p = 13 fail (RAISE(FAIL))
                    "CREATE TRIGGER t5_bu BEFORE UPDATE ON t5 WHEN old.p = 7 BEGIN SELECT RAISE(IGNORE); END",
                    "CREATE TRIGGER t5_bi BEFORE INSERT ON t5 WHEN new.p = 13 BEGIN SELECT RAISE(FAIL, 't5 rows with p = 13 are refused'); END");

    /**
     * Every table's full contents in a defined order (with each value's bytes, because text
     * that is not valid UTF-8 reaches Java as U+FFFD), and the AUTOINCREMENT counters.
     */
    static final List<String> CONTENTS = List.of(
                    contents("t1", "rowid"),
                    contents("t2", "k"),
                    contents("t3", "rowid"),
                    contents("t4", "rowid"),
                    contents("t5", "rowid"),
                    contents("t6", "rowid"),
                    contents("audit", "rowid"),
                    contents("t7", "rowid"),
                    "SELECT name, seq FROM sqlite_sequence ORDER BY name");

    private static String contents(String table, String order) {
        StringBuilder sb = new StringBuilder("SELECT ").append(order.equals("rowid") ? "rowid, *" : "*");
        for (String c : columns(table)) {
            sb.append(", hex(").append(c).append(")");
        }
        return sb.append(" FROM ").append(table).append(" ORDER BY ").append(order).toString();
    }

    static final String[] TEXTS = {"a", "b", "c", "A", "B", "abc", "ABC", "Abc", "", "10", "2.5", " 7", "x'y", "é", "日本", "a%", "1e3"};
    static final double[] REALS = {0.5, 2.0, -1.25, 1e300, 3.0e-5, 100.0, -0.0, 7.0};
    static final long[] BIGS = {Long.MAX_VALUE - 1, Long.MIN_VALUE, 4294967296L, 1000, 1001, -1001, 9007199254740993L};
    /** x'01ff' is not valid UTF-8 once text functions or concatenation turn it into TEXT. */
    static final byte[][] BLOBS = {{}, {0}, {1, (byte) 0xff}, "abc".getBytes(StandardCharsets.UTF_8)};
    static final byte[][] UTF8_BLOBS = {{}, {0}, {1, 0x7f}, "abc".getBytes(StandardCharsets.UTF_8)};
    static final String[] CONFLICT = {"OR IGNORE ", "OR REPLACE ", "OR ABORT ", "OR FAIL ", "OR ROLLBACK "};

    private final SplittableRandom r;
    /**
     * What a known failure (known-failures.txt) can ask the generator to leave out:
     * {@code invalid-utf8} (values that become TEXT that is not valid UTF-8) and
     * {@code returning} (RETURNING clauses).
     */
    static final Set<String> FEATURES = Set.of("invalid-utf8", "returning");
    private final Set<String> avoid;
    private final byte[][] blobs;
    private final Deque<String> savepoints = new ArrayDeque<>();
    private int savepointNames;

    WriteWorkload(long seed, Set<String> avoid) {
        this.r = new SplittableRandom(seed);
        this.avoid = avoid;
        // known failure "invalid-utf8": no blob whose bytes are not UTF-8 (it turns into such text)
        this.blobs = avoid.contains("invalid-utf8") ? UTF8_BLOBS : BLOBS;
    }

    /**
     * The next statement. {@code autocommit} is the connection state after the previous
     * statement (read from the oracle), so transaction control mostly makes sense.
     */
    Stmt next(boolean autocommit) {
        if (autocommit) {
            savepoints.clear();
        }
        int p = r.nextInt(100);
        if (p < 6) {
            String t = transaction(autocommit);
            if (t != null) {
                return new Stmt("transaction", "-", t, null);
            }
        }
        Sql sql = new Sql(r.nextInt(100) < 35);
        String table = table();
        String kind;
        int k = r.nextInt(100);
        if (table.equals("audit")) {
            kind = k < 50 ? "update" : "delete";
        } else if (k < 30) {
            kind = "insert";
        } else if (k < 38) {
            kind = "insert-select";
        } else if (k < 52) {
            kind = "upsert";
        } else if (k < 57) {
            kind = "replace";
        } else if (k < 80) {
            kind = "update";
        } else {
            kind = "delete";
        }
        switch (kind) {
            case "insert" -> insert(sql, table);
            case "insert-select" -> insertSelect(sql, table);
            case "upsert" -> upsert(sql, table);
            case "replace" -> replace(sql, table);
            case "update" -> update(sql, table);
            default -> delete(sql, table);
        }
        if (r.nextInt(100) < 12 && !avoid.contains("returning")) {
            sql.s(r.nextBoolean() ? " RETURNING *" : " RETURNING " + columns(table)[0] + ", typeof(" + columns(table)[columns(table).length - 1] + ")");
            kind += "-returning";
        }
        return new Stmt(kind, table, sql.sb.toString(), sql.params == null || sql.params.isEmpty() ? null : sql.params);
    }

    // ---- transactions

    private String transaction(boolean autocommit) {
        int p = r.nextInt(100);
        if (autocommit) {
            if (p < 55) {
                return new String[]{"BEGIN", "BEGIN DEFERRED", "BEGIN IMMEDIATE", "BEGIN EXCLUSIVE"}[r.nextInt(4)];
            } else if (p < 85) {
                return savepoint();
            } else if (p < 92) {
                return "COMMIT"; // an error: no transaction is active
            } else {
                return null;
            }
        }
        if (p < 22) {
            return r.nextBoolean() ? "COMMIT" : "END";
        } else if (p < 34) {
            return "ROLLBACK";
        } else if (p < 60) {
            return savepoint();
        } else if (p < 78 && !savepoints.isEmpty()) {
            String name = pickSavepoint();
            while (!savepoints.pop().equals(name)) {
                // released along with it
            }
            return "RELEASE " + (r.nextBoolean() ? "SAVEPOINT " : "") + name;
        } else if (p < 96 && !savepoints.isEmpty()) {
            String name = pickSavepoint();
            while (!savepoints.peek().equals(name)) {
                savepoints.pop();
            }
            return "ROLLBACK TO " + (r.nextBoolean() ? "SAVEPOINT " : "") + name;
        } else if (p < 98) {
            return "BEGIN"; // an error: cannot start a transaction within a transaction
        } else {
            return "RELEASE nosuch";
        }
    }

    private String savepoint() {
        String name = "s" + (savepointNames++ % 4);
        savepoints.push(name);
        return "SAVEPOINT " + name;
    }

    private String pickSavepoint() {
        List<String> names = new ArrayList<>(savepoints);
        return names.get(r.nextInt(names.size()));
    }

    // ---- statements

    private String table() {
        int p = r.nextInt(100);
        return p < 20 ? "t1" : p < 36 ? "t2" : p < 52 ? "t3" : p < 66 ? "t4" : p < 80 ? "t5" : p < 93 ? "t6" : p < 97 ? "t7" : "audit";
    }

    static String[] columns(String table) {
        return switch (table) {
            case "t1" -> new String[]{"id", "a", "b", "c", "d", "e"};
            case "t2" -> new String[]{"k", "v", "w", "n"};
            case "t3" -> new String[]{"id", "x", "y", "z"};
            case "t4" -> new String[]{"a", "b", "c", "d"};
            case "t5" -> new String[]{"p", "q", "r"};
            case "t6" -> new String[]{"id", "u", "v", "w", "x"};
            case "t7" -> new String[]{"id", "pid", "tag", "lvl"};
            default -> new String[]{"seq", "tbl", "op", "k1", "k2", "info"};
        };
    }

    private String conflict(int percent) {
        return r.nextInt(100) < percent ? CONFLICT[r.nextInt(CONFLICT.length)] : "";
    }

    private void insert(Sql sql, String table) {
        sql.s("INSERT ").s(conflict(45)).s("INTO ").s(table);
        if (r.nextInt(100) < 3) {
            sql.s(" DEFAULT VALUES");
            return;
        }
        values(sql, table, 1 + (r.nextInt(100) < 70 ? 0 : r.nextInt(4)));
    }

    private void replace(Sql sql, String table) {
        sql.s("REPLACE INTO ").s(table);
        values(sql, table, 1 + (r.nextInt(100) < 80 ? 0 : r.nextInt(3)));
    }

    /** A column list (or none: all columns) and {@code rows} rows of values. */
    private void values(Sql sql, String table, int rows) {
        String[] all = columns(table);
        List<String> cols = new ArrayList<>();
        boolean list = r.nextInt(100) < 60;
        for (String c : all) {
            if (!list || r.nextInt(100) < 75) {
                cols.add(c);
            }
        }
        if (cols.isEmpty()) {
            cols.add(all[1]);
        }
        if (list) {
            sql.s("(").s(String.join(", ", cols)).s(")");
        }
        sql.s(" VALUES ");
        for (int i = 0; i < rows; i++) {
            sql.s(i == 0 ? "(" : ", (");
            for (int j = 0; j < cols.size(); j++) {
                sql.s(j == 0 ? "" : ", ").lit(value(table, cols.get(j)));
            }
            sql.s(")");
        }
    }

    private void insertSelect(Sql sql, String table) {
        sql.s("INSERT ").s(conflict(50)).s("INTO ");
        switch (table) {
            case "t1" -> {
                if (r.nextBoolean()) {
                    sql.s("t1(a, b, c, e) SELECT v, k, n, w FROM t2 WHERE ").s(where("t2", sql));
                } else {
                    // reads the table it writes: SQLite goes through a temporary table
                    sql.s("t1(a, b, c, d, e) SELECT a + 1, b, c, d, NULL FROM t1 WHERE ").s(where("t1", sql));
                }
            }
            case "t2" -> sql.s("t2(k, v, w) SELECT 'k' || (x % 30), x, y FROM t3 WHERE ").s(where("t3", sql));
            case "t3" -> sql.s("t3(x, y, z) SELECT p, q, r FROM t5 WHERE ").s(where("t5", sql));
            case "t4" -> sql.s("t4(a, b, c, d) SELECT abs(p) % 7, length(q), q, r FROM t5 WHERE ").s(where("t5", sql));
            case "t6" -> {
                if (r.nextBoolean()) {
                    sql.s("t6(u, v, w, x) SELECT k, v, n, w FROM t2 WHERE ").s(where("t2", sql));
                } else {
                    sql.s("t6(id, u, v, w, x) SELECT id + 100, u || '+', v, w, x FROM t6 WHERE ").s(where("t6", sql));
                }
            }
            // parents that may not exist: a foreign-key violation unless every a is an id of t1
            case "t7" -> sql.s("t7(pid, tag) SELECT a % 50, b FROM t1 WHERE ").s(where("t1", sql));
            default -> sql.s("t5(p, q, r) SELECT e, b, d FROM t1 WHERE ").s(where("t1", sql));
        }
        if (r.nextBoolean()) {
            sql.s(" ORDER BY 1 DESC");
        }
        sql.s(" LIMIT ").lit((long) r.nextInt(1, 6));
    }

    private void upsert(Sql sql, String table) {
        sql.s("INSERT INTO ").s(table);
        values(sql, table, 1 + (r.nextInt(100) < 85 ? 0 : 1));
        String[] targets = switch (table) {
            case "t1" -> new String[]{"(id)", "(e) WHERE e IS NOT NULL"};
            case "t2" -> new String[]{"(k)", "(w)"};
            case "t3" -> new String[]{"(x)", "(id)"};
            case "t4" -> new String[]{"(a, b)"};
            case "t6" -> new String[]{"(id)", "(u)"};
            case "t7" -> new String[]{"(id)"};
            default -> new String[]{"(p, q)"};
        };
        String[] sets = switch (table) {
            case "t1" -> new String[]{"a = excluded.a", "a = a + 1", "b = coalesce(excluded.b, b) || '+'", "c = excluded.c", "e = NULL", "d = excluded.d"};
            case "t2" -> new String[]{"v = v + excluded.v", "w = excluded.w", "n = excluded.n", "v = 0"};
            case "t3" -> new String[]{"y = excluded.y", "z = z + 1", "x = excluded.x + 100"};
            case "t4" -> new String[]{"c = excluded.c", "d = d + 1"};
            case "t6" -> new String[]{"v = v + excluded.v", "u = excluded.u || 'x'", "w = excluded.w", "x = x || excluded.x"};
            case "t7" -> new String[]{"pid = excluded.pid", "tag = excluded.tag", "lvl = lvl + 1"};
            default -> new String[]{"r = excluded.r", "q = upper(excluded.q)"};
        };
        int clauses = targets.length > 1 && r.nextInt(100) < 30 ? 2 : 1;
        int first = r.nextInt(targets.length);
        for (int i = 0; i < clauses; i++) {
            boolean last = i == clauses - 1;
            sql.s(" ON CONFLICT");
            // only the last clause may leave out its target (and then only DO NOTHING is accepted)
            boolean target = !last || r.nextInt(100) < 85;
            if (target) {
                sql.s(targets[(first + i) % targets.length]);
            }
            if (r.nextInt(100) < (target ? 20 : 80)) {
                sql.s(" DO NOTHING");
            } else {
                sql.s(" DO UPDATE SET ").s(sets[r.nextInt(sets.length)]);
                if (r.nextInt(100) < 30) {
                    sql.s(", ").s(sets[r.nextInt(sets.length)]);
                }
                if (r.nextInt(100) < 30) {
                    String c = columns(table)[1 + r.nextInt(columns(table).length - 1)];
                    sql.s(" WHERE ").s(c).s(" IS NOT excluded.").s(c);
                }
            }
        }
    }

    private void update(Sql sql, String table) {
        sql.s("UPDATE ").s(conflict(25)).s(table).s(" SET ");
        int n = 1 + (r.nextInt(100) < 30 ? 1 : 0);
        for (int i = 0; i < n; i++) {
            sql.s(i == 0 ? "" : ", ");
            assignment(sql, table);
        }
        if (r.nextInt(100) < 97) {
            sql.s(" WHERE ").s(where(table, sql));
        }
    }

    private void delete(Sql sql, String table) {
        sql.s("DELETE FROM ").s(table);
        if (r.nextInt(100) < 97) {
            sql.s(" WHERE ").s(where(table, sql));
        }
    }

    private void assignment(Sql sql, String table) {
        int p = r.nextInt(100);
        switch (table) {
            case "t1" -> {
                String[] exprs = {"a = a + 1", "a = -a", "b = upper(b)", "b = b || 'x'", "c = c * 2", "c = NULL", "e = abs(e)", "a = (SELECT count(*) FROM t5)", "id = id + 50"};
                if (p < 60) {
                    sql.s(exprs[r.nextInt(p < 5 ? exprs.length : exprs.length - 1)]);
                } else {
                    String c = new String[]{"a", "b", "c", "d", "e"}[r.nextInt(5)];
                    sql.s(c).s(" = ").lit(value("t1", c));
                }
            }
            case "t2" -> {
                String[] exprs = {"v = v + 1", "n = n + 1", "k = k || 'x'", "w = upper(w)", "v = v * 3"};
                if (p < 55) {
                    sql.s(exprs[r.nextInt(exprs.length)]);
                } else {
                    String c = new String[]{"k", "v", "w", "n"}[r.nextInt(4)];
                    sql.s(c).s(" = ").lit(value("t2", c));
                }
            }
            case "t3" -> {
                String[] exprs = {"x = x + 1", "y = y || 'y'", "z = z * 1.5", "id = id + 1000", "x = NULL"};
                if (p < 55) {
                    sql.s(exprs[r.nextInt(exprs.length)]);
                } else {
                    String c = new String[]{"x", "y", "z"}[r.nextInt(3)];
                    sql.s(c).s(" = ").lit(value("t3", c));
                }
            }
            case "t4" -> {
                String[] exprs = {"d = d + 1", "d = 13", "b = b + 1", "c = c || '!'", "a = a - 1"};
                if (p < 55) {
                    sql.s(exprs[r.nextInt(exprs.length)]);
                } else {
                    String c = new String[]{"a", "b", "c", "d"}[r.nextInt(4)];
                    sql.s(c).s(" = ").lit(value("t4", c));
                }
            }
            case "t5" -> {
                String[] exprs = {"p = p + 1", "q = lower(q)", "r = NULL", "q = q || 'Q'"};
                if (p < 50) {
                    sql.s(exprs[r.nextInt(exprs.length)]);
                } else {
                    String c = new String[]{"p", "q", "r"}[r.nextInt(3)];
                    sql.s(c).s(" = ").lit(value("t5", c));
                }
            }
            case "t6" -> {
                String[] exprs = {"v = v - 1", "u = u || 'u'", "w = w / 2", "x = x + 1", "id = id + 7", "v = v * -1"};
                if (p < 55) {
                    sql.s(exprs[r.nextInt(exprs.length)]);
                } else {
                    String c = new String[]{"u", "v", "w", "x"}[r.nextInt(4)];
                    sql.s(c).s(" = ").lit(value("t6", c));
                }
            }
            case "t7" -> {
                String[] exprs = {"pid = pid + 1", "pid = NULL", "tag = upper(tag)", "lvl = lvl + 1", "id = id + 100"};
                if (p < 55) {
                    sql.s(exprs[r.nextInt(exprs.length)]);
                } else {
                    String c = new String[]{"pid", "tag", "lvl"}[r.nextInt(3)];
                    sql.s(c).s(" = ").lit(value("t7", c));
                }
            }
            default -> sql.s(p < 50 ? "info = NULL" : "op = lower(op)");
        }
    }

    /** A predicate on {@code table}, chosen so that the planner uses the table's various indexes. */
    private String where(String table, Sql sql) {
        Sql w = new Sql(sql.params != null);
        int p = r.nextInt(100);
        switch (table) {
            case "t1" -> {
                switch (p % 12) {
                    case 0 -> w.s("id = ").lit((long) r.nextInt(1, 45));
                    case 1 -> w.s("a = ").lit(small());
                    case 2 -> w.s("a BETWEEN ").lit(small()).s(" AND ").lit(small());
                    case 3 -> w.s("b = ").lit(text());
                    case 4 -> w.s("lower(b) = ").lit(text());
                    case 5 -> w.s("a + 1 = ").lit(small());
                    case 6 -> w.s("b LIKE 'a%'");
                    case 7 -> w.s("e IS NOT NULL AND e > ").lit(small());
                    case 8 -> w.s("c IS NULL");
                    case 9 -> w.s("id IN (SELECT x FROM t3)");
                    case 10 -> w.s("rowid % 4 = ").lit((long) r.nextInt(4));
                    default -> w.s("b = ").lit(text()).s(" AND c > ").lit(REALS[r.nextInt(REALS.length)]);
                }
            }
            case "t2" -> {
                switch (p % 7) {
                    case 0 -> w.s("k = ").lit(key());
                    case 1 -> w.s("k > ").lit(key());
                    case 2 -> w.s("v = ").lit(small());
                    case 3 -> w.s("v > ").lit(small());
                    case 4 -> w.s("w = ").lit(wkey());
                    case 5 -> w.s("w IS NULL");
                    default -> w.s("n = ").lit(small());
                }
            }
            case "t3" -> {
                switch (p % 6) {
                    case 0 -> w.s("id = ").lit((long) r.nextInt(1, 60));
                    case 1 -> w.s("x = ").lit(small());
                    case 2 -> w.s("x > ").lit(small());
                    case 3 -> w.s("z > 0");
                    case 4 -> w.s("y LIKE '%b%'");
                    default -> w.s("id > (SELECT max(id) - 5 FROM t3)");
                }
            }
            case "t4" -> {
                switch (p % 5) {
                    case 0 -> w.s("a = ").lit((long) r.nextInt(7));
                    case 1 -> w.s("a = ").lit((long) r.nextInt(7)).s(" AND b = ").lit((long) r.nextInt(7));
                    case 2 -> w.s("c IS NULL");
                    case 3 -> w.s("d > ").lit(small());
                    default -> w.s("b IN (1, 3, 5)");
                }
            }
            case "t5" -> {
                switch (p % 6) {
                    case 0 -> w.s("p = ").lit(small());
                    case 1 -> w.s("q = ").lit(text());
                    case 2 -> w.s("r IS NULL");
                    case 3 -> w.s("p IS NULL");
                    case 4 -> w.s("length(q) = ").lit((long) r.nextInt(4));
                    default -> w.s("q = ").lit(text()).s(" AND p > ").lit(small());
                }
            }
            case "t6" -> {
                switch (p % 7) {
                    case 0 -> w.s("id = ").lit((long) r.nextInt(1, 40));
                    case 1 -> w.s("u = ").lit(wkey());
                    case 2 -> w.s("v = ").lit(small());
                    case 3 -> w.s("v BETWEEN ").lit(small()).s(" AND ").lit(small());
                    case 4 -> w.s("x IS NULL");
                    case 5 -> w.s("x > ").lit(small());
                    default -> w.s("v > ").lit(small()).s(" AND w IS NOT NULL");
                }
            }
            case "t7" -> {
                switch (p % 4) {
                    case 0 -> w.s("id = ").lit((long) r.nextInt(1, 40));
                    case 1 -> w.s("pid = ").lit((long) r.nextInt(1, 45));
                    case 2 -> w.s("pid IS NULL");
                    default -> w.s("lvl > 0");
                }
            }
            default -> w.s(p < 50 ? "seq % 5 = 0" : "tbl = 't4' AND op = 'D'");
        }
        if (sql.params != null) {
            sql.params.addAll(w.params);
        }
        return w.sb.toString();
    }

    // ---- values

    private Object value(String table, String column) {
        int p = r.nextInt(100);
        return switch (table + "." + column) {
            case "t1.id" -> p < 55 ? null : p < 90 ? (Object) (long) r.nextInt(1, 45) : p < 93 ? "7" : p < 95 ? "x" : p < 98 ? 2.0 : 2.5;
            case "t1.a" -> p < 80 ? small() : p < 84 ? null : p < 90 ? BIGS[r.nextInt(BIGS.length)] : p < 95 ? (r.nextBoolean() ? "10" : " 7") : any();
            case "t1.b", "t3.y", "t4.c" -> p < 70 ? text() : p < 80 ? null : p < 83 ? "abcdefghijklmn" : any();
            case "t1.c" -> p < 60 ? REALS[r.nextInt(REALS.length)] : p < 80 ? small() : any();
            case "t1.d" -> p < 50 ? blobs[r.nextInt(blobs.length)] : p < 70 ? null : any();
            case "t1.e" -> p < 50 ? null : p < 80 ? (Object) (long) r.nextInt(1, 15) : any();
            case "t2.k" -> p < 85 ? key() : p < 90 ? null : any();
            case "t2.w" -> p < 40 ? null : p < 90 ? wkey() : any();
            case "t2.n" -> p < 88 ? small() : p < 93 ? null : any();
            case "t3.id" -> p < 75 ? null : (long) r.nextInt(1, 60);
            case "t3.x" -> p < 60 ? small() : p < 75 ? null : any();
            case "t4.a", "t4.b" -> p < 92 ? (Object) (long) r.nextInt(7) : p < 96 ? null : any();
            case "t5.p" -> p < 70 ? (Object) (long) r.nextInt(9) : p < 80 ? null : any();
            case "t5.q" -> p < 80 ? new String[]{"a", "A", "b", "B", "abc", "ABC", "Abc"}[r.nextInt(7)] : any();
            case "t6.id" -> p < 60 ? null : p < 97 ? (Object) (long) r.nextInt(1, 40) : "x";
            case "t6.u" -> p < 20 ? null : p < 90 ? wkey() : any();
            case "t6.v" -> p < 85 ? small() : p < 88 ? (Object) (-6L) : p < 92 ? null : any();
            case "t6.w" -> p < 60 ? REALS[r.nextInt(REALS.length)] : any();
            case "audit.tbl", "audit.op" -> text();
            case "t7.id" -> p < 70 ? null : (long) r.nextInt(1, 40);
            // mostly ids that t1 has, some it may not have (a foreign-key violation)
            case "t7.pid" -> p < 75 ? (Object) (long) r.nextInt(1, 45) : p < 90 ? null : p < 95 ? (long) r.nextInt(100, 200) : any();
            case "t7.lvl" -> p < 80 ? (Object) (long) r.nextInt(3) : any();
            default -> p < 60 ? small() : any(); // t2.v, t3.z, t4.d, t5.r, audit.*
        };
    }

    /** A text or blob larger than a page: the record spills to overflow pages. */
    private Object large() {
        int n = 1000 + r.nextInt(12000);
        if (r.nextBoolean()) {
            return String.valueOf((char) ('a' + r.nextInt(3))).repeat(n) + n;
        }
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) (i * 7 + n);
        }
        // x'01ff' aside, a blob that is not UTF-8 turns into such text in text functions
        return avoid.contains("invalid-utf8") ? (Object) ("B" + n).repeat(n / 5) : b;
    }

    private Object small() {
        return (long) r.nextInt(-3, 21);
    }

    private String text() {
        return TEXTS[r.nextInt(TEXTS.length)];
    }

    private String key() {
        return "k" + r.nextInt(26);
    }

    private String wkey() {
        return "w" + r.nextInt(16);
    }

    private Object any() {
        int p = r.nextInt(100);
        if (p < 35) {
            return small();
        } else if (p < 45) {
            return null;
        } else if (p < 65) {
            return text();
        } else if (p < 80) {
            return REALS[r.nextInt(REALS.length)];
        } else if (p < 89) {
            return blobs[r.nextInt(blobs.length)].clone();
        } else if (p < 98) {
            return BIGS[r.nextInt(BIGS.length)];
        } else {
            return large();
        }
    }

    // ---- text

    /** SQL text being built, with its values either written as literals or bound as {@code ?}. */
    private static final class Sql {
        final StringBuilder sb = new StringBuilder();
        final List<Object> params;

        Sql(boolean parameters) {
            params = parameters ? new ArrayList<>() : null;
        }

        Sql s(String text) {
            sb.append(text);
            return this;
        }

        Sql lit(Object value) {
            if (params != null) {
                sb.append('?');
                params.add(value);
            } else {
                sb.append(literal(value));
            }
            return this;
        }
    }

    static String literal(Object v) {
        if (v == null) {
            return "NULL";
        } else if (v instanceof Long || v instanceof Integer) {
            return v.toString();
        } else if (v instanceof Double d) {
            // Java's shortest round-trip text; SQLite reads 1.0E300 and -0.0 as REAL
            return d.toString();
        } else if (v instanceof String s) {
            return "'" + s.replace("'", "''") + "'";
        } else if (v instanceof byte[] b) {
            return "x'" + HexFormat.of().formatHex(b) + "'";
        }
        throw new IllegalArgumentException(String.valueOf(v));
    }

    static String render(List<Object> values) {
        List<String> out = new ArrayList<>();
        for (Object v : values) {
            out.add(literal(v));
        }
        return out.toString();
    }
}
