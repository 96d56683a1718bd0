package org.graalite.language;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.proxy.ProxyExecutable;
import org.graalvm.polyglot.proxy.ProxyObject;
import org.junit.jupiter.api.Test;

/**
 * Functions and aggregates created with integer kinds (createFunction's, createAggregate's and
 * createWindowFunction's last boolean; GuestCallbackMembers) receive, before their SQL
 * arguments, a string saying which arguments are INTEGERs, on SQLite's own VDBE (the native
 * tier, through UserFunctions) and on the Truffle tier (its call nodes), and the INTEGERs
 * themselves exactly, 2^53 + 1 and -2^63 included. What JavaScript's safe integers stand on.
 */
class IntegerKindsTest {
    /** One row per kind of value: INTEGERs beyond 2^53 and at -2^63, 5 and 5.0, NULL, TEXT, BLOB, REAL. */
    private static final String DATA = "create table t(id integer primary key, v);"
                    + " insert into t(v) values (9007199254740993), (5), (5.0), (null), ('text'), (x'0102'), (-9223372036854775808), (2.5)";

    /** The kinds of t.v in id order: '1' for each INTEGER. */
    private static final String KINDS_OF_V = "11000010";

    /**
     * The kinds it receives, then each INTEGER argument as the long it reads (":" before each):
     * a wrong kind or a rounded integer shows in the text.
     */
    private static String describe(Value kinds, Value[] arguments, int first) {
        StringBuilder text = new StringBuilder(kinds.asString());
        for (int i = first; i < arguments.length; i++) {
            if (kinds.asString().charAt(i - first) == '1') {
                text.append(':').append(arguments[i].asLong());
            }
        }
        return text.toString();
    }

    private static final ProxyExecutable DESCRIBE = args -> describe(args[0], args, 1);

    /** An aggregate of the object shape: step(kinds, x) and inverse(kinds, x) log what they receive. */
    private static ProxyObject kindsLog() {
        StringBuilder log = new StringBuilder();
        return ProxyObject.fromMap(Map.of(
                        "step", (ProxyExecutable) args -> log.append('+').append(describe(args[0], args, 1)),
                        "inverse", (ProxyExecutable) args -> log.append('-').append(args[0].asString()),
                        "value", (ProxyExecutable) args -> log.toString(),
                        "finalize", (ProxyExecutable) args -> log.toString()));
    }

    private static List<List<Object>> query(Context c, String sql) {
        return SqlContexts.rows(c.eval("sql", sql));
    }

    private static List<Object> column(Context c, String sql) {
        return query(c, sql).stream().map(row -> row.get(0)).toList();
    }

    @Test
    void functionsAndAggregatesReceiveTheKindsOfTheirArgumentsOnBothTiers() {
        for (String tier : List.of("native", "truffle")) {
            try (Context c = SqlContexts.create(tier)) {
                Value connection = c.getBindings("sql");
                connection.invokeMember("createFunction", "describe", -1, DESCRIBE, true, true);
                connection.invokeMember("createFunction", "describe1", 1, DESCRIBE, true, true);
                // Without the flag: no leading argument (and the Truffle tier's ordinary call).
                connection.invokeMember("createFunction", "count_args", -1, (ProxyExecutable) args -> args.length, true, false);
                connection.invokeMember("createAggregate", "object_kinds", 1, (ProxyExecutable) args -> kindsLog(), true);
                connection.invokeMember("createAggregate", "state_kinds", 1, (ProxyExecutable) args -> "",
                                (ProxyExecutable) args -> args[0].asString() + describe(args[1], args, 2) + ";", (ProxyExecutable) args -> args[0].asString(), true);
                connection.invokeMember("createWindowFunction", "window_kinds", 1, (ProxyExecutable) args -> kindsLog(), true);
                c.eval("sql", DATA);

                List<Object> byRow = List.of("1:9007199254740993", "1:5", "0", "0", "0", "0", "1:-9223372036854775808", "0");
                assertEquals(byRow, column(c, "select describe(v) from t order by id"), tier + ": varargs call");
                assertEquals(byRow, column(c, "select describe1(v) from t order by id"), tier + ": one-argument call");
                // Seven arguments (past IntegerKinds' prebuilt strings), none, and constants.
                assertEquals(List.of("1100111:9007199254740993:1:1:2:3"), column(c, "select describe(v, id, v * 1.0, 'x', 1, 2, 3) from t where id = 1"), tier);
                assertEquals(List.of(""), column(c, "select describe()"), tier);
                assertEquals(List.of("1001:9223372036854775807:-5"), column(c, "select describe(9223372036854775807, 5.0, null, -5)"), tier);
                assertEquals(List.of(2L), column(c, "select count_args(1, 2)"), tier + ": a function without the flag gets its arguments only");

                assertEquals(List.of("+1:9007199254740993+1:5+0+0+0+0+1:-9223372036854775808+0"), column(c, "select object_kinds(v) from t"), tier + ": object-shape aggregate");
                assertEquals(List.of("1:9007199254740993;1:5;0;0;0;0;1:-9223372036854775808;0;"), column(c, "select state_kinds(v) from t"), tier + ": functions-shape aggregate");
                // A frame of two rows: each row enters with its kinds and leaves with them.
                List<Object> frames = column(c, "select window_kinds(v) over (order by id rows between 1 preceding and current row) from t order by id");
                assertEquals("+1:9007199254740993+1:5-1+0-1+0-0+0-0+0-0+1:-9223372036854775808-0+0", frames.get(frames.size() - 1), tier + ": window function");
                assertEquals(List.of("+1:9007199254740993+1:5+0+0+0+0+1:-9223372036854775808+0"), column(c, "select window_kinds(v) from t"), tier + ": window function as an aggregate");

                if (tier.equals("truffle")) {
                    assertTrue(connection.getMember("truffleExecutions").asLong() > 0, "the queries ran on the Truffle tier");
                }
            }
        }
    }

    @Test
    void theFlagMustBeABoolean() {
        try (Context c = SqlContexts.create("native")) {
            Value connection = c.getBindings("sql");
            assertThrows(IllegalArgumentException.class, () -> connection.invokeMember("createFunction", "f", 1, DESCRIBE, true, "yes"));
            assertThrows(IllegalArgumentException.class, () -> connection.invokeMember("createWindowFunction", "w", 1, (ProxyExecutable) args -> kindsLog(), 1));
        }
    }

    /** The prebuilt strings agree with the ones built for many arguments: bit i is argument i. */
    @Test
    void kindsSayWhichValuesAreLongs() {
        Object[] values = {1L, 1.0, "1", null, new byte[0], Long.MIN_VALUE, 7, 2L};
        assertEquals("10000101", org.graalite.runtime.IntegerKinds.of(values));
        assertEquals("0000101", org.graalite.runtime.IntegerKinds.of(values, 1, 7));
        assertEquals("101", org.graalite.runtime.IntegerKinds.of(values, 5, 3));
        assertEquals("1000", org.graalite.runtime.IntegerKinds.of(values, 0, 4));
        assertEquals("", org.graalite.runtime.IntegerKinds.of(new Object[0]));
    }
}
