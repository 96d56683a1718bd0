-- The change from the previous order (lag) and a running total (the default RANGE frame).
SELECT sum(d), max(t) FROM (
  SELECT o_totalprice - lag(o_totalprice, 1, 0) OVER (ORDER BY o_orderkey) AS d,
         total(o_totalprice) OVER (ORDER BY o_orderdate) AS t
  FROM orders)
