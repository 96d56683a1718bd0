# Values cross into Python with their SQLite storage class: INTEGER -> int, REAL -> float
# (also when the REAL is whole), TEXT -> str, NULL -> None. Python values bind the same way
# back: int -> INTEGER, float -> REAL, None -> NULL, bytes -> BLOB.
import polyglot


def sql(text):
    return polyglot.eval(language="sql", string=text)


sql("create table v(i integer, r real, t text, b blob, x)")
insert = sql("insert into v values (?, ?, ?, ?, ?)")
assert insert(42, 2.0, "zwölf", b"\x00\x01\xfe\xff", None) == 1
assert insert(-7, 0.5, "", b"", 3.0) == 1  # a Python float binds REAL even in an untyped column

rows = list(sql("select i, r, t, b, x, typeof(i) ti, typeof(r) tr, typeof(b) tb, typeof(x) tx, "
                "hex(b) hb, length(b) lb from v order by rowid"))
first, second = rows

assert type(first.i) is int and first.i == 42
assert type(first.r) is float and first.r == 2.0  # a whole REAL stays float, not int
assert type(first.t) is str and first.t == "zwölf"
assert first.x is None  # SQL NULL is None (GraalPy: every interop null is identical to None)
assert (first.ti, first.tr, first.tb, first.tx) == ("integer", "real", "blob", "null")
# Python bytes bound as a BLOB, byte for byte (checked on the SQL side: see blob_bytes.py
# for reading a BLOB back as Python bytes).
assert first.hb == "0001FEFF" and first.lb == 4, (first.hb, first.lb)

assert type(second.i) is int and second.i == -7
assert type(second.r) is float and second.r == 0.5
assert second.t == ""
assert second.tb == "blob" and second.lb == 0  # an empty bytes is an empty BLOB, not NULL
assert type(second.x) is float and second.x == 3.0 and second.tx == "real"

# Expressions keep their types too; integer arithmetic overflowing 64 bits turns REAL.
for row in sql("select 7 / 2 as q, 7 / 2.0 as h, 9223372036854775807 as m, "
               "9223372036854775807 + 1 as o, null as n"):
    assert type(row.q) is int and row.q == 3
    assert type(row.h) is float and row.h == 3.5
    assert type(row.m) is int and row.m == 9223372036854775807
    assert type(row.o) is float
    assert row.n is None

RESULT = "done: types.py"
