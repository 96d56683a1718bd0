-- julianday per row (real result), summed.
SELECT sum(julianday(o_orderdate) - julianday('1992-01-01')) FROM orders
