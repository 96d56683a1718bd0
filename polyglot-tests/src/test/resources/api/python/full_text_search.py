# Full-text search with FTS4 and what else the system's sqlite3 offers beyond SQLite's
# defaults (soundex(), LIMIT on DELETE and UPDATE): a search run often enough to become hot
# (its snippet(), offsets() and matchinfo() read FTS4's cursor through the table's hidden
# column), a ranking function in Python over matchinfo(), and a database file with an FTS4
# table written, closed and opened again. Written for this test suite; its expected output is
# what CPython's sqlite3 prints. Changed for Graalite: the import line only.
import graalite.sqlite3 as sqlite3
import struct


def rank(matchinfo):
    # matchinfo(docs, 'pcx'): phrases, columns, then per phrase and column three counts.
    values = struct.unpack("@%dI" % (len(matchinfo) // 4), matchinfo)
    phrases, columns = values[0], values[1]
    score = 0.0
    for p in range(phrases):
        for c in range(columns):
            hits_here, hits_all = values[2 + 3 * (p * columns + c)], values[3 + 3 * (p * columns + c)]
            if hits_here:
                score += hits_here / hits_all
    return score


con = sqlite3.connect("library.db")
con.create_function("rank", 1, rank, deterministic=True)
con.execute("CREATE VIRTUAL TABLE docs USING fts4(title, body)")
con.executemany("INSERT INTO docs(docid, title, body) VALUES (?, ?, ?)", [
    (1, "The quick brown fox", "jumps over the lazy dog"),
    (2, "Lazy afternoons", "the dog sleeps; the fox does not"),
    (3, "Nothing here", "an unrelated sentence about cats"),
    (4, "Fox and hound", "a fox, a hound, and another fox"),
])
con.commit()

search = ("SELECT docid, snippet(docs, '[', ']', '...', -1, 6), offsets(docs), rank(matchinfo(docs, 'pcx')) "
          "FROM docs WHERE docs MATCH ? ORDER BY rank(matchinfo(docs, 'pcx')) DESC, docid")
for word in ["fox", "dog", "lazy", "cats", "fox dog", "hound OR cats", "nothing"] * 12:
    rows = con.execute(search, (word,)).fetchall()
for word in ["fox", "dog", "lazy", "cats", "fox dog", "hound OR cats", "nothing"]:
    print(word, con.execute(search, (word,)).fetchall())
print(con.execute("SELECT docid, hex(matchinfo(docs)) FROM docs WHERE docs MATCH 'fox' ORDER BY docid").fetchall())
print(con.execute("SELECT typeof(docs), docs IS NULL FROM docs WHERE docs MATCH 'cats'").fetchall())
try:
    con.execute("SELECT docid FROM docs WHERE docs MATCH 'fox AND'").fetchall()
except sqlite3.OperationalError as e:
    print("OperationalError:", e)

con.execute("UPDATE docs SET body = 'the fox is gone' WHERE docid = 2")
con.execute("DELETE FROM docs WHERE docid = 4")
con.commit()
con.close()

con = sqlite3.connect("library.db")
print(con.execute("SELECT docid, snippet(docs) FROM docs WHERE docs MATCH 'fox' ORDER BY docid").fetchall())
print(con.execute("SELECT name FROM sqlite_master WHERE name LIKE 'docs%' ORDER BY name").fetchall())
print(con.execute("PRAGMA integrity_check").fetchall())

con.execute("CREATE VIRTUAL TABLE notes USING fts3(content)")
con.executemany("INSERT INTO notes VALUES (?)", [("alpha beta gamma",), ("beta delta",), ("gamma gamma epsilon",)])
print(con.execute("SELECT rowid, snippet(notes) FROM notes WHERE notes MATCH 'gamma' ORDER BY rowid").fetchall())

print(con.execute("SELECT soundex('Robert'), soundex('Rupert'), soundex('Tymczak'), soundex('Pfister'), soundex('')").fetchall())
print(con.execute("SELECT name, soundex(name) FROM (SELECT 'Ashcraft' AS name UNION ALL SELECT 'Lee' UNION ALL SELECT '123') ORDER BY name").fetchall())

con.execute("CREATE TABLE items(id INTEGER PRIMARY KEY, name TEXT, qty INT)")
con.executemany("INSERT INTO items VALUES (?, ?, ?)", [(1, "a", 5), (2, "b", 3), (3, "c", 8), (4, "d", 1), (5, "e", 9)])
print(con.execute("DELETE FROM items ORDER BY qty LIMIT 1").rowcount)
print(con.execute("UPDATE items SET qty = qty + 100 WHERE qty > 2 ORDER BY qty DESC LIMIT 2").rowcount)
print(con.execute("SELECT * FROM items ORDER BY id").fetchall())
con.commit()
con.close()
