# Connection.create_window_function: a sum over sliding frames and partitions, the same class
# as a plain aggregate, two arguments, a text result, the errors sqlite3 reports for methods
# that raise or are missing, and removing the function. Written for this test suite; its
# expected output is what CPython's sqlite3 prints. Changed for Graalite: the import line only.
import graalite.sqlite3 as sqlite3

con = sqlite3.connect(":memory:")
con.execute("CREATE TABLE t(x, y)")
con.executemany("INSERT INTO t VALUES (?, ?)", [(i, i % 3) for i in range(1, 8)])


class WindowSum:
    def __init__(self):
        self.total = 0

    def step(self, value):
        self.total += value

    def inverse(self, value):
        self.total -= value

    def value(self):
        return self.total

    def finalize(self):
        return self.total


con.create_window_function("winsum", 1, WindowSum)
print("sliding:", con.execute("SELECT x, winsum(x) OVER (ORDER BY x ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING) FROM t").fetchall())
print("partitions:", con.execute("SELECT y, winsum(x) OVER (PARTITION BY y) FROM t ORDER BY y, x").fetchall())
print("running:", con.execute("SELECT winsum(x) OVER (ORDER BY x) FROM t").fetchall())
print("plain aggregate:", con.execute("SELECT winsum(x) FROM t").fetchall(), con.execute("SELECT y, winsum(x) FROM t GROUP BY y").fetchall())


class Product(WindowSum):
    def step(self, a, b):
        self.total += a * b

    def inverse(self, a, b):
        self.total -= a * b


con.create_window_function("product", 2, Product)
print("two arguments:", con.execute("SELECT product(x, y) OVER (ORDER BY x ROWS 2 PRECEDING) FROM t").fetchall())


class AsText(WindowSum):
    def value(self):
        return "total %d" % self.total


con.create_window_function("astext", 1, AsText)
print("text:", con.execute("SELECT astext(x) OVER (ORDER BY x), typeof(astext(x) OVER (ORDER BY x)) FROM t LIMIT 2").fetchall())


class NoInverse:
    def __init__(self):
        self.total = 0

    def step(self, value):
        self.total += value

    def value(self):
        return self.total

    def finalize(self):
        return self.total


class FailingValue(WindowSum):
    def value(self):
        raise ValueError("value")


class FailingStep(WindowSum):
    def step(self, value):
        raise ValueError("step")


class FailingInit:
    def __init__(self):
        raise ValueError("init")


for name, cls in (("noinverse", NoInverse), ("failingvalue", FailingValue), ("failingstep", FailingStep), ("failinginit", FailingInit)):
    con.create_window_function(name, 1, cls)
    try:
        print(name, con.execute("SELECT %s(x) OVER (ORDER BY x ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING) FROM t" % name).fetchall())
    except sqlite3.OperationalError as e:
        print(name, "raised:", e)
print("after the errors:", con.execute("SELECT count(*) FROM t").fetchone())


class FailingFinalize(WindowSum):
    def finalize(self):
        raise ValueError("finalize")


# Over a window SQLite ignores what the final call reports; a later error is that error.
con.create_window_function("failingfinalize", 1, FailingFinalize)
print("finalize over a window:", con.execute("SELECT failingfinalize(x) OVER (ORDER BY x) FROM t").fetchall())
con.execute("CREATE TABLE u(k PRIMARY KEY)")
con.execute("INSERT INTO u VALUES (1)")
try:
    con.execute("INSERT INTO u VALUES (1)")
except sqlite3.IntegrityError as e:
    print("the next error:", e)

class OwnValue(WindowSum):
    # value() as an attribute of the object, not a method of its class: looked up per call.
    def __init__(self):
        super().__init__()
        self.value = lambda: self.total * 10


class Kinds:
    # The arguments as Python receives them (None, bytes, int, float, str), and a float value.
    def __init__(self):
        self.seen = []

    def step(self, value):
        self.seen.append(type(value).__name__)

    def inverse(self, value):
        self.seen.pop(0)

    def value(self):
        return ",".join(self.seen) if len(self.seen) != 1 else 0.5

    def finalize(self):
        return None


class BadValue(WindowSum):
    def value(self):
        return [self.total]


class HugeValue(WindowSum):
    def value(self):
        return 2 ** 70


con.create_window_function("ownvalue", 1, OwnValue)
print("own value:", con.execute("SELECT ownvalue(x) OVER (ORDER BY x ROWS 1 PRECEDING) FROM t").fetchall())
con.create_window_function("kinds", 1, Kinds)
print("kinds:", con.execute("WITH s(k, v) AS (VALUES (1, NULL), (2, x'01'), (3, 3), (4, 4.5), (5, 'text')) SELECT kinds(v) OVER (ORDER BY k ROWS 1 PRECEDING) FROM s").fetchall())
for name, cls, error in (("badvalue", BadValue, sqlite3.OperationalError), ("hugevalue", HugeValue, sqlite3.DataError)):
    con.create_window_function(name, 1, cls)
    try:
        print(name, con.execute("SELECT %s(x) OVER (ORDER BY x) FROM t" % name).fetchall())
    except error as e:
        print(name, "raised:", type(e).__name__, e)

# An AttributeError raised inside a method: sqlite3 reports value() and finalize() as not
# defined (it looks them up and calls them in one call), step() and inverse() as raising;
# the same classes as plain aggregates.
class AttributeInStep(WindowSum):
    def step(self, value):
        raise AttributeError("step")


class AttributeInInverse(WindowSum):
    def inverse(self, value):
        raise AttributeError("inverse")


class AttributeInValue(WindowSum):
    def value(self):
        raise AttributeError("value")


class AttributeInFinalize(WindowSum):
    def finalize(self):
        raise AttributeError("finalize")


for name, cls in (("instep", AttributeInStep), ("ininverse", AttributeInInverse), ("invalue", AttributeInValue), ("infinalize", AttributeInFinalize)):
    con.create_window_function(name, 1, cls)
    con.create_aggregate(name + "_aggregate", 1, cls)
    for sql in ("SELECT %s(x) OVER (ORDER BY x ROWS 1 PRECEDING) FROM t", "SELECT %s_aggregate(x) FROM t"):
        try:
            print(name, con.execute(sql % name).fetchall())
        except sqlite3.OperationalError as e:
            print(name, "raised:", e)

con.create_window_function("winsum", 1, None)
try:
    con.execute("SELECT winsum(x) OVER () FROM t")
except sqlite3.OperationalError as e:
    print("removed:", e)
try:
    con.create_window_function("bad", -2, WindowSum)
except sqlite3.ProgrammingError as e:
    print("bad argument count:", e)
