# From the Python documentation's sqlite3 examples, Doc/includes/sqlite3/executemany_2.py
# (CPython 3.10): executemany() from a generator. Changed: the import line.
import graalite.sqlite3 as sqlite3
import string

def char_generator():
    for c in string.ascii_lowercase:
        yield (c,)

con = sqlite3.connect(":memory:")
cur = con.cursor()
cur.execute("create table characters(c)")

cur.executemany("insert into characters(c) values (?)", char_generator())

cur.execute("select c from characters")
print(cur.fetchall())

con.close()
