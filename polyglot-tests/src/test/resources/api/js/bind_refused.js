// What better-sqlite3 refuses to bind: booleans (positional, named, and through bind()), and
// other objects; what it binds. Written for this test suite; its expected output is what
// better-sqlite3 12.11.1 prints on Node.js 20. Changed for Graalite: the require line only.
const Database = require('graalite');
const db = new Database(':memory:');
function show(label, run) {
  try {
    console.log(label, JSON.stringify(run()));
  } catch (err) {
    console.log(label, err.name, err.message);
  }
}
show('true', () => db.prepare('SELECT ? AS v').get(true));
show('false in the middle', () => db.prepare('SELECT ?, ?, ?').raw().get(1, false, 'x'));
show('named true', () => db.prepare('SELECT @x AS v').get({ x: true }));
show('bind false', () => db.prepare('SELECT ? AS v').bind(false).get());
show('array with true', () => db.prepare('SELECT ?, ?').raw().get([1, true]));
show('object', () => db.prepare('SELECT ? AS v').get(new Date(0)));
show('function', () => db.prepare('SELECT ? AS v').get(() => 1));
show('symbol', () => db.prepare('SELECT ? AS v').get(Symbol('s')));
show('numbers, strings, null, bigint, bytes', () => db.prepare('SELECT ?, ?, ?, ?, hex(?)').raw().get(1.5, 'x', null, 7n, new Uint8Array([1, 255])));
show('a function may return a boolean', () => { db.function('yes', () => true); return db.prepare('SELECT yes() AS v').get(); });
show('still usable', () => db.prepare('SELECT 1 AS v').get());
