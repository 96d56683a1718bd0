// Written for this test suite, expected output from Node.js with better-sqlite3: a prepared
// SELECT * after another connection adds columns to its table returns the new columns, from
// get(), all() and iterate() (SQLite prepares the statement again). Changed for Graalite: the
// require line.
const Database = require('graalite');
const a = new Database('schema_change.db');
const b = new Database('schema_change.db');
a.exec('CREATE TABLE t(x); INSERT INTO t VALUES (1)');
const st = a.prepare('SELECT * FROM t');
for (let i = 0; i < 3; i++) console.log('before', JSON.stringify(st.get()), JSON.stringify(st.all()));
b.exec('ALTER TABLE t ADD COLUMN y DEFAULT 7');
console.log('after get', JSON.stringify(st.get()));
b.exec('ALTER TABLE t ADD COLUMN z DEFAULT 8');
console.log('after all', JSON.stringify(st.all()));
b.exec('ALTER TABLE t ADD COLUMN w DEFAULT 9');
console.log('after iterate', JSON.stringify([...st.iterate()]));
console.log('columns', JSON.stringify(st.columns().map((c) => c.name)));
a.close();
b.close();
