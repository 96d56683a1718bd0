-- SQLITE_ENABLE_STAT4, as sqlite-jdbc and better-sqlite3 build SQLite: ANALYZE writes
-- sqlite_stat4's samples, and the planner reads them, so a value that fills most of a table takes
-- another index than a rare one. The same plans as sqlite-jdbc's give rows in the same order
-- where a query leaves the order to the plan.
create table t(id integer primary key, a int, b int, x int);
create index ia on t(a);
create index ib on t(b);
insert into t with recursive n(i) as (select 1 union all select i + 1 from n where i < 10000) select i, case when i % 20 = 0 then i else 1 end, i % 100, i from n;
analyze;
select tbl, idx, stat from sqlite_stat1 order by tbl, idx;
select tbl, idx, neq, nlt, ndlt, hex(sample) from sqlite_stat4 order by tbl, idx, sample;
explain query plan select count(*), sum(x) from t where a = 1 and b = 7;
explain query plan select count(*), sum(x) from t where a = 40 and b = 40;
select id, a, b from t where a = 1 and b = 7 limit 8;
select id, a, b from t where a = 40 and b = 40;
select id from t where a > 9900 and b < 10;
select id from t where a between 1 and 1 and b = 3 limit 5;
-- A second table with a skewed text column and a composite index.
create table u(k integer primary key, tag text, n int);
create index utag on u(tag, n);
insert into u with recursive n(i) as (select 1 union all select i + 1 from n where i < 3000) select i, case when i % 50 = 0 then 'rare' || i else 'common' end, i % 7 from n;
analyze u;
select idx, neq, nlt, ndlt, hex(sample) from sqlite_stat4 where tbl = 'u' order by sample limit 12;
explain query plan select k from u where tag = 'common' and n = 3;
explain query plan select k from u where tag = 'rare100' and n = 2;
select k from u where tag = 'rare100';
select count(*) from u where tag = 'common' and n = 3;
