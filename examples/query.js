// Graalite from JavaScript: SQL through the `sql` language of the same polyglot context.
//
// Run with:  bin/graalite run examples/query.js            (an in-memory database)
//            bin/graalite --sql.Database=/tmp/shop.db run examples/query.js

/** Runs SQL text: rows for a query, a prepared statement if it has parameters, else the number of changed rows. */
const sql = (text) => Polyglot.eval("sql", text);

sql("CREATE TABLE IF NOT EXISTS fruit(id INTEGER PRIMARY KEY, name TEXT NOT NULL, price REAL)");
sql("DELETE FROM fruit");

// A statement with parameters comes back as a prepared statement: call it once per row.
const insert = sql("INSERT INTO fruit(name, price) VALUES (?, ?)");
let inserted = 0;
for (const [name, price] of [["apple", 0.5], ["banana", 0.25], ["cherry", 3.0], ["durian", null]]) {
  inserted += Number(insert(name, price));
}
console.log(`inserted ${inserted} rows`);

// Rows destructure like arrays.
console.log("by price:");
for (const [id, name, price] of sql("SELECT id, name, price FROM fruit ORDER BY price NULLS LAST, name")) {
  console.log(`  ${id}: ${name} costs ${price}`);
}

// Named parameters take an object; a column can be read by its name.
const cheap = sql("SELECT count(*) AS n, sum(price) AS total FROM fruit WHERE price < :limit");
const [summary] = cheap({ limit: 1.0 });
console.log(`${summary.n} fruits under 1.0, together ${summary.total}`);

// SQLite's errors arrive as exceptions with SQLite's message and result code.
try {
  sql("SELEC name FROM fruit");
} catch (e) {
  console.log(`syntax error caught: ${e.message} (${e.codeName})`);
}
