// better-sqlite3's Database#table(name, definition): virtual tables whose rows a JavaScript
// generator yields (lib/methods/table.js and src/util/custom-table.cpp in better-sqlite3).
// Written for this test suite; its expected output is what better-sqlite3 12.x prints on
// Node.js. Changed: the require line.
const Database = require('graalite');
const db = new Database(':memory:');

function attempt(label, fn) {
  try {
    const result = fn();
    console.log(label, 'no error', result === undefined ? '' : JSON.stringify(result));
  } catch (err) {
    console.log(label, err.constructor.name, err.code === undefined ? '-' : err.code, err.message);
  }
}

// An eponymous table whose parameters are the generator's arguments (the docs' example).
const returned = db.table('regex_matches', {
  columns: ['match', 'capture'],
  rows: function* (pattern, text) {
    const regex = new RegExp(pattern, 'g');
    let match;
    while ((match = regex.exec(text))) {
      yield [match[0], match[1]];
    }
  },
});
console.log('table() returns the database:', returned === db);
const stmt = db.prepare("SELECT * FROM regex_matches('\\$(\\d+)', ?)");
console.log(JSON.stringify(stmt.all('Desks cost $500 and chairs cost $27')));
console.log(JSON.stringify(db.prepare('SELECT match, "$1", "$2" FROM regex_matches(?, ?)').raw().all('o+', 'foo boo')));
console.log(JSON.stringify(db.prepare('SELECT rowid, capture FROM regex_matches WHERE "$1" = ? AND "$2" = ?').all('(\\d)', 'a1b2c3')));

// Named parameters, rows as objects, values of every kind, and the types SQLite sees.
db.table('seq', {
  parameters: ['start', 'stop'],
  columns: ['value', 'half', 'label', 'big', 'bytes', 'nil'],
  *rows(start, stop) {
    if (start === undefined) start = 1;
    if (stop === undefined) stop = 3;
    for (let i = start; i <= stop; ++i) {
      yield { label: `#${i}`, value: i, half: i / 2, big: BigInt(i) * 1000000000000n, bytes: new Uint8Array([i, i + 1]), nil: i % 2 ? null : undefined };
    }
  },
});
console.log(JSON.stringify(db.prepare('SELECT value, half, label, big, nil FROM seq(1, 2)').all()));
console.log(JSON.stringify(db.prepare('SELECT typeof(value), typeof(half), typeof(label), typeof(big), typeof(bytes), typeof(nil), typeof(start) FROM seq(2, 2)').raw().get()));
console.log(JSON.stringify(db.prepare('SELECT hex(bytes) FROM seq WHERE stop = 2').pluck().all()));
console.log(JSON.stringify(db.prepare('SELECT value FROM seq').pluck().all()));
console.log(JSON.stringify(db.prepare('SELECT count(*), sum(value) FROM seq(?, ?)').raw().get(1, 100)));
console.log(JSON.stringify(db.prepare('SELECT value FROM seq(NULL, 3)').pluck().all()));
console.log(JSON.stringify(db.prepare('SELECT value, start, stop FROM seq(4, 5) WHERE value > 4').raw().all()));
console.log(JSON.stringify(db.prepare('SELECT * FROM seq(1, 1)').columns().map(c => c.name)));
const seen = [];
for (const row of db.prepare('SELECT value FROM seq(1, 4)').pluck().iterate()) seen.push(row);
console.log('iterate:', JSON.stringify(seen));

// Joins with ordinary tables.
db.exec("CREATE TABLE people (name TEXT, n INTEGER); INSERT INTO people VALUES ('ann', 2), ('bob', 3)");
console.log(JSON.stringify(db.prepare('SELECT p.name, s.value FROM people p JOIN seq s ON s.stop = p.n ORDER BY p.name, s.value').raw().all()));
console.log(JSON.stringify(db.prepare('SELECT p.name, s.label FROM seq(1, 5) s JOIN people p ON p.n = s.value').raw().all()));
console.log(JSON.stringify(db.prepare('SELECT name FROM people WHERE n IN (SELECT value FROM seq(3, 9))').pluck().all()));

// Parameters inferred from the generator's length: $1, $2, ...
db.table('pairs', {
  columns: ['a', 'b'],
  *rows(x, y) {
    yield [x, y];
    yield [typeof x, typeof y];
  },
});
console.log(JSON.stringify(db.prepare('SELECT * FROM pairs(1, 2.5)').raw().all()));
console.log(JSON.stringify(db.prepare('SELECT a, "$1", "$2" FROM pairs WHERE "$2" = ?').raw().all('z')));
attempt('too many arguments:', () => db.prepare('SELECT * FROM pairs(1, 2, 3)').all());
attempt('not by =:', () => db.prepare('SELECT * FROM pairs WHERE "$1" > 1').all());

// safeIntegers: BigInt arguments; the default follows db.defaultSafeIntegers().
db.table('kinds', {
  columns: ['kind'],
  safeIntegers: true,
  *rows(n) {
    yield [typeof n];
  },
});
console.log(JSON.stringify(db.prepare('SELECT kind FROM kinds(1)').pluck().all()), JSON.stringify(db.prepare('SELECT kind FROM kinds(1.5)').pluck().all()));
db.table('kinds_default', {
  columns: ['kind'],
  *rows(n) {
    yield [typeof n];
  },
});
console.log(JSON.stringify(db.prepare('SELECT kind FROM kinds_default(7)').pluck().all()));
db.defaultSafeIntegers(true);
db.table('kinds_later', {
  columns: ['kind'],
  *rows(n) {
    yield [typeof n];
  },
});
console.log(JSON.stringify(db.prepare('SELECT kind FROM kinds_later(7)').pluck().all()), JSON.stringify(db.prepare('SELECT kind FROM kinds_default(7)').pluck().all()));
db.defaultSafeIntegers(false);
db.unsafeMode(true);
for (const x of db.prepare('SELECT 1').iterate()) {
  attempt('table() while iterating, even unsafe:', () => db.table('later', { columns: ['x'], *rows() {} }));
}
db.unsafeMode(false);

// A factory: tables made by CREATE VIRTUAL TABLE ... USING name(arguments).
db.table('repeat', function (word, times) {
  console.log('factory:', this.module, this.database, this.table, JSON.stringify([...arguments]));
  if (times === undefined) throw new TypeError('repeat: the number of times is required');
  return {
    columns: ['word', 'i'],
    *rows() {
      for (let i = 0; i < Number(times); ++i) yield [word, i];
    },
  };
});
db.exec('CREATE VIRTUAL TABLE hellos USING repeat(hello, 3)');
console.log(JSON.stringify(db.prepare('SELECT * FROM hellos').raw().all()));
console.log(JSON.stringify(db.prepare('SELECT h.word || p.name FROM hellos h JOIN people p ON h.i = p.n - 1').pluck().all()));
attempt('a missing required argument:', () => db.exec('CREATE VIRTUAL TABLE broken USING repeat(hello)'));
attempt('the module is not a table:', () => db.prepare('SELECT * FROM repeat').all());
db.exec('DROP TABLE hellos');
attempt('dropped:', () => db.prepare('SELECT * FROM hellos').all());
db.table('no_definition', () => 5);
attempt('a factory that returns no definition:', () => db.exec('CREATE VIRTUAL TABLE n USING no_definition()'));

// directOnly: not in views or triggers.
db.table('direct', { columns: ['x'], directOnly: true, *rows() { yield [1]; } });
console.log(JSON.stringify(db.prepare('SELECT x FROM direct').pluck().all()));
db.exec('CREATE VIEW direct_view AS SELECT x FROM direct');
attempt('directOnly in a view:', () => db.prepare('SELECT * FROM direct_view').all());

// Errors while rows are produced: the generator's own error comes out of the statement.
class Boom extends Error {}
const boom = new Boom('boom at the second row');
db.table('failing', { columns: ['x'], *rows() { yield [1]; throw boom; } });
try {
  db.prepare('SELECT x FROM failing').all();
} catch (err) {
  console.log('the generator threw:', err === boom, err.message);
}
console.log(JSON.stringify(db.prepare('SELECT x FROM failing LIMIT 1').pluck().all()));
db.table('shapes', {
  parameters: ['kind'],
  columns: ['a', 'b'],
  *rows(kind) {
    switch (kind) {
      case 'short': yield [1]; break;
      case 'long': yield [1, 2, 3]; break;
      case 'undeclared': yield { a: 1, b: 2, c: 3 }; break;
      case 'missing': yield { a: 1 }; break;
      case 'scalar': yield 42; break;
      case 'boolean': yield [1, true]; break;
      case 'object': yield [1, { x: 1 }]; break;
      case 'huge': yield [1, 2n ** 64n]; break;
      default: yield [1, 2];
    }
  },
});
for (const kind of ['short', 'long', 'undeclared', 'missing', 'scalar', 'boolean', 'object', 'huge', 'fine']) {
  attempt(`${kind}:`, () => db.prepare('SELECT a, b FROM shapes(?)').raw().all(kind));
}
attempt('an invalid value in a column not read:', () => db.prepare('SELECT a FROM shapes(?)').pluck().all('boolean'));

// Definitions that better-sqlite3 rejects.
const gen = function* () {};
attempt('name:', () => db.table(5, { columns: ['x'], rows: gen }));
attempt('empty name:', () => db.table('', { columns: ['x'], rows: gen }));
attempt('definition:', () => db.table('t1', 'nope'));
attempt('null definition:', () => db.table('t1', null));
attempt('no rows:', () => db.table('t1', { columns: ['x'] }));
attempt('no columns:', () => db.table('t1', { rows: gen }));
attempt('rows not a generator:', () => db.table('t1', { columns: ['x'], rows: () => [] }));
attempt('columns not strings:', () => db.table('t1', { columns: ['x', 1], rows: gen }));
attempt('columns not an array:', () => db.table('t1', { columns: 'x', rows: gen }));
attempt('duplicate columns:', () => db.table('t1', { columns: ['x', 'x'], rows: gen }));
attempt('zero columns:', () => db.table('t1', { columns: [], rows: gen }));
attempt('parameters not strings:', () => db.table('t1', { columns: ['x'], parameters: [1], rows: gen }));
attempt('duplicate parameters:', () => db.table('t1', { columns: ['x'], parameters: ['p', 'p'], rows: gen }));
attempt('too many parameters:', () => db.table('t1', { columns: ['x'], parameters: Array.from({ length: 33 }, (_, i) => `p${i}`), rows: gen }));
attempt('ambiguous:', () => db.table('t1', { columns: ['x', 'p'], parameters: ['p'], rows: gen }));
attempt('safeIntegers:', () => db.table('t1', { columns: ['x'], rows: gen, safeIntegers: 1 }));
attempt('directOnly:', () => db.table('t1', { columns: ['x'], rows: gen, directOnly: 'yes' }));
attempt('quoted names:', () => {
  db.table('quoted', { columns: ['a"b', 'select'], parameters: ['we"ird'], *rows(p) { yield [p, 'x']; } });
  return db.prepare('SELECT "a""b", "select", "we""ird" FROM quoted(?)').raw().all('q');
});

// Redefining a module replaces it; the connection goes on after all these errors.
db.table('pairs', { columns: ['only'], *rows() { yield ['new']; } });
console.log(JSON.stringify(db.prepare('SELECT * FROM pairs').raw().all()));
console.log(JSON.stringify(db.prepare('SELECT count(*) FROM people').pluck().get()), db.inTransaction);
db.close();
console.log('closed');
