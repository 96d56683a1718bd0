# Connection.interrupt() called by a user function: the statement stops with OperationalError
# "interrupted" where SQLite checks for it, and the connection goes on; on a closed
# connection it is a ProgrammingError. Written for this test suite; its expected output is
# what CPython's sqlite3 prints. Changed for Graalite: the import line only.
import graalite.sqlite3 as sqlite3

con = sqlite3.connect(":memory:")
con.execute("CREATE TABLE t(x INTEGER PRIMARY KEY)")
con.executemany("INSERT INTO t VALUES (?)", [(i,) for i in range(1, 11)])
con.commit()


def stop_at_three(x):
    if x == 3:
        con.interrupt()
    return x


con.create_function("stop_at_three", 1, stop_at_three)
seen = []
try:
    for row in con.execute("SELECT stop_at_three(x) FROM t"):
        seen.append(row[0])
    print("no error, rows:", seen)
except sqlite3.OperationalError as e:
    print("rows:", seen, "then:", type(e).__name__, e, e.sqlite_errorcode, e.sqlite_errorname)
try:
    print("aggregate:", con.execute("SELECT count(*) FROM t WHERE stop_at_three(x) > 0").fetchone())
except sqlite3.OperationalError as e:
    print("aggregate:", type(e).__name__, e)
print("after:", con.execute("SELECT count(*), sum(x) FROM t").fetchone())
con.interrupt()
print("an interrupt with nothing running is forgotten:", con.execute("SELECT 1 + 2").fetchone())


# The same rule for any error: sqlite3 steps one row ahead, so the row before a failing step
# is not handed out, and an error at the second row comes at the first fetch, not in execute.
def fail_at(x):
    if x == fail_at.row:
        raise ValueError("at %d" % x)
    return x


con.create_function("fail_at", 1, fail_at)
for fail_at.row in (1, 2, 5):
    try:
        cur = con.execute("SELECT fail_at(x) FROM t")
        print("fail at", fail_at.row, "execute returned")
        print("  first fetch:", cur.fetchone())
        print("  the rest:", cur.fetchall())
    except sqlite3.OperationalError as e:
        print("  ", type(e).__name__, e)
con.close()
try:
    con.interrupt()
except sqlite3.ProgrammingError as e:
    print("closed:", e)
