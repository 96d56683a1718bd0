# Behaviour of the sqlite3 module that programs rely on, printed so that a difference shows
# in the output: cursor attributes, parameter handling, types, errors and their classes,
# implicit transactions, Row, scripts, user functions and aggregates that fail. Written for
# this test suite; its expected output is what CPython's sqlite3 prints. Changed for
# Graalite: the import line only.
import graalite.sqlite3 as sqlite3

con = sqlite3.connect(":memory:")
cur = con.cursor()
print("fresh cursor:", cur.description, cur.rowcount, cur.lastrowid, cur.arraysize)
cur.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, name TEXT, score REAL, data BLOB)")
print("after DDL:", cur.description, cur.rowcount)
cur.execute("INSERT INTO t(name, score, data) VALUES (?, ?, ?)", ("a", 1.5, b"\x00\x01\xff"))
print("after INSERT:", cur.rowcount, cur.lastrowid, con.in_transaction)
cur.executemany("INSERT INTO t(name, score) VALUES (?, ?)", [("b", 2), ("c", None), ("d", -0.25)])
print("after executemany:", cur.rowcount, con.total_changes)
cur.execute("SELECT * FROM t WHERE id > ? ORDER BY id", (10,))
print("empty result:", [d[0] for d in cur.description], cur.fetchone(), cur.fetchall(), cur.rowcount)

cur.execute("SELECT id, name, score, data, typeof(score) FROM t ORDER BY id")
print("fetchone:", cur.fetchone())
print("fetchmany(2):", cur.fetchmany(2))
cur.arraysize = 5
print("fetchmany():", cur.fetchmany())
print("after the end:", cur.fetchone(), cur.fetchall(), cur.fetchmany())

print("types:", con.execute("SELECT 1, 1.0, 'x', x'0102', NULL, 9223372036854775807, -9223372036854775808, 1e308").fetchone())
print("bind:", con.execute("SELECT ?, ?, ?, ?, ?, ?", (True, 2 ** 62, bytearray(b"ab"), memoryview(b"cd"), "é", None)).fetchone())
print("typeof:", con.execute("SELECT typeof(?), typeof(?), typeof(?), typeof(?)", (1, 1.0, b"", "")).fetchone())
print("int64 bounds:", con.execute("SELECT ?, ?", (2 ** 63 - 1, -2 ** 63)).fetchone())
for big in (2 ** 63, -2 ** 63 - 1):
    try:
        con.execute("SELECT ?", (big,))
    except OverflowError as e:
        print("OverflowError:", e)

# Parameters
print("named:", con.execute("SELECT :a, :b, :a", {"a": 1, "b": 2}).fetchone())
print("numbered:", con.execute("SELECT ?2, ?1", ("one", "two")).fetchone())
print("dollar and at:", con.execute("SELECT $x, @y", {"x": "X", "y": "Y"}).fetchone())
for sql, params in [("SELECT ?, ?", (1,)), ("SELECT ?", (1, 2)), ("SELECT :a", {"b": 1}), ("SELECT ?", {"a": 1}),
                    ("SELECT ?", (object(),)), ("SELECT ?", 42)]:
    try:
        con.execute(sql, params)
        print("no error for", sql, params)
    except sqlite3.Error as e:
        print(type(e).__name__ + ":", e)

# Errors and their classes
for sql in ["SELECT * FROM missing", "SELEC 1", "SELECT 1; SELECT 2", "INSERT INTO t(id) VALUES (1)",
            "INSERT INTO t(id) VALUES ('x')", "CREATE TABLE t(a)"]:
    try:
        con.execute(sql)
        print("no error for", sql)
    except sqlite3.Error as e:
        print(type(e).__name__ + ":", e, "|", getattr(e, "sqlite_errorname", None), getattr(e, "sqlite_errorcode", None))
print("empty statement:", con.execute("").description, con.execute("-- nothing").fetchall())

# Implicit transactions (legacy control): DML opens one, other statements do not.
con.commit()
con.execute("SELECT 1")
print("after SELECT:", con.in_transaction)
con.execute("UPDATE t SET score = 0 WHERE id = 1")
print("after UPDATE:", con.in_transaction)
con.rollback()
print("after rollback:", con.in_transaction, con.execute("SELECT score FROM t WHERE id = 1").fetchone())
con.execute("REPLACE INTO t(id, name) VALUES (1, 'a2')")
print("after REPLACE:", con.in_transaction)
con.commit()
con.isolation_level = "IMMEDIATE"
con.execute("DELETE FROM t WHERE id = 4")
print("IMMEDIATE:", con.in_transaction, con.isolation_level)
con.isolation_level = None
print("isolation_level None commits:", con.in_transaction, con.execute("SELECT count(*) FROM t").fetchone())
try:
    con.isolation_level = "SOMETIMES"
except ValueError as e:
    print("ValueError:", e)
con.isolation_level = ""

# Two cursors on one statement text, interleaved
a = con.execute("SELECT id FROM t ORDER BY id")
b = con.execute("SELECT id FROM t ORDER BY id")
print("interleaved:", a.fetchone(), b.fetchone(), a.fetchone(), b.fetchall(), a.fetchall())

# Row
con.row_factory = sqlite3.Row
r = con.execute("SELECT id, name AS Name FROM t WHERE id = 1").fetchone()
r2 = con.execute("SELECT id, name AS Name FROM t WHERE id = 1").fetchone()
print("Row:", type(r).__name__, r.keys(), tuple(r), len(r), r["name"], r[-1], r[0:2], r == r2, hash(r) == hash(r2))
try:
    r["missing"]
except IndexError as e:
    print("IndexError:", e)
con.row_factory = None

# executescript: statements with semicolons in strings, comments and a trigger
con.executescript("""
    CREATE TABLE log(msg TEXT); -- a comment; with a semicolon
    /* a block comment; */
    CREATE TRIGGER t_log AFTER INSERT ON t BEGIN
        INSERT INTO log VALUES ('inserted ' || new.name || ';');
    END;
    INSERT INTO t(name) VALUES ('e;f');
""")
print("script:", con.execute("SELECT msg FROM log").fetchall(), con.in_transaction)
try:
    con.executescript("INSERT INTO log VALUES ('x'); SELEC oops; INSERT INTO log VALUES ('y');")
except sqlite3.OperationalError as e:
    print("script error:", e, con.execute("SELECT count(*) FROM log").fetchone())
print("complete_statement:", sqlite3.complete_statement("SELECT 1;"), sqlite3.complete_statement("SELECT 'a;"),
      sqlite3.complete_statement("CREATE TRIGGER x AFTER INSERT ON t BEGIN SELECT 1;"),
      sqlite3.complete_statement("CREATE TRIGGER x AFTER INSERT ON t BEGIN SELECT 1; END;"))

# User functions and aggregates that fail
def fails(x):
    raise ValueError("boom")

class FailingStep:
    def step(self, x):
        raise ValueError("boom")

    def finalize(self):
        return 0

class FailingFinalize:
    def step(self, x):
        pass

    def finalize(self):
        return 1 / 0

con.create_function("fails", 1, fails)
con.create_function("bigint", 0, lambda: 2 ** 64)
con.create_function("varargs", -1, lambda *args: len(args))
con.create_function("blob_len", 1, lambda b: len(b) if isinstance(b, bytes) else -1, deterministic=True)
con.create_aggregate("failing_step", 1, FailingStep)
con.create_aggregate("failing_finalize", 1, FailingFinalize)
for sql in ["SELECT fails(1)", "SELECT bigint()", "SELECT failing_step(id) FROM t", "SELECT failing_finalize(id) FROM t"]:
    try:
        con.execute(sql).fetchall()
        print("no error for", sql)
    except sqlite3.Error as e:
        print(type(e).__name__ + ":", e, "|", getattr(e, "sqlite_errorname", None))
print("varargs:", con.execute("SELECT varargs(), varargs(1, 2, 3), blob_len(x'010203'), blob_len('abc')").fetchone())

# Functions and aggregates in other shapes: a bound method as the function, NULL and BLOB
# arguments, results of every type; an aggregate over no rows (None, without making its
# object), one without step, one whose object sets its own step, one whose step is not
# callable.
class Scaler:
    def __init__(self, factor):
        self.factor = factor

    def scale(self, x):
        return None if x is None else x * self.factor

con.create_function("scale", 1, Scaler(3).scale)
con.create_function("kind", 1, lambda v: type(v).__name__)
con.create_function("echo", 1, lambda v: v)
print("bound method:", con.execute("SELECT scale(2), scale(1.5), scale('ab'), scale(NULL)").fetchone())
print("argument types:", con.execute("SELECT kind(1), kind(1.5), kind('a'), kind(NULL), kind(x'00')").fetchone())
for value in [True, 3.0, 2 ** 62, bytearray(b"ab"), "text", None]:
    con.create_function("give", 0, lambda value=value: value)
    print("result", repr(value), con.execute("SELECT give(), typeof(give())").fetchone())

class Made:
    made = 0

    def __init__(self):
        Made.made += 1

    def step(self, x):
        pass

    def finalize(self):
        return "finalized"

class WithoutStep:
    def finalize(self):
        return 0

class OwnStep:
    def __init__(self):
        self.seen = []
        self.step = self.seen.append

    def finalize(self):
        return len(self.seen)

class StepNotCallable:
    step = 5

    def finalize(self):
        return 0

con.create_aggregate("made", 1, Made)
con.create_aggregate("without_step", 1, WithoutStep)
con.create_aggregate("own_step", 1, OwnStep)
con.create_aggregate("step_not_callable", 1, StepNotCallable)
print("aggregate of no rows:", con.execute("SELECT made(id) FROM t WHERE 0").fetchone(), "objects made:", Made.made)
print("aggregate of rows:", con.execute("SELECT made(id) FROM t").fetchone(), "objects made:", Made.made)
print("own step:", con.execute("SELECT own_step(id) FROM t").fetchone())
for sql in ["SELECT without_step(id) FROM t", "SELECT step_not_callable(id) FROM t"]:
    try:
        con.execute(sql).fetchall()
        print("no error for", sql)
    except sqlite3.Error as e:
        print(type(e).__name__ + ":", e)

# Collations ordering by results of other types: floats and None count as equal, bools, large
# ints and objects with __index__ by their index.
class Index:
    def __init__(self, value):
        self.value = value

    def __index__(self):
        return self.value

for name, compare in [("by_float", lambda a, b: 1.5 if a > b else -1.5), ("by_bool", lambda a, b: a > b),
                      ("by_big", lambda a, b: 2 ** 70 * ((a > b) - (a < b))), ("by_index", lambda a, b: Index((a > b) - (a < b))),
                      ("by_none", lambda a, b: None)]:
    con.create_collation(name, compare)
    print("collation", name, con.execute("SELECT column1 FROM (VALUES ('b'), ('a'), ('c'), ('B')) ORDER BY column1 COLLATE %s" % name).fetchall())

# lastrowid: every execute() sets it from the connection's last_insert_rowid(), whatever the
# statement (a SELECT after an INSERT reports the INSERT's row)
con2 = sqlite3.connect(":memory:")
con2.execute("CREATE TABLE r(id INTEGER PRIMARY KEY, v)")
print("lastrowid:", con2.execute("SELECT 1").lastrowid, con2.execute("INSERT INTO r(v) VALUES (1)").lastrowid,
      con2.execute("SELECT 1").lastrowid)
con2.executemany("INSERT INTO r(v) VALUES (?)", [(2,), (3,)])
print("lastrowid after executemany:", con2.execute("SELECT count(*) FROM r").lastrowid)
try:
    con2.execute("INSERT INTO r(id, v) VALUES (50, 1), (1, 2)")
except sqlite3.IntegrityError as e:
    print("lastrowid after a failed INSERT:", con2.execute("SELECT 1").lastrowid, e)
con2.create_function("writer", 1, lambda x: con2.execute("INSERT INTO r(v) VALUES (?)", (x,)).lastrowid)
print("lastrowid of a SELECT whose function inserts:", con2.execute("SELECT writer(7)").fetchone(), con2.execute("SELECT 1").lastrowid)
con2.executescript("INSERT INTO r(v) VALUES (8); SELECT 1;")
print("lastrowid after executescript:", con2.execute("SELECT 1").lastrowid)
con2.close()

# A cached SELECT * after another connection adds a column: the new column in rows and description
con3 = sqlite3.connect("behaviour_schema.db")
other = sqlite3.connect("behaviour_schema.db")
con3.execute("CREATE TABLE IF NOT EXISTS s(x)")
con3.execute("DELETE FROM s")
con3.execute("INSERT INTO s VALUES (1)")
con3.commit()
for _ in range(3):
    cur3 = con3.execute("SELECT * FROM s")
print("before ALTER:", cur3.fetchall(), [d[0] for d in cur3.description])
other.execute("ALTER TABLE s ADD COLUMN y DEFAULT 7")
other.commit()
cur3 = con3.execute("SELECT * FROM s")
print("after ALTER:", cur3.fetchall(), [d[0] for d in cur3.description])
other.execute("DROP TABLE s")
other.close()
con3.close()

# Misuse
cur = con.cursor()
cur.close()
try:
    cur.execute("SELECT 1")
except sqlite3.ProgrammingError as e:
    print("closed cursor:", e)
try:
    con.executemany("SELECT ?", [(1,)])
except sqlite3.ProgrammingError as e:
    print("executemany SELECT:", e)
# A user function may run statements on its connection while the statement that calls it runs.
con.execute("CREATE TABLE names(k INTEGER PRIMARY KEY, v TEXT)")
con.executemany("INSERT INTO names VALUES (?, ?)", [(1, "one"), (2, "two")])
con.create_function("lookup", 1, lambda k: (con.execute("SELECT v FROM names WHERE k = ?", (k,)).fetchone() or (None,))[0])
print("nested statement:", con.execute("SELECT k, lookup(k), lookup(k + 1) FROM names ORDER BY k").fetchall())
con.create_function("count_names", 0, lambda: con.execute("SELECT count(*) FROM names").fetchone()[0])
con.execute("INSERT INTO names(v) SELECT 'n' || count_names() FROM names")
print("nested in an insert:", con.execute("SELECT v FROM names ORDER BY k").fetchall())
# A cursor dropped before its last row leaves the statement to the next cursor; the module
# has no finalizers (on GraalPy one running inside a user function slows every later call).
import gc
dropped = con.execute("SELECT k FROM names ORDER BY k")
print("first of dropped:", dropped.fetchone())
del dropped
gc.collect()
print("after the drop:", con.execute("SELECT k FROM names ORDER BY k").fetchall())
print("finalizers:", [name for name in ("Connection", "Cursor", "Row", "Blob") if hasattr(getattr(sqlite3, name), "__del__")])
print("module:", sqlite3.apilevel, sqlite3.paramstyle, sqlite3.PARSE_DECLTYPES, sqlite3.PARSE_COLNAMES)
print("hierarchy:", issubclass(sqlite3.IntegrityError, sqlite3.DatabaseError), issubclass(sqlite3.DatabaseError, sqlite3.Error),
      issubclass(sqlite3.Error, Exception), issubclass(sqlite3.ProgrammingError, sqlite3.DatabaseError))
con.close()
con.close()
print("done")
