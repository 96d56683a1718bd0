-- A filter on a JSON member: json_object per row, ->> compared with a constant.
SELECT count(*)
FROM orders
WHERE json_object('p', o_orderpriority, 'c', o_clerk) ->> '$.p' = '1-URGENT'
