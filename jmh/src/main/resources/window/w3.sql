-- Ranks: rank, dense_rank and row_number of each customer's balance within its nation.
SELECT sum(r), sum(d), sum(n) FROM (
  SELECT rank() OVER w AS r, dense_rank() OVER w AS d, row_number() OVER w AS n
  FROM customer
  WINDOW w AS (PARTITION BY c_nationkey ORDER BY c_acctbal DESC))
