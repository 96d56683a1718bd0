// From better-sqlite3's docs/api.md, ".function(name, [options], function) -> this": its
// examples in order as one program. Changed: the require line. Added (marked "setup"): the
// database, console.log of what the documentation shows after "// =>", and the error the
// documentation mentions caught and printed.
const Database = require('graalite'); // setup
const db = new Database(':memory:'); // setup

db.function('add2', (a, b) => a + b);

console.log(db.prepare('SELECT add2(?, ?)').pluck().get(12, 4)); // => 16
console.log(db.prepare('SELECT add2(?, ?)').pluck().get('foo', 'bar')); // => "foobar"
try { // setup
  db.prepare('SELECT add2(?, ?, ?)').pluck().get(12, 4, 18); // => Error: wrong number of arguments
} catch (err) {
  console.log(err.name, err.code, err.message);
}

db.function('void', { deterministic: true, varargs: true }, () => {});

console.log(db.prepare("SELECT void()").pluck().get()); // => null
console.log(db.prepare("SELECT void(?, ?)").pluck().get(55, 19)); // => null

db.function('concatAll', { varargs: true }, (...parts) => parts.join('+')); // setup
console.log(db.prepare("SELECT concatAll('a', 2, 3.5, NULL)").pluck().get()); // setup
db.function('blobLength', (blob) => blob.length); // setup: a BLOB argument is a byte array
console.log(db.prepare("SELECT blobLength(x'00ff10')").pluck().get()); // setup
db.function('thrower', () => { throw new RangeError('from a user function'); }); // setup
try { // setup: the function's own exception comes out of the statement
  db.prepare('SELECT thrower()').get();
} catch (err) {
  console.log(err.name, err.message);
}
console.log(JSON.stringify(db.prepare('SELECT add2(1, 2) AS a, add2(x, x) AS b FROM (SELECT 10 AS x UNION ALL SELECT 20)').all())); // setup
db.function('describe', (x) => typeof x + ' ' + (x + 1)); // setup: integers each side of 32 bits
console.log(JSON.stringify(db.prepare('SELECT describe(column1) FROM (VALUES (2147483647), (2147483648), (-2147483648), (-2147483649), (0), (4.5))').pluck().all())); // setup
