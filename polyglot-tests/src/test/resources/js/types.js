// Values cross into JavaScript by storage class: INTEGER and REAL -> number (JavaScript has
// one number type, so the storage class is checked with SQL's typeof()), TEXT -> string,
// NULL -> null, BLOB -> an interop buffer that `new Uint8Array(value)` copies. JavaScript
// values bind back: numbers -> INTEGER if whole, else REAL; null/undefined -> NULL;
// ArrayBuffer -> BLOB.

sql("create table v(i integer, r real, t text, b blob, x)");
const insert = sql("insert into v values (?, ?, ?, ?, ?)");
check(insert(42, 2.5, "zwölf", new Uint8Array([0, 1, 254, 255]).buffer, null), 1, "insert 1");
check(insert(-7, 0.5, "", new ArrayBuffer(0), 1.5), 1, "insert 2");

const rows = Array.from(sql("select i, r, t, b, x, typeof(i) ti, typeof(r) tr, typeof(b) tb, typeof(x) tx, hex(b) hb from v order by rowid"));
const [first, second] = rows;

check(typeof first.i, "number", "INTEGER is a number");
check(first.i, 42, "INTEGER value");
check(first.r, 2.5, "REAL value");
check(first.t, "zwölf", "TEXT value");
check(first.x === null, true, "NULL is null");
check([first.ti, first.tr, first.tb, first.tx], ["integer", "real", "blob", "null"], "storage classes");
check(first.hb, "0001FEFF", "ArrayBuffer bound as BLOB");
check(Array.from(new Uint8Array(first.b)), [0, 1, 254, 255], "BLOB read back as bytes");

check(second.tb, "blob", "empty ArrayBuffer is an empty BLOB");
check(new Uint8Array(second.b).length, 0, "empty BLOB");
check([second.x, second.tx], [1.5, "real"], "a fractional number binds REAL");

// A whole JavaScript number binds INTEGER.
check(typeof sql("select typeof(?) t"), "function", "a query with parameters is a prepared statement, not run");
const typeOf = sql("select typeof(?) as t");
check(Array.from(typeOf(3), (r) => r.t), ["integer"], "3 binds INTEGER");
check(Array.from(typeOf(3.25), (r) => r.t), ["real"], "3.25 binds REAL");
check(Array.from(typeOf(true), (r) => r.t), ["integer"], "true binds 1");
check(Array.from(typeOf("3"), (r) => r.t), ["text"], "strings bind TEXT");

globalThis.RESULT = "done: types.js";
