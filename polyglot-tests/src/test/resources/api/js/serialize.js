// better-sqlite3's serialize (docs/api.md, ".serialize([options]) -> Buffer") and the
// database opened again from those bytes (new Database(buffer)): an in-memory copy that
// changes apart from the original. Written for this test suite; its expected output is what
// better-sqlite3 prints. Changed for Graalite: the require line only.
const Database = require('graalite');
const db = new Database(':memory:');
db.exec("CREATE TABLE t (a INTEGER PRIMARY KEY, b TEXT); INSERT INTO t (b) VALUES ('one'), ('two'), ('three');");
const bytes = db.serialize();
console.log(bytes.length, String.fromCharCode(...bytes.slice(0, 15)));

const copy = new Database(bytes);
console.log(JSON.stringify(copy.prepare('SELECT * FROM t ORDER BY a').all()), copy.memory);
copy.prepare("INSERT INTO t (b) VALUES ('four')").run();
console.log(copy.prepare('SELECT count(*) FROM t').pluck().get(), db.prepare('SELECT count(*) FROM t').pluck().get());
console.log(copy.serialize().length === bytes.length);

for (const [name, args] of [['options', [5]], ['attached', [{ attached: 7 }]], ['empty attached', [{ attached: '' }]]]) {
  try {
    db.serialize(...args);
  } catch (e) {
    console.log(name, e.constructor.name, e.message);
  }
}
const garbage = new Database(bytes.slice(100, 612)); // bytes, but not of a database
try {
  garbage.prepare('SELECT * FROM sqlite_master').all();
} catch (e) {
  console.log('not a database', e.constructor.name, e.code, e.message);
}
