-- ntile and first_value: window functions whose state stays in SQLite's registers on the Truffle tier.
SELECT sum(q), sum(f) FROM (
  SELECT ntile(10) OVER (ORDER BY o_orderkey) AS q,
         first_value(o_custkey) OVER (PARTITION BY o_orderpriority ORDER BY o_orderkey) AS f
  FROM orders)
