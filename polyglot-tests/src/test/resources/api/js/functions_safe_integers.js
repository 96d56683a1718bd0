// better-sqlite3's safe integers in user functions and aggregates (docs/api.md,
// ".function(name, [options], function)", ".aggregate(name, options)": "safeIntegers", and
// docs/integer.md): with safe integers, INTEGER arguments arrive as BigInt, REAL ones as
// numbers (5.0 too); the option defaults to the database's defaultSafeIntegers() at the time
// the function is defined; a returned BigInt is an INTEGER within 64 bits and an error beyond.
// Written for this test suite; its expected output is what better-sqlite3 prints. Changed for
// Graalite: the require line only.
const Database = require('graalite');
const db = new Database(':memory:');
const show = (v) => JSON.stringify(v, (k, x) => typeof x === 'bigint' ? `${x}n` : x);
const describe = (x) => x === null ? 'null' : x instanceof Uint8Array ? `bytes ${[...x].join(',')}` : `${typeof x} ${x}`;
const attempt = (label, f) => {
  try {
    console.log(label, show(f()));
  } catch (e) {
    console.log(label, e.constructor.name, e.message);
  }
};

db.exec(`CREATE TABLE t (id INTEGER PRIMARY KEY, v);
  INSERT INTO t (v) VALUES (9007199254740993), (5), (5.0), (NULL), ('text'), (x'0102'),
    (-9223372036854775808), (9223372036854775807), (2.5), (-7)`);
const column = (fn) => db.prepare(`SELECT ${fn}(v) FROM t ORDER BY id`).pluck().all();

// One argument: safe, unsafe, and on an expression of constants.
db.function('safeKind', { safeIntegers: true }, (x) => describe(x));
db.function('plainKind', { safeIntegers: false }, (x) => describe(x));
db.function('defaultKind', (x) => describe(x));
console.log('safe:', show(column('safeKind')));
console.log('plain:', show(column('plainKind')));
console.log('default (off):', show(column('defaultKind')));
console.log('constants:', show(db.prepare('SELECT safeKind(9007199254740993), safeKind(5.0), safeKind(5), safeKind(1 + 1), safeKind(2.0 * 3)').raw().get()));
console.log('parameters:', show(db.prepare('SELECT safeKind(?), safeKind(?), safeKind(?)').raw().get(9007199254740993n, 5.5, 'x')));

// The database's default when the function is defined, not when it is called.
db.defaultSafeIntegers();
db.function('definedSafe', (x) => describe(x));
db.function('optedOut', { safeIntegers: false }, (x) => describe(x));
console.log('defined under safe default:', show(column('definedSafe')));
console.log('opted out:', show(column('optedOut')));
console.log('defined before (off):', show(db.prepare('SELECT defaultKind(v) FROM t WHERE id <= 3 ORDER BY id').pluck().safeIntegers(false).all()));
db.defaultSafeIntegers(false);
console.log('still safe after default off:', show(db.prepare('SELECT definedSafe(v) FROM t WHERE id <= 3 ORDER BY id').pluck().all()));

// Returned BigInts: INTEGERs within 64 bits, a RangeError beyond; other values.
db.function('plusOne', { safeIntegers: true }, (x) => typeof x === 'bigint' ? x + 1n : x);
console.log('plusOne:', show(db.prepare('SELECT plusOne(v) AS r, typeof(plusOne(v)) AS t FROM t WHERE id IN (1, 2, 3, 7, 9) ORDER BY id').safeIntegers().all()));
attempt('plusOne(max):', () => db.prepare('SELECT plusOne(9223372036854775807)').get());
db.function('giveBack', { safeIntegers: true }, (x) => x);
console.log('giveBack:', show(db.prepare('SELECT giveBack(v) AS r, typeof(giveBack(v)) AS t FROM t ORDER BY id').safeIntegers().raw().all().map(([r, t]) => `${describe(r)} ${t}`)));
db.function('constant', { varargs: true }, (which) => [2n ** 63n - 1n, -(2n ** 63n), 2n ** 63n, -(2n ** 63n) - 1n, 2n ** 64n, {}, true, [1]][which]);
for (let i = 0; i < 8; ++i) attempt(`constant(${i}):`, () => db.prepare('SELECT constant(?) AS r, typeof(constant(?)) AS t').safeIntegers().get(i, i));
attempt('after errors:', () => db.prepare('SELECT plusOne(41)').pluck().safeIntegers().get());

// Two, three and many arguments (varargs): the kinds of each argument.
db.function('pair', { safeIntegers: true }, (a, b) => `${describe(a)} | ${describe(b)}`);
db.function('triple', { safeIntegers: true }, (a, b, c) => typeof a === 'bigint' && typeof b === 'bigint' && typeof c === 'bigint' ? a + b + c : null);
db.function('kinds', { safeIntegers: true, varargs: true }, (...xs) => xs.map((x) => typeof x).join(','));
console.log('pair:', show(db.prepare('SELECT pair(v, id) FROM t ORDER BY id').pluck().all()));
console.log('triple:', show(db.prepare('SELECT triple(?, ?, ?)').pluck().safeIntegers().get(9007199254740993n, 9007199254740993n, 1n)));
console.log('kinds:', show(db.prepare("SELECT kinds(), kinds(1), kinds(1, 1.0, 'a', x'00', NULL, 2, 3.5, 4, 5), kinds(v, v, v, v, v, v, v, v) FROM t WHERE id = 3").raw().get()));
console.log('kinds by row:', show(db.prepare('SELECT kinds(v, id, v * 1.0, v || \'\') FROM t ORDER BY id').pluck().all()));
attempt('bad option:', () => db.function('bad', { safeIntegers: 1 }, () => 0));

// Aggregates: step receives BigInts; start, result and the state are the program's own.
db.aggregate('safeSum', {
  safeIntegers: true,
  start: () => ({ sum: 0n, reals: 0, others: [] }),
  step: (state, x) => {
    if (typeof x === 'bigint') state.sum += x;
    else if (typeof x === 'number') state.reals += x;
    else state.others.push(describe(x));
  },
  result: (state) => `${state.sum} ${state.reals} ${state.others.join(';')}`,
});
db.aggregate('plainSum', { safeIntegers: false, start: 0, step: (sum, x) => typeof x === 'number' ? sum + x : sum });
console.log('safeSum:', show(db.prepare('SELECT safeSum(v) FROM t WHERE id NOT IN (7, 8)').pluck().get()));
console.log('safeSum by group:', show(db.prepare('SELECT id % 2 AS g, safeSum(v) AS s FROM t GROUP BY g ORDER BY g').all()));
console.log('plainSum:', show(db.prepare('SELECT plainSum(v) FROM t WHERE id IN (2, 3, 9, 10)').pluck().get()));
db.aggregate('bigTotal', { safeIntegers: true, start: 0n, step: (total, x) => total + x });
console.log('bigTotal:', show(db.prepare('SELECT bigTotal(v) AS r, typeof(bigTotal(v)) AS t FROM t WHERE id IN (1, 2, 10)').safeIntegers().get()));
attempt('bigTotal overflow:', () => db.prepare('SELECT bigTotal(v) FROM t WHERE id IN (8, 2)').pluck().get());
db.aggregate('pairs', { safeIntegers: true, start: () => [], step: (list, a, b) => { list.push(`${typeof a}/${typeof b}`); }, result: (list) => list.join(' ') });
console.log('pairs:', show(db.prepare('SELECT pairs(v, id) FROM t').pluck().get()));
db.aggregate('countKinds', { safeIntegers: true, varargs: true, start: () => [], step: (list, ...xs) => { list.push(xs.map((x) => typeof x).join(',')); }, result: (list) => list.join(' ') });
console.log('countKinds:', show(db.prepare('SELECT countKinds(v, 1, 1.5) FROM t WHERE id < 4').pluck().get()));

// The database's default applies to aggregates too, when they are defined.
db.defaultSafeIntegers(true);
db.aggregate('defaultedKinds', { start: () => [], step: (list, x) => { list.push(typeof x); }, result: (list) => list.join(',') });
db.defaultSafeIntegers(false);
console.log('defaultedKinds:', show(db.prepare('SELECT defaultedKinds(v) FROM t').pluck().get()));

// A window aggregate with inverse: both receive BigInts.
db.aggregate('windowSum', {
  safeIntegers: true,
  start: () => ({ sum: 0n, seen: [] }),
  step: (state, x) => { state.sum += x; state.seen.push(`+${typeof x}`); },
  inverse: (state, x) => { state.sum -= x; state.seen.push(`-${typeof x}`); },
  result: (state) => state.sum,
});
console.log('windowSum:', show(db.prepare(`SELECT id, windowSum(v) OVER (ORDER BY id ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) AS w
  FROM t WHERE typeof(v) = 'integer' ORDER BY id`).safeIntegers().all()));
db.aggregate('windowKinds', {
  safeIntegers: true,
  start: () => [],
  step: (list, x) => { list.push(typeof x); },
  inverse: (list) => { list.shift(); },
  result: (list) => list.join(','),
});
console.log('windowKinds:', show(db.prepare('SELECT windowKinds(v) OVER (ORDER BY id ROWS BETWEEN 2 PRECEDING AND CURRENT ROW) FROM t ORDER BY id').pluck().all()));
console.log('windowKinds as aggregate:', show(db.prepare('SELECT windowKinds(v) FROM t').pluck().get()));
