# Text that UTF-8 cannot hold (lone surrogates, as os.fsdecode's surrogateescape makes from
# undecodable file names) fails as in sqlite3: a parameter, a named parameter, SQL text, a
# script and a row of executemany raise UnicodeEncodeError, a function's or an aggregate's
# result fails the statement, and nothing is stored. Written for this test suite; its
# expected output is what CPython's sqlite3 prints. Changed for Graalite: the import line only.
import graalite.sqlite3 as sqlite3

con = sqlite3.connect(":memory:")
con.execute("create table files(name text)")


def attempt(label, call):
    try:
        result = call()
        print(label, "->", result.fetchall() if hasattr(result, "fetchall") else result)
    except UnicodeEncodeError as e:
        print(label, "-> UnicodeEncodeError:", e, "| start", e.start, "end", e.end, "reason", e.reason, "| object", ascii(e.object))
    except sqlite3.Error as e:
        print(label, "->", type(e).__name__ + ":", e)


undecodable = b"report-\xff\xfe.txt".decode("utf-8", "surrogateescape")
attempt("insert a surrogate-escaped name", lambda: con.execute("insert into files values (?)", (undecodable,)))
attempt("the name as bytes", lambda: con.execute("insert into files values (?)", (undecodable.encode("utf-8", "surrogateescape"),)))
attempt("named", lambda: con.execute("select :n", {"n": "x\ud800y"}))
attempt("a run of them", lambda: con.execute("select ?", ("ab\ud800\udc00\udfffc",)))
attempt("a pair as one code point is fine", lambda: con.execute("select ?, length(?)", ("\U0001F600", "\U0001F600")))
attempt("other non-ASCII text is fine", lambda: con.execute("select ?, hex(?)", ("Zürich ☃", "é")))
attempt("in the SQL text", lambda: con.execute("select 'caf\udce9'"))
attempt("in a script", lambda: con.executescript("insert into files values ('ok'); insert into files values ('bad\udc80');"))
attempt("executemany", lambda: con.executemany("insert into files values (?)", [("first",), ("second\ud83d",), ("third",)]))
con.create_function("tag", 1, lambda s: s + "\udc80")
con.create_function("shout", 1, lambda s: s.upper() + "!")
attempt("a function's result", lambda: con.execute("select tag('x')"))
attempt("a function's good result", lambda: con.execute("select shout('grüße')"))
for i in range(60):
    con.execute("select shout(name) from files where typeof(name) = 'text'").fetchall()
attempt("the function, hot", lambda: con.execute("select tag(name) from files where typeof(name) = 'text'"))


class Joined:
    def __init__(self):
        self.parts = []

    def step(self, value):
        self.parts.append(value)

    def finalize(self):
        return "|".join(self.parts) + "\ud800"


con.create_aggregate("joined", 1, Joined)
attempt("an aggregate's result", lambda: con.execute("select joined(name) from files where typeof(name) = 'text'"))
attempt("what was stored", lambda: con.execute("select name, hex(name) from files order by rowid"))
