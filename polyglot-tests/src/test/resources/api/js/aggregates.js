// From better-sqlite3's docs/api.md, ".aggregate(name, options) -> this": its examples in
// order as one program (a start value, a start function, a result function). Changed: the
// require line. Added (marked "setup"): the expenses table the examples read, console.log
// of what the documentation shows after "// =>", and a grouped query.
const Database = require('graalite'); // setup
const db = new Database(':memory:'); // setup
db.exec(`CREATE TABLE expenses (category TEXT, dollars INTEGER);
         INSERT INTO expenses VALUES ('food', 10), ('food', 32), ('toys', 20), ('toys', 25), ('vet', 14);`); // setup
const sum = (a, b) => a + b; // setup

db.aggregate('addAll', {
  start: 0,
  step: (total, nextValue) => total + nextValue,
});

console.log(db.prepare('SELECT addAll(dollars) FROM expenses').pluck().get()); // => 101 here

db.aggregate('getAverage', {
  start: () => [],
  step: (array, nextValue) => {
    array.push(nextValue);
  },
  result: array => array.reduce(sum) / array.length,
});

console.log(db.prepare('SELECT getAverage(dollars) FROM expenses').pluck().get()); // => 20.2

console.log(JSON.stringify(db.prepare('SELECT category, addAll(dollars) AS total, getAverage(dollars) AS average FROM expenses GROUP BY category ORDER BY category').all())); // setup
console.log(db.prepare('SELECT addAll(dollars) FROM expenses WHERE 0').pluck().get()); // setup: no rows, the start value

db.aggregate('weighted', { // setup: two arguments
  start: () => ({ total: 0, weight: 0 }),
  step: (acc, value, weight) => { acc.total += value * weight; acc.weight += weight; },
  result: (acc) => acc.total / acc.weight,
});
console.log(db.prepare('SELECT weighted(dollars, length(category)) FROM expenses').pluck().get()); // setup
db.aggregate('countAll', { varargs: true, start: 0, step: (n, ...values) => n + values.length }); // setup
console.log(db.prepare('SELECT countAll(dollars, category, 1) FROM expenses').pluck().get()); // setup
db.aggregate('intSum', { start: 0, step: (total, x) => total + x }); // setup: a running total past 32 bits
console.log(db.prepare('SELECT intSum(column1) FROM (VALUES (2147483647), (1), (2147483647), (-5))').pluck().get()); // setup
