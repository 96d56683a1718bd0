// pyaggregate: a JS-defined sum aggregate over lineitem.
(function (db, fillRows) {
    db.createAggregate("mysum", 1, () => ({
        sum: 0,
        step(x) { this.sum += x; },
        finalize() { return this.sum; }
    }));
    const st = db.prepare("SELECT mysum(l_extendedprice) FROM lineitem");
    return function () {
        for (const row of st()) {
            return Math.round(row[0]);
        }
    };
})
