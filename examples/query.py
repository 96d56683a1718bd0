"""Graalite from Python: SQL through the `sql` language of the same polyglot context.

Run with:  bin/graalite run examples/query.py            (an in-memory database)
           bin/graalite --sql.Database=/tmp/shop.db run examples/query.py
"""
import sys

import polyglot


def sql(text):
    """Runs SQL text: rows for a query, a prepared statement if it has parameters, else the number of changed rows."""
    return polyglot.eval(language="sql", string=text)


sql("CREATE TABLE IF NOT EXISTS fruit(id INTEGER PRIMARY KEY, name TEXT NOT NULL, price REAL)")
sql("DELETE FROM fruit")

# A statement with parameters comes back as a prepared statement: call it once per row.
insert = sql("INSERT INTO fruit(name, price) VALUES (?, ?)")
inserted = 0
for name, price in [("apple", 0.5), ("banana", 0.25), ("cherry", 3.0), ("durian", None)]:
    inserted += insert(name, price)
print(f"inserted {inserted} rows")

# Rows unpack like tuples.
print("by price:")
for fruit_id, name, price in sql("SELECT id, name, price FROM fruit ORDER BY price NULLS LAST, name"):
    print(f"  {fruit_id}: {name} costs {price}")

# Named parameters take a dict; a column can be read by its name.
cheap = sql("SELECT count(*) AS n, sum(price) AS total FROM fruit WHERE price < :limit")
summary = next(iter(cheap({"limit": 1.0})))
print(f"{summary.n} fruits under 1.0, together {summary.total}")

# SQLite's errors arrive as foreign exceptions with SQLite's message and result code.
try:
    sql("SELEC name FROM fruit")
except polyglot.ForeignException as e:
    print(f"syntax error caught: {e.message} ({e.codeName})")

sys.exit(0)
