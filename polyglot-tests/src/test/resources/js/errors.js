// SQLite's errors are thrown into JavaScript as the sql language's exception object. GraalJS
// passes the foreign exception itself to `catch` (with Error's prototype), so its interop
// members are plain properties: e.code (SQLite's extended result code), e.primaryCode,
// e.codeName, and e.message.
sql("create table u(id integer primary key, email text unique)");
sql("insert into u(email) values ('a@example.org')");

function thrown(text) {
  try {
    sql(text);
  } catch (e) {
    return e;
  }
  throw new Error("no error from: " + text);
}

const unique = thrown("insert into u(email) values ('a@example.org')");
check(unique.message, "UNIQUE constraint failed: u.email", "message");
check(unique.code, 2067, "code"); // SQLITE_CONSTRAINT_UNIQUE = SQLITE_CONSTRAINT | (8 << 8)
check(unique.primaryCode, 19, "primaryCode"); // SQLITE_CONSTRAINT
check(unique.codeName, "SQLITE_CONSTRAINT_UNIQUE", "codeName");

const missing = thrown("select * from missing_table");
check([missing.message, missing.code, missing.primaryCode], ["no such table: missing_table", 1, 1], "missing table");

const syntax = thrown("selec 1");
check([syntax.code, syntax.message.endsWith("syntax error")], [1, true], "syntax error");

// A failed statement leaves the connection usable.
check(Array.from(sql("select email from u"), (r) => r.email), ["a@example.org"], "after errors");

globalThis.RESULT = "done: errors.js";
