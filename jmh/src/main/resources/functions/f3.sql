-- printf of two columns per row (text result) compared with a constant.
SELECT count(*) FROM orders WHERE printf('%s-%d', o_orderpriority, o_shippriority) = '1-URGENT-0'
