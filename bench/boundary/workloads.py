"""The boundary workloads of the SQPyte paper (ECOOP 2016) as an ordinary DB-API 2.0 program.

The same file runs on CPython with its sqlite3 module and on GraalPy with Graalite's
(`bin/graalite run`); only the import differs (--module). Each workload returns a checksum,
which must be the same on every system (and the same as the JMH benchmark's, see
jmh/src/main/java/org/graalite/jmh/boundary/Boundary.java), and is timed by run_timed:
warm-up for --warmup seconds, then at least --iterations runs and --measure seconds.
One JSON line per workload goes to standard output.

    python3 workloads.py --module sqlite3 --db tpch-sf0.1-idx.db [--workload select,...]
    bin/graalite run workloads.py --module graalite --db tpch-sf0.1-idx.db
"""
import argparse
import json
import math
import sys
import time

SELECT = "SELECT l_quantity, l_extendedprice, l_discount FROM lineitem"
INNERJOIN = ("SELECT o_orderkey, o_totalprice, c_name, n_name FROM orders, customer, nation "
             "WHERE o_custkey = c_custkey AND c_nationkey = n_nationkey")
ORDERS = "SELECT o_orderkey, o_custkey, o_totalprice FROM orders"
CUSTOMER = "SELECT c_name, c_nationkey FROM customer WHERE c_custkey = ?"
NATION = "SELECT n_name FROM nation WHERE n_nationkey = ?"
PYFUNCTION = "SELECT sum(myabs(l_extendedprice - 40000)) FROM lineitem"
PYAGGREGATE = "SELECT mysum(l_extendedprice) FROM lineitem"
FILL_CREATE = "CREATE TABLE fill (a BIGINT, b DOUBLE PRECISION, c VARCHAR(32))"
FILL_INSERT = "INSERT INTO fill VALUES (?, ?, ?)"
FILL_READ = "SELECT a, b, c FROM fill"

WORKLOADS = ["select", "innerjoin", "pythonjoin", "pyfunction", "pyaggregate", "filltable"]


def cents(x):
    """A REAL as whole cents, rounded half up as Java's Math.round: exact, order-independent."""
    return int(math.floor(x * 100 + 0.5))


def join_checksum(m):
    s = len(m)
    for key, (price, customer, nation) in m.items():
        s += key + cents(price) + len(customer) + len(nation)
    return s


def select(sqlite3, db, fill_rows):
    con = sqlite3.connect(db)

    def run():
        s = 0
        for quantity, price, discount in con.execute(SELECT):
            s += cents(quantity) + cents(price) + cents(discount)
        return s
    return run


def innerjoin(sqlite3, db, fill_rows):
    con = sqlite3.connect(db)

    def run():
        m = {}
        for orderkey, price, customer, nation in con.execute(INNERJOIN):
            m[orderkey] = (price, customer, nation)
        return join_checksum(m)
    return run


def pythonjoin(sqlite3, db, fill_rows):
    con = sqlite3.connect(db)

    def run():
        m = {}
        for orderkey, custkey, price in con.execute(ORDERS):
            for customer, nationkey in con.execute(CUSTOMER, (custkey,)):
                for (nation,) in con.execute(NATION, (nationkey,)):
                    m[orderkey] = (price, customer, nation)
        return join_checksum(m)
    return run


def myabs(x):
    return x if x >= 0 else -x


def pyfunction(sqlite3, db, fill_rows):
    con = sqlite3.connect(db)
    con.create_function("myabs", 1, myabs, deterministic=True)

    def run():
        (total,) = con.execute(PYFUNCTION).fetchone()
        return round(total)
    return run


class MySum:
    def __init__(self):
        self.sum = 0.0

    def step(self, x):
        self.sum += x

    def finalize(self):
        return self.sum


def pyaggregate(sqlite3, db, fill_rows):
    con = sqlite3.connect(db)
    con.create_aggregate("mysum", 1, MySum)

    def run():
        (total,) = con.execute(PYAGGREGATE).fetchone()
        return round(total)
    return run


def filltable(sqlite3, db, fill_rows):
    con = sqlite3.connect(":memory:")
    con.execute(FILL_CREATE)

    def run():
        # Legacy transaction control: the DELETE opens a transaction, the inserts join it.
        con.execute("DELETE FROM fill")
        cur = con.cursor()
        for i in range(fill_rows):
            cur.execute(FILL_INSERT, (i, i * 0.25, "row%d" % i))
        con.commit()
        s = 0
        for a, b, c in con.execute(FILL_READ):
            s += a + cents(b) + len(c)
        return s
    return run


def run_timed(run, warmup, measure, iterations):
    """Seconds per run after warm-up: the mean of the measured runs, and each of them.

    Warm-up lasts at least ``warmup`` seconds and 5 runs, and goes on (up to three times as
    long) while the last run is more than 1.3 times the fastest so far: a JIT compiler that
    is still at work (on a busy machine its threads wait) is not measured."""
    checksum = run()
    start = time.perf_counter()
    runs = 0
    best = float("inf")
    while True:
        t0 = time.perf_counter()
        if run() != checksum:
            raise AssertionError("checksum changed during warm-up")
        last = time.perf_counter() - t0
        best = min(best, last)
        runs += 1
        elapsed = time.perf_counter() - start
        if elapsed >= warmup and runs >= 5 and (last <= 1.3 * best or elapsed >= 3 * warmup):
            break
    times = []
    start = time.perf_counter()
    while len(times) < iterations or time.perf_counter() - start < measure:
        t0 = time.perf_counter()
        got = run()
        times.append(time.perf_counter() - t0)
        if got != checksum:
            raise AssertionError("checksum changed during measurement")
    return checksum, times


def main(argv):
    p = argparse.ArgumentParser(description="The boundary workloads on a DB-API sqlite3 module.")
    p.add_argument("--module", choices=["sqlite3", "graalite"], required=True)
    p.add_argument("--system", help="the name reported (default: the module's)")
    p.add_argument("--db", required=True, help="TPC-H database (lineitem, orders, customer, nation)")
    p.add_argument("--workload", default=",".join(WORKLOADS))
    p.add_argument("--fill-rows", type=int, default=100000)
    p.add_argument("--warmup", type=float, default=10)
    p.add_argument("--measure", type=float, default=10)
    p.add_argument("--iterations", type=int, default=3)
    args = p.parse_args(argv)
    if args.module == "graalite":
        import graalite.sqlite3 as sqlite3
    else:
        import sqlite3
    system = args.system or ("cpython-sqlite3" if args.module == "sqlite3" else "graalite-py")
    for name in args.workload.split(","):
        if name not in WORKLOADS:
            raise SystemExit("unknown workload " + name)
        run = globals()[name](sqlite3, args.db, args.fill_rows)
        checksum, times = run_timed(run, args.warmup, args.measure, args.iterations)
        print(json.dumps({"workload": name, "system": system, "checksum": checksum,
                          "seconds": sum(times) / len(times), "runs": times}), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
