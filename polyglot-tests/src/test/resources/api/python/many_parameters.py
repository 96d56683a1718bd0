# A long IN list of parameters, as programs build them from a list of ids: 40,000 of them,
# which CPython's sqlite3 on the system's SQLite accepts (its limit is 250,000; SQLite's own
# default is 32,766). Written for this test suite; its expected output is what CPython's
# sqlite3 prints. Changed for Graalite: the import line only.
import graalite.sqlite3 as sqlite3

con = sqlite3.connect(":memory:")
con.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, v TEXT)")
con.executemany("INSERT INTO t VALUES (?, ?)", ((i, "v%d" % i) for i in range(100000)))
ids = list(range(0, 100000, 2))[:40000]
placeholders = ",".join("?" * len(ids))
print(con.execute("SELECT count(*), sum(id), min(v), max(v) FROM t WHERE id IN (%s)" % placeholders, ids).fetchone())
print(con.execute("DELETE FROM t WHERE id IN (%s)" % placeholders, ids).rowcount)
print(con.execute("SELECT count(*) FROM t").fetchone())
values = ",".join("(?, ?)" for _ in range(20000))
flat = [x for i in range(200000, 220000) for x in (i, "w%d" % i)]
print(con.execute("INSERT INTO t VALUES " + values, flat).rowcount)
print(con.execute("SELECT count(*), max(id) FROM t").fetchone())
try:
    con.execute("SELECT " + ",".join("?" * 250001), [1] * 250001)
except sqlite3.Error as e:
    print(type(e).__name__, e)
