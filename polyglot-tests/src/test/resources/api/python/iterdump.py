# Connection.iterdump: tables with their rows (every storage class, quoted names, an
# AUTOINCREMENT counter, a WITHOUT ROWID table), indexes, views and triggers as SQL text, which
# then builds the same database in another connection. Written for this test suite; its
# expected output is what CPython's sqlite3 prints. Changed for Graalite: the import line only.
import graalite.sqlite3 as sqlite3

con = sqlite3.connect(":memory:")
con.executescript("""
    CREATE TABLE "odd ""name"" t"(a INTEGER PRIMARY KEY AUTOINCREMENT, "b c" TEXT, d BLOB, e REAL);
    INSERT INTO "odd ""name"" t"("b c", d, e) VALUES ('it''s', x'00ff', 1.5), (NULL, NULL, 2.0), ('é', zeroblob(2), 1e300);
    CREATE TABLE plain(x, y DEFAULT 3);
    INSERT INTO plain VALUES (1, 'a'), (2.5, NULL), (-9223372036854775808, 'line
break');
    CREATE INDEX plain_x ON plain(x);
    CREATE VIEW v AS SELECT x FROM plain;
    CREATE TRIGGER tr AFTER INSERT ON plain BEGIN SELECT 1; END;
    CREATE TABLE empty(z);
    CREATE TABLE w(k TEXT PRIMARY KEY, v) WITHOUT ROWID;
    INSERT INTO w VALUES ('b', 1), ('a', x'');
""")
dump = list(con.iterdump())
for line in dump:
    print(line)

copy = sqlite3.connect(":memory:")
copy.executescript("\n".join(dump))
for table in ('"odd ""name"" t"', "plain", "w", "sqlite_sequence"):
    query = "SELECT * FROM %s ORDER BY 1" % table
    print(table, con.execute(query).fetchall() == copy.execute(query).fetchall())
print("schema", con.execute("SELECT type, name FROM sqlite_master ORDER BY name").fetchall() == copy.execute("SELECT type, name FROM sqlite_master ORDER BY name").fetchall())
con.close()
try:
    con.iterdump()
except sqlite3.ProgrammingError as e:
    print("closed:", e)
