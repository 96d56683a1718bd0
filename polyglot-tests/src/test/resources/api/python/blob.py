# Connection.blobopen and sqlite3.Blob: reading, writing, seeking and indexing a BLOB in
# place, the errors of writes past the end, bad indexes and offsets, a read-only blob, a
# missing row, and a closed blob. Written for this test suite; its expected output is what
# CPython's sqlite3 prints. Changed for Graalite: the import line only.
import graalite.sqlite3 as sqlite3

con = sqlite3.connect(":memory:")
con.execute("CREATE TABLE t(b BLOB)")
con.execute("INSERT INTO t VALUES (zeroblob(10))")
con.execute("INSERT INTO t VALUES ('text')")
con.commit()

with con.blobopen("t", "b", 1) as blob:
    print("size:", len(blob), blob.tell())
    blob.write(b"hello")
    print("after write:", blob.tell())
    blob.seek(0)
    print("read:", blob.read(3), blob.tell(), blob.read(), blob.tell(), blob.read())
    print("index:", blob[0], blob[-1], blob[1:4], blob[::2], blob[8:2], blob.tell())
    blob[0] = ord("H")
    blob[5:7] = b"!!"
    blob[7:10:2] = b"ab"
    blob.seek(-2, 2)
    print("seek from the end:", blob.tell())
    blob.seek(-1, 1)
    print("seek back:", blob.tell())
    for name, action in (("write past the end", lambda: blob.write(b"xyzw")), ("index", lambda: blob[20]), ("seek", lambda: blob.seek(20)),
                         ("origin", lambda: blob.seek(0, 5)), ("byte", lambda: blob.__setitem__(0, 256)), ("slice size", lambda: blob.__setitem__(slice(0, 2), b"abc")),
                         ("key", lambda: blob["a"]), ("delete", lambda: blob.__delitem__(0))):
        try:
            action()
        except (ValueError, IndexError, TypeError) as e:
            print(name, type(e).__name__, e)
print("row:", con.execute("SELECT b FROM t WHERE rowid = 1").fetchone())

try:
    con.blobopen("t", "b", 99)
except sqlite3.OperationalError as e:
    print("no row:", e)
try:
    con.blobopen("nosuch", "b", 1)
except sqlite3.OperationalError as e:
    print("no table:", e)
readonly = con.blobopen("t", "b", 1, readonly=True)
try:
    readonly.write(b"x")
except sqlite3.OperationalError as e:
    print("read-only:", e)
readonly.close()
readonly.close()
try:
    readonly.read()
except sqlite3.ProgrammingError as e:
    print("closed:", e)
text = con.blobopen("t", "b", 2)
print("text value:", text.read(), len(text))
con.close()
try:
    text.read()
except sqlite3.ProgrammingError as e:
    print("connection closed:", e)
