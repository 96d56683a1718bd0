// better-sqlite3's directOnly option (docs/api.md, .function and .aggregate: "if true, the
// function can only be invoked from top-level SQL, and cannot be used in VIEWs, TRIGGERs, or
// schema structures such as CHECK constraints, DEFAULT clauses, etc."), against the same
// functions registered without it. Added: printing what each use gives, and the error.
const Database = require('graalite');
const db = new Database(':memory:');

db.function('plain', (x) => x * 2);
db.function('guarded', { directOnly: true }, (x) => x * 3);
db.function('pure', { deterministic: true, directOnly: true }, (x) => x * 5);
db.aggregate('plainsum', { start: 0, step: (total, x) => total + x });
db.aggregate('guardedsum', { start: 0, step: (total, x) => total + x, directOnly: true });
db.aggregate('guardedwindow', { start: 0, step: (total, x) => total + x, inverse: (total, x) => total - x, directOnly: true });

function show(label, run) {
  try {
    console.log(label, JSON.stringify(run()));
  } catch (err) {
    console.log(label, err.name, err.code, err.message);
  }
}

db.exec('CREATE TABLE t(x INTEGER)');
db.exec('INSERT INTO t VALUES (1), (2), (3)');
show('top level', () => db.prepare('SELECT plain(x), guarded(x), pure(x) FROM t').raw().all());
show('aggregates', () => db.prepare('SELECT plainsum(x), guardedsum(x) FROM t').raw().get());
show('window', () => db.prepare('SELECT guardedwindow(x) OVER (ORDER BY x ROWS 1 PRECEDING) FROM t').raw().all());

db.exec('CREATE VIEW v_plain AS SELECT plain(x) AS y FROM t');
show('view, plain', () => db.prepare('SELECT y FROM v_plain').raw().all());
db.exec('CREATE VIEW v_guarded AS SELECT guarded(x) AS y FROM t');
show('view, directOnly', () => db.prepare('SELECT y FROM v_guarded').raw().all());
db.exec('CREATE VIEW v_sum AS SELECT guardedsum(x) AS y FROM t');
show('view, directOnly aggregate', () => db.prepare('SELECT y FROM v_sum').raw().all());
db.exec('CREATE VIEW v_window AS SELECT guardedwindow(x) OVER (ORDER BY x) AS y FROM t');
show('view, directOnly window', () => db.prepare('SELECT y FROM v_window').raw().all());

db.exec('CREATE TABLE log(v)');
db.exec('CREATE TRIGGER t_plain AFTER INSERT ON t BEGIN INSERT INTO log VALUES (plain(new.x)); END');
show('trigger, plain', () => db.prepare('INSERT INTO t VALUES (10)').run().changes);
db.exec('CREATE TRIGGER t_guarded AFTER INSERT ON t BEGIN INSERT INTO log VALUES (pure(new.x)); END');
show('trigger, directOnly', () => db.prepare('INSERT INTO t VALUES (20)').run().changes);
db.exec('DROP TRIGGER t_guarded');
show('log', () => db.prepare('SELECT v FROM log').raw().all());

show('check, plain', () => { db.exec('CREATE TABLE c1(a CHECK (plain(a) > 0))'); return db.prepare('INSERT INTO c1 VALUES (1)').run().changes; });
show('check, directOnly', () => { db.exec('CREATE TABLE c2(a CHECK (guarded(a) > 0))'); return db.prepare('INSERT INTO c2 VALUES (1)').run().changes; });
show('default, directOnly', () => { db.exec('CREATE TABLE d(a, b DEFAULT (guarded(4)))'); return db.prepare('INSERT INTO d(a) VALUES (1)').run().changes; });
show('index, deterministic and directOnly', () => { db.exec('CREATE INDEX t_pure ON t(pure(x))'); return db.prepare('SELECT count(*) FROM t WHERE pure(x) > 10').pluck().get(); });
