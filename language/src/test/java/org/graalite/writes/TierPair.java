package org.graalite.writes;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.graalite.language.SqlContexts;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Value;

/**
 * One connection of a differential run: a context on one tier and its connection object.
 * Outcomes are rendered as text so that two tiers can be compared with {@code equals}.
 */
final class TierPair {
    private TierPair() {
    }

    static final class Side implements AutoCloseable {
        final String tier;
        final Context context;
        final Value connection;
        /** Parameterized statements, prepared once and run again with other values. */
        private final Map<String, Value> prepared = new HashMap<>();

        Side(String tier, String database) {
            this.tier = tier;
            this.context = SqlContexts.create(tier, database);
            this.connection = context.getBindings("sql");
        }

        /** Runs one statement: "changes N", "rows [...]" or "error CODE message". */
        String run(String sql, List<Object> params) {
            try {
                Value result;
                if (params == null) {
                    result = context.eval("sql", sql);
                } else {
                    Value statement = prepared.get(sql);
                    if (statement == null) {
                        statement = context.eval("sql", sql);
                        prepared.put(sql, statement);
                    }
                    result = statement.execute(bind(params));
                }
                return outcome(result);
            } catch (PolyglotException e) {
                return error(e);
            }
        }

        /** The connection's state after a statement: what SQLite's C API would report. */
        String state() {
            return "changes=" + connection.getMember("changes").asLong() + " total=" + connection.getMember("totalChanges").asLong() + " lastRowid=" +
                            connection.getMember("lastInsertRowid").asLong() + " autocommit=" + connection.getMember("autocommit").asBoolean();
        }

        boolean autocommit() {
            return connection.getMember("autocommit").asBoolean();
        }

        long truffleExecutions() {
            return connection.getMember("truffleExecutions").asLong();
        }

        long nativeExecutions() {
            return connection.getMember("nativeExecutions").asLong();
        }

        /** All rows of a query, one rendered line each. */
        List<String> query(String sql) {
            List<String> lines = new ArrayList<>();
            for (List<Object> row : SqlContexts.rows(context.eval("sql", sql))) {
                lines.add(renderRow(row));
            }
            return lines;
        }

        @Override
        public void close() {
            context.close();
        }
    }

    static Object[] bind(List<Object> params) {
        Object[] args = new Object[params.size()];
        for (int i = 0; i < args.length; i++) {
            Object v = params.get(i);
            args[i] = v instanceof byte[] b ? ByteBuffer.wrap(b.clone()) : v;
        }
        return args;
    }

    static String outcome(Value result) {
        if (result.hasIterator()) {
            List<String> rows = new ArrayList<>();
            for (List<Object> row : SqlContexts.rows(result)) {
                rows.add(renderRow(row));
            }
            return "rows " + rows;
        } else if (result.isNumber()) {
            return "changes " + result.asLong();
        } else if (result.isNull()) {
            return "null";
        }
        return "other " + result;
    }

    static String error(PolyglotException e) {
        if (e.isGuestException() && e.getGuestObject() != null && e.getGuestObject().hasMember("code")) {
            return "error " + e.getGuestObject().getMember("code").asInt() + " " + e.getMessage();
        }
        // not an SQLite error: a defect in Graalite (or a host exception); never equal to the oracle's outcome
        return "INTERNAL " + (e.isInternalError() ? "internal error " : "") + e;
    }

    /** A row with storage classes visible: 1, 2.0, 'text', x'blob', NULL. */
    static String renderRow(List<Object> row) {
        StringBuilder sb = new StringBuilder("(");
        for (Object v : row) {
            if (sb.length() > 1) {
                sb.append(", ");
            }
            sb.append(WriteWorkload.literal(v));
        }
        return sb.append(')').toString();
    }
}
