// pyfunction: SQL calls a JS-defined abs on every row of lineitem.
(function (db, fillRows) {
    db.createFunction("myabs", 1, x => (x < 0 ? -x : x), true);
    const st = db.prepare("SELECT sum(myabs(l_extendedprice - 40000)) FROM lineitem");
    return function () {
        for (const row of st()) {
            return Math.round(row[0]);
        }
    };
})
