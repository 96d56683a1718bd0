# Connection.getlimit and setlimit: reading and lowering limits, what a lowered length limit
# does to strings and blobs a statement makes, a lowered SQL length, and categories out of
# bounds. Written for this test suite; its expected output is what CPython's sqlite3 prints.
# Changed for Graalite: the import line only.
import graalite.sqlite3 as sqlite3

con = sqlite3.connect(":memory:")
con.execute("CREATE TABLE t(x)")
con.execute("INSERT INTO t VALUES ('abc')")
query = "SELECT zeroblob(300), x || printf('%.*c', 200, 'a') FROM t"
print("default:", con.getlimit(sqlite3.SQLITE_LIMIT_LENGTH), [len(v) for v in con.execute(query).fetchone()])
print("lowered from:", con.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, 100), "to", con.getlimit(sqlite3.SQLITE_LIMIT_LENGTH))
# (printf past the limit is NULL in CPython's SQLite 3.40, an error in Graalite's 3.54.1.)
for sql in (query, "SELECT x || printf('%.*c', 90, 'a') FROM t", "SELECT printf('%.*c', 60, 'a') || printf('%.*c', 60, 'b') FROM t",
            "SELECT substr(x, 1, 1) || zeroblob(98) FROM t", "SELECT x || zeroblob(98) FROM t"):
    try:
        print(sql[:40], con.execute(sql).fetchone())
    except sqlite3.DataError as e:
        print(sql[:40], type(e).__name__, e)
print("raised again from:", con.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, 1000000000))
print("default again:", [len(v) for v in con.execute(query).fetchone()])
con.setlimit(sqlite3.SQLITE_LIMIT_SQL_LENGTH, 20)
try:
    con.execute("SELECT 1 + 1 + 1 + 1 + 1 + 1 + 1")
except sqlite3.DataError as e:
    print("sql length:", e)
for category in (-1, 12):
    try:
        con.getlimit(category)
    except sqlite3.ProgrammingError as e:
        print(category, e)
