// Written for this test suite, expected output from Node.js with better-sqlite3: its build
// commits in WAL mode with synchronous=NORMAL (SQLITE_DEFAULT_WAL_SYNCHRONOUS=1), not FULL,
// unless the program sets a level; a database that enters WAL mode takes NORMAL at its next
// transaction, one that leaves it FULL at once, an attached one likewise, and a level the
// program set stays. Changed for Graalite: the require line.
const Database = require('graalite');
const sync = (db, schema) => db.pragma(`${schema || 'main'}.synchronous`, { simple: true });

const db = new Database('walsync.db');
db.exec('CREATE TABLE t(x)');
console.log('new file', db.pragma('journal_mode', { simple: true }), sync(db));
console.log('switch', db.pragma('journal_mode = WAL', { simple: true }), sync(db));
db.prepare('INSERT INTO t VALUES (1)').run();
console.log('after a write', sync(db));
const insert = db.prepare('INSERT INTO t VALUES (?)');
db.transaction(() => { for (let i = 0; i < 100; i++) insert.run(i); })();
for (let i = 0; i < 100; i++) insert.run(i);
console.log('after more writes', sync(db), db.prepare('SELECT count(*) FROM t').pluck().get());
db.close();

const again = new Database('walsync.db');
console.log('reopened', sync(again), again.pragma('journal_mode', { simple: true }), sync(again));
console.log('leave', again.pragma('journal_mode = DELETE', { simple: true }), sync(again));
again.prepare('SELECT count(*) FROM t').get();
console.log('after a read', sync(again));
console.log('enter', again.pragma('journal_mode = WAL', { simple: true }), sync(again));
again.prepare('SELECT count(*) FROM t').get();
console.log('after a read', sync(again));
again.exec("ATTACH 'walother.db' AS other; PRAGMA other.journal_mode = WAL; CREATE TABLE other.u(y)");
console.log('attached', sync(again, 'other'), sync(again));
again.prepare('INSERT INTO other.u VALUES (1)').run();
console.log('after a write', sync(again, 'other'));
again.exec('DETACH other');
again.pragma('synchronous = FULL');
again.pragma('journal_mode = DELETE');
again.pragma('journal_mode = WAL');
again.prepare('INSERT INTO t VALUES (2)').run();
console.log('set by the program', sync(again));
again.pragma('synchronous = OFF');
console.log('set again', sync(again));
again.close();

const memory = new Database(':memory:');
console.log('memory', memory.pragma('journal_mode', { simple: true }), sync(memory));
memory.close();
