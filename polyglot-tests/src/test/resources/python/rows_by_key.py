# Rows read by column name with subscripts: row["name"] (as DB-API row factories allow).
# Disabled in PythonProgramsTest: see the reason there.
import polyglot


def sql(text):
    return polyglot.eval(language="sql", string=text)


sql("create table t(id integer primary key, name text)")
sql("insert into t(name) values ('one')")

for row in sql("select id, name from t"):
    assert row["name"] == "one", row["name"]
    assert row["id"] == 1

RESULT = "done: rows_by_key.py"
