# TEXT whose bytes are not valid UTF-8 (a blob cast to text, rows written by a program in
# another encoding): with the default text_factory sqlite3 raises OperationalError at the
# fetch of that row, naming the column, and the cursor stays on that row; text_factory=bytes,
# bytearray or a function, and converters (detect_types), get the bytes as they are stored.
# The output is CPython 3.11's. Changed: the import line.
import graalite.sqlite3 as sqlite3

con = sqlite3.connect(":memory:")
con.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, s TEXT, b BLOB)")
con.executemany("INSERT INTO t (s, b) VALUES (?, ?)", [("one", b"\x01"), ("two", b"\x02"), ("three", None)])
con.execute("UPDATE t SET s = CAST(x'61ff62' AS TEXT) WHERE id = 2")
con.execute("INSERT INTO t (s, b) VALUES (CAST(x'eda080' AS TEXT), x'ff')")
con.commit()


def show(what, f):
    try:
        print(what, repr(f()))
    except Exception as e:
        print(what, type(e).__name__, e)


cur = con.cursor()
show("execute", lambda: cur.execute("SELECT id, s, b FROM t ORDER BY id") and "ok")
for i in range(4):
    show("fetchone %d" % i, cur.fetchone)
show("fetchall", lambda: con.execute("SELECT s FROM t").fetchall())
show("list", lambda: list(con.execute("SELECT s AS name FROM t WHERE id > 1")))
show("fetchmany", lambda: con.execute("SELECT id, s FROM t ORDER BY id").fetchmany(3))
show("one row", lambda: con.execute("SELECT CAST(x'ff00ff' AS TEXT) AS z").fetchone())
show("valid", lambda: con.execute("SELECT s FROM t WHERE id IN (1, 3) ORDER BY id").fetchall())
for name, factory in [("bytes", bytes), ("bytearray", bytearray), ("latin-1", lambda b: b.decode("latin-1"))]:
    con.text_factory = factory
    show(name, lambda: con.execute("SELECT s, b, 'x' || s AS c, 7 FROM t ORDER BY id").fetchall())
con.text_factory = str

sqlite3.register_converter("RAW", lambda b: ("raw", b))
c2 = sqlite3.connect(":memory:", detect_types=sqlite3.PARSE_DECLTYPES | sqlite3.PARSE_COLNAMES)
c2.execute("CREATE TABLE r (x RAW, y TEXT)")
c2.execute("INSERT INTO r VALUES (CAST(x'61ff' AS TEXT), CAST(x'62ff' AS TEXT))")
show("converter", lambda: c2.execute("SELECT x FROM r").fetchall())
show("converter by column name", lambda: c2.execute('SELECT y AS "y [RAW]" FROM r').fetchall())
show("no converter", lambda: c2.execute("SELECT y FROM r").fetchall())
c2.row_factory = sqlite3.Row
show("row factory", lambda: [tuple(r) for r in c2.execute("SELECT x FROM r")])


def failures(sql, times=120):
    """How many of ``times`` executions of sql fail: the same query many times, as a hot statement runs."""
    failed = 0
    for i in range(times):
        try:
            con.execute(sql).fetchall()
        except sqlite3.OperationalError:
            failed += 1
    return failed


print("errors", failures("SELECT s FROM t WHERE id = 2"))
# A function or aggregate given such text: sqlite3 fails the statement (a str cannot hold it).
con.create_function("show", 1, lambda s: repr(s))
show("function", lambda: con.execute("SELECT show(s) FROM t WHERE id = 2").fetchall())
show("function, valid text", lambda: con.execute("SELECT show(s) FROM t WHERE id = 1").fetchall())
show("function, blob", lambda: con.execute("SELECT show(CAST(s AS BLOB)) FROM t WHERE id = 2").fetchall())


class Concat:
    def __init__(self):
        self.parts = []

    def step(self, value):
        self.parts.append(value)

    def finalize(self):
        return "|".join(self.parts)


con.create_aggregate("concat", 1, Concat)
show("aggregate", lambda: con.execute("SELECT concat(s) FROM t").fetchall())
show("aggregate, valid text", lambda: con.execute("SELECT concat(s) FROM t WHERE id IN (1, 3)").fetchall())
print("function failures", failures("SELECT show(s) FROM t WHERE id = 2"))
