# A cursor closed, or executed again, before its last row ends its statement as sqlite3 resets
# it: another connection may then write the file (the reader's lock is gone), and an
# interrupt() while nothing runs does not stop later statements. Written for this test suite;
# its expected output is what CPython's sqlite3 prints. Changed for Graalite: the import line only.
import graalite.sqlite3 as sqlite3
import os
import tempfile

path = os.path.join(tempfile.mkdtemp(), "close.db")
con = sqlite3.connect(path)
con.execute("CREATE TABLE t(x)")
con.executemany("INSERT INTO t VALUES (?)", [(i,) for i in range(10)])
con.commit()

cur = con.execute("SELECT x FROM t ORDER BY x")
print("first row", cur.fetchone())
cur.close()
other = sqlite3.connect(path, timeout=0.2)
other.execute("INSERT INTO t VALUES (100)")
other.commit()
print("the other connection wrote after close()")

cur = con.cursor()
print("two rows", cur.execute("SELECT x FROM t ORDER BY x").fetchmany(2))
print("again", cur.execute("SELECT count(*) FROM t").fetchone())
other.execute("INSERT INTO t VALUES (101)")
other.commit()
print("the other connection wrote after execute() again")

partial = con.cursor()
print("partial", partial.execute("SELECT x FROM t ORDER BY x").fetchone())
partial.close()
con.interrupt()
print("after interrupt", con.execute("SELECT count(*) FROM t").fetchone())
try:
    partial.fetchone()
except sqlite3.ProgrammingError as e:
    print("ProgrammingError", e)
other.close()
con.close()
