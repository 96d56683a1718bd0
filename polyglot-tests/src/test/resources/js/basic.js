// The basic scenario from JavaScript (GraalJS): create a table, insert rows through a
// prepared statement with parameters, iterate a query with destructuring, read columns by
// name, catch a syntax error, and count the rows that DML statements change.
// Run by org.graalite.polyglot.JavaScriptProgramsTest after check.js.

// DDL changes no rows: its result is the count 0.
check(sql("create table people(id integer primary key, name text not null, born integer)"), 0, "create");

// A statement with parameters comes back as a prepared statement: call it once per row.
const insert = sql("insert into people(name, born) values (?, ?)");
check(insert.parameterCount, 2, "parameterCount");
check(Array.from(insert.parameters), [null, null], "plain ? have no names");
for (const [name, born] of [["Ada", 1815], ["Grace", 1906], ["Edsger", 1930], ["Barbara", 1939]]) {
  check(insert(name, born), 1, "insert " + name);
}

// for...of over a query; array destructuring of each row.
const rows = sql("select id, name, born from people where born > 1900 order by born");
check(Array.from(rows.columns), ["id", "name", "born"], "columns");
const seen = [];
for (const [id, name, born] of rows) {
  seen.push([id, name, born]);
}
check(seen, [[2, "Grace", 1906], [3, "Edsger", 1930], [4, "Barbara", 1939]], "destructured rows");

// Rows read columns by name: property access, bracket access and object destructuring.
const names = [];
for (const row of sql("select id, name from people order by id desc")) {
  const { id, name } = row;
  check(row.name, name, "row.name");
  check(row["name"], name, "row['name']");
  check(row[1], name, "row[1]");
  check(row.length, 2, "row.length");
  names.push(id + ":" + name);
}
check(names, ["4:Barbara", "3:Edsger", "2:Grace", "1:Ada"], "rows by name");

// The same prepared query runs again with new values.
const byYear = sql("select name from people where born < ? order by name");
check(Array.from(byYear(1920), (r) => r.name), ["Ada", "Grace"], "first run");
check(Array.from(byYear(1800), (r) => r.name), [], "second run");

// DML returns the number of rows it changed.
check(sql("update people set born = born + 1 where born >= 1930"), 2, "update count");
check(sql("delete from people where name like '%a%'"), 3, "delete count");
check(Array.from(sql("select name from people"), (r) => r.name), ["Edsger"], "after delete");

// A syntax error is thrown as the sql language's exception object. GraalJS gives foreign
// exceptions Error's prototype, so instanceof Error and e.message work.
let caught = null;
try {
  sql("selec name from people");
} catch (e) {
  caught = e;
}
if (caught === null) throw new Error("a syntax error was not raised");
check(caught instanceof Error, true, "instanceof Error");
check(caught.message, 'near "selec": syntax error', "syntax error message");

// The connection object (the sql bindings, exported by the test as "db") from JavaScript.
const db = Polyglot.import("db");
check(db.autocommit, true, "autocommit");
const stmt = db.prepare("insert into people(name, born) values (?, ?)");
check(stmt("Alan", 1912), 1, "insert through db.prepare");
check(db.changes, 1, "changes");
check(db.lastInsertRowid, 4, "lastInsertRowid"); // max(rowid) + 1: only Edsger (3) is left
check(db.sqliteVersion, "3.54.1", "sqliteVersion");

globalThis.RESULT = "done: basic.js";
