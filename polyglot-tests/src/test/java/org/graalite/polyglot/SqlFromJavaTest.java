package org.graalite.polyglot;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.proxy.ProxyObject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The scenario of the Python and JavaScript programs, from Java through the polyglot {@link Value} API. */
class SqlFromJavaTest {
    private Context context;

    @BeforeEach
    void open() {
        context = Polyglot.newContext();
    }

    @AfterEach
    void close() {
        context.close();
    }

    private Value sql(String text) {
        return context.eval("sql", text);
    }

    /** Reads every row of a query result as a list of Java values (Long, Double, String, null). */
    private static List<List<Object>> rows(Value result) {
        List<List<Object>> rows = new ArrayList<>();
        Value iterator = result.getIterator();
        while (iterator.hasIteratorNextElement()) {
            Value row = iterator.getIteratorNextElement();
            List<Object> values = new ArrayList<>();
            for (long i = 0; i < row.getArraySize(); i++) {
                Value v = row.getArrayElement(i);
                values.add(v.isNull() ? null : v.as(Object.class));
            }
            rows.add(values);
        }
        return rows;
    }

    @Test
    void basicScenario() {
        assertEquals(0, sql("create table people(id integer primary key, name text not null, born integer)").asLong(), "DDL changes no rows");

        Value insert = sql("insert into people(name, born) values (?, ?)");
        assertTrue(insert.canExecute(), "a statement with parameters is returned prepared, not run");
        assertEquals(2, insert.getMember("parameterCount").asInt());
        assertEquals(1, insert.execute("Ada", 1815).asLong());
        assertEquals(1, insert.execute("Grace", 1906).asLong());
        assertEquals(1, insert.invokeMember("execute", "Edsger", 1930).asLong());

        Value result = sql("select id, name, born from people where born > 1900 order by born");
        assertEquals(List.of("id", "name", "born"), result.getMember("columns").as(List.class));
        Value iterator = result.getIterator();
        List<String> seen = new ArrayList<>();
        while (iterator.hasIteratorNextElement()) {
            Value row = iterator.getIteratorNextElement();
            // The same column by position and as a member; rows are not hash maps (see Row's Javadoc).
            assertEquals(row.getArrayElement(1).asString(), row.getMember("name").asString());
            assertEquals(3, row.getArraySize());
            seen.add(row.getArrayElement(0).asLong() + ":" + row.getMember("name").asString() + ":" + row.getMember("born").asInt());
        }
        assertEquals(List.of("2:Grace:1906", "3:Edsger:1930"), seen);

        assertEquals(2, sql("update people set born = born + 1 where born > 1900").asLong(), "changed-row count of UPDATE");
        assertEquals(1, sql("delete from people where name = 'Ada'").asLong(), "changed-row count of DELETE");

        PolyglotException e = assertThrows(PolyglotException.class, () -> sql("selec name from people"));
        assertTrue(e.isSyntaxError(), "a syntax error is a guest parse error");
        assertTrue(e.isGuestException());
        assertEquals("near \"selec\": syntax error", e.getMessage());
        assertEquals(1, e.getGuestObject().getMember("code").asInt());
    }

    @Test
    void connectionObject() {
        Value db = context.getBindings("sql");
        db.invokeMember("execute", "create table t(a integer primary key, b)");
        Value insert = db.invokeMember("prepare", "insert into t(b) values (?)");
        assertEquals("insert into t(b) values (?)", insert.getMember("sql").asString());
        assertFalse(insert.getMember("readonly").asBoolean());
        assertEquals(1, insert.execute("x").asLong());
        assertEquals(1, insert.execute("y").asLong());
        assertEquals(2, db.getMember("lastInsertRowid").asLong());
        assertEquals(1, db.getMember("changes").asLong());
        assertEquals(2, db.getMember("totalChanges").asLong());

        assertTrue(db.getMember("autocommit").asBoolean());
        db.invokeMember("execute", "begin");
        assertFalse(db.getMember("autocommit").asBoolean(), "inside an explicit transaction");
        assertEquals(2, db.invokeMember("execute", "update t set b = b || ?", "!").asLong());
        db.invokeMember("execute", "rollback");
        assertTrue(db.getMember("autocommit").asBoolean());
        assertEquals(List.of(List.of("x"), List.of("y")), rows(sql("select b from t order by a")), "the rollback undid the update");

        // A prepared query is not run until executed; each execution starts from the first row.
        Value query = db.invokeMember("prepare", "select count(*) from t");
        assertEquals(List.of(List.of(2L)), rows(query.execute()));
        assertEquals(List.of(List.of(2L)), rows(query.execute()));
        assertEquals("3.54.1", db.getMember("sqliteVersion").asString());
        if (Polyglot.TIER.equals("native")) {
            assertTrue(db.getMember("nativeExecutions").asLong() > 0, "sql.Tier=native ran the statements natively");
            assertEquals(0, db.getMember("truffleExecutions").asLong(), "sql.Tier=native never uses the Truffle tier");
        }
    }

    @Test
    void typesArePreserved() {
        sql("create table v(i integer, r real, t text, b blob, x)");
        Value insert = sql("insert into v values (?, ?, ?, ?, ?)");
        assertEquals(1, insert.execute(42, 2.0, "zwölf", ByteBuffer.wrap(new byte[]{0, 1, (byte) 0xfe, (byte) 0xff}), null).asLong());

        Value row = sql("select i, r, t, b, x, typeof(i), typeof(r), typeof(b), typeof(x) from v").getIterator().getIteratorNextElement();
        // INTEGER is a Long, REAL a Double even when whole, TEXT a String.
        assertInstanceOf(Long.class, row.getMember("i").as(Object.class));
        assertEquals(42L, row.getMember("i").as(Object.class));
        assertInstanceOf(Double.class, row.getMember("r").as(Object.class), "a whole REAL stays a Double");
        assertEquals(2.0, row.getMember("r").asDouble());
        assertEquals("zwölf", row.getMember("t").asString());
        assertTrue(row.getMember("x").isNull(), "NULL");
        assertEquals(List.of("integer", "real", "blob", "null"),
                        List.of(row.getArrayElement(5).asString(), row.getArrayElement(6).asString(), row.getArrayElement(7).asString(), row.getArrayElement(8).asString()));

        // A BLOB comes back as a read-only interop buffer with the bytes that were bound.
        Value blob = row.getMember("b");
        assertTrue(blob.hasBufferElements());
        assertFalse(blob.isBufferWritable());
        byte[] bytes = new byte[(int) blob.getBufferSize()];
        blob.readBuffer(0, bytes, 0, bytes.length);
        assertArrayEquals(new byte[]{0, 1, (byte) 0xfe, (byte) 0xff}, bytes);
        assertEquals((byte) 0xfe, blob.readBufferByte(2));

        // Java values bind by type: an integral box INTEGER, a Double REAL even when whole.
        Value typeOf = sql("select typeof(?)");
        assertEquals("integer", typeOf.execute(3).getIterator().getIteratorNextElement().getArrayElement(0).asString());
        assertEquals("integer", typeOf.execute(3L).getIterator().getIteratorNextElement().getArrayElement(0).asString());
        assertEquals("real", typeOf.execute(3.0).getIterator().getIteratorNextElement().getArrayElement(0).asString());
        assertEquals("integer", typeOf.execute(true).getIterator().getIteratorNextElement().getArrayElement(0).asString());
        assertEquals("null", typeOf.execute((Object) null).getIterator().getIteratorNextElement().getArrayElement(0).asString());
    }

    @Test
    void namedParameters() {
        sql("create table kv(k text primary key, v)");
        Value put = sql("insert into kv values (:key, $value)");
        assertEquals(List.of(":key", "$value"), put.getMember("parameters").as(List.class));
        assertEquals(1, put.execute(Map.of("key", "a", "value", 1)).asLong(), "from a java.util.Map");
        assertEquals(1, put.execute(ProxyObject.fromMap(Map.of("key", "b", "value", 2.5))).asLong(), "from a ProxyObject");
        assertEquals(List.of(List.of("a", 1L), List.of("b", 2.5)), rows(sql("select k, v from kv order by k")));
        PolyglotException e = assertThrows(PolyglotException.class, () -> put.execute(Map.of("key", "c")));
        assertTrue(e.getMessage().contains("$value"), e.getMessage());
    }

    @Test
    void errorMembers() {
        sql("create table u(id integer primary key, email text unique)");
        sql("insert into u(email) values ('a@example.org')");
        PolyglotException e = assertThrows(PolyglotException.class, () -> sql("insert into u(email) values ('a@example.org')"));
        assertFalse(e.isSyntaxError());
        assertEquals("UNIQUE constraint failed: u.email", e.getMessage());
        Value error = e.getGuestObject();
        assertTrue(error.isException());
        assertEquals(2067, error.getMember("code").asInt());
        assertEquals(19, error.getMember("primaryCode").asInt());
        assertEquals("SQLITE_CONSTRAINT_UNIQUE", error.getMember("codeName").asString());
        assertEquals(e.getMessage(), error.getMember("message").asString());
    }

    /** Regression: ResultCodes once named code 1 SQLITE_ROLLBACK (sqlite3.h constants that are not result codes overwrote it). */
    @Test
    void genericErrorsAreNamedSqliteError() {
        PolyglotException e = assertThrows(PolyglotException.class, () -> sql("select * from missing_table"));
        assertEquals("SQLITE_ERROR", e.getGuestObject().getMember("codeName").asString());
        e = assertThrows(PolyglotException.class, () -> sql("selec 1"));
        assertEquals("SQLITE_ERROR", e.getGuestObject().getMember("codeName").asString());
    }

    /**
     * Regression: with the default sql.Tier (auto) the first statement once crashed the JVM
     * (ProgramReader read SQLite's opcode-name table past its end, for opcodes 0..255).
     */
    @Test
    void theDefaultTierRunsAQuery() {
        try (Context c = Context.newBuilder("sql").engine(Polyglot.ENGINE).allowAllAccess(true).build()) {
            assertEquals(List.of(List.of(1L)), rows(c.eval("sql", "select 1")));
        }
    }
}
