"""A failed INSERT (a duplicate primary key) caught in a loop, on CPython's sqlite3 and on
GraalPy with graalite.sqlite3 (only the import differs, --module), beside the same loop raising
and catching an exception of Python's own (--own): what a failure costs each system, in
microseconds per failure for each round of 20,000 (GraalPy needs many rounds to warm up).

    python3 bench/errors/duplicate_key.py --module sqlite3 [--own]
    bin/graalite run bench/errors/duplicate_key.py --module graalite [--own]
"""
import argparse
import time

parser = argparse.ArgumentParser()
parser.add_argument("--module", choices=["sqlite3", "graalite"], required=True)
parser.add_argument("--own", action="store_true", help="raise and catch a Python exception instead")
parser.add_argument("--rounds", type=int, default=25)
args = parser.parse_args()
if args.module == "graalite":
    import graalite.sqlite3 as sqlite3
else:
    import sqlite3

FAILURES = 20000
con = sqlite3.connect(":memory:")
con.execute("CREATE TABLE t(k INTEGER PRIMARY KEY, v TEXT)")
con.execute("INSERT INTO t VALUES (1, 'x')")
con.commit()


class OwnError(Exception):
    pass


def fail_own(i):
    raise OwnError("UNIQUE constraint failed: t.k")


def round_of_inserts():
    caught = 0
    for _ in range(FAILURES):
        try:
            con.execute("INSERT INTO t VALUES (?, ?)", (1, "y"))
        except sqlite3.IntegrityError as e:
            caught += e.sqlite_errorname == "SQLITE_CONSTRAINT_PRIMARYKEY"
    return caught


def round_of_own():
    caught = 0
    for i in range(FAILURES):
        try:
            fail_own(i)
        except OwnError:
            caught += 1
    return caught


work = round_of_own if args.own else round_of_inserts
for r in range(args.rounds):
    start = time.perf_counter()
    caught = work()
    elapsed = time.perf_counter() - start
    assert caught == FAILURES, caught
    print("%s round %d: %.2f us per failure" % ("own" if args.own else args.module, r, elapsed / FAILURES * 1e6), flush=True)
