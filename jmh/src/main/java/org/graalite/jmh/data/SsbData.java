package org.graalite.jmh.data;

import static org.graalite.jmh.data.Table.col;

import java.nio.file.Path;
import java.sql.SQLException;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.format.TextStyle;
import java.util.List;
import java.util.Locale;

import org.graalite.jmh.data.Table.Type;

/**
 * The Star Schema Benchmark's data (O'Neil, O'Neil, Chen: "Star Schema Benchmark", revision 3),
 * generated here from the specification, deterministic for a scale factor and a seed:
 * <ul>
 * <li>lineorder: SF x 1,500,000 orders of 1 to 7 lines; keys drawn uniformly; order dates
 * 1992-01-01 to 1998-08-02; quantity 1-50, discount 0-10, tax 0-8; money in cents (integers,
 * as ssb-dbgen writes them): extendedprice = quantity x the part's TPC-H retail price,
 * revenue = extendedprice x (100 - discount) / 100, supplycost = 6 x retail price / 10,
 * ordtotalprice the order's sum of extendedprice x (100 + tax) / 100 x (100 - discount) / 100;
 * <li>customer: SF x 30,000; supplier: SF x 2,000 (below scale factor 0.1, at least 1,500
 * customers and 200 suppliers, so that the queries have rows to return); city = the nation's first 9 characters and a
 * digit 0-9 (e.g. "UNITED KI1"); nations and regions of TPC-H;
 * <li>part: 200,000 x floor(1 + log2 SF) parts (SF x 200,000 below SF 1); mfgr MFGR#1-5,
 * category MFGR#11-55, brand1 = category and 1-40 (e.g. MFGR#2221); TPC-H colors, types,
 * sizes and containers;
 * <li>date: every day of 1992-1998, d_datekey = YYYYMMDD.
 * </ul>
 */
public final class SsbData {
    public static final long SEED = 0x55B_2007L;

    static final String[] NATIONS = {"ALGERIA", "ARGENTINA", "BRAZIL", "CANADA", "EGYPT", "ETHIOPIA", "FRANCE", "GERMANY", "INDIA", "INDONESIA", "IRAN", "IRAQ", "JAPAN", "JORDAN",
                    "KENYA", "MOROCCO", "MOZAMBIQUE", "PERU", "CHINA", "ROMANIA", "SAUDI ARABIA", "VIETNAM", "RUSSIA", "UNITED KINGDOM", "UNITED STATES"};
    static final int[] NATION_REGION = {0, 1, 1, 1, 4, 0, 3, 3, 2, 2, 4, 4, 2, 4, 0, 0, 0, 1, 2, 3, 4, 2, 3, 3, 1};
    static final String[] REGIONS = {"AFRICA", "AMERICA", "ASIA", "EUROPE", "MIDDLE EAST"};
    static final String[] SEGMENTS = {"AUTOMOBILE", "BUILDING", "FURNITURE", "MACHINERY", "HOUSEHOLD"};
    static final String[] PRIORITIES = {"1-URGENT", "2-HIGH", "3-MEDIUM", "4-NOT SPECI", "5-LOW"};
    static final String[] SHIP_MODES = {"REG AIR", "AIR", "RAIL", "SHIP", "TRUCK", "MAIL", "FOB"};
    static final String[] COLORS = ("almond antique aquamarine azure beige bisque black blanched blue blush brown burlywood burnished chartreuse chiffon chocolate coral " +
                    "cornflower cornsilk cream cyan dark deep dim dodger drab firebrick floral forest frosted gainsboro ghost goldenrod green grey honeydew hot indian ivory khaki " +
                    "lace lavender lawn lemon light lime linen magenta maroon medium metallic midnight mint misty moccasin navajo navy olive orange orchid pale papaya peach peru " +
                    "pink plum powder puff purple red rose rosy royal saddle salmon sandy seashell sienna sky slate smoke snow spring steel tan thistle tomato turquoise violet " +
                    "wheat white yellow").split(" ");
    static final String[] TYPE1 = {"STANDARD", "SMALL", "MEDIUM", "LARGE", "ECONOMY", "PROMO"};
    static final String[] TYPE2 = {"ANODIZED", "BURNISHED", "PLATED", "POLISHED", "BRUSHED"};
    static final String[] TYPE3 = {"TIN", "NICKEL", "BRASS", "STEEL", "COPPER"};
    static final String[] CONTAINER1 = {"SM", "LG", "MED", "JUMBO", "WRAP"};
    static final String[] CONTAINER2 = {"CASE", "BOX", "BAG", "JAR", "PKG", "PACK", "CAN", "DRUM"};
    private static final String ADDRESS_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789,. ";

    static final Table LINEORDER = new Table("lineorder", List.of(col("lo_orderkey", Type.INTEGER), col("lo_linenumber", Type.INTEGER), col("lo_custkey", Type.INTEGER),
                    col("lo_partkey", Type.INTEGER), col("lo_suppkey", Type.INTEGER), col("lo_orderdate", Type.INTEGER), col("lo_orderpriority", Type.CHAR, 15),
                    col("lo_shippriority", Type.CHAR, 1), col("lo_quantity", Type.INTEGER), col("lo_extendedprice", Type.INTEGER), col("lo_ordtotalprice", Type.INTEGER),
                    col("lo_discount", Type.INTEGER), col("lo_revenue", Type.INTEGER), col("lo_supplycost", Type.INTEGER), col("lo_tax", Type.INTEGER),
                    col("lo_commitdate", Type.INTEGER), col("lo_shipmode", Type.CHAR, 10)), List.of("lo_orderkey", "lo_linenumber"));
    static final Table CUSTOMER = new Table("customer", List.of(col("c_custkey", Type.INTEGER), col("c_name", Type.VARCHAR, 25), col("c_address", Type.VARCHAR, 25),
                    col("c_city", Type.CHAR, 10), col("c_nation", Type.CHAR, 15), col("c_region", Type.CHAR, 12), col("c_phone", Type.CHAR, 15), col("c_mktsegment", Type.CHAR, 10)),
                    List.of("c_custkey"));
    static final Table SUPPLIER = new Table("supplier", List.of(col("s_suppkey", Type.INTEGER), col("s_name", Type.CHAR, 25), col("s_address", Type.VARCHAR, 25),
                    col("s_city", Type.CHAR, 10), col("s_nation", Type.CHAR, 15), col("s_region", Type.CHAR, 12), col("s_phone", Type.CHAR, 15)), List.of("s_suppkey"));
    static final Table PART = new Table("part", List.of(col("p_partkey", Type.INTEGER), col("p_name", Type.VARCHAR, 22), col("p_mfgr", Type.CHAR, 6), col("p_category", Type.CHAR, 7),
                    col("p_brand1", Type.CHAR, 9), col("p_color", Type.VARCHAR, 11), col("p_type", Type.VARCHAR, 25), col("p_size", Type.INTEGER), col("p_container", Type.CHAR, 10)),
                    List.of("p_partkey"));
    static final Table DATE = new Table("date", List.of(col("d_datekey", Type.INTEGER), col("d_date", Type.CHAR, 18), col("d_dayofweek", Type.CHAR, 9), col("d_month", Type.CHAR, 9),
                    col("d_year", Type.INTEGER), col("d_yearmonthnum", Type.INTEGER), col("d_yearmonth", Type.CHAR, 7), col("d_daynuminweek", Type.INTEGER),
                    col("d_daynuminmonth", Type.INTEGER), col("d_daynuminyear", Type.INTEGER), col("d_monthnuminyear", Type.INTEGER), col("d_weeknuminyear", Type.INTEGER),
                    col("d_sellingseason", Type.CHAR, 12), col("d_lastdayinweekfl", Type.INTEGER), col("d_lastdayinmonthfl", Type.INTEGER), col("d_holidayfl", Type.INTEGER),
                    col("d_weekdayfl", Type.INTEGER)), List.of("d_datekey"));

    private SsbData() {
    }

    public static Dataset ensure(double sf) {
        return ensure(Dataset.defaultDirectory(), sf);
    }

    public static Dataset ensure(Path directory, double sf) {
        String name = "ssb-sf" + TpchData.scaleName(sf);
        return DataWriter.ensure(directory, name, "Star Schema Benchmark scale factor " + TpchData.scaleName(sf) + " (seed " + SEED + ")", List.of(PART, SUPPLIER, CUSTOMER, DATE, LINEORDER),
                        out -> generate(out, sf), List.of());
    }

    static int parts(double sf) {
        return sf >= 1 ? 200_000 * (int) Math.floor(1 + Math.log(sf) / Math.log(2)) : Math.max(100, (int) Math.round(200_000 * sf));
    }

    /**
     * SF x 2,000 suppliers, but at least 200: with the specification's 20 suppliers at scale
     * factor 0.01, most nations have none and half the queries return no rows.
     */
    static int suppliers(double sf) {
        return Math.max(200, (int) Math.round(2_000 * sf));
    }

    /** SF x 30,000 customers, but at least 1,500 (as TPC-H at scale factor 0.01). */
    static int customers(double sf) {
        return Math.max(1_500, (int) Math.round(30_000 * sf));
    }

    /** TPC-H's retail price of a part, in cents. */
    static long retailPriceCents(long partkey) {
        return 90_000 + ((partkey / 10) % 20_001) + 100 * (partkey % 1_000);
    }

    static int dateKey(LocalDate d) {
        return d.getYear() * 10_000 + d.getMonthValue() * 100 + d.getDayOfMonth();
    }

    private static void generate(DataWriter out, double sf) throws SQLException {
        Rng rng = new Rng(SEED);
        int parts = parts(sf);
        int suppliers = suppliers(sf);
        int customers = customers(sf);
        long orders = Math.max(1, Math.round(1_500_000 * sf));
        for (int p = 1; p <= parts; p++) {
            int m = rng.between(1, 5);
            int c = rng.between(1, 5);
            int b = rng.between(1, 40);
            String color = rng.pick(COLORS);
            out.insert(PART, p, color + " " + rng.pick(COLORS), "MFGR#" + m, "MFGR#" + m + c, "MFGR#" + m + c + b, color,
                            rng.pick(TYPE1) + " " + rng.pick(TYPE2) + " " + rng.pick(TYPE3), rng.between(1, 50), rng.pick(CONTAINER1) + " " + rng.pick(CONTAINER2));
        }
        for (int s = 1; s <= suppliers; s++) {
            int n = rng.between(0, 24);
            out.insert(SUPPLIER, s, String.format("Supplier#%09d", s), rng.chars(ADDRESS_CHARS, 10, 25), city(n, rng), NATIONS[n], REGIONS[NATION_REGION[n]], phone(n, rng));
        }
        for (int c = 1; c <= customers; c++) {
            int n = rng.between(0, 24);
            out.insert(CUSTOMER, c, String.format("Customer#%09d", c), rng.chars(ADDRESS_CHARS, 10, 25), city(n, rng), NATIONS[n], REGIONS[NATION_REGION[n]], phone(n, rng),
                            rng.pick(SEGMENTS));
        }
        for (LocalDate d = LocalDate.of(1992, 1, 1); d.getYear() <= 1998; d = d.plusDays(1)) {
            int month = d.getMonthValue();
            DayOfWeek dow = d.getDayOfWeek();
            int dayNumInWeek = dow.getValue() % 7 + 1; // Sunday 1 ... Saturday 7
            String season = month == 12 ? "Christmas" : month <= 2 ? "Winter" : month <= 5 ? "Spring" : month <= 8 ? "Summer" : "Fall";
            boolean holiday = (month == 1 && d.getDayOfMonth() == 1) || (month == 7 && d.getDayOfMonth() == 4) || (month == 12 && d.getDayOfMonth() == 25) ||
                            (month == 11 && dow == DayOfWeek.THURSDAY && d.getDayOfMonth() > 21 && d.getDayOfMonth() <= 28);
            String monthName = d.getMonth().getDisplayName(TextStyle.FULL, Locale.ENGLISH);
            out.insert(DATE, dateKey(d), monthName + " " + d.getDayOfMonth() + ", " + d.getYear(), dow.getDisplayName(TextStyle.FULL, Locale.ENGLISH), monthName, d.getYear(),
                            d.getYear() * 100 + month, d.getMonth().getDisplayName(TextStyle.SHORT, Locale.ENGLISH) + d.getYear(), dayNumInWeek, d.getDayOfMonth(), d.getDayOfYear(),
                            month, (d.getDayOfYear() - 1) / 7 + 1, season, dow == DayOfWeek.SATURDAY ? 1 : 0, d.getDayOfMonth() == d.lengthOfMonth() ? 1 : 0, holiday ? 1 : 0,
                            dow != DayOfWeek.SATURDAY && dow != DayOfWeek.SUNDAY ? 1 : 0);
        }
        long firstDay = LocalDate.of(1992, 1, 1).toEpochDay();
        long lastOrderDay = LocalDate.of(1998, 8, 2).toEpochDay();
        long[][] lines = new long[7][];
        for (long o = 1; o <= orders; o++) {
            int n = rng.between(1, 7);
            int cust = rng.between(1, customers);
            LocalDate orderDate = LocalDate.ofEpochDay(rng.between(firstDay, lastOrderDay));
            String priority = rng.pick(PRIORITIES);
            long total = 0;
            for (int l = 0; l < n; l++) {
                long part = rng.between(1, parts);
                long supp = rng.between(1, suppliers);
                long qty = rng.between(1, 50);
                long ext = qty * retailPriceCents(part);
                long disc = rng.between(0, 10);
                long tax = rng.between(0, 8);
                long commit = dateKey(orderDate.plusDays(rng.between(30, 90)));
                long mode = rng.between(0, SHIP_MODES.length - 1);
                lines[l] = new long[]{part, supp, qty, ext, disc, tax, commit, mode};
                total += ext * (100 + tax) / 100 * (100 - disc) / 100;
            }
            for (int l = 0; l < n; l++) {
                long[] x = lines[l];
                long part = x[0];
                out.insert(LINEORDER, o, l + 1, cust, part, x[1], dateKey(orderDate), priority, "0", x[2], x[3], total, x[4], x[3] * (100 - x[4]) / 100,
                                6 * retailPriceCents(part) / 10, x[5], x[6], SHIP_MODES[(int) x[7]]);
            }
        }
    }

    private static String city(int nation, Rng rng) {
        String n = NATIONS[nation];
        String prefix = n.length() >= 9 ? n.substring(0, 9) : String.format("%-9s", n);
        return prefix + rng.between(0, 9);
    }

    private static String phone(int nation, Rng rng) {
        return (nation + 10) + "-" + rng.between(100, 999) + "-" + rng.between(100, 999) + "-" + rng.between(1000, 9999);
    }
}
