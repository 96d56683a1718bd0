// From better-sqlite3's README ("Usage") and docs/api.md (new Database(), .prepare(),
// .get(), .all(), .iterate(), .run(), .pluck(), .raw(), .columns(), .bind(), the
// properties): their snippets in order as one program. Changed: the require line. Added
// (marked "setup"): what the snippets presuppose (options, tables, rows, variables) and
// console.log of the values the documentation describes in comments. The database is the
// file foobar.db in the current directory (a fresh directory for each test run).
const options = {}; // setup
const db = require('graalite')('foobar.db', options);
db.exec(`CREATE TABLE users (id INTEGER PRIMARY KEY, firstName TEXT, lastName TEXT, email TEXT);
         INSERT INTO users VALUES (1, 'Ada', 'Lovelace', 'ada@example.org');
         CREATE TABLE cats (name TEXT, age INTEGER);
         INSERT INTO cats VALUES ('Joey', 2), ('Sally', 4), ('Junior', 1);`); // setup
const userId = 1; // setup

const row = db.prepare('SELECT * FROM users WHERE id = ?').get(userId);
console.log(row.firstName, row.lastName, row.email);

db.pragma('journal_mode = WAL');
console.log(db.pragma('journal_mode', { simple: true })); // setup

const stmt = db.prepare('SELECT name, age FROM cats');
console.log(JSON.stringify(stmt.all())); // setup

const stmt1 = db.prepare('INSERT INTO cats (name, age) VALUES (?, ?)');
const info = stmt1.run('Joey', 2);

console.log(info.changes); // => 1
console.log(info.lastInsertRowid); // setup

const stmt2 = db.prepare('SELECT age FROM cats WHERE name = ?');
const cat = stmt2.get('Joey');

console.log(cat.age); // => 2
console.log(stmt2.get('Nobody')); // setup: undefined when there is no row

const stmt3 = db.prepare('SELECT * FROM cats WHERE name = ?');
const cats = stmt3.all('Joey');

console.log(cats.length); // => 2 here (Joey was inserted twice)

const stmt4 = db.prepare('SELECT * FROM cats');

for (const cat of stmt4.iterate()) {
  if (cat.name === 'Joey') {
    console.log('found him!');
    break;
  }
}
console.log(stmt4.busy); // setup: false again after the break

const names = db.prepare('SELECT name FROM cats ORDER BY name'); // setup
names.pluck(); // plucking ON
console.log(JSON.stringify(names.all())); // setup
names.pluck(false); // plucking OFF
console.log(JSON.stringify(names.all())); // setup

const pairs = db.prepare('SELECT name, age FROM cats ORDER BY age'); // setup
pairs.raw(); // raw mode ON
console.log(JSON.stringify(pairs.all())); // setup
console.log(JSON.stringify(pairs.columns())); // setup

const stmt5 = db.prepare('SELECT * FROM cats WHERE name = ?').bind('Joey');
const cat2 = stmt5.get();

console.log(cat2.name); // => "Joey"

const stmt6 = db.prepare('SELECT * FROM cats WHERE name = ?'); // setup

console.log(db.name, db.open, db.inTransaction, db.readonly, db.memory); // setup
console.log(stmt6.source, stmt6.reader, stmt6.readonly, stmt1.reader, stmt1.readonly, stmt6.database === db); // setup
db.close();
console.log(db.open); // setup
