-- A moving sum per customer: sum over a ROWS frame (step and inverse), 150,000 orders.
SELECT sum(s) FROM (
  SELECT sum(o_totalprice) OVER (PARTITION BY o_custkey ORDER BY o_orderdate, o_orderkey ROWS BETWEEN 2 PRECEDING AND CURRENT ROW) AS s
  FROM orders)
