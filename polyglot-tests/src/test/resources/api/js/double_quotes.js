// Double-quoted words, as better-sqlite3 builds SQLite (SQLITE_DQS=0): always identifiers, in
// statements and in CREATE statements, never string literals; single quotes make strings.
// Written for this test suite; its expected output is what better-sqlite3 prints on Node.js.
// Changed: the require line.
const Database = require('graalite');
const db = new Database(':memory:');
db.exec('CREATE TABLE "items" ("id" INTEGER PRIMARY KEY, "name" TEXT DEFAULT \'none\')');
db.prepare('INSERT INTO "items" ("name") VALUES (?)').run('first');
db.prepare('INSERT INTO items DEFAULT VALUES').run();
console.log(JSON.stringify(db.prepare('SELECT "id", "name" FROM "items" ORDER BY "id"').all()));
for (const sql of [
  'SELECT "abc"',
  'SELECT name FROM items WHERE name = "first"',
  'CREATE TABLE t(a DEFAULT "x")',
  'CREATE INDEX i ON items("nosuch")',
  'CREATE TABLE c(a CHECK (a <> "bad"))',
  'SELECT \'abc\', "name" FROM items WHERE "id" = 1',
]) {
  try {
    const stmt = db.prepare(sql);
    console.log(sql, '->', JSON.stringify(stmt.reader ? stmt.all() : stmt.run()));
  } catch (e) {
    console.log(sql, '->', e.name, e.code, e.message);
  }
}
