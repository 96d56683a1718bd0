# Connection.create_collation: ORDER BY, comparisons, DISTINCT and an index in the order of a
# Python function; what sqlite3 makes of odd results (not an int, very large) and of an
# exception; removing a collation; the errors of bad arguments. Written for this test suite;
# its expected output is what CPython's sqlite3 prints. Changed for Graalite: the import line.
import graalite.sqlite3 as sqlite3

con = sqlite3.connect(":memory:")
con.execute("CREATE TABLE t(x)")
con.executemany("INSERT INTO t VALUES (?)", [("b",), ("A",), ("c",), ("B",), ("é",)])


def reversed_nocase(a, b):
    a, b = a.lower(), b.lower()
    return (a < b) - (a > b)


con.create_collation("rev", reversed_nocase)
print("order by:", con.execute("SELECT x FROM t ORDER BY x COLLATE rev, rowid").fetchall())
print("name in any case:", con.execute("SELECT x FROM t ORDER BY x COLLATE REV, rowid").fetchall())
print("compare:", con.execute("SELECT 'a' = 'A' COLLATE rev, 'a' > 'b' COLLATE rev").fetchone())
print("distinct:", con.execute("SELECT count(DISTINCT x COLLATE rev) FROM t").fetchone())
con.execute("CREATE TABLE u(k TEXT COLLATE rev PRIMARY KEY, v)")
con.execute("INSERT INTO u SELECT x, rowid FROM t WHERE x <> 'B'")
try:
    con.execute("INSERT INTO u VALUES ('B', 9)")
except sqlite3.IntegrityError as e:
    print("unique:", e)
print("index range:", con.execute("SELECT k, v FROM u WHERE k > 'D' AND k < 'a' ORDER BY k").fetchall())


def boom(a, b):
    raise ValueError("boom")


con.create_collation("boom", boom)
try:
    print(con.execute("SELECT x FROM t ORDER BY x COLLATE boom").fetchall())
except ValueError as e:
    print("raised:", type(e).__name__, e)

con.create_collation("text", lambda a, b: "x")
print("not an int:", con.execute("SELECT x FROM t ORDER BY x COLLATE text").fetchall())
con.create_collation("float", lambda a, b: 0.5 if a < b else -0.5)
print("a float:", con.execute("SELECT x FROM t ORDER BY x COLLATE float").fetchall())
con.create_collation("big", lambda a, b: 10 ** 30 if a < b else -10 ** 30 if a > b else 0)
print("very large:", con.execute("SELECT x FROM t ORDER BY x COLLATE big").fetchall())
con.create_collation("boolean", lambda a, b: a > b)
print("a bool:", con.execute("SELECT x FROM t ORDER BY x COLLATE boolean").fetchall())

class ByLength:
    # A bound method as the collation, with state of its object: shorter first, then as text.
    def __init__(self):
        self.calls = 0

    def compare(self, a, b):
        self.calls += 1
        return (len(a) > len(b)) - (len(a) < len(b)) or (a > b) - (a < b)


by_length = ByLength()
con.create_collation("bylength", by_length.compare)
con.execute("CREATE TABLE w(s)")
con.executemany("INSERT INTO w VALUES (?)", [("ccc",), ("a",), ("bb",), ("aa",), ("",)])
print("bound method:", con.execute("SELECT s FROM w ORDER BY s COLLATE bylength").fetchall(), by_length.calls > 0)

con.create_collation("rev", None)
try:
    con.execute("SELECT x FROM t ORDER BY x COLLATE rev")
except sqlite3.OperationalError as e:
    print("removed:", e)
for name, func in (("x", 1), (1, reversed_nocase)):
    try:
        con.create_collation(name, func)
    except TypeError as e:
        print("bad argument:", e)
con.close()
try:
    con.create_collation("rev", reversed_nocase)
except sqlite3.ProgrammingError as e:
    print("closed:", e)
