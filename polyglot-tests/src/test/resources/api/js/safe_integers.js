// better-sqlite3's safe integers (docs/integer.md, docs/api.md ".safeIntegers([toggleState])",
// "defaultSafeIntegers"): INTEGER values as BigInt, REAL values stay numbers; BigInt
// parameters bind as INTEGER within 64 bits. Written for this test suite; its expected output
// is what better-sqlite3 prints. Changed for Graalite: the require line only.
const Database = require('graalite');
const db = new Database(':memory:');
db.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, big INTEGER, r REAL, s TEXT)");
const insert = db.prepare('INSERT INTO t (big, r, s) VALUES (?, ?, ?)');
console.log(JSON.stringify(insert.run(9007199254740993n, 3, 'x'), (k, v) => typeof v === 'bigint' ? `${v}n` : v));
insert.run(-9223372036854775808n, 2.5, '7');
insert.run(9223372036854775807n, null, 'y');
const show = (v) => JSON.stringify(v, (k, x) => typeof x === 'bigint' ? `${x}n` : x);
const select = db.prepare('SELECT id, big, r, s FROM t ORDER BY id');
console.log('default:', show(select.all()));
select.safeIntegers();
console.log('safe:', show(select.all()));
console.log('raw:', show(select.raw().all()));
console.log('pluck:', show(select.pluck().all()));
select.raw(false);
console.log('expand:', show(select.expand().get()));
select.expand(false);
console.log('off:', show(select.safeIntegers(false).get()));
console.log('run:', show(db.prepare('INSERT INTO t (big) VALUES (1)').safeIntegers().run()));
db.defaultSafeIntegers();
console.log('default safe:', show(db.prepare('SELECT 1 AS a, 1.0 AS b, 2.5 AS c').get()));
console.log('iterate:', show([...db.prepare('SELECT big FROM t WHERE id < 3').iterate()]));
db.defaultSafeIntegers(false);
console.log('default again:', show(db.prepare('SELECT 1 AS a').get()));
for (const value of [2n ** 63n, -(2n ** 63n) - 1n]) {
  try {
    db.prepare('SELECT ?').get(value);
  } catch (e) {
    console.log(e.constructor.name, e.message);
  }
}
for (const bad of ['yes', 1]) {
  try {
    select.safeIntegers(bad);
  } catch (e) {
    console.log(e.constructor.name, e.message);
  }
}
