# Connection.set_progress_handler: a handler that counts and lets the statement finish, one
# that stops it (a true result, a truthy string, an exception, a callable that is none), and
# removing it. Written for this test suite; its expected output is what CPython's sqlite3
# prints. Changed for Graalite: the import line only.
import graalite.sqlite3 as sqlite3

con = sqlite3.connect(":memory:")
con.execute("CREATE TABLE t(x)")
con.executemany("INSERT INTO t VALUES (?)", [(i,) for i in range(1000)])
con.commit()

calls = []


def count():
    calls.append(1)
    return 0


con.set_progress_handler(count, 100)
print("counted:", con.execute("SELECT sum(x) FROM t").fetchone(), len(calls) > 5)


def fail():
    raise ValueError("stop")


for name, handler in (("true", lambda: True), ("string", lambda: "yes"), ("raises", fail), ("not callable", 5)):
    con.set_progress_handler(handler, 10)
    try:
        print(name, con.execute("SELECT sum(x) FROM t").fetchone())
    except sqlite3.OperationalError as e:
        print(name, "stopped:", e)
con.set_progress_handler(lambda: None, 10)
print("none:", con.execute("SELECT count(*) FROM t").fetchone())
con.set_progress_handler(lambda: True, 0)
print("n = 0:", con.execute("SELECT count(*) FROM t").fetchone())
con.set_progress_handler(lambda: True, 10)
con.set_progress_handler(None, 10)
print("removed:", con.execute("SELECT count(*) FROM t").fetchone())
