# Eight threads share one connection (check_same_thread=False): each inserts its rows, sums
# them through a Python function and a Python aggregate, reads them back and commits now and
# then. CPython's sqlite3 can deadlock on this program (a thread inside sqlite3_step waits for
# the GIL while the GIL's holder waits for SQLite's connection mutex), so it has no CPython
# output to compare with: it checks its own results and prints what must come out.
import threading
import graalite.sqlite3 as sqlite3

con = sqlite3.connect(":memory:", check_same_thread=False)
con.execute("CREATE TABLE t(k, v)")
con.create_function("same", 1, lambda x: x)


class Total:
    def __init__(self):
        self.total = 0

    def step(self, value):
        self.total += value

    def finalize(self):
        return self.total


con.create_aggregate("total", 1, Total)
errors = []


def work(k):
    try:
        for v in range(120):
            con.execute("INSERT INTO t VALUES (?, ?)", (k, v))
            total = con.execute("SELECT total(same(v)) FROM t WHERE k = ?", (k,)).fetchone()[0]
            if total != v * (v + 1) // 2:
                errors.append((k, v, total))
            if v % 40 == 0:
                if len(list(con.execute("SELECT v FROM t WHERE k = ? ORDER BY v", (k,)))) != v + 1:
                    errors.append((k, v, "rows"))
                con.commit()
    except Exception as e:
        errors.append((k, repr(e)))


threads = [threading.Thread(target=work, args=(k,)) for k in range(8)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
con.commit()
print(con.execute("SELECT count(*), count(DISTINCT k) FROM t").fetchone(), errors)
