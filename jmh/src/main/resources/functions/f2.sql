-- replace per row (text result) compared with a constant.
SELECT count(*) FROM orders WHERE replace(o_orderpriority, 'URGENT', 'X') = '1-X'
