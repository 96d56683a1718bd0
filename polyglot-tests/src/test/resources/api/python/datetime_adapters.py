# sqlite3's date and time support as a program uses it, with datetime imported after the
# sqlite3 module (graalite.sqlite3 imports datetime only when it is needed): the default
# adapters and converters, the DB-API constructors, and an adapter of the program's own.
# Changed: the import line.
import graalite.sqlite3 as sqlite3
import datetime

print(sqlite3.Date is datetime.date, sqlite3.Time is datetime.time, sqlite3.Timestamp is datetime.datetime)
print(type(sqlite3.DateFromTicks(0)).__name__, type(sqlite3.TimeFromTicks(0)).__name__, type(sqlite3.TimestampFromTicks(0)).__name__)

con = sqlite3.connect(":memory:", detect_types=sqlite3.PARSE_DECLTYPES | sqlite3.PARSE_COLNAMES)
con.execute("CREATE TABLE events(day date, at timestamp, note text)")
con.execute("INSERT INTO events VALUES (?, ?, ?)", (datetime.date(2024, 2, 29), datetime.datetime(2024, 2, 29, 13, 45, 7, 250), "leap"))
con.execute("INSERT INTO events VALUES (?, ?, ?)", (sqlite3.Date(1999, 12, 31), sqlite3.Timestamp(2000, 1, 1, 0, 0, 0), "eve"))
for row in con.execute("SELECT day, at, note, typeof(day), typeof(at) FROM events ORDER BY day"):
    print(repr(row[0]), repr(row[1]), row[2], row[3], row[4])
print(con.execute("SELECT day AS \"d [date]\", '2001-02-03 04:05:06.5' AS \"t [timestamp]\" FROM events LIMIT 1").fetchone())
print((datetime.date, sqlite3.PrepareProtocol) in sqlite3.adapters, (datetime.datetime, sqlite3.PrepareProtocol) in sqlite3.adapters)
print(sqlite3.adapt(datetime.date(2020, 1, 2)), sqlite3.adapt(datetime.datetime(2020, 1, 2, 3, 4, 5)))

# An adapter of the program's own replaces the default one.
sqlite3.register_adapter(datetime.date, lambda d: d.strftime("%d/%m/%Y"))
print(con.execute("SELECT ?", (datetime.date(2024, 7, 14),)).fetchone()[0])
con.close()
