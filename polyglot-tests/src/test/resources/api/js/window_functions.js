// Aggregate window functions: better-sqlite3's `inverse` option (docs/api.md, ".aggregate(name,
// options) -> this"), over sliding frames and partitions, as a plain aggregate, and an error
// thrown by inverse. Written for this test suite; its expected output is what better-sqlite3
// prints. Changed for Graalite: the require line only.
const Database = require('graalite');
const db = new Database(':memory:');
db.exec(`CREATE TABLE expenses (day TEXT, dollars INTEGER);
         INSERT INTO expenses VALUES ('mon', 10), ('mon', 32), ('tue', 20), ('tue', 25), ('wed', 14), ('wed', 3);`);

db.aggregate('addAll', {
  start: 0,
  step: (total, nextValue) => total + nextValue,
  inverse: (total, droppedValue) => total - droppedValue,
  result: total => Math.round(total),
});

console.log(JSON.stringify(db.prepare(`SELECT day, dollars, addAll(dollars) OVER win AS dayTotal FROM expenses
  WINDOW win AS (PARTITION BY day) ORDER BY rowid`).all()));
console.log(JSON.stringify(db.prepare(`SELECT dollars, addAll(dollars) OVER (ORDER BY rowid ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING) AS near
  FROM expenses ORDER BY rowid`).raw().all()));
console.log(db.prepare('SELECT addAll(dollars) FROM expenses').pluck().get());

db.aggregate('spread', {
  start: () => ({ values: [] }),
  step: (state, value) => { state.values.push(value); },
  inverse: (state) => { state.values.shift(); },
  result: (state) => state.values.length === 0 ? null : Math.max(...state.values) - Math.min(...state.values),
});
console.log(JSON.stringify(db.prepare(`SELECT spread(dollars) OVER (ORDER BY rowid ROWS 2 PRECEDING) FROM expenses`).pluck().all()));

db.aggregate('failing', {
  start: 0,
  step: (total, value) => total + value,
  inverse: () => { throw new Error('no inverse today'); },
});
try {
  db.prepare(`SELECT failing(dollars) OVER (ORDER BY rowid ROWS 1 PRECEDING) FROM expenses`).all();
} catch (e) {
  console.log(e.constructor.name, e.message);
}
console.log(db.prepare('SELECT count(*) FROM expenses').pluck().get());
