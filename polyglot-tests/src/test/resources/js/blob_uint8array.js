// A Uint8Array (the usual JavaScript byte container, e.g. from TextEncoder) bound as a BLOB.
// Disabled in JavaScriptProgramsTest: see the reason there.
const insert = sql("select hex(?) as h");
check(Array.from(insert(new Uint8Array([0, 1, 254, 255])), (r) => r.h), ["0001FEFF"], "Uint8Array as BLOB");
check(Array.from(insert(new TextEncoder().encode("hé")), (r) => r.h), ["68C3A9"], "TextEncoder output as BLOB");
globalThis.RESULT = "done: blob_uint8array.js";
