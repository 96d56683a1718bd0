-- JSON aggregated into one document: json_group_array of json_object (subtypes carry the objects in).
SELECT length(json_group_array(json_object('k', o_orderkey, 'd', o_orderdate)))
FROM orders
WHERE o_orderkey < 100000
