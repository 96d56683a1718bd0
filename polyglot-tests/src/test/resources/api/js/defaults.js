// Written for this test suite, expected output from Node.js with better-sqlite3: the settings
// a better-sqlite3 connection starts with (foreign keys enforced, a 16 MB page cache), which
// programs written for it rely on. Changed for Graalite: the require line.
const Database = require('graalite');
const db = new Database(':memory:');
console.log('foreign_keys', db.pragma('foreign_keys', { simple: true }));
console.log('cache_size', db.pragma('cache_size', { simple: true }));
db.exec('CREATE TABLE parent(id INTEGER PRIMARY KEY); CREATE TABLE child(p REFERENCES parent(id))');
db.exec('INSERT INTO parent VALUES (1); INSERT INTO child VALUES (1)');
try {
  db.prepare('INSERT INTO child VALUES (?)').run(2);
  console.log('inserted an orphan');
} catch (e) {
  console.log(e.name, e.code, e.message);
}
try {
  db.exec('DELETE FROM parent');
  console.log('deleted a referenced parent');
} catch (e) {
  console.log(e.name, e.code, e.message);
}
db.pragma('foreign_keys = OFF');
db.prepare('INSERT INTO child VALUES (?)').run(3);
console.log('children', JSON.stringify(db.prepare('SELECT p FROM child ORDER BY p').pluck().all()));
const other = new Database(':memory:');
console.log('a new connection', other.pragma('foreign_keys', { simple: true }), other.pragma('cache_size', { simple: true }));
other.close();
db.close();
