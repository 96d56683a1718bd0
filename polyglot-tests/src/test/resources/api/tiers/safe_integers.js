// User functions and aggregates with better-sqlite3's safe integers, which the language calls
// with the integer kinds of their arguments first (no argument slots), on SQLite's VDBE and
// on the Truffle tier: INTEGERs as exact BigInts, REALs (5.0 too) as numbers, and enough
// calls for the statements to compile.
const Database = require('graalite');
const db = new Database(':memory:');
const show = (v) => JSON.stringify(v, (k, x) => typeof x === 'bigint' ? `${x}n` : x);
db.function('kind', { safeIntegers: true }, (x) => (x === null ? 'null' : x instanceof Uint8Array ? 'blob' : `${typeof x} ${x}`));
db.function('add2', { safeIntegers: true }, (a, b) => (typeof a === typeof b && (typeof a === 'bigint' || typeof a === 'number') ? a + b : null));
db.function('kinds', { safeIntegers: true, varargs: true }, (...xs) => xs.map((x) => typeof x).join(','));
db.exec(`CREATE TABLE t(a, b); INSERT INTO t VALUES (9007199254740993, 1), (5, 5.0), (5.0, 2.5), (NULL, x'01'),
  ('x', -9223372036854775808), (9223372036854775807, -1)`);
console.log(show(db.prepare('SELECT kind(a), kind(b), add2(a, b), kinds(a, b, a, b, a, b, a) FROM t').raw().safeIntegers().all()));
db.aggregate('total', { safeIntegers: true, start: 0n, step: (t, x) => (typeof x === 'bigint' && x > 0n && x < 2n ** 62n ? t + x : t) });
db.aggregate('kindsOf', { safeIntegers: true, start: () => [], step: (list, x, y) => { list.push(`${typeof x}/${typeof y}`); }, result: (list) => list.join(' ') });
console.log(show(db.prepare('SELECT total(a), kindsOf(a, b) FROM t').raw().safeIntegers().get()));
db.exec('CREATE TABLE n(i INTEGER PRIMARY KEY, r REAL)');
const insert = db.prepare('INSERT INTO n(r) VALUES (?)');
db.transaction(() => { for (let i = 0; i < 3000; i++) insert.run(i * 0.25 - 100); })();
const sums = db.prepare('SELECT total(add2(i, 3000000000000001)), total(i), sum(add2(r, 0.5)), max(kind(r)) FROM n').raw().safeIntegers();
let result;
for (let k = 0; k < 200; k++) result = sums.get();
console.log(show(result));
