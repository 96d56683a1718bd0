// pythonjoin: the innerjoin done in JS, two parameterized lookups per order.
(function (db, fillRows) {
    const orders = db.prepare("SELECT o_orderkey, o_custkey, o_totalprice FROM orders");
    const customer = db.prepare("SELECT c_name, c_nationkey FROM customer WHERE c_custkey = ?");
    const nation = db.prepare("SELECT n_name FROM nation WHERE n_nationkey = ?");
    return function () {
        const m = new Map();
        for (const o of orders()) {
            for (const c of customer(o[1])) {
                for (const n of nation(c[1])) {
                    m.set(o[0], [o[2], c[0], n[0]]);
                }
            }
        }
        let s = m.size;
        for (const [k, v] of m) {
            s += k + Math.round(v[0] * 100) + v[1].length + v[2].length;
        }
        return s;
    };
})
