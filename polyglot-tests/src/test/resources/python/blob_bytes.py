# A BLOB read back as Python bytes: bytes(value), len(value). (memoryview needs the buffer
# protocol, which GraalPy 25.0.3 does not offer for foreign objects.)
import polyglot


def sql(text):
    return polyglot.eval(language="sql", string=text)


sql("create table b(data blob)")
assert sql("insert into b values (?)")(b"\x00\x01\xfe\xff") == 1
for row in sql("select data from b"):
    assert bytes(row.data) == b"\x00\x01\xfe\xff", row.data
    assert len(row.data) == 4

RESULT = "done: blob_bytes.py"
