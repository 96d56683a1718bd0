# executemany() that fails part way: a constraint, an exception of the generator that gives
# the rows, a row with the wrong number of values. The rows before the failure stay (in the
# open transaction), and rowcount is -1 as in sqlite3. Written for this test suite; its
# expected output is what CPython's sqlite3 prints. Changed for Graalite: the import line only.
import graalite.sqlite3 as sqlite3

con = sqlite3.connect(":memory:")
con.execute("CREATE TABLE t(a UNIQUE)")
cur = con.cursor()
cur.executemany("INSERT INTO t VALUES (?)", [(1,), (2,)])
print("ok", cur.rowcount)
try:
    cur.executemany("INSERT INTO t VALUES (?)", [(3,), (4,), (3,)])
except sqlite3.IntegrityError as e:
    print(type(e).__name__, e, cur.rowcount, con.execute("SELECT count(*) FROM t").fetchone(), con.in_transaction)


def rows():
    yield (10,)
    yield (11,)
    raise ValueError("boom")


try:
    cur.executemany("INSERT INTO t VALUES (?)", rows())
except ValueError as e:
    print(type(e).__name__, e, cur.rowcount, con.execute("SELECT count(*) FROM t").fetchone())
try:
    cur.executemany("INSERT INTO t VALUES (?)", [(20,), (21, 22)])
except sqlite3.ProgrammingError as e:
    print(type(e).__name__, e, cur.rowcount, con.execute("SELECT count(*) FROM t").fetchone())
try:
    cur.executemany("INSERT INTO t VALUES (?)", 5)
except TypeError as e:
    print(type(e).__name__, e, cur.rowcount)
cur.executemany("UPDATE t SET a = a + 100 WHERE a = ?", [(1,), (2,), (99,)])
print("update", cur.rowcount)
con.rollback()
print(con.execute("SELECT count(*) FROM t").fetchone())
