package org.graalite.jmh.boundary;

/** The statements of the boundary workloads (TPC-H tables), the same text for every system. */
final class Sql {
    static final String SELECT = "SELECT l_quantity, l_extendedprice, l_discount FROM lineitem";
    static final String INNERJOIN = "SELECT o_orderkey, o_totalprice, c_name, n_name FROM orders, customer, nation WHERE o_custkey = c_custkey AND c_nationkey = n_nationkey";
    static final String ORDERS = "SELECT o_orderkey, o_custkey, o_totalprice FROM orders";
    static final String CUSTOMER = "SELECT c_name, c_nationkey FROM customer WHERE c_custkey = ?";
    static final String NATION = "SELECT n_name FROM nation WHERE n_nationkey = ?";
    static final String PYFUNCTION = "SELECT sum(myabs(l_extendedprice - 40000)) FROM lineitem";
    static final String PYAGGREGATE = "SELECT mysum(l_extendedprice) FROM lineitem";
    static final String FILL_CREATE = "CREATE TABLE fill (a BIGINT, b DOUBLE PRECISION, c VARCHAR(32))";
    static final String FILL_DELETE = "DELETE FROM fill";
    static final String FILL_INSERT = "INSERT INTO fill VALUES (?, ?, ?)";
    static final String FILL_READ = "SELECT a, b, c FROM fill";

    private Sql() {
    }

    /** A REAL as whole cents: exact and independent of summation order. */
    static long cents(double x) {
        return Math.round(x * 100);
    }

    /** The value inserted as b of row i by filltable. */
    static double fillB(long i) {
        return i * 0.25;
    }
}
