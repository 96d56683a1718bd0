// filltable: fillRows single-row inserts through one prepared statement in one transaction, then read back.
(function (db, fillRows) {
    const begin = db.prepare("BEGIN");
    const commit = db.prepare("COMMIT");
    const del = db.prepare("DELETE FROM fill");
    const insert = db.prepare("INSERT INTO fill VALUES (?, ?, ?)");
    const read = db.prepare("SELECT a, b, c FROM fill");
    return function () {
        del();
        begin();
        for (let i = 0; i < fillRows; i++) {
            insert(i, i * 0.25, "row" + i);
        }
        commit();
        let s = 0;
        for (const row of read()) {
            s += row[0] + Math.round(row[1] * 100) + row[2].length;
        }
        return s;
    };
})
