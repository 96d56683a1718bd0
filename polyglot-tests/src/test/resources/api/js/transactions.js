// From better-sqlite3's docs/api.md, ".transaction(function) -> function": its examples in
// order as one program (transactions, nested transactions as savepoints, the deferred,
// immediate and exclusive versions, the caveat about errors caught inside a transaction).
// Changed: the require line. Added (marked "setup"): the tables, a UNIQUE constraint that
// makes a transaction fail, and console.log of the rows after each step.
const Database = require('graalite'); // setup
const db = new Database(':memory:'); // setup
db.exec(`CREATE TABLE cats (name TEXT UNIQUE, age INTEGER);
         CREATE TABLE expenses (note TEXT, dollars INTEGER);`); // setup
const show = (label) => console.log(label, JSON.stringify(db.prepare('SELECT name, age FROM cats ORDER BY rowid').raw().all()),
  JSON.stringify(db.prepare('SELECT note, dollars FROM expenses ORDER BY rowid').raw().all())); // setup

const insert = db.prepare('INSERT INTO cats (name, age) VALUES (@name, @age)');

const insertMany = db.transaction((cats) => {
  for (const cat of cats) insert.run(cat);
});

insertMany([
  { name: 'Joey', age: 2 },
  { name: 'Sally', age: 4 },
  { name: 'Junior', age: 1 },
]);
show('insertMany:'); // setup

const newExpense = db.prepare('INSERT INTO expenses (note, dollars) VALUES (?, ?)');

const adopt = db.transaction((cats) => {
  newExpense.run('adoption fees', 20);
  insertMany(cats); // nested transaction
});

adopt([{ name: 'Tom', age: 3 }]); // setup
show('adopt:'); // setup

try { // setup: the nested transaction fails on the UNIQUE name, everything rolls back
  adopt([{ name: 'Felix', age: 5 }, { name: 'Joey', age: 9 }]);
} catch (err) {
  console.log('adopt failed:', err.name, err.code, err.message, db.inTransaction);
}
show('after the failure:'); // setup

const adoptTolerant = db.transaction((cats) => { // setup: the error is caught inside
  newExpense.run('adoption fees', 30);
  try {
    insertMany(cats);
  } catch (err) {
    if (!db.inTransaction) throw err; // (transaction was forcefully rolled back)
    console.log('caught inside the transaction:', err.code);
  }
});
adoptTolerant([{ name: 'Garfield', age: 7 }, { name: 'Sally', age: 1 }]); // setup
show('savepoint rolled back, outer committed:'); // setup

const cats = [{ name: 'Deferred', age: 1 }]; // setup
insertMany(cats); // uses "BEGIN"
insertMany.deferred([{ name: 'Deferred2', age: 1 }]); // uses "BEGIN DEFERRED"
insertMany.immediate([{ name: 'Immediate', age: 1 }]); // uses "BEGIN IMMEDIATE"
insertMany.exclusive([{ name: 'Exclusive', age: 1 }]); // uses "BEGIN EXCLUSIVE"
show('all versions:'); // setup
console.log(insertMany.database === db, typeof insertMany.deferred, db.inTransaction); // setup

const returning = db.transaction(function (a, b) { return [this.tag, a + b]; }); // setup: arguments, result and this pass through
console.log(JSON.stringify(returning.call({ tag: 'this' }, 1, 2))); // setup
