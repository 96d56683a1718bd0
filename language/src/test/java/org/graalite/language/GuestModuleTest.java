package org.graalite.language;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.proxy.ProxyArray;
import org.graalvm.polyglot.proxy.ProxyExecutable;
import org.graalvm.polyglot.proxy.ProxyIterable;
import org.graalvm.polyglot.proxy.ProxyObject;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Virtual tables written by the caller (the connection object's createModule, which
 * better-sqlite3's Database#table uses in Graalite's JavaScript module): an eponymous table
 * with parameters, a factory of CREATE VIRTUAL TABLE tables, joins with ordinary tables, the
 * plan's rules on parameters, and errors: what the guest throws comes out of the statement as
 * itself, and the connection goes on. On the native tier and on the Truffle tier, which runs
 * SQLite's virtual-table opcodes through the shim into the same module.
 */
class GuestModuleTest {
    /** The calls of rows(...), with their arguments (a NULL argument must not call it). */
    private final List<List<Object>> calls = new ArrayList<>();

    /**
     * The eponymous table series(start, stop): the integers from start to stop, with their
     * squares; start defaults to 1 and stop to 3 where the query gives none.
     */
    private ProxyExecutable series() {
        ProxyExecutable rows = args -> {
            Value given = args[0];
            long start = given.getArrayElement(0).isNull() ? 1 : given.getMember("start").asLong();
            long stop = given.getArrayElement(1).isNull() ? 3 : given.getArrayElement(1).asLong();
            calls.add(Arrays.asList(SqlContexts.hostValue(given.getArrayElement(0)), SqlContexts.hostValue(given.getArrayElement(1))));
            List<Object> out = new ArrayList<>();
            for (long i = start; i <= stop; i++) {
                out.add(ProxyArray.fromArray(start, stop, i, i * i));
            }
            return ProxyIterable.from(out);
        };
        return definition("CREATE TABLE x(\"start\" HIDDEN, \"stop\" HIDDEN, value, square)", List.of("start", "stop"), rows);
    }

    private static ProxyExecutable definition(String declaration, List<String> parameters, ProxyExecutable rows) {
        return args -> ProxyObject.fromMap(Map.of("declaration", declaration, "parameters", ProxyArray.fromList(new ArrayList<>(parameters)), "rows", rows));
    }

    private static List<List<Object>> rows(Context c, String sql) {
        return SqlContexts.rows(c.eval("sql", sql));
    }

    @ParameterizedTest
    @ValueSource(strings = {"native", "truffle"})
    void anEponymousTableTakesItsParametersFromTheQuery(String tier) {
        try (Context c = SqlContexts.create(tier)) {
            Value db = c.getBindings("sql");
            db.invokeMember("createModule", "series", series(), true);
            long truffleBefore = db.getMember("truffleExecutions").asLong();
            // Arguments as a table-valued function, and as '=' constraints on the parameters.
            assertEquals(List.of(List.of(2L, 4L), List.of(3L, 9L)), rows(c, "select value, square from series(2, 3)"));
            assertEquals(List.of(List.of(4L), List.of(5L)), rows(c, "select value from series where start = 4 and stop = 5"));
            // SELECT * leaves the HIDDEN parameters out; they read as the arguments given.
            assertEquals(List.of(List.of(1L, 1L), List.of(2L, 4L)), rows(c, "select * from series(1, 2)"));
            assertEquals(List.of(List.of(7L, 7L, 7L)), rows(c, "select start, stop, value from series(7, 7)"));
            // Parameters without an argument are null to rows(...); rowids count the scan's rows.
            calls.clear();
            assertEquals(List.of(List.of(1L, 1L), List.of(2L, 2L), List.of(3L, 3L)), rows(c, "select rowid, value from series"));
            assertEquals(List.of(Arrays.asList(null, null)), calls);
            // A NULL argument matches nothing: no rows, and rows(...) is not called.
            calls.clear();
            assertEquals(List.of(), rows(c, "select value from series(null, 3)"));
            assertEquals(List.of(), calls);
            // A bound parameter, and joins with an ordinary table (the generator per outer row).
            Value byStop = db.invokeMember("prepare", "select sum(value) from series where stop = ?");
            assertEquals(List.of(List.of(10L)), SqlContexts.rows(byStop.execute(4)));
            db.invokeMember("execute", "create table t(name text, n integer)");
            db.invokeMember("execute", "insert into t values ('one', 1), ('two', 2)");
            assertEquals(List.of(List.of("one", 1L), List.of("two", 1L), List.of("two", 4L)),
                            rows(c, "select t.name, s.square from t join series s on s.stop = t.n order by t.n, s.value"));
            assertEquals(List.of(List.of("two", 2L)), rows(c, "select t.name, s.value from series(1, 3) s join t on t.n = s.value where s.value > 1"));
            // Only '=' makes an argument: another operator on a parameter is SQLite's error.
            PolyglotException lt = assertThrows(PolyglotException.class, () -> rows(c, "select value from series where start < 3"));
            assertTrue(lt.getMessage().contains("virtual table parameter \"start\" can only be constrained by the '=' operator"), lt.getMessage());
            // The statements ran on the tier asked for.
            long truffleRuns = db.getMember("truffleExecutions").asLong() - truffleBefore;
            assertTrue(tier.equals("native") ? truffleRuns == 0 : truffleRuns >= 8, tier + ": " + truffleRuns);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"native", "truffle"})
    void aFactoryDefinesTheTablesOfCreateVirtualTable(String tier) {
        try (Context c = SqlContexts.create(tier)) {
            Value db = c.getBindings("sql");
            List<List<String>> made = new ArrayList<>();
            // kv(k1, k2, ...): one column per argument, one row with each column's name twice.
            ProxyExecutable factory = args -> {
                List<String> names = new ArrayList<>();
                for (Value a : args) {
                    names.add(a.asString());
                }
                made.add(names);
                List<String> columns = names.subList(3, names.size());
                String declaration = "CREATE TABLE x(" + String.join(", ", columns) + ")";
                Object[] row = columns.stream().map(n -> n + n).toArray();
                return ProxyObject.fromMap(Map.of("declaration", declaration, "parameters", ProxyArray.fromArray(), "rows",
                                (ProxyExecutable) rowArgs -> ProxyIterable.from(List.of(ProxyArray.fromArray(row)))));
            };
            db.invokeMember("createModule", "kv", factory, false);
            // Not eponymous: the module alone is no table.
            PolyglotException none = assertThrows(PolyglotException.class, () -> rows(c, "select * from kv"));
            assertTrue(none.getMessage().contains("no such table: kv"), none.getMessage());
            db.invokeMember("execute", "create virtual table m using kv(a, b)");
            assertEquals(List.of("kv", "main", "m", "a", "b"), made.get(0));
            assertEquals(List.of(List.of("aa", "bb")), rows(c, "select * from m"));
            assertEquals(List.of(List.of("bb", 1L)), rows(c, "select b, count(*) from m join (select 1 as one) on one = 1"));
            db.invokeMember("execute", "drop table m");
            assertThrows(PolyglotException.class, () -> rows(c, "select * from m"));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"native", "truffle"})
    void whatTheGuestThrowsComesOutOfTheStatementAsItself(String tier) {
        try (Context c = SqlContexts.create(tier)) {
            Value db = c.getBindings("sql");
            IllegalStateException boom = new IllegalStateException("boom at the second row");
            ProxyExecutable failing = args -> ProxyIterable.from(() -> new java.util.Iterator<Object>() {
                int n;

                @Override
                public boolean hasNext() {
                    if (n == 1) {
                        throw boom;
                    }
                    return true;
                }

                @Override
                public Object next() {
                    return ProxyArray.fromArray((long) ++n);
                }
            });
            db.invokeMember("createModule", "failing", definition("CREATE TABLE x(n)", List.of(), failing), true);
            PolyglotException e = assertThrows(PolyglotException.class, () -> rows(c, "select n from failing"));
            assertTrue(e.isHostException(), e.toString());
            assertSame(boom, e.asHostException(), "the guest's own exception");
            // A value that is executable is called when SQLite reads it: its error comes out, and only when read.
            IllegalArgumentException invalid = new IllegalArgumentException("an invalid value");
            ProxyExecutable lazy = args -> ProxyIterable.from(List.of(ProxyArray.fromArray(1L, (ProxyExecutable) none -> {
                throw invalid;
            })));
            db.invokeMember("createModule", "lazy", definition("CREATE TABLE x(a, b)", List.of(), lazy), true);
            assertEquals(List.of(List.of(1L)), rows(c, "select a from lazy"));
            PolyglotException read = assertThrows(PolyglotException.class, () -> rows(c, "select a, b from lazy"));
            assertSame(invalid, read.asHostException());
            // A factory's exception comes out of CREATE VIRTUAL TABLE.
            UnsupportedOperationException refused = new UnsupportedOperationException("no such table here");
            db.invokeMember("createModule", "refusing", (ProxyExecutable) args -> {
                throw refused;
            }, false);
            PolyglotException create = assertThrows(PolyglotException.class, () -> db.invokeMember("execute", "create virtual table r using refusing()"));
            assertSame(refused, create.asHostException());
            // A row that is not an array, and a definition without rows, are SQLite errors.
            db.invokeMember("createModule", "scalar", definition("CREATE TABLE x(a)", List.of(), args -> ProxyIterable.from(List.of(5L))), true);
            PolyglotException scalar = assertThrows(PolyglotException.class, () -> rows(c, "select a from scalar"));
            assertTrue(!scalar.isHostException() && scalar.getMessage().contains("a row is not an array"), scalar.getMessage());
            db.invokeMember("createModule", "empty", (ProxyExecutable) args -> ProxyObject.fromMap(Map.of("declaration", "CREATE TABLE x(a)")), true);
            PolyglotException empty = assertThrows(PolyglotException.class, () -> rows(c, "select a from empty"));
            assertTrue(empty.getMessage().contains("virtual table module \"empty\""), empty.getMessage());
            // The connection goes on: the same statement runs again, other statements run.
            db.invokeMember("createModule", "failing", definition("CREATE TABLE x(n)", List.of(), args -> ProxyIterable.from(List.of(ProxyArray.fromArray(9L)))), true);
            assertEquals(List.of(List.of(9L)), rows(c, "select n from failing"));
            assertEquals(List.of(List.of(3L)), rows(c, "select 1 + 2"));
            assertTrue(db.getMember("autocommit").asBoolean());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"native", "truffle"})
    void closingTheConnectionReleasesModulesWithScansOpen(String tier) {
        Context c = SqlContexts.create(tier);
        Value db = c.getBindings("sql");
        db.invokeMember("createModule", "series", series(), true);
        Value it = c.eval("sql", "select value from series(1, 100)").getIterator();
        assertEquals(1L, it.getIteratorNextElement().getArrayElement(0).asLong());
        // SQLite closes the open cursor, disconnects the table and drops the module.
        c.close();
    }
}
