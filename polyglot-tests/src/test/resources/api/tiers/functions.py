# User functions of 1 and 2 arguments and aggregates of 1 and 2 arguments, which the Truffle
# tier calls without arguments through their argument slots (UserFunction.ArgumentSlots,
# UserAggregate#slots) and SQLite's VDBE calls with arguments:
# every storage class as an argument and an exception. (A function that runs a statement on
# its own connection fails on both tiers in graalite.sqlite3; functions.js covers nesting.)
from graalite import sqlite3

db = sqlite3.connect(":memory:")
db.create_function("add2", 2, lambda a, b: a + b if type(a) is type(b) else repr(a) + repr(b))
db.create_function("kind", 1, lambda x: type(x).__name__ + " " + repr(x))


def fails(x):
    if x > 2:
        raise ValueError("too big: %r" % x)
    return x


db.create_function("fails", 1, fails)
db.create_function("is_none", 1, lambda x: x is None)
db.create_function("both_none", 2, lambda x, y: x is None and y is None)

db.executescript("CREATE TABLE t(a, b, c); INSERT INTO t VALUES (1, 2.5, 'x'), (NULL, x'0102', 3), (2147483648, -1, 'yy'), (4.5, 'text', NULL), (-7, 0, x'ff')")
for row in db.execute("SELECT add2(a, b), kind(a), kind(b), kind(c) FROM t"):
    print(row)
print(db.execute("SELECT is_none(NULL), is_none(0), both_none(NULL, NULL), both_none(NULL, '')").fetchone())
try:
    db.execute("SELECT fails(x) FROM (SELECT 1 AS x UNION ALL SELECT 3)").fetchall()
except sqlite3.OperationalError as e:
    print(type(e).__name__, e)


class Collect:
    def __init__(self):
        self.seen = []

    def step(self, x):
        self.seen.append(repr(x))

    def finalize(self):
        return ",".join(self.seen)


class Weighted:
    def __init__(self):
        self.total = 0

    def step(self, x, w):
        self.total += x * w

    def finalize(self):
        return self.total


class FailsAt:
    def __init__(self):
        self.total = 0

    def step(self, x):
        if x == 3:
            raise ValueError("step saw 3")
        self.total += x

    def finalize(self):
        return self.total


db.create_aggregate("collect", 1, Collect)
db.create_aggregate("weighted", 2, Weighted)
db.create_aggregate("fails_at", 1, FailsAt)
print(db.execute("SELECT typeof(b), collect(b), weighted(coalesce(a, 0), 2) FROM t GROUP BY typeof(b) ORDER BY 1").fetchall())
print(db.execute("SELECT collect(a), weighted(a, a) FROM t WHERE a > 1000000000000").fetchall())
try:
    db.execute("SELECT fails_at(x) FROM (SELECT 1 AS x UNION ALL SELECT 3)").fetchall()
except sqlite3.OperationalError as e:
    print(type(e).__name__, e)
db.execute("CREATE TABLE n(i INTEGER PRIMARY KEY, r REAL)")
db.executemany("INSERT INTO n(r) VALUES (?)", [(i * 0.25 - 100,) for i in range(3000)])
total = None
for k in range(100):
    total = db.execute("SELECT sum(add2(i + 0.0, r)) FROM n").fetchone()[0]
print(total)
for k in range(100):
    total = db.execute("SELECT weighted(r, i) FROM n").fetchone()[0]
print(total)
