# Python 3.12's Connection.getconfig and setconfig (sqlite3's documentation, "Connection
# objects"): on/off options of the connection, SQLite's own. Written for this test suite;
# CPython 3.11 on this machine has no getconfig, so its output was derived from CPython 3.12's
# code (Modules/_sqlite/connection.c) and SQLite's messages.
import graalite.sqlite3 as sqlite3

con = sqlite3.connect(":memory:")
print(con.getconfig(sqlite3.SQLITE_DBCONFIG_ENABLE_FKEY))
con.setconfig(sqlite3.SQLITE_DBCONFIG_ENABLE_FKEY)
print(con.getconfig(sqlite3.SQLITE_DBCONFIG_ENABLE_FKEY), con.execute("pragma foreign_keys").fetchone())
con.setconfig(sqlite3.SQLITE_DBCONFIG_ENABLE_FKEY, False)
print(con.getconfig(sqlite3.SQLITE_DBCONFIG_ENABLE_FKEY), con.execute("pragma foreign_keys").fetchone())

# Double-quoted strings in DML: a "text" that names no column is a string until turned off.
print(con.execute('select "text"').fetchone())
con.setconfig(sqlite3.SQLITE_DBCONFIG_DQS_DML, False)
try:
    con.execute('select "text"')
except sqlite3.OperationalError as e:
    print(e)
con.setconfig(sqlite3.SQLITE_DBCONFIG_DQS_DML, 1)

# Views off: a view can be made but not used.
con.execute("create view v as select 1 as one")
con.setconfig(sqlite3.SQLITE_DBCONFIG_ENABLE_VIEW, False)
try:
    con.execute("select * from v")
except sqlite3.OperationalError as e:
    print(e)
con.setconfig(sqlite3.SQLITE_DBCONFIG_ENABLE_VIEW, True)
print(con.execute("select * from v").fetchall())

# Defensive mode: writing the schema directly is refused even with writable_schema.
print(con.getconfig(sqlite3.SQLITE_DBCONFIG_DEFENSIVE))
con.setconfig(sqlite3.SQLITE_DBCONFIG_DEFENSIVE)
con.execute("pragma writable_schema = on")
try:
    con.execute("delete from sqlite_master")
except sqlite3.OperationalError as e:
    print(e)

for bad in ((lambda: con.getconfig(999)), (lambda: con.setconfig(sqlite3.SQLITE_DBCONFIG_TRUSTED_SCHEMA + 1)),
            (lambda: con.getconfig("defensive"))):
    try:
        bad()
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
con.close()
try:
    con.getconfig(sqlite3.SQLITE_DBCONFIG_DEFENSIVE)
except sqlite3.ProgrammingError as e:
    print(e)
