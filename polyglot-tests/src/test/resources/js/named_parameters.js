// Named parameters (:a, @a, $a) take their values from one JavaScript object, keyed by the
// name without its prefix.
sql("create table kv(k text primary key, v)");
const put = sql("insert into kv values (:key, $value)");
check(Array.from(put.parameters), [":key", "$value"], "parameter names");
check(put({ key: "a", value: 1 }), 1, "put a");
check(put({ value: 2.5, key: "b" }), 1, "put b");
check(put({ key: "c", value: null }), 1, "put c");

const get = sql("select k, v from kv where k = @key or v = :v order by k");
check(Array.from(get({ key: "a", v: 2.5 }), ({ k, v }) => [k, v]), [["a", 1], ["b", 2.5]], "get");

let message = null;
try {
  put({ key: "d" });
} catch (e) {
  message = e.message;
}
if (message === null || !message.includes("$value")) throw new Error("missing parameter not reported: " + message);

globalThis.RESULT = "done: named_parameters.js";
