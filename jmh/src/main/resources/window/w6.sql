-- A moving minimum and maximum: min and max over a ROWS frame keep an ephemeral index of the frame's values.
SELECT sum(lo), sum(hi) FROM (
  SELECT min(o_totalprice) OVER w AS lo, max(o_totalprice) OVER w AS hi
  FROM orders
  WINDOW w AS (ORDER BY o_orderkey ROWS BETWEEN 3 PRECEDING AND 3 FOLLOWING))
