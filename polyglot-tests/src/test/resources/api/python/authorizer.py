# Connection.set_authorizer: a column denied, a column read as NULL (SQLITE_IGNORE), a table
# kept from writes, an authorizer that raises or answers something else, and removing it.
# Written for this test suite; its expected output is what CPython's sqlite3 prints. Changed
# for Graalite: the import line only.
import graalite.sqlite3 as sqlite3

con = sqlite3.connect(":memory:")
con.execute("CREATE TABLE t(x, secret)")
con.execute("INSERT INTO t VALUES (1, 'pw')")
con.commit()
reads = set()


def deny_secret(action, first, second, database, source):
    if action == sqlite3.SQLITE_READ:
        reads.add((first, second, database))
        if second == "secret":
            return sqlite3.SQLITE_DENY
    return sqlite3.SQLITE_OK


con.set_authorizer(deny_secret)
print("allowed:", con.execute("SELECT x FROM t").fetchall(), sorted(reads))
try:
    con.execute("SELECT secret FROM t")
except sqlite3.DatabaseError as e:
    print("denied:", type(e).__name__, e, e.sqlite_errorname)

con.set_authorizer(lambda action, *args: sqlite3.SQLITE_IGNORE if action == sqlite3.SQLITE_READ and args[1] == "secret" else sqlite3.SQLITE_OK)
print("ignored:", con.execute("SELECT x, secret FROM t").fetchall())

con.set_authorizer(lambda action, *args: sqlite3.SQLITE_DENY if action == sqlite3.SQLITE_INSERT else sqlite3.SQLITE_OK)
try:
    con.execute("INSERT INTO t VALUES (2, 'x')")
except sqlite3.DatabaseError as e:
    print("no inserts:", type(e).__name__, e)


def fail(*args):
    raise ValueError("no")


for name, authorizer in (("raises", fail), ("a string", lambda *args: "ok"), ("a float", lambda *args: 0.0)):
    con.set_authorizer(authorizer)
    try:
        con.execute("SELECT x FROM t")
        print(name, "allowed")
    except sqlite3.DatabaseError as e:
        print(name, type(e).__name__, e)
con.set_authorizer(None)
print("removed:", con.execute("SELECT * FROM t").fetchall())
