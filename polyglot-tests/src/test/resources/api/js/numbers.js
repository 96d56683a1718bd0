// How JavaScript numbers and BigInts become SQL values in better-sqlite3: every number binds
// as REAL, a BigInt as INTEGER, and what functions and aggregates return follows the same
// rule. Written for this project; its output is better-sqlite3 12.11.1's on Node.js.
const Database = require('graalite');
const db = new Database(':memory:');
const show = (v) => (typeof v === 'bigint' ? `${v}n` : JSON.stringify(v));
const row = (r) => Object.entries(r).map(([k, v]) => `${k}=${show(v)}`).join(' ');

// Parameters: positional and named, numbers of every size, BigInts.
console.log(row(db.prepare('SELECT ? / 2 AS half, typeof(?) AS t').get(7, 7)));
for (const v of [0, -3, 7.5, 2147483647, 2147483648, -2147483649, 2 ** 53, 1e300, -0]) {
  console.log(row(db.prepare('SELECT typeof(?) AS t, ? AS v, ? || \'\' AS text').get(v, v, v)));
}
console.log(row(db.prepare('SELECT typeof($a) AS t, $a / 2 AS half').get({ a: 9 })));
console.log(row(db.prepare('SELECT typeof(?) AS t, ? / 2 AS half').get(9n, 9n)));

// Stored through column affinities.
db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, i INTEGER, r REAL, s TEXT, n NUMERIC, b BLOB, x)');
const insert = db.prepare('INSERT INTO t (id, i, r, s, n, b, x) VALUES (?, ?, ?, ?, ?, ?, ?)');
insert.run(1, 5, 5, 5, 5, 5, 5);
insert.run(2, 2.5, 2.5, 2.5, 2.5, 2.5, 2.5);
insert.run(3n, 6n, 6n, 6n, 6n, 6n, 6n);
for (const r of db.prepare('SELECT id, typeof(i) ti, typeof(r) tr, s, typeof(s) ts, typeof(n) tn, typeof(b) tb, typeof(x) tx, x FROM t ORDER BY id').all()) {
  console.log(row(r));
}
// Lookups by a number parameter find INTEGER keys and values.
console.log(row(db.prepare('SELECT id FROM t WHERE id = ?').get(2)));
console.log(row(db.prepare('SELECT id FROM t WHERE i = ?').get(5)));
console.log(row(db.prepare('SELECT count(*) AS c FROM t WHERE x = ?').get(5)));
console.log(row(db.prepare('SELECT count(*) AS c FROM t WHERE id IN (?, ?)').get(1, 3)));

// Results of functions.
db.function('int', () => 5);
db.function('big', () => 2 ** 40);
db.function('frac', () => 0.5);
db.function('bigint', () => 5n);
db.function('echo', (v) => v);
console.log(row(db.prepare('SELECT int() / 2 AS a, typeof(int()) AS b, big() AS c, typeof(big()) AS d, frac() AS e, bigint() / 2 AS f, typeof(bigint()) AS g').get()));
console.log(row(db.prepare('SELECT typeof(echo(3)) AS a, typeof(echo(?)) AS b, echo(3) / 2 AS c').get(4)));
db.exec('INSERT INTO t (id, x) VALUES (10, int()), (11, bigint())');
console.log(row(db.prepare('SELECT group_concat(typeof(x)) AS kinds FROM t WHERE id >= 10').get()));

// Results of aggregates and window functions.
db.aggregate('total', { start: 0, step: (acc, v) => acc + v });
db.aggregate('bigTotal', { start: 0n, step: (acc, v) => acc + BigInt(v) });
db.aggregate('winsum', { start: 0, step: (acc, v) => acc + v, inverse: (acc, v) => acc - v });
console.log(row(db.prepare('SELECT total(id) AS a, typeof(total(id)) AS b, bigTotal(id) AS c, typeof(bigTotal(id)) AS d FROM t').get()));
for (const r of db.prepare('SELECT id, winsum(id) OVER (ORDER BY id ROWS 1 PRECEDING) AS w FROM t ORDER BY id').all()) {
  console.log(row(r));
}
console.log(row(db.prepare('SELECT typeof(winsum(id) OVER ()) AS t FROM t LIMIT 1').get()));

// Many executions (the statements compile on Graalite's Truffle tier): the same answers.
const half = db.prepare('SELECT ? / 2 AS half, int() / 2 AS f');
let sum = 0;
for (let i = 0; i < 20000; i++) sum += half.get(i).half + half.get(i).f;
console.log('sum', sum);
