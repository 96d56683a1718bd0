// Strings with lone surrogates (half of a UTF-16 pair, valid in JavaScript strings) bound as
// parameters: better-sqlite3 (V8) writes each as a three-byte sequence (U+D800 as ED A0 80)
// and SQLite keeps those bytes; the rest of the string is UTF-8. What is printed is the bytes
// and what SQLite computes from them (the output is better-sqlite3 12.11.1's on Node.js 20).
// Changed: the require line.
const Database = require('graalite');
const db = new Database(':memory:');
db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, s TEXT)');
const values = ['a\uD800b', '\uDC00', 'x\uD83D', '\uDE00y', 'ok\uD83D\uDE00', '\uDBFF\uDBFF\uDFFF', 'plain', 'caf\u00e9 \u20ac'];
const insert = db.prepare('INSERT INTO t (s) VALUES (?)');
for (const v of values) insert.run(v);
for (const row of db.prepare('SELECT id, hex(s) AS h, length(s) AS n, typeof(s) AS t FROM t ORDER BY id').all()) {
  console.log(JSON.stringify(row));
}
// The same bytes again: an equality with the stored value finds it.
const find = db.prepare('SELECT id FROM t WHERE s = ?').pluck();
console.log(JSON.stringify(values.map((v) => find.get(v))));
// A named parameter, an expression of it, and a parameter returned as it is.
console.log(JSON.stringify(db.prepare('SELECT hex(:v) AS h, length(:v) AS n, hex(:v || \'z\') AS z, hex(upper(:v)) AS u').get({ v: 'q\uD800r' })));
console.log(JSON.stringify(db.prepare('SELECT hex(?) AS h, ? = ? AS same, ? < ? AS less').get('\uD800', '\uD800', '\uD800', '\uD800', '\uDC00')));
// Many executions of one statement, as a hot statement runs.
const count = db.prepare('SELECT count(*) FROM t WHERE s = ?').pluck();
let found = 0;
for (let i = 0; i < 200; i++) found += count.get(values[i % values.length]);
console.log(found);
// Functions, aggregates and virtual tables that return such strings.
db.function('half', (s) => s.slice(0, 1));
db.function('lone', () => 'z\uDFFF');
console.log(JSON.stringify(db.prepare('SELECT hex(half(\'\uD83D\uDE00\')) AS h, hex(lone()) AS l, length(lone()) AS n').get()));
console.log(JSON.stringify(db.prepare('SELECT hex(half(s)) AS h FROM t ORDER BY id').pluck().all()));
db.aggregate('joined', { start: '', step: (acc, s) => acc + s.slice(-1) });
console.log(db.prepare('SELECT hex(joined(s)) FROM t').pluck().get());
db.table('pieces', { columns: ['p'], *rows() { yield { p: '\uD800' }; yield { p: 'ab\uDC00' }; } });
console.log(JSON.stringify(db.prepare('SELECT hex(p) FROM pieces').pluck().all()));
