// better-sqlite3's busy connection (docs/api.md, "iterate"; ".unsafeMode([boolean])"): while an
// iterator is open, what could change the database under it is refused, unless unsafe mode
// is on; reading statements may still run. Written for this test suite; its expected output
// is what better-sqlite3 prints. Changed for Graalite: the require line only.
const Database = require('graalite');
const db = new Database(':memory:');
db.exec('CREATE TABLE t (x); INSERT INTO t VALUES (1), (2);');
const other = db.prepare('SELECT 1');
const insert = db.prepare('INSERT INTO t VALUES (9)');
const iterator = db.prepare('SELECT x FROM t').iterate();
console.log(JSON.stringify(iterator.next().value));
const attempts = [
  ['exec', () => db.exec('SELECT 1')],
  ['prepare', () => db.prepare('SELECT 2')],
  ['get of another reader', () => other.get()],
  ['run of a write', () => insert.run()],
  ['pragma', () => db.pragma('user_version')],
  ['function', () => db.function('f', () => 1)],
  ['aggregate', () => db.aggregate('g', { step: () => 1 })],
  ['serialize', () => db.serialize()],
  ['close', () => db.close()],
];
for (const [name, attempt] of attempts) {
  try {
    attempt();
    console.log(name, 'ok');
  } catch (e) {
    console.log(name, e.constructor.name, e.message);
  }
}
console.log(db.unsafeMode() === db);
console.log(insert.run().changes, JSON.stringify(iterator.next()));
db.unsafeMode(false);
try {
  insert.run();
} catch (e) {
  console.log('safe again:', e.message);
}
try {
  db.unsafeMode('yes');
} catch (e) {
  console.log(e.constructor.name, e.message);
}
iterator.return();
console.log(insert.run().changes, db.prepare('SELECT count(*) FROM t').pluck().get());
db.close();
console.log(db.open);
