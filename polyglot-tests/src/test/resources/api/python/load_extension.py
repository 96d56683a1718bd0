# Loading SQLite extensions as sqlite3's documentation shows: enable_load_extension,
# load_extension (with Python 3.12's entrypoint) and SQL's load_extension(). half.so, a small
# test extension (half(x) and the aggregate product(x) by its default entry point, twice(x)
# by sqlite3_twice_init), is in the working directory. Under CPython this needs a build with
# loadable extensions (Debian's has none), so the output was checked by hand against
# sqlite3's documented behaviour.
import os

import graalite.sqlite3 as sqlite3

con = sqlite3.connect(":memory:")
try:
    con.load_extension("./half")
except sqlite3.OperationalError as e:
    print("before enabling:", e)

con.enable_load_extension(True)
con.load_extension("./half")
con.execute("create table t(x)")
con.executemany("insert into t values (?)", [(2,), (3,), (None,), (7,)])
print(con.execute("select half(x) from t").fetchall())
print(con.execute("select product(x), product(half(x)) from t").fetchone())

con.load_extension("./half", entrypoint="sqlite3_twice_init")
print(con.execute("select twice(21)").fetchone())

# SQL's load_extension() is allowed too once enable_load_extension(True) was called (not
# for a function already defined: SQLite cannot redefine one while a statement runs).
other = sqlite3.connect(":memory:")
other.enable_load_extension(True)
other.execute("select load_extension(?)", (os.path.abspath("half"),))
print(other.execute("select half(9)").fetchone())
other.close()

for name, entrypoint in (("./no-such-extension", None), ("./half", "no_such_entry_point")):
    try:
        con.load_extension(name, entrypoint=entrypoint)
    except sqlite3.OperationalError as e:
        message = str(e)
        print("OperationalError:", "cannot open shared object file" in message or "no_such_entry_point" in message)

for bad in ((lambda: con.enable_load_extension("yes")), (lambda: con.load_extension(3))):
    try:
        bad()
    except TypeError:
        print("TypeError")

con.enable_load_extension(False)
try:
    con.load_extension("./half")
except sqlite3.OperationalError as e:
    print("after disabling:", e)
try:
    con.execute("select load_extension(?)", (os.path.abspath("half"),))
except sqlite3.OperationalError as e:
    print("SQL after disabling:", e)
# What was loaded stays.
print(con.execute("select twice(half(8))").fetchone())
con.close()
try:
    con.enable_load_extension(True)
except sqlite3.ProgrammingError as e:
    print(e)
