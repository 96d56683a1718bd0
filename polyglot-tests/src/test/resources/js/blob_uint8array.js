const insert = sql("select hex(?) as h");
check(Array.from(insert(new Uint8Array([0, 1, 254, 255])), (r) => r.h), ["0001FEFF"], "Uint8Array as BLOB");
globalThis.RESULT = "done: blob_uint8array.js";
