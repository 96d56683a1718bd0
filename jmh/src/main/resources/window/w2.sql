-- A centred moving average and count over the orders in key order (ROWS 5 PRECEDING AND 5 FOLLOWING).
SELECT sum(a), sum(n) FROM (
  SELECT avg(o_totalprice) OVER w AS a, count(*) OVER w AS n
  FROM orders
  WINDOW w AS (ORDER BY o_orderkey ROWS BETWEEN 5 PRECEDING AND 5 FOLLOWING))
