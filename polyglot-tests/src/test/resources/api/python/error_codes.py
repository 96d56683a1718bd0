# SQLite's result codes as sqlite3 constants (Python 3.11), compared with the
# sqlite_errorcode and sqlite_errorname of the errors that ordinary programs meet: constraint
# failures of each kind, a syntax error, a locked database, a read-only connection, a file that
# cannot be opened or is no database, a value too big. Written for this test suite; its
# expected output is what CPython's sqlite3 prints. Changed for Graalite: the import line only.
import graalite.sqlite3 as sqlite3
import os

print(sqlite3.SQLITE_OK, sqlite3.SQLITE_ERROR, sqlite3.SQLITE_BUSY, sqlite3.SQLITE_CONSTRAINT, sqlite3.SQLITE_ROW, sqlite3.SQLITE_DONE)
print(sqlite3.SQLITE_CONSTRAINT_UNIQUE, sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY, sqlite3.SQLITE_IOERR_SHORT_READ, sqlite3.SQLITE_BUSY_SNAPSHOT)
print(sqlite3.dbapi2.SQLITE_NOTADB == sqlite3.SQLITE_NOTADB, sqlite3.dbapi2.connect is sqlite3.connect)
print(sorted(n for n in dir(sqlite3) if n.startswith("SQLITE_CONSTRAINT")))


def attempt(label, con, sql, parameters=()):
    try:
        con.execute(sql, parameters)
        print(label, "ran")
    except sqlite3.Error as e:
        code = getattr(e, "sqlite_errorcode", None)
        names = [n for n in dir(sqlite3) if n.startswith("SQLITE_") and getattr(sqlite3, n) == code and not n.startswith(("SQLITE_LIMIT", "SQLITE_DBCONFIG"))]
        print(label, type(e).__name__, code, getattr(e, "sqlite_errorname", None), code == getattr(sqlite3, str(getattr(e, "sqlite_errorname", "")), None), sorted(names), e)


con = sqlite3.connect("codes.db")
con.execute("PRAGMA foreign_keys = ON")
con.executescript("""
    CREATE TABLE parent(id INTEGER PRIMARY KEY);
    CREATE TABLE child(id INTEGER PRIMARY KEY, parent INT REFERENCES parent(id), name TEXT NOT NULL UNIQUE, n INT CHECK (n > 0));
    CREATE TABLE keyed(k TEXT PRIMARY KEY);
    INSERT INTO parent VALUES (1);
    INSERT INTO child VALUES (1, 1, 'a', 1);
    INSERT INTO keyed VALUES ('x');
""")
attempt("unique", con, "INSERT INTO child VALUES (2, 1, 'a', 1)")
attempt("rowid", con, "INSERT INTO child VALUES (1, 1, 'b', 1)")
attempt("primary key", con, "INSERT INTO keyed VALUES ('x')")
attempt("not null", con, "INSERT INTO child VALUES (3, 1, NULL, 1)")
attempt("check", con, "INSERT INTO child VALUES (4, 1, 'c', 0)")
attempt("foreign key", con, "INSERT INTO child VALUES (5, 9, 'd', 1)")
attempt("syntax", con, "SELEC 1")
attempt("no table", con, "SELECT * FROM nowhere")
con.commit()

con.execute("BEGIN IMMEDIATE")
other = sqlite3.connect("codes.db", timeout=0)
attempt("locked", other, "INSERT INTO parent VALUES (2)")
con.rollback()
other.close()

reader = sqlite3.connect("file:codes.db?mode=ro", uri=True)
attempt("read-only", reader, "INSERT INTO parent VALUES (3)")
reader.close()

try:
    sqlite3.connect(os.path.join("no", "such", "dir", "x.db"))
except sqlite3.Error as e:
    print("cannot open", type(e).__name__, e.sqlite_errorcode, e.sqlite_errorname, e.sqlite_errorcode == sqlite3.SQLITE_CANTOPEN)

with open("plain.txt", "w") as f:
    f.write("this is not a database, just enough text to fill the header of one " * 4)
plain = sqlite3.connect("plain.txt")
attempt("not a database", plain, "SELECT * FROM sqlite_master")
plain.close()

con.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, 100)
attempt("too big", con, "SELECT zeroblob(1000)")
con.close()
