SELECT 1
SELECT 1, 2.5, 'x', x'0102', NULL, -9223372036854775808, 9223372036854775807, 1e300, -0.0
SELECT * FROM t1
SELECT a, b FROM t1 WHERE a = 5
SELECT a, b FROM t1 WHERE a > 5 AND a < 10
SELECT a FROM t1 WHERE b = 'x'
SELECT a FROM t1 WHERE b LIKE 'x%'
SELECT a FROM t1 WHERE b GLOB 'x*'
SELECT * FROM t1 WHERE c > 1.5 ORDER BY c DESC, b
SELECT * FROM t1 ORDER BY b COLLATE NOCASE DESC NULLS FIRST
SELECT * FROM t1 ORDER BY e NULLS LAST LIMIT 10 OFFSET 5
SELECT DISTINCT b FROM t1
SELECT count(*) FROM t1
SELECT count(*), sum(c), total(c), avg(c), min(b), max(b), group_concat(b, ',') FROM t1
SELECT b, count(*) FROM t1 GROUP BY b HAVING count(*) > 1
SELECT b, count(DISTINCT c) FROM t1 GROUP BY b ORDER BY 2 DESC
SELECT * FROM t1 JOIN t3 ON t3.ref = t1.a
SELECT * FROM t1 LEFT JOIN t3 ON t3.ref = t1.a WHERE t3.id IS NULL
SELECT * FROM t1 RIGHT JOIN t3 ON t3.ref = t1.a
SELECT * FROM t1 FULL JOIN t3 ON t3.ref = t1.a
SELECT * FROM t1, t2 WHERE t1.a = t2.x AND t2.y = 'abc'
SELECT * FROM t1 CROSS JOIN t2
SELECT * FROM t1 NATURAL JOIN log
SELECT a FROM t1 WHERE a IN (1, 2, 3)
SELECT a FROM t1 WHERE b IN ('a', 'b', 'c')
SELECT a FROM t1 WHERE a IN (SELECT ref FROM t3)
SELECT a FROM t1 WHERE a NOT IN (SELECT ref FROM t3 WHERE ref IS NOT NULL)
SELECT a FROM t1 WHERE EXISTS (SELECT 1 FROM t3 WHERE t3.ref = t1.a)
SELECT a, (SELECT max(score) FROM t3 WHERE ref = a) FROM t1
SELECT * FROM (SELECT a, b FROM t1 ORDER BY a LIMIT 5) ORDER BY b
WITH c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 10) SELECT n FROM c
WITH RECURSIVE fib(a, b) AS (SELECT 0, 1 UNION ALL SELECT b, a + b FROM fib WHERE a < 100) SELECT a FROM fib
WITH m AS MATERIALIZED (SELECT b, c FROM t1) SELECT * FROM m WHERE c > 1
WITH m AS NOT MATERIALIZED (SELECT b, c FROM t1) SELECT * FROM m WHERE c > 1
SELECT a FROM t1 UNION SELECT x FROM t2
SELECT a FROM t1 UNION ALL SELECT x FROM t2 ORDER BY 1
SELECT a FROM t1 INTERSECT SELECT ref FROM t3
SELECT a FROM t1 EXCEPT SELECT ref FROM t3
SELECT CASE WHEN a > 5 THEN 'big' WHEN a > 2 THEN 'mid' ELSE 'small' END FROM t1
SELECT CASE b WHEN 'x' THEN 1 WHEN 'y' THEN 2 END FROM t1
SELECT abs(c), length(b), substr(b, 2, 3), upper(b), lower(b), coalesce(b, 'none'), ifnull(c, 0), round(c, 2) FROM t1
SELECT instr(b, 'a'), replace(b, 'a', 'b'), trim(b), ltrim(b), rtrim(b), hex(d), quote(b), typeof(e), unicode(b), char(65, 66) FROM t1
SELECT printf('%d %s %.2f', a, b, c), format('%5d', a), nullif(a, 1), iif(a > 1, 'y', 'n'), likely(a), unlikely(b) FROM t1
SELECT date('now'), time('now'), datetime('now', '+1 day'), julianday('2024-01-01'), strftime('%Y', '2024-01-01'), unixepoch('2024-01-01') FROM t1
SELECT date(c), datetime(a, 'unixepoch') FROM t1
SELECT random(), randomblob(4), zeroblob(3), last_insert_rowid(), changes(), total_changes(), sqlite_version()
SELECT min(a, 5), max(a, 5), sign(c), ceil(c), floor(c), sqrt(c), pow(c, 2), ln(c), exp(c), pi() FROM t1
SELECT json('{"a":1}'), json_extract('{"a":[1,2]}', '$.a[1]'), json_array(1, 2), json_object('k', a) FROM t1
SELECT value FROM json_each('[1,2,3]')
SELECT key, value FROM json_tree('{"a":{"b":1}}')
SELECT * FROM pragma_index_list('t1')
SELECT a + 1, a - 1, a * 2, a / 2, a % 3, -a, +a, ~a, a << 2, a >> 1, a & 3, a | 4 FROM t1
SELECT a || b, b IS NULL, b IS NOT NULL, b NOTNULL, b ISNULL, a IS 5, a IS NOT 5 FROM t1
SELECT a BETWEEN 1 AND 10, a NOT BETWEEN 1 AND 10, NOT a, a AND b, a OR b FROM t1
SELECT CAST(a AS TEXT), CAST(b AS INTEGER), CAST(c AS REAL), CAST(d AS BLOB), CAST(e AS NUMERIC) FROM t1
SELECT b COLLATE NOCASE = 'X', b COLLATE RTRIM = 'x  ', b < 'm' FROM t1
SELECT * FROM t2 WHERE x = 1 AND y = 'Abc'
SELECT * FROM t2 WHERE x > 1 ORDER BY x DESC
SELECT w, z FROM t2 WHERE w = 'hello' AND z > 0
SELECT * FROM t3 WHERE score > 20
SELECT * FROM t3 WHERE name = 'bob'
SELECT * FROM v1 WHERE c2 > 3
SELECT row_number() OVER (ORDER BY a), rank() OVER (PARTITION BY b ORDER BY c), dense_rank() OVER (ORDER BY c) FROM t1
SELECT sum(c) OVER (ORDER BY a ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING), avg(c) OVER (PARTITION BY b) FROM t1
SELECT lag(a) OVER (ORDER BY a), lead(a, 2, 0) OVER (ORDER BY a), first_value(b) OVER w, last_value(b) OVER w, nth_value(b, 2) OVER w FROM t1 WINDOW w AS (ORDER BY a RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)
SELECT ntile(4) OVER (ORDER BY a), percent_rank() OVER (ORDER BY a), cume_dist() OVER (ORDER BY a) FROM t1
SELECT count(*) FILTER (WHERE a > 2), sum(a) FILTER (WHERE b = 'x') FROM t1
SELECT group_concat(b ORDER BY c DESC) FROM t1
SELECT string_agg(b, ';') FROM t1
SELECT * FROM ft WHERE ft MATCH 'hello'
SELECT rowid, * FROM log
SELECT a FROM t1 WHERE rowid = 3
SELECT a FROM t1 WHERE a = ?
SELECT a FROM t1 WHERE a = ?2 OR b = ?1
SELECT a FROM t1 WHERE b = :name OR c = @val OR e = $dollar
SELECT a FROM t1 INDEXED BY t1_b WHERE b > 'a'
SELECT a FROM t1 NOT INDEXED WHERE b > 'a'
SELECT * FROM t1 AS p, t1 AS q WHERE p.a = q.a + 1
SELECT max(a) FROM t1
SELECT min(b) FROM t1
SELECT a FROM t1 ORDER BY random() LIMIT 1
SELECT (SELECT count(*) FROM t3) + (SELECT count(*) FROM t1)
SELECT * FROM t1 WHERE (a, b) IN (SELECT x, y FROM t2)
SELECT * FROM t1 WHERE (a, b) = (1, 'x')
VALUES (1, 2), (3, 4)
SELECT * FROM (VALUES (1, 'a'), (2, 'b')) AS v
INSERT INTO t1 VALUES (1, 'a', 1.5, x'00', 7)
INSERT INTO t1(b, c) VALUES ('b', 2.5), ('c', 3.5)
INSERT INTO t1(b) SELECT name FROM t3
INSERT OR REPLACE INTO t1 VALUES (1, 'z', 0, NULL, NULL)
INSERT OR IGNORE INTO t3(name, score) VALUES ('bob', 5)
INSERT OR ABORT INTO t3(name, score) VALUES ('bob', 5)
INSERT OR FAIL INTO t3(name, score) VALUES ('bob', 5)
INSERT OR ROLLBACK INTO t3(name, score) VALUES ('bob', 5)
INSERT INTO t3(name, score) VALUES ('al', 1) ON CONFLICT(name) DO UPDATE SET score = score + excluded.score
INSERT INTO t3(name, score) VALUES ('al', 1) ON CONFLICT DO NOTHING
INSERT INTO t2 VALUES (1, 'a', 2.0, 'w')
INSERT INTO t1(b) VALUES ('r') RETURNING a, b
INSERT INTO v1(a, b, c2) VALUES (100, 'v', 4)
INSERT INTO t1 DEFAULT VALUES
INSERT INTO t1(b) VALUES (?)
REPLACE INTO t2 VALUES (1, 'a', 3.0, 'q')
UPDATE t1 SET b = 'q' WHERE a = 1
UPDATE t1 SET c = c * 2, e = NULL WHERE b LIKE 'a%'
UPDATE OR IGNORE t3 SET name = 'x' WHERE id > 1
UPDATE t1 SET b = (SELECT name FROM t3 WHERE ref = t1.a)
UPDATE t1 SET c = t3.score FROM t3 WHERE t3.ref = t1.a
UPDATE t1 SET b = upper(b) RETURNING *
UPDATE t2 SET z = z + 1 WHERE x = 1
DELETE FROM t1 WHERE a = 5
DELETE FROM t1
DELETE FROM t3 WHERE score < 0
DELETE FROM t2 WHERE y = 'A'
DELETE FROM log WHERE rowid IN (SELECT rowid FROM log ORDER BY at LIMIT 2)
DELETE FROM t1 WHERE a > 3 RETURNING b
CREATE TABLE n1(a, b)
CREATE TABLE IF NOT EXISTS t1(a)
CREATE TABLE n2 AS SELECT * FROM t1
CREATE TEMP TABLE tt(a INTEGER PRIMARY KEY, b)
CREATE INDEX n3 ON t1(e)
CREATE INDEX n4 ON t1(lower(b))
CREATE VIEW n5 AS SELECT 1
CREATE TRIGGER n6 AFTER DELETE ON log BEGIN SELECT 1; END
DROP TABLE log
DROP INDEX t1_b
DROP VIEW v1
DROP TRIGGER t1_ins
DROP TABLE IF EXISTS nothere
ALTER TABLE t1 ADD COLUMN f TEXT DEFAULT 'n'
ALTER TABLE t1 RENAME TO t1x
ALTER TABLE t1 RENAME COLUMN b TO bb
ALTER TABLE log DROP COLUMN at
BEGIN
BEGIN IMMEDIATE
BEGIN EXCLUSIVE
COMMIT
ROLLBACK
SAVEPOINT sp1
RELEASE sp1
ROLLBACK TO sp1
PRAGMA table_info(t1)
PRAGMA index_list(t1)
PRAGMA index_info(t1_cd)
PRAGMA foreign_key_list(t3)
PRAGMA user_version
PRAGMA user_version = 3
PRAGMA journal_mode
PRAGMA cache_size = 1000
PRAGMA integrity_check
PRAGMA quick_check
PRAGMA foreign_keys = ON
PRAGMA foreign_key_check
PRAGMA compile_options
SELECT * FROM pragma_table_info('t1')
SELECT name FROM sqlite_schema WHERE type = 'table'
ANALYZE
ANALYZE t1
VACUUM
REINDEX t1
ATTACH ':memory:' AS aux
DETACH aux
SELECT * FROM t1 WHERE a = 1 UNION SELECT * FROM t1 WHERE a = 2 ORDER BY 2 LIMIT 3
SELECT b FROM t1 GROUP BY b ORDER BY count(*) DESC LIMIT 3
SELECT t1.b, t3.name, count(*) FROM t1 JOIN t3 ON t3.ref = t1.a JOIN t2 ON t2.x = t1.a GROUP BY 1, 2
SELECT a FROM t1 WHERE b IN (SELECT y FROM t2) AND c > (SELECT avg(z) FROM t2)
SELECT * FROM t1 WHERE a IN (SELECT value FROM json_each('[1,2]'))
SELECT iif(b IS NULL, 0, 1), coalesce(NULL, NULL, a) FROM t1
SELECT sum(a) FROM t1 WHERE c IS NOT NULL GROUP BY b HAVING sum(a) > 3 ORDER BY 1 LIMIT 2
SELECT a FROM t1 WHERE a > 1 ORDER BY a DESC LIMIT 1
SELECT count(*) FROM t1 WHERE b IS NOT NULL AND c BETWEEN 0 AND 100
SELECT x'00' || 'a', 'a' || 1 || 2.5
SELECT 9223372036854775807 + 1, -9223372036854775808 - 1, 5 / 0, 5 % 0, 2.0 / 3
SELECT 'abc' < 'abd', 1 < '1', NULL = NULL, NULL IS NULL
SELECT total(a) OVER (), count(*) OVER (PARTITION BY b) FROM t1
SELECT sum(c) OVER (ORDER BY a GROUPS BETWEEN 1 PRECEDING AND CURRENT ROW EXCLUDE TIES) FROM t1
SELECT a FROM t1 WHERE +a = 1
SELECT * FROM t1 LIMIT -1
SELECT * FROM t1 ORDER BY 1 LIMIT ? OFFSET ?
