# A BLOB read back as Python bytes: bytes(value), len(value), memoryview(value).
# Disabled in PythonProgramsTest: see the reason there.
import polyglot


def sql(text):
    return polyglot.eval(language="sql", string=text)


sql("create table b(data blob)")
assert sql("insert into b values (?)")(b"\x00\x01\xfe\xff") == 1
for row in sql("select data from b"):
    assert bytes(row.data) == b"\x00\x01\xfe\xff", row.data
    assert len(row.data) == 4
    assert memoryview(row.data).tobytes() == b"\x00\x01\xfe\xff"

RESULT = "done: blob_bytes.py"
