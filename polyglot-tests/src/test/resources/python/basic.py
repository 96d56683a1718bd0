# The basic scenario from Python (GraalPy): create a table, insert rows through a
# prepared statement with parameters, iterate a query with tuple unpacking, read columns by
# name, catch a syntax error, and count the rows that DML statements change.
# Run by org.graalite.polyglot.PythonProgramsTest; RESULT (last line) tells it we got here.
import polyglot


def sql(text):
    return polyglot.eval(language="sql", string=text)


# DDL changes no rows: its result is the count 0.
assert sql("create table people(id integer primary key, name text not null, born integer)") == 0

# A statement with parameters is not run by eval: it comes back as a prepared statement
# that Python calls like a function, once per row; each call returns the changed-row count.
insert = sql("insert into people(name, born) values (?, ?)")
assert insert.parameterCount == 2
assert list(insert.parameters) == [None, None], list(insert.parameters)  # plain ? have no names
for name, born in [("Ada", 1815), ("Grace", 1906), ("Edsger", 1930), ("Barbara", 1939)]:
    assert insert(name, born) == 1

# A query result is iterable once; its rows unpack like tuples.
rows = sql("select id, name, born from people where born > 1900 order by born")
assert list(rows.columns) == ["id", "name", "born"]
seen = []
for id_, name, born in rows:
    seen.append((id_, name, born))
assert seen == [(2, "Grace", 1906), (3, "Edsger", 1930), (4, "Barbara", 1939)], seen

# Rows also read their columns by name, as attributes.
for row in sql("select id, name, born from people where id = 1"):
    assert len(row) == 3
    assert (row.id, row.name, row.born) == (1, "Ada", 1815)
    assert row[1] == row.name

# The same prepared query runs again with new values.
by_year = sql("select name from people where born < ? order by name")
assert [r.name for r in by_year(1920)] == ["Ada", "Grace"]
assert [r.name for r in by_year(1800)] == []

# DML returns the number of rows it changed.
assert sql("update people set born = born + 1 where born >= 1930") == 2
assert sql("delete from people where name like '%a%'") == 3  # Ada, Grace, Barbara: all but Edsger
assert [r.name for r in sql("select name from people")] == ["Edsger"]

# A syntax error reaches Python as polyglot.ForeignException. GraalPy makes foreign
# exceptions subclasses of BaseException, not of Exception: `except Exception` does NOT
# catch them, so catch polyglot.ForeignException (or BaseException).
try:
    sql("selec name from people")
    raise AssertionError("a syntax error was not raised")
except polyglot.ForeignException as e:
    assert str(e) == 'near "selec": syntax error', str(e)
    assert not isinstance(e, Exception)

# The connection object (the sql bindings, exported by the test as "db") from Python.
db = polyglot.import_value("db")
assert db.autocommit is True
stmt = db.prepare("insert into people(name, born) values (?, ?)")
assert stmt("Alan", 1912) == 1
assert db.changes == 1
assert db.lastInsertRowid == 4, db.lastInsertRowid  # max(rowid) + 1: only Edsger (3) is left
assert db.sqliteVersion == "3.54.1"

RESULT = "done: basic.py"
