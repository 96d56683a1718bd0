// Shared by the JavaScript programs (evaluated first in each context): a tiny assertion
// helper that throws on a mismatch, comparing with JSON so arrays and nulls compare by value.
globalThis.check = function check(actual, expected, what) {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  if (a !== e) {
    throw new Error((what || "check") + ": expected " + e + " but got " + a);
  }
};
globalThis.sql = (text) => Polyglot.eval("sql", text);
