# Threads with sqlite3: a thread that never touches the database, a connection used from a
# thread that did not make it (check_same_thread, on by default: sqlite3's ProgrammingError for
# each operation that checks it), a connection shared by threads (check_same_thread=False), and
# interrupt() from another thread. (Not here: a shared connection whose statements call a
# Python function, which Graalite runs but CPython's sqlite3 can deadlock on: a thread in
# sqlite3_step waits for the GIL while the GIL's holder waits for SQLite's connection mutex.)
# Written for this test suite; its expected output is what CPython's sqlite3 prints. Changed
# for Graalite: the import line only.
import graalite.sqlite3 as sqlite3
import threading
import time

print("threadsafety", sqlite3.threadsafety)
main = threading.get_ident()


def in_thread(target):
    thread = threading.Thread(target=target)
    thread.start()
    thread.join()


def scrub(text):
    return text.replace(f"thread id {main} ", "thread id MAIN ").replace(f"thread id {threading.get_ident()}.", "thread id OTHER.")


con = sqlite3.connect(":memory:")
con.execute("CREATE TABLE t(x, b BLOB)")
con.execute("INSERT INTO t VALUES (1, zeroblob(4)), (2, NULL), (3, NULL)")
in_thread(lambda: print("a thread that does not use the database runs"))

blob = con.blobopen("t", "b", 1)
cur = con.execute("SELECT x FROM t ORDER BY x")
closed_cursor = con.cursor()
closed_cursor.close()
closed = sqlite3.connect(":memory:")
closed.close()
operations = [
    ("execute", lambda: con.execute("SELECT 1")),
    ("execute of bad SQL", lambda: con.execute("SELEC 1")),
    ("cursor", lambda: con.cursor()),
    ("commit", lambda: con.commit()),
    ("rollback", lambda: con.rollback()),
    ("in_transaction", lambda: con.in_transaction),
    ("total_changes", lambda: con.total_changes),
    ("isolation_level read", lambda: con.isolation_level),
    ("isolation_level set", lambda: setattr(con, "isolation_level", "DEFERRED")),
    ("row_factory set", lambda: setattr(con, "row_factory", None)),
    ("create_function", lambda: con.create_function("f", 0, lambda: 1)),
    ("set_trace_callback", lambda: con.set_trace_callback(None)),
    ("getlimit", lambda: con.getlimit(sqlite3.SQLITE_LIMIT_LENGTH)),
    ("iterdump", lambda: list(con.iterdump())),
    ("__enter__", lambda: con.__enter__() is con),
    ("__exit__", lambda: con.__exit__(None, None, None)),
    ("cursor.fetchone", lambda: cur.fetchone()),
    ("cursor.fetchall", lambda: cur.fetchall()),
    ("cursor.execute", lambda: cur.execute("SELECT 1")),
    ("cursor.executemany", lambda: cur.executemany("SELECT 1", [])),
    ("cursor.executescript", lambda: cur.executescript("SELECT 1")),
    ("next(cursor)", lambda: next(cur)),
    ("cursor.description", lambda: cur.description),
    ("cursor.close", lambda: cur.close()),
    ("closed cursor.execute", lambda: closed_cursor.execute("SELECT 1")),
    ("closed cursor.close", lambda: closed_cursor.close()),
    ("closed connection.execute", lambda: closed.execute("SELECT 1")),
    ("closed connection.close", lambda: closed.close()),
    ("blob.read", lambda: blob.read(2)),
    ("len(blob)", lambda: len(blob)),
    ("blob.close", lambda: blob.close()),
    ("close", lambda: con.close()),
]


def try_all():
    for name, operation in operations:
        try:
            result = operation()
            print(name, "->", "ok" if result is None or isinstance(result, (sqlite3.Cursor, sqlite3.Connection, list)) else result)
        except sqlite3.Error as e:
            print(name, "->", type(e).__name__, scrub(str(e)))


in_thread(try_all)
print("the connection's own thread reads on:", cur.fetchall(), blob.read(2))
con.close()

# One connection, several threads: each writes its rows and reads them back.
shared = sqlite3.connect(":memory:", check_same_thread=False)
shared.execute("CREATE TABLE s(k, v)")
failures = []


def writer(k):
    for v in range(100):
        shared.execute("INSERT INTO s VALUES (?, ?)", (k, v))
        count, total = shared.execute("SELECT count(*), sum(2 * v) FROM s WHERE k = ?", (k,)).fetchone()
        if count != v + 1 or total != v * (v + 1):
            failures.append((k, v, count, total))
        values = [row[0] for row in shared.execute("SELECT v FROM s WHERE k = ? ORDER BY v", (k,))]
        if values != list(range(v + 1)):
            failures.append((k, v, values[:5]))


writers = [threading.Thread(target=writer, args=(k,)) for k in range(4)]
for thread in writers:
    thread.start()
for thread in writers:
    thread.join()
print("shared connection:", shared.execute("SELECT count(*), count(DISTINCT k) FROM s").fetchone(), "failures:", failures)

# interrupt() from another thread stops the statement the connection's thread runs.
def interrupter():
    time.sleep(0.3)
    shared.interrupt()


thread = threading.Thread(target=interrupter)
thread.start()
try:
    print(shared.execute("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100000000) SELECT count(*) FROM n").fetchone())
except sqlite3.OperationalError as e:
    print("interrupted from another thread:", e)
thread.join()
print("and the connection goes on:", shared.execute("SELECT count(*) FROM s").fetchone())
