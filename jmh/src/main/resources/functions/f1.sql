-- strftime per row (text result), summed: SQLite's date code, called once per order.
SELECT sum(strftime('%m', o_orderdate)) FROM orders
