// Autocommit inserts into a database in WAL mode, the way better-sqlite3's README sets one up
// (db.pragma('journal_mode = WAL')), on Node.js with better-sqlite3 and on GraalJS with
// Graalite (only the module differs): milliseconds per 3,000 inserts, after warm-up, with the
// synchronous level each module gives by default and with FULL set by the program.
//
//   node bench/wal/autocommit.js                    (better-sqlite3 on NODE_PATH)
//   bin/graalite run bench/wal/autocommit.js
// Writes walbench-default.db and walbench-full.db (and their -wal, -shm) in the working directory.
const graal = typeof Graal !== 'undefined';
const Database = graal ? require('graalite') : require('better-sqlite3');

function run(name, setup) {
  const db = new Database(name);
  db.pragma('journal_mode = WAL');
  setup(db);
  db.exec('DROP TABLE IF EXISTS t; CREATE TABLE t(x)');
  const insert = db.prepare('INSERT INTO t VALUES (?)');
  let best = Infinity;
  for (let round = 0; round < 60; round++) {
    const start = Date.now();
    for (let i = 0; i < 3000; i++) insert.run(i);
    if (round >= 40) best = Math.min(best, Date.now() - start);
  }
  const level = db.pragma('synchronous', { simple: true });
  db.close();
  return { level, best };
}

const moduleName = graal ? 'graalite' : 'better-sqlite3';
const byDefault = run('walbench-default.db', () => {});
const full = run('walbench-full.db', (db) => db.pragma('synchronous = FULL'));
console.log(`${moduleName}: default (synchronous=${byDefault.level}) ${byDefault.best} ms, FULL (synchronous=${full.level}) ${full.best} ms per 3,000 autocommit inserts`);
