# Writes a database for Graalite to read. argv: path, journal mode.
path, mode = sys.argv[1], sys.argv[2]
con = connect(path)
print(bytes(con.execute('PRAGMA journal_mode = ' + mode).fetchone()[0]).decode())
con.execute('CREATE TABLE v(id INTEGER PRIMARY KEY, val)')
con.execute('CREATE INDEX v_val ON v(val)')
con.execute('CREATE TABLE typed(id INTEGER PRIMARY KEY, i INTEGER, r REAL, t TEXT, b BLOB, n NUMERIC)')
con.execute('CREATE TABLE kv(k TEXT PRIMARY KEY, v NOT NULL, w) WITHOUT ROWID')
con.execute('CREATE INDEX kv_v ON kv(w DESC, k) WHERE w IS NOT NULL')
con.execute('CREATE TABLE log(id INTEGER PRIMARY KEY AUTOINCREMENT, what TEXT)')
con.execute("CREATE TRIGGER kv_ai AFTER INSERT ON kv WHEN new.w IS NOT NULL BEGIN INSERT INTO log(what) VALUES ('kv ' || new.k); END")
con.execute('BEGIN')
# values of every kind Python binds (PythonInteropTest.VALUES lists what Graalite must read)
values = [0, 1, -1, 2**63 - 1, -2**63, 2**31, True, 1.5, -0.0, 2.0, 1e300, float('inf'), float('-inf'), 5e-324,
          'text', '', 'é日本', 'a\x00b', '\U0001D11E', 'x' * 5000 + 'end', b'', b'\x00\xff\x10', bytes(range(256)) * 40, None]
con.executemany('INSERT INTO v(id, val) VALUES (?, ?)', list(enumerate(values)))
# column affinity applied by SQLite as Python inserts
con.executemany('INSERT INTO typed VALUES (?, ?, ?, ?, ?, ?)', [
    (1, '12', '3', 4, 5, '6.0'),
    (2, '1e3', 7, 'x', b'\x01', '2.5'),
    (3, 2.0, None, 1.5, 'text', 'abc'),
    (4, 2**63 - 1, 1, None, None, '9223372036854775808'),
    (5, ' 42 ', '0x10', 1e20, 2.5, ' 17 ')])
con.executemany('INSERT INTO kv VALUES (?, ?, ?)', [('key%05d' % i, i * 1.5 if i % 2 else 'v%d' % i, i % 7 if i % 3 else None) for i in range(3000)])
con.execute('DELETE FROM kv WHERE k BETWEEN ? AND ?', ('key01000', 'key01499'))
con.execute('COMMIT')
print('written')
sys.stdout.flush()
if mode == 'wal':
    # leave the committed transaction in the WAL: no checkpoint at close
    import os
    os._exit(0)
