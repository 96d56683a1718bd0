// better-sqlite3's loadExtension (docs/api.md, ".loadExtension(path, [entryPoint]) -> this"):
// half.so, a small test extension (half(x) and the aggregate product(x) by its default entry
// point, twice(x) by sqlite3_twice_init), is in the working directory. Written for this test
// suite; its expected output is what better-sqlite3 prints. Changed for Graalite: the require
// line only.
const Database = require('graalite');
const db = new Database(':memory:');
console.log(db.loadExtension('./half.so') === db);
db.exec('CREATE TABLE t (x); INSERT INTO t VALUES (2), (3), (NULL), (7);');
console.log(JSON.stringify(db.prepare('SELECT half(x) AS h FROM t').pluck().all()));
console.log(JSON.stringify(db.prepare('SELECT product(x) AS p, product(half(x)) AS q FROM t').get()));
db.loadExtension('./half.so', 'sqlite3_twice_init');
console.log(db.prepare('SELECT twice(21)').pluck().get());

const attempts = [
  ['no such file', () => db.loadExtension('./no-such-extension.so')],
  ['no such entry point', () => db.loadExtension('./half.so', 'no_such_entry_point')],
  ['SQL load_extension()', () => db.prepare("SELECT load_extension('./half.so')").get()],
  ['path not a string', () => db.loadExtension(3)],
  ['entry point not a string', () => db.loadExtension('./half.so', 3)],
  ['no arguments', () => db.loadExtension()],
];
for (const [name, attempt] of attempts) {
  try {
    attempt();
    console.log(name, 'loaded');
  } catch (e) {
    const message = e.message.includes('cannot open shared object file') ? 'cannot open shared object file'
      : e.message.includes('no_such_entry_point') ? 'undefined symbol no_such_entry_point' : e.message;
    console.log(name, e.constructor.name, e.code === undefined ? '' : e.code, message);
  }
}

const rows = db.prepare('SELECT x FROM t').iterate();
rows.next();
try {
  db.loadExtension('./half.so');
} catch (e) {
  console.log('while iterating:', e.constructor.name, e.message);
}
rows.return();
db.close();
try {
  db.loadExtension('./half.so');
} catch (e) {
  console.log('closed:', e.constructor.name, e.message);
}
