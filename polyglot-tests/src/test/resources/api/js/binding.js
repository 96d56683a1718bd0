// From better-sqlite3's docs/api.md, "Binding Parameters": its examples in order as one
// program (anonymous parameters in three equivalent forms, the three named syntaxes, both
// mixed), and the conversion table (NULL, REAL, INTEGER, TEXT, BLOB). Changed: the require
// line. Added (marked "setup"): the table and console.log of its rows, and the errors for
// missing values.
const Database = require('graalite'); // setup
const db = new Database(':memory:'); // setup
db.exec('CREATE TABLE people (firstName, lastName, age)'); // setup
const rows = () => JSON.stringify(db.prepare('SELECT * FROM people').raw().all()); // setup

{
  const stmt = db.prepare('INSERT INTO people VALUES (?, ?, ?)');

  // The following are equivalent.
  stmt.run('John', 'Smith', 45);
  stmt.run(['John', 'Smith', 45]);
  stmt.run(['John'], ['Smith', 45]);
}
console.log(rows()); // setup
db.exec('DELETE FROM people'); // setup

for (const sql of ['INSERT INTO people VALUES (@firstName, @lastName, @age)', // setup
  'INSERT INTO people VALUES (:firstName, :lastName, :age)',
  'INSERT INTO people VALUES ($firstName, $lastName, $age)',
  'INSERT INTO people VALUES (@firstName, :lastName, $age)']) {
  const stmt = db.prepare(sql);

  stmt.run({
    firstName: 'John',
    lastName: 'Smith',
    age: 45
  });
}
console.log(rows()); // setup
db.exec('DELETE FROM people'); // setup

{
  const stmt = db.prepare('INSERT INTO people VALUES (@name, @name, ?)');
  stmt.run(45, { name: 'Henry' });
}
console.log(rows()); // setup

const types = db.prepare('SELECT NULL AS n, 1.5 AS r, 42 AS i, \'text\' AS t, x\'0102ff\' AS b').get(); // setup: the conversion table
console.log(types.n, types.r, types.i, types.t, types.b instanceof Uint8Array, Array.from(types.b).join(' ')); // setup
const echo = db.prepare('SELECT ? AS v, typeof(?) AS t'); // setup
// setup: no integral number here: better-sqlite3 binds every JavaScript number as REAL, Graalite
// binds an integral one (7) as INTEGER (a known difference, see guest/js/graalite.js).
for (const value of [null, 2.5, 'seven', 12345678901234n, new Uint8Array([1, 2])]) { // setup
  const r = echo.get(value, value);
  console.log(r.t, r.v instanceof Uint8Array ? Array.from(r.v).join(' ') : r.v);
}
for (const args of [[], [1, 2, 3, 4], [{ name: 'x' }]]) { // setup: wrong arguments
  try {
    db.prepare('INSERT INTO people VALUES (@name, @name, ?)').run(...args);
  } catch (err) {
    console.log(err.name + ': ' + err.message);
  }
}
try { // setup
  db.prepare('INSERT INTO people VALUES (@first, @last, 1)').run({ first: 'a' });
} catch (err) {
  console.log(err.name + ': ' + err.message);
}
