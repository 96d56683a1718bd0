// A failed INSERT (a duplicate primary key) caught in a loop, on Node.js with better-sqlite3
// and on GraalJS with require('graalite') (the same program), beside the same loop throwing
// and catching an Error of JavaScript's own (argument "own"): microseconds per failure for
// each round of 20,000.
//
//   node bench/errors/duplicate_key.js [own]          (better-sqlite3 on NODE_PATH)
//   bin/graalite run bench/errors/duplicate_key.js [own]
const own = (typeof process !== 'undefined' ? process.argv.slice(2) : arguments).includes('own');
const Database = typeof Polyglot !== 'undefined' ? require('graalite') : require('better-sqlite3');
const system = typeof Polyglot !== 'undefined' ? 'graaljs' : 'node';
const FAILURES = 20000;
const db = new Database(':memory:');
db.exec("CREATE TABLE t(k INTEGER PRIMARY KEY, v TEXT)");
db.exec("INSERT INTO t VALUES (1, 'x')");
const insert = db.prepare("INSERT INTO t VALUES (?, ?)");

class OwnError extends Error {
  constructor(message, code) { super(message); this.code = code; }
}
function failOwn() { throw new OwnError('UNIQUE constraint failed: t.k', 'SQLITE_CONSTRAINT_PRIMARYKEY'); }

function roundOfInserts() {
  let caught = 0;
  for (let i = 0; i < FAILURES; i++) {
    try { insert.run(1, 'y'); } catch (e) { if (e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY') caught++; else throw e; }
  }
  return caught;
}
function roundOfOwn() {
  let caught = 0;
  for (let i = 0; i < FAILURES; i++) {
    try { failOwn(); } catch (e) { if (e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY') caught++; }
  }
  return caught;
}
const work = own ? roundOfOwn : roundOfInserts;
for (let r = 0; r < 25; r++) {
  const start = Date.now();
  const caught = work();
  if (caught !== FAILURES) throw new Error('caught ' + caught);
  console.log(`${own ? 'own' : system} round ${r}: ${((Date.now() - start) / FAILURES * 1000).toFixed(2)} us per failure`);
}
