-- SQLite stores and returns TEXT byte for byte, valid UTF-8 or not. The Truffle tier turns
-- each byte that is not valid UTF-8 into U+FFFD (EF BF BD).
-- Functions: native '01FF', '01FF', '01FF61'; Truffle tier '01EFBFBD', '01EFBFBD', '01EFBFBD61'.
SELECT hex(upper(x'01ff')), hex(CAST(x'01ff' AS TEXT)), hex(x'01ff' || 'a');
CREATE TABLE t(a INTEGER PRIMARY KEY, b TEXT, c);
CREATE INDEX t_b ON t(b);
-- RETURNING keeps these inserts on SQLite's VDBE for now, so the stored bytes are 01 FF.
INSERT INTO t VALUES (1, CAST(x'01ff' AS TEXT), 0) RETURNING a;
INSERT INTO t VALUES (2, CAST(x'01ff' AS TEXT), 0) RETURNING a;
-- Truffle tier: the index key it builds from b is 01 EF BF BD, not in the index:
-- "index corruption" (SQLITE_CORRUPT_INDEX, 779) where SQLite deletes the row.
DELETE FROM t WHERE a = 1;
-- Without the index the Truffle tier rewrites the record and b's stored bytes change
-- silently (a native-tier reader or sqlite-jdbc then sees hex(b) = 01EFBFBD).
DROP INDEX t_b;
UPDATE t SET c = 1 WHERE a = 2;
SELECT a, hex(b), c FROM t ORDER BY a;
