// From better-sqlite3's docs/api.md, "class SqliteError" and the error behaviour that the
// rest of docs/api.md describes (prepare() of text with no or several statements, get() on
// a statement that returns no data, a closed database). Written for this test suite; its
// expected output is what better-sqlite3 prints. Changed: the require line.
const Database = require('graalite');
const { SqliteError } = Database;
const db = new Database(':memory:');
db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, email TEXT UNIQUE NOT NULL, n INTEGER CHECK (n > 0))');
db.prepare('INSERT INTO t (email, n) VALUES (?, ?)').run('a@example.org', 1);

function attempt(label, fn) {
  try {
    fn();
    console.log(label, 'no error');
  } catch (err) {
    console.log(label, err instanceof SqliteError, err instanceof Error, err.name, err.code === undefined ? '-' : err.code, err.message);
  }
}

attempt('unique:', () => db.prepare('INSERT INTO t (email, n) VALUES (?, ?)').run('a@example.org', 2));
attempt('not null:', () => db.prepare('INSERT INTO t (email, n) VALUES (NULL, 2)').run());
attempt('check:', () => db.prepare('INSERT INTO t (email, n) VALUES (?, 0)').run('b@example.org'));
attempt('primary key:', () => db.prepare('INSERT INTO t (id, email, n) VALUES (1, ?, 1)').run('c@example.org'));
attempt('no table:', () => db.prepare('SELECT * FROM missing'));
attempt('syntax:', () => db.prepare('SELEC 1'));
attempt('empty:', () => db.prepare('   '));
attempt('two statements:', () => db.prepare('SELECT 1; SELECT 2'));
attempt('get on INSERT:', () => db.prepare('INSERT INTO t (email, n) VALUES (?, 1)').get('d@example.org'));
attempt('exec error:', () => db.exec('INSERT INTO t (email, n) VALUES (\'e@example.org\', 1); SELEC oops; INSERT INTO t (email, n) VALUES (\'f@example.org\', 1);'));
console.log('rows:', db.prepare('SELECT count(*) FROM t').pluck().get());
const custom = new SqliteError('my message', 'SQLITE_CUSTOM');
console.log(custom.name, custom.code, custom.message, custom instanceof Error, Object.keys(custom).join(','));
attempt('SqliteError without a code:', () => new SqliteError('m'));
db.close();
attempt('closed prepare:', () => db.prepare('SELECT 1'));
attempt('closed exec:', () => db.exec('SELECT 1'));
