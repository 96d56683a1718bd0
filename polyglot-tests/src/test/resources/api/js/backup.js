// better-sqlite3's backup (docs/api.md, ".backup(destination, [options]) -> promise"): an
// in-memory database saved to a file, the progress callback and the rate it returns, and the
// errors of bad arguments. Written for this test suite; its expected output is what
// better-sqlite3 prints. Changed for Graalite: the require line only.
const Database = require('graalite');

(async () => {
  const db = new Database(':memory:');
  db.exec('CREATE TABLE t (a INTEGER PRIMARY KEY, b TEXT)');
  const insert = db.prepare('INSERT INTO t (b) VALUES (?)');
  db.transaction(() => {
    for (let i = 0; i < 2000; i++) insert.run('x'.repeat(i % 300));
  })();

  const calls = [];
  const done = await db.backup('backupjs.db', {
    progress({ totalPages: t, remainingPages: r }) {
      calls.push([t, r]);
      return 50;
    },
  });
  console.log(JSON.stringify(done), calls.length, JSON.stringify(calls.slice(0, 3)));
  const copy = new Database('backupjs.db', { readonly: true });
  console.log(JSON.stringify(copy.prepare('SELECT count(*) AS n, sum(length(b)) AS total FROM t').get()));
  copy.close();

  console.log(JSON.stringify(await db.backup('backupjs.db')));
  for (const [name, args] of [['no filename', [42]], ['memory', [':memory:']], ['attached', ['backupjs.db', { attached: '' }]],
    ['progress', ['backupjs.db', { progress: 7 }]]]) {
    try {
      await db.backup(...args);
      console.log(name, 'resolved');
    } catch (e) {
      console.log(name, e.constructor.name, e.message);
    }
  }
  try {
    await db.backup('backupjs.db', { progress: () => 'fast' });
  } catch (e) {
    console.log('bad rate', e.constructor.name, e.message);
  }
  try {
    await db.backup('backupjs.db', { attached: 'nosuch' });
  } catch (e) {
    console.log('unknown database', e.constructor.name, e.message);
  }
  db.close();
})();
