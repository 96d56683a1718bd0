# SQLite's errors reach Python as polyglot.ForeignException (a BaseException subclass, not
# an Exception one). The caught exception object IS the guest exception of the sql
# language: GraalPy reads its interop members as attributes, so e.code (SQLite's extended
# result code), e.primaryCode, e.codeName and e.message work directly on it.
import polyglot


def sql(text):
    return polyglot.eval(language="sql", string=text)


sql("create table u(id integer primary key, email text unique)")
sql("insert into u(email) values ('a@example.org')")

try:
    sql("insert into u(email) values ('a@example.org')")
    raise AssertionError("a UNIQUE violation was not raised")
except polyglot.ForeignException as e:
    assert str(e) == "UNIQUE constraint failed: u.email", str(e)
    assert e.message == str(e)
    assert e.code == 2067, e.code  # SQLITE_CONSTRAINT_UNIQUE = SQLITE_CONSTRAINT | (8 << 8)
    assert e.primaryCode == 19, e.primaryCode  # SQLITE_CONSTRAINT
    assert e.codeName == "SQLITE_CONSTRAINT_UNIQUE", e.codeName

try:
    sql("select * from missing_table")
    raise AssertionError("no error for a missing table")
except polyglot.ForeignException as e:
    assert str(e) == "no such table: missing_table", str(e)
    assert e.code == 1 and e.primaryCode == 1  # SQLITE_ERROR

try:
    sql("selec 1")
    raise AssertionError("no syntax error")
except polyglot.ForeignException as e:
    assert e.code == 1 and "syntax error" in e.message

# A failed statement leaves the connection usable, and the first row stays alone.
assert [r.email for r in sql("select email from u")] == ["a@example.org"]

RESULT = "done: errors.py"
