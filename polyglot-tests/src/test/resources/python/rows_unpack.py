# Rows as tuples: `for a, b in rows`, row[0], list(row). The intended behaviour of the sql
# language's rows (DESIGN.md: "rows are array-like, so `for q, p, d in rows:` unpacks").
import polyglot


def sql(text):
    return polyglot.eval(language="sql", string=text)


sql("create table t(id integer primary key, name text)")
sql("insert into t(name) values ('one'), ('two')")

pairs = [(i, n) for i, n in sql("select id, name from t order by id")]
assert pairs == [(1, "one"), (2, "two")], pairs

for row in sql("select id, name from t where id = 2"):
    assert row[0] == 2, row[0]
    assert row[1] == "two"
    assert row[-1] == "two"
    assert list(row) == [2, "two"], list(row)
    assert tuple(row) == (2, "two")

RESULT = "done: rows_unpack.py"
