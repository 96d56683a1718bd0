# Connection.backup: an in-memory database copied into another connection and into a file,
# step by step with a progress callback, and the errors sqlite3 gives for bad targets,
# names and callbacks. Written for this test suite; its expected output is what CPython's
# sqlite3 prints. Changed for Graalite: the import line only.
import os
import tempfile

import graalite.sqlite3 as sqlite3

source = sqlite3.connect(":memory:")
source.execute("CREATE TABLE t(a INTEGER PRIMARY KEY, b TEXT)")
source.executemany("INSERT INTO t(b) VALUES (?)", [("x" * i,) for i in range(2000)])
source.execute("CREATE INDEX t_b ON t(b)")
source.commit()

copy = sqlite3.connect(":memory:")
steps = []
source.backup(copy, pages=100, progress=lambda status, remaining, total: steps.append((status, remaining, total)))
print("steps:", len(steps), steps[0], steps[-1])
print("copied:", copy.execute("SELECT count(*), sum(length(b)) FROM t").fetchone())
print("index:", copy.execute("SELECT name FROM sqlite_master WHERE type = 'index'").fetchall())

with tempfile.TemporaryDirectory() as directory:
    path = os.path.join(directory, "copy.db")
    on_disk = sqlite3.connect(path)
    source.backup(on_disk)
    on_disk.close()
    reopened = sqlite3.connect(path)
    print("file:", reopened.execute("SELECT count(*), max(a) FROM t").fetchone(), reopened.execute("PRAGMA integrity_check").fetchone())
    reopened.close()

try:
    source.backup(source)
except ValueError as e:
    print("itself:", e)
try:
    source.backup(copy, name="nosuch")
except sqlite3.OperationalError as e:
    print("unknown name:", e)
try:
    source.backup(1)
except TypeError as e:
    print("not a connection:", e)
try:
    source.backup(copy, progress=1)
except TypeError as e:
    print("progress:", e)


def stop(status, remaining, total):
    raise ValueError("stopped with %d pages left" % remaining)


try:
    source.backup(copy, pages=5, progress=stop)
except ValueError as e:
    print("progress raised:", e)
busy = sqlite3.connect(":memory:")
busy.execute("BEGIN")
busy.execute("CREATE TABLE z(a)")
try:
    source.backup(busy)
except sqlite3.OperationalError as e:
    print("target in a transaction:", e)
closed = sqlite3.connect(":memory:")
closed.close()
try:
    source.backup(closed)
except sqlite3.ProgrammingError as e:
    print("closed target:", e)
