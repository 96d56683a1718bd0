# From the Python documentation's sqlite3 examples, Doc/includes/sqlite3/md5func.py (CPython
# 3.10): a user function. Changed: the import line.
import graalite.sqlite3 as sqlite3
import hashlib

def md5sum(t):
    return hashlib.md5(t).hexdigest()

con = sqlite3.connect(":memory:")
con.create_function("md5", 1, md5sum)
cur = con.cursor()
cur.execute("select md5(?)", (b"foo",))
print(cur.fetchone()[0])
