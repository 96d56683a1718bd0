// User functions of 1 to 3 arguments and aggregates of 1 and 2, which the Truffle tier calls
// without arguments through their argument slots (UserFunction.ArgumentSlots,
// UserAggregate#slots) and SQLite's VDBE calls with arguments:
// every storage class as an argument, an exception, and a function that runs a statement
// calling itself (the nested call fills the same slots while the outer call runs).
const Database = require('graalite');
const db = new Database(':memory:');
db.function('add2', (a, b) => a + b);
db.function('kind', (x) => (x === null ? 'null' : x instanceof Uint8Array ? 'blob ' + Array.from(x).join(',') : typeof x + ' ' + x));
db.function('join3', (a, b, c) => [a, b, c].map((v) => (v instanceof Uint8Array ? 'blob' : String(v))).join('|'));
db.function('fails', (x) => { if (x > 2) throw new RangeError('too big: ' + x); return x; });
db.function('depth', (n, tag) => (n <= 0 ? tag : db.prepare('SELECT depth(?, ?)').pluck().get(n - 1, tag + 'x') + '/' + n + tag));
db.exec("CREATE TABLE t(a, b, c); INSERT INTO t VALUES (1, 2.5, 'x'), (NULL, x'0102', 3), (2147483648, -1, 'yy'), (4.5, 'text', NULL), (-7, 0, x'ff')");
const all = db.prepare('SELECT add2(a, b), kind(a), kind(b), kind(c), join3(a, b, c) FROM t').raw();
for (const row of all.all()) console.log(JSON.stringify(row));
console.log(db.prepare('SELECT depth(3, ?)').pluck().get('t'));
try {
  db.prepare('SELECT fails(x) FROM (SELECT 1 AS x UNION ALL SELECT 3)').pluck().all();
} catch (e) {
  console.log(e.name, e.message);
}
// Aggregates of one and two arguments (their steps take the slots too), by group, with an
// empty group and an exception.
db.aggregate('collect', { start: () => [], step: (acc, x) => { acc.push(x instanceof Uint8Array ? 'blob' : x); }, result: (acc) => acc.join(',') });
db.aggregate('weighted', { start: 0, step: (t, x, w) => t + x * w });
db.aggregate('failsAt', { start: 0, step: (t, x) => { if (x === 3) throw new TypeError('step saw 3'); return t + x; } });
console.log(JSON.stringify(db.prepare("SELECT typeof(a), collect(b), weighted(b, 2) FROM t GROUP BY typeof(a) ORDER BY 1").raw().all()));
console.log(JSON.stringify(db.prepare('SELECT collect(a), weighted(a, a) FROM t WHERE a > 1000000000000').raw().all()));
try {
  db.prepare('SELECT failsAt(x) FROM (SELECT 1 AS x UNION ALL SELECT 3)').pluck().get();
} catch (e) {
  console.log(e.name, e.message);
}
// Enough calls for the statement to compile: the compiled slot path gives the same sum.
db.exec('CREATE TABLE n(i INTEGER PRIMARY KEY, r REAL)');
const insert = db.prepare('INSERT INTO n(r) VALUES (?)');
db.transaction(() => { for (let i = 0; i < 3000; i++) insert.run(i * 0.25 - 100); })();
const sum = db.prepare('SELECT sum(add2(i, r)) FROM n').pluck();
let total = 0;
for (let k = 0; k < 200; k++) total = sum.get();
console.log(total);
const agg = db.prepare('SELECT weighted(r, i) FROM n').pluck();
for (let k = 0; k < 200; k++) total = agg.get();
console.log(total);
