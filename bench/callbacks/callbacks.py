"""Python callbacks that SQLite calls many times per statement, on CPython's sqlite3 and on
GraalPy with graalite.sqlite3 (only the import differs, --module): a window function
(create_window_function) beside the built-in sum over the same frames, and a collation
(create_collation) given as a bound method. Prints the fastest of the measured runs, after
warm-up, for each; the results must agree between the systems.

    python3 callbacks.py --module sqlite3
    bin/graalite run bench/callbacks/callbacks.py --module graalite
"""
import argparse
import time

WINDOW = "SELECT sum(w) FROM (SELECT %s(x) OVER (ORDER BY x ROWS BETWEEN 3 PRECEDING AND CURRENT ROW) AS w FROM t)"
COLLATED = "SELECT s FROM u ORDER BY s COLLATE bymethod LIMIT 1"


class WindowSum:
    def __init__(self):
        self.total = 0

    def step(self, x):
        self.total += x

    def inverse(self, x):
        self.total -= x

    def value(self):
        return self.total

    def finalize(self):
        return self.total


class Compare:
    def compare(self, a, b):
        return (a > b) - (a < b)


def fastest(con, sql, warmup, runs):
    until = time.perf_counter() + warmup
    while time.perf_counter() < until:
        result = con.execute(sql).fetchone()[0]
    best = None
    for _ in range(runs):
        start = time.perf_counter()
        result = con.execute(sql).fetchone()[0]
        elapsed = time.perf_counter() - start
        best = elapsed if best is None or elapsed < best else best
    return result, best


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--module", default="sqlite3", choices=["sqlite3", "graalite"])
    p.add_argument("--warmup", type=float, default=15)
    p.add_argument("--runs", type=int, default=10)
    a = p.parse_args()
    if a.module == "graalite":
        import graalite.sqlite3 as sqlite3
    else:
        import sqlite3
    con = sqlite3.connect(":memory:")
    con.execute("CREATE TABLE t(x)")
    con.executemany("INSERT INTO t VALUES (?)", ((i,) for i in range(100000)))
    con.execute("CREATE TABLE u(s)")
    con.executemany("INSERT INTO u VALUES (?)", (("k%07d" % ((i * 7919) % 20000),) for i in range(20000)))
    con.commit()
    con.create_window_function("windowsum", 1, WindowSum)
    con.create_collation("bymethod", Compare().compare)
    for name, sql in (("window function (100,000 rows)", WINDOW % "windowsum"), ("built-in sum, same frames", WINDOW % "sum"),
                      ("collation, bound method (20,000 rows)", COLLATED)):
        result, best = fastest(con, sql, a.warmup, a.runs)
        print("%-40s %.4f s  (result %s)" % (name, best, result), flush=True)


main()
