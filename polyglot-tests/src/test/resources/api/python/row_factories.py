# From the Python documentation, "sqlite3", section "How to create and use row factories"
# (Doc/library/sqlite3.rst, CPython 3.13), followed by Doc/includes/sqlite3/rowclass.py
# (CPython 3.10). Changed: the import line, and the doctest lines whose values the
# documentation shows are print()ed.
import graalite.sqlite3 as sqlite3

con = sqlite3.connect(":memory:")
con.row_factory = sqlite3.Row

res = con.execute("SELECT 'Earth' AS name, 6378 AS radius")
row = res.fetchone()
print(row.keys())
print(repr(row[0]))         # Access by index.
print(repr(row["name"]))    # Access by name.
print(row["RADIUS"])  # Column names are case-insensitive.
con.close()

def dict_factory(cursor, row):
    fields = [column[0] for column in cursor.description]
    return {key: value for key, value in zip(fields, row)}

con = sqlite3.connect(":memory:")
con.row_factory = dict_factory
for row in con.execute("SELECT 1 AS a, 2 AS b"):
    print(row)
con.close()

from collections import namedtuple

def namedtuple_factory(cursor, row):
    fields = [column[0] for column in cursor.description]
    cls = namedtuple("Row", fields)
    return cls._make(row)

con = sqlite3.connect(":memory:")
con.row_factory = namedtuple_factory
cur = con.execute("SELECT 1 AS a, 2 AS b")
row = cur.fetchone()
print(row)
print(row[0])  # Indexed access.
print(row.b)   # Attribute access.
con.close()

con = sqlite3.connect(":memory:")
con.row_factory = sqlite3.Row

cur = con.cursor()
cur.execute("select 'John' as name, 42 as age")
for row in cur:
    assert row[0] == row["name"]
    assert row["name"] == row["nAmE"]
    assert row[1] == row["age"]
    assert row[1] == row["AgE"]
print("rowclass.py: ok")
