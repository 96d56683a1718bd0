package org.graalite.language;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.proxy.ProxyObject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The {@code sql} language as polyglot callers use it (native tier). */
class PolyglotApiTest {
    private Context context;

    @BeforeEach
    void open() {
        context = SqlContexts.create("native");
    }

    @AfterEach
    void close() {
        context.close();
    }

    private Value eval(String sql) {
        return context.eval("sql", sql);
    }

    /** begin, commit and rollback on the connection object; commit and rollback do nothing outside a transaction. */
    @Test
    void transactionsThroughTheConnectionObject() {
        Value db = context.getBindings("sql");
        eval("create table t(a)");
        db.invokeMember("commit");
        db.invokeMember("rollback");
        db.invokeMember("begin");
        assertFalse(db.getMember("autocommit").asBoolean());
        PolyglotException nested = assertThrows(PolyglotException.class, () -> db.invokeMember("begin"));
        assertEquals("cannot start a transaction within a transaction", nested.getMessage());
        eval("insert into t values (1)");
        db.invokeMember("rollback");
        assertTrue(db.getMember("autocommit").asBoolean());
        db.invokeMember("begin");
        eval("insert into t values (2)");
        db.invokeMember("commit");
        assertEquals(List.of(List.of(2L)), SqlContexts.rows(eval("select a from t")));
    }

    /** backup(target, name, pages, progress) copies the database step by step into another connection. */
    @Test
    void backupCopiesIntoAnotherConnection() {
        Value db = context.getBindings("sql");
        eval("create table t(a integer primary key, b); insert into t(b) select printf('%0500d', value) from json_each('[' || (with recursive n(i) as (select 1 union all select i + 1 from n where i < 300) select group_concat(i) from n) || ']')");
        Value target = db.invokeMember("open", ":memory:");
        List<Integer> remaining = new java.util.ArrayList<>();
        db.invokeMember("backup", target, "main", 10, (org.graalvm.polyglot.proxy.ProxyExecutable) args -> remaining.add(args[1].asInt()));
        assertTrue(remaining.size() > 3 && remaining.get(remaining.size() - 1) == 0, remaining.toString());
        assertEquals(List.of(List.of(300L, 150000L)), SqlContexts.rows(target.invokeMember("execute", "select count(*), sum(length(b)) from t")));
        PolyglotException unknown = assertThrows(PolyglotException.class, () -> db.invokeMember("backup", target, "nosuch"));
        assertEquals("unknown database nosuch", unknown.getMessage());
    }

    @Test
    void valuesKeepTheirStorageClass() {
        List<List<Object>> rows = SqlContexts.rows(eval("select 1, 2.5, 'x', x'0aff', null, 2.0, 9223372036854775807"));
        List<Object> row = rows.get(0);
        assertEquals(1L, row.get(0));
        assertEquals(2.5, row.get(1));
        assertEquals("x", row.get(2));
        assertArrayEquals(new byte[]{0x0a, (byte) 0xff}, (byte[]) row.get(3));
        assertEquals(null, row.get(4));
        // A REAL that is a whole number stays a double, not an integer.
        assertEquals(Double.class, row.get(5).getClass());
        assertEquals(Long.MAX_VALUE, row.get(6));
    }

    @Test
    void rowsAreArraysAndReadableByName() {
        Value row = eval("select 7 as a, 'y' as b").getIterator().getIteratorNextElement();
        assertEquals(2, row.getArraySize());
        assertEquals(7, row.getArrayElement(0).asInt());
        assertEquals("y", row.getMember("b").asString());
        assertFalse(row.hasHashEntries(), "a row with hash entries is a dict to GraalPy");
        assertTrue(row.getMemberKeys().containsAll(List.of("a", "b")));
        assertFalse(row.hasMember("c"));
    }

    @Test
    void resultHasColumnNames() {
        Value result = eval("select 1 as one, 2 as two");
        assertEquals(List.of("one", "two"), Arrays.asList(result.getMember("columns").as(String[].class)));
    }

    @Test
    void statementsRunInOrderAndTheLastGivesTheResult() {
        Value result = eval("create table t(a, b); insert into t values (1, 'x'), (2.5, null); select * from t order by a");
        assertEquals(List.of(Arrays.asList(1L, "x"), Arrays.asList(2.5, null)), SqlContexts.rows(result));
        // A query that is not last runs to completion; a trailing comment is not a statement.
        assertEquals(List.of(List.of(2L)), SqlContexts.rows(eval("select * from t; select count(*) from t; -- done")));
    }

    @Test
    void dataChangesReturnTheChangedRowCount() {
        assertEquals(0, eval("create table t(a)").asLong());
        assertEquals(3, eval("insert into t values (1), (2), (3)").asLong());
        assertEquals(2, eval("update t set a = a + 1 where a > 1").asLong());
        assertEquals(0, eval("delete from t where a > 100").asLong());
        assertEquals(3, eval("delete from t").asLong());
        assertTrue(eval("-- nothing but a comment").isNull());
    }

    @Test
    void returningGivesRowsAndChangesAtOnce() {
        eval("create table t(id integer primary key, a)");
        Value result = eval("insert into t(a) values ('p'), ('q') returning id, a");
        // The insert has happened before the rows are read.
        assertEquals(2, eval("select count(*) from t").getIterator().getIteratorNextElement().getArrayElement(0).asInt());
        assertEquals(List.of(Arrays.asList(1L, "p"), Arrays.asList(2L, "q")), SqlContexts.rows(result));
    }

    @Test
    void positionalParameters() {
        eval("create table t(a, b)");
        Value insert = eval("insert into t values (?, ?)");
        assertTrue(insert.canExecute());
        assertEquals(1, insert.execute(1, "one").asInt());
        assertEquals(1, insert.execute(2.5, null).asInt());
        assertEquals(1, insert.execute(true, ByteBuffer.wrap(new byte[]{1, 2})).asInt());
        Value select = eval("select a, b from t where a >= ?1 order by a");
        List<List<Object>> all = SqlContexts.rows(select.execute(0));
        assertEquals(3, all.size());
        // true binds as the integer 1; the byte buffer as a BLOB.
        assertTrue(all.stream().anyMatch(r -> r.get(0).equals(1L) && r.get(1) instanceof byte[] b && Arrays.equals(b, new byte[]{1, 2})), all.toString());
        List<List<Object>> rows = SqlContexts.rows(select.execute(2));
        assertEquals(List.of(Arrays.asList(2.5, null)), rows);
        PolyglotException wrongCount = assertThrows(PolyglotException.class, () -> insert.execute(1));
        assertTrue(wrongCount.getMessage().contains("2 parameters"), wrongCount.getMessage());
    }

    @Test
    void namedParametersFromAMap() {
        eval("create table t(a, b, c)");
        Value insert = eval("insert into t values (:a, @b, $c)");
        insert.execute(ProxyObject.fromMap(Map.of("a", 1, "b", "two", "c", 3.5)));
        assertEquals(List.of(Arrays.asList(1L, "two", 3.5)), SqlContexts.rows(eval("select * from t")));
        assertEquals(List.of(":a", "@b", "$c"), Arrays.asList(insert.getMember("parameters").as(String[].class)));
    }

    @Test
    void aNewExecutionMakesTheOldResultStale() {
        eval("create table t(a); insert into t values (1), (2), (3)");
        Value select = eval("select a from t where a > ?");
        Value first = select.execute(0);
        Value it = first.getIterator();
        it.getIteratorNextElement();
        Value second = select.execute(1);
        assertThrows(PolyglotException.class, it::hasIteratorNextElement);
        assertEquals(2, SqlContexts.rows(second).size());
    }

    @Test
    void parametersNeedALoneStatement() {
        PolyglotException e = assertThrows(PolyglotException.class, () -> eval("select 1; select ?"));
        assertTrue(e.getMessage().contains("parameters"), e.getMessage());
    }

    @Test
    void connectionObjectPreparesWithoutRunning() {
        Value connection = context.getBindings("sql");
        eval("create table t(a)");
        Value insert = connection.invokeMember("prepare", "insert into t values (42)");
        assertEquals(0, SqlContexts.rows(eval("select * from t")).size());
        assertEquals(1, insert.execute().asInt());
        assertEquals(1, connection.getMember("changes").asInt());
        assertEquals(1, connection.getMember("lastInsertRowid").asInt());
        assertTrue(connection.getMember("autocommit").asBoolean());
        eval("begin");
        assertFalse(connection.getMember("autocommit").asBoolean());
        eval("rollback");
        assertEquals("3.54.1", connection.getMember("sqliteVersion").asString());
        assertEquals(List.of(List.of(42L)), SqlContexts.rows(connection.invokeMember("execute", "select a from t where a = ?", 42)));
    }

    @Test
    void fileDatabaseIsSharedBetweenContexts(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
        String path = dir.resolve("shared.db").toString();
        try (Context a = SqlContexts.create("native", path); Context b = SqlContexts.create("native", path)) {
            a.eval("sql", "create table t(a); insert into t values ('from a')");
            assertEquals(List.of(List.of("from a")), SqlContexts.rows(b.eval("sql", "select a from t")));
        }
    }
}
