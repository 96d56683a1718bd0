# Reads a database Graalite wrote. argv: path, then queries; prints integrity_check and dumps.
path = sys.argv[1]
con = connect(path)
print('integrity ' + ' '.join(bytes(r[0]).decode() for r in con.execute('PRAGMA integrity_check')))
for query in sys.argv[2:]:
    dump(con, query)
