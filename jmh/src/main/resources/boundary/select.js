// select: iterate l_quantity, l_extendedprice, l_discount of lineitem, summing (as whole cents) in JS.
(function (db, fillRows) {
    const st = db.prepare("SELECT l_quantity, l_extendedprice, l_discount FROM lineitem");
    return function () {
        let s = 0;
        for (const row of st()) {
            s += Math.round(row[0] * 100) + Math.round(row[1] * 100) + Math.round(row[2] * 100);
        }
        return s;
    };
})
