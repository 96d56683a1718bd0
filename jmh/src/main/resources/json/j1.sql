-- JSON built and read back per row: json_object, then ->> of one of its members, summed by group.
SELECT o_orderstatus, count(*), sum(json_object('price', o_totalprice, 'prio', o_orderpriority) ->> '$.price')
FROM orders
GROUP BY o_orderstatus
ORDER BY o_orderstatus
