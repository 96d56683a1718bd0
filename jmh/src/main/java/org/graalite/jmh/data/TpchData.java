package org.graalite.jmh.data;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.trino.tpch.TpchColumn;
import io.trino.tpch.TpchEntity;
import io.trino.tpch.TpchTable;

/**
 * TPC-H data from io.trino.tpch (the Java port of dbgen: deterministic for a scale factor),
 * with the specification's table and column names. Keys and INTEGER columns are INTEGER,
 * money and quantities DECIMAL(15,2), dates DATE (ISO text in SQLite), text VARCHAR(n).
 * Primary keys as in the specification; the "-idx" variant adds the usual secondary indexes
 * on the foreign keys and the date columns that the queries filter on.
 */
public final class TpchData {
    private static final Map<String, List<String>> PRIMARY_KEYS = Map.of(
                    "customer", List.of("c_custkey"),
                    "orders", List.of("o_orderkey"),
                    "lineitem", List.of("l_orderkey", "l_linenumber"),
                    "part", List.of("p_partkey"),
                    "partsupp", List.of("ps_partkey", "ps_suppkey"),
                    "supplier", List.of("s_suppkey"),
                    "nation", List.of("n_nationkey"),
                    "region", List.of("r_regionkey"));

    /** The usual secondary indexes of a TPC-H database (foreign keys and filtered dates). */
    public static final List<String> SECONDARY_INDEXES = List.of(
                    "CREATE INDEX lineitem_shipdate ON lineitem (l_shipdate)",
                    "CREATE INDEX lineitem_part_supp ON lineitem (l_partkey, l_suppkey)",
                    "CREATE INDEX lineitem_supp ON lineitem (l_suppkey)",
                    "CREATE INDEX orders_cust ON orders (o_custkey)",
                    "CREATE INDEX orders_date ON orders (o_orderdate)",
                    "CREATE INDEX partsupp_supp ON partsupp (ps_suppkey)",
                    "CREATE INDEX customer_nation ON customer (c_nationkey)",
                    "CREATE INDEX supplier_nation ON supplier (s_nationkey)",
                    "CREATE INDEX nation_region ON nation (n_regionkey)");

    private TpchData() {
    }

    public static String scaleName(double sf) {
        return BigDecimal.valueOf(sf).stripTrailingZeros().toPlainString();
    }

    public static Dataset ensure(double sf, boolean indexes) {
        return ensure(Dataset.defaultDirectory(), sf, indexes);
    }

    public static Dataset ensure(Path directory, double sf, boolean indexes) {
        String name = "tpch-sf" + scaleName(sf);
        Dataset base = DataWriter.ensure(directory, name, "TPC-H scale factor " + scaleName(sf) + " (io.trino.tpch 1.4), primary keys only", tables(), out -> generate(out, sf), List.of());
        if (!indexes) {
            return base;
        }
        return DataWriter.derive(base, name + "-idx", "TPC-H scale factor " + scaleName(sf) + " with secondary indexes", SECONDARY_INDEXES);
    }

    private static List<Table> tables() {
        List<Table> tables = new ArrayList<>();
        for (TpchTable<?> t : TpchTable.getTables()) {
            tables.add(table(t));
        }
        return tables;
    }

    private static Table table(TpchTable<?> t) {
        List<Table.Column> cols = new ArrayList<>();
        for (TpchColumn<?> c : t.getColumns()) {
            cols.add(switch (c.getType().getBase()) {
                case IDENTIFIER, INTEGER -> Table.col(c.getColumnName(), Table.Type.INTEGER);
                case DOUBLE -> Table.col(c.getColumnName(), Table.Type.DECIMAL);
                case DATE -> Table.col(c.getColumnName(), Table.Type.DATE);
                case VARCHAR -> Table.col(c.getColumnName(), Table.Type.VARCHAR, c.getType().getPrecision().orElse(0L).intValue());
            });
        }
        return new Table(t.getTableName(), cols, PRIMARY_KEYS.get(t.getTableName()));
    }

    private static void generate(DataWriter out, double sf) throws java.sql.SQLException {
        for (TpchTable<?> t : TpchTable.getTables()) {
            write(out, t, table(t), sf);
        }
    }

    private static <E extends TpchEntity> void write(DataWriter out, TpchTable<E> t, Table table, double sf) throws java.sql.SQLException {
        List<TpchColumn<E>> columns = t.getColumns();
        Object[] row = new Object[columns.size()];
        for (E e : t.createGenerator(sf, 1, 1)) {
            for (int i = 0; i < row.length; i++) {
                TpchColumn<E> c = columns.get(i);
                row[i] = switch (c.getType().getBase()) {
                    case IDENTIFIER -> c.getIdentifier(e);
                    case INTEGER -> c.getInteger(e);
                    case DOUBLE -> c.getDouble(e);
                    case DATE -> LocalDate.ofEpochDay(c.getDate(e));
                    case VARCHAR -> c.getString(e);
                };
            }
            out.insert(table, row);
        }
    }
}
