-- JSON text read from a materialized table (text columns passed to the functions as the records hold them).
WITH d(k, doc) AS MATERIALIZED (
  SELECT o_orderkey, json_object('c', o_custkey, 'tags', json_array(o_orderstatus, o_shippriority, o_orderpriority))
  FROM orders
)
SELECT count(*), sum(doc ->> '$.c'), count(DISTINCT doc -> '$.tags' ->> '$[2]')
FROM d
