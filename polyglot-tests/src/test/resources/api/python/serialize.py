# Connection.serialize and deserialize: a database as bytes, loaded into another connection
# and changed there; the errors sqlite3 gives for an unknown name and bytes that are no
# database (a str counts as its UTF-8 bytes). Written for this test suite; its expected
# output is what CPython's sqlite3 prints. Changed for Graalite: the import line only.
import graalite.sqlite3 as sqlite3

con = sqlite3.connect(":memory:")
con.execute("CREATE TABLE t(a INTEGER PRIMARY KEY, b)")
con.executemany("INSERT INTO t(b) VALUES (?)", [("row %d" % i,) for i in range(300)])
con.commit()
data = con.serialize()
print(type(data).__name__, len(data), data[:16])

other = sqlite3.connect(":memory:")
other.deserialize(data)
print("loaded:", other.execute("SELECT count(*), max(b) FROM t").fetchone())
other.execute("INSERT INTO t(b) VALUES ('more')")
other.commit()
print("changed:", other.execute("SELECT count(*) FROM t").fetchone(), "original:", con.execute("SELECT count(*) FROM t").fetchone())
print("again:", len(other.serialize()) >= len(data))

try:
    con.serialize(name="nosuch")
except sqlite3.OperationalError as e:
    print("unknown name:", e)
try:
    other.deserialize("text")
except TypeError as e:
    print("str:", e)
broken = sqlite3.connect(":memory:")
broken.deserialize(b"not a database at all")
try:
    broken.execute("SELECT * FROM sqlite_master")
except sqlite3.DatabaseError as e:
    print("not a database:", type(e).__name__, e)
other.close()
try:
    other.serialize()
except sqlite3.ProgrammingError as e:
    print("closed:", e)
