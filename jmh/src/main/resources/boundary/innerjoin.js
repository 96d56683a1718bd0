// innerjoin: a 3-table join returned to JS into a Map (order key -> [total price, customer name, nation name]).
(function (db, fillRows) {
    const st = db.prepare("SELECT o_orderkey, o_totalprice, c_name, n_name FROM orders, customer, nation WHERE o_custkey = c_custkey AND c_nationkey = n_nationkey");
    return function () {
        const m = new Map();
        for (const row of st()) {
            m.set(row[0], [row[1], row[2], row[3]]);
        }
        let s = m.size;
        for (const [k, v] of m) {
            s += k + Math.round(v[0] * 100) + v[1].length + v[2].length;
        }
        return s;
    };
})
