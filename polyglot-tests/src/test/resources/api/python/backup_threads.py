# Two threads backing up two file databases into each other at once, a page per step, then
# both files checked. Graalite once held each source connection for the whole backup and
# waited for the other forever; now each step takes both connections in one order. (CPython's
# sqlite3 leaves the step to SQLite, which takes the source's mutex and then the target's:
# two steps that meet can deadlock there, so with more pages per step and shorter sleeps
# CPython may hang where Graalite does not.) Written for this test suite; its expected output
# is what CPython's sqlite3 prints. Changed for Graalite: the import line only.
import os
import tempfile
import threading

import graalite.sqlite3 as sqlite3

directory = tempfile.mkdtemp()
a = sqlite3.connect(os.path.join(directory, "a.db"), check_same_thread=False)
b = sqlite3.connect(os.path.join(directory, "b.db"), check_same_thread=False)
for con, letter in ((a, "a"), (b, "b")):
    con.execute("CREATE TABLE t(k INTEGER PRIMARY KEY, v TEXT)")
    con.executemany("INSERT INTO t(v) VALUES (?)", [(letter * (i % 100),) for i in range(1000)])
    con.commit()

outcome = {}


def copy(name, source, target):
    try:
        for _ in range(5):
            source.backup(target, pages=1)
        outcome[name] = "done"
    except sqlite3.Error as e:
        outcome[name] = "%s: %s" % (type(e).__name__, e)


threads = [threading.Thread(target=copy, args=("a into b", a, b)), threading.Thread(target=copy, args=("b into a", b, a))]
for t in threads:
    t.start()
for t in threads:
    t.join(120)
print("finished:", [not t.is_alive() for t in threads], sorted(outcome.items()))
for con in (a, b):
    print(con.execute("SELECT count(*), sum(length(v)), count(DISTINCT substr(v, 1, 1)) FROM t").fetchone(),
          con.execute("PRAGMA integrity_check").fetchone())
a.close()
b.close()
