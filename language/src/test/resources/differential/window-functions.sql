-- Window functions: every built-in one, frames (ROWS, RANGE, GROUPS), EXCLUDE, PARTITION BY,
-- FILTER, named windows, aggregates as window functions, empty partitions and NULLs. On the
-- Truffle tier count, sum, total, avg, min, max, row_number, rank, dense_rank, lag and lead
-- keep their state in Java (AggStep, AggInverse, AggValue, AggFinal in Java); SQLite's other
-- window functions run through those instructions natively, driven by Java registers and
-- cursors (OpenDup cursors over one ephemeral table).
create table t(k integer primary key, g text, a integer, b real, c text);
insert into t values (1, 'x', 1, 10.5, 'p'), (2, 'x', 2, null, 'q'), (3, 'x', 2, 7, null), (4, 'y', 4, -1, 'r'), (5, 'y', null, 3.25, 's'), (6, 'z', 6, 6, 't'), (7, 'y', 4, 0, 'u'), (8, 'x', 9, 2.5, 'v');
create table empty(k integer primary key, a);
select k, row_number() over (), row_number() over (order by k desc) from t order by k;
select k, a, rank() over (order by a), dense_rank() over (order by a), percent_rank() over (order by a), cume_dist() over (order by a) from t order by k;
select k, g, rank() over (partition by g order by a), dense_rank() over (partition by g order by a desc nulls first), row_number() over (partition by g) from t order by k;
select k, ntile(3) over (order by k), ntile(1) over (order by k), ntile(100) over (partition by g order by k) from t order by k;
select k, lag(a) over (order by k), lag(a, 2) over (order by k), lag(a, 3, -1) over (order by k), lead(c) over (order by k), lead(c, 2, 'none') over (order by k) from t order by k;
select k, lag(a, 0) over (order by k), lead(b, 1, k) over (partition by g order by k) from t order by k;
select k, first_value(c) over (order by k), last_value(c) over (order by k), nth_value(c, 3) over (order by k), nth_value(a, 1) over (partition by g order by a) from t order by k;
select k, first_value(a) over w, last_value(a) over w, nth_value(a, 2) over w from t window w as (order by k rows between 1 preceding and 2 following) order by k;
select k, sum(a) over (order by k rows between 1 preceding and current row), total(b) over (order by k rows between unbounded preceding and current row), count(*) over (order by k rows 2 preceding) from t order by k;
select k, a, sum(a) over (order by a range between 1 preceding and 1 following), count(a) over (order by a range between unbounded preceding and current row), avg(b) over (order by a range current row) from t order by k;
select k, a, sum(a) over (order by a groups between 1 preceding and 1 following), min(b) over (order by a groups unbounded preceding), max(c) over (order by a groups between current row and unbounded following) from t order by k;
select k, sum(a) over (order by k rows between 2 preceding and 2 following exclude current row), sum(a) over (order by a rows between unbounded preceding and unbounded following exclude group), sum(a) over (order by a range between unbounded preceding and unbounded following exclude ties) from t order by k;
select k, sum(a) over (order by a groups between 1 preceding and current row exclude no others), count(*) over (order by a range between 2 preceding and 2 following exclude current row) from t order by k;
select k, g, sum(a) over (partition by g), avg(a) over (partition by g), min(c) over (partition by g), max(b) over (partition by g), count(b) over (partition by g) from t order by k;
select k, sum(a) filter (where a > 2) over (order by k), count(*) filter (where b is not null) over (partition by g order by k), group_concat(c) filter (where k % 2 = 0) over (order by k) from t order by k;
select k, group_concat(c) over (order by k), group_concat(c, '/') over (partition by g order by k rows between 1 preceding and 1 following), string_agg(c, ';') over (order by k desc rows 1 preceding) from t order by k;
select k, sum(a) over w1, count(*) over w2, rank() over w2 from t window w1 as (partition by g), w2 as (w1 order by a) order by k;
select g, sum(a), sum(sum(a)) over (order by g), rank() over (order by count(*) desc) from t group by g order by g;
select k, a from (select k, a, row_number() over (partition by g order by a desc) as rn from t) where rn = 1 order by k;
select k, row_number() over (), rank() over (order by a), sum(a) over (rows between 1 preceding and 1 following) from empty;
select k, sum(b) over (order by b rows between unbounded preceding and current row), max(b) over (order by b desc range between current row and unbounded following) from t order by k;
select k, avg(a) over (order by k rows between 3 preceding and 1 preceding), total(a) over (order by k rows between 1 following and 3 following) from t order by k;
select k, sum(a) over (order by k rows between current row and current row), count(*) over () from t order by k;
select k, percent_rank() over (partition by g order by b), cume_dist() over (partition by g order by b desc) from t order by k;
select k, json_group_array(a) over (order by k rows 1 preceding) from t order by k;
select distinct g, count(*) over (partition by g) from t order by g;
select k, ntile(0) over (order by k) from t;
select k, nth_value(a, 0) over (order by k) from t;
select k, lag(a, -1) over (order by k) from t order by k;
-- Sums over sliding frames that mix storage classes and overflow: the inverse takes a value out
-- exactly while the sum is an integer, and turns it approximate on overflow as a step does (an
-- overflow is an error until a real comes in). Statements that fail are read whole by an outer
-- aggregate, so that no row comes before the error.
create table big(k integer primary key, x);
insert into big values (1, 9223372036854775807), (2, 1), (3, -5), (4, 9223372036854775800), (5, -9223372036854775808), (6, 2.5), (7, '12'), (8, 'abc'), (9, x'3132'), (10, null), (11, -1), (12, 7), (13, '1e3'), (14, ' 4 ');
select k, total(x) over (order by k rows 2 preceding), avg(x) over (order by k rows 1 preceding), count(x) over (order by k rows 3 preceding) from big order by k;
select k, sum(x) over (order by k rows between 1 preceding and current row), sum(x) over (order by k rows between 2 preceding and 1 following) from big where k >= 6 order by k;
select group_concat(s, ',') from (select sum(x) over (order by k rows 1 preceding) as s from big where k <= 3 order by k);
select group_concat(s, ',') from (select sum(x) over (order by k rows 1 preceding) as s from big where k in (4, 5, 11, 12) order by k);
select k, sum(x) over (order by k rows 1 preceding) from big where k in (4, 5, 12) order by k;
create table inv(k integer primary key, x);
insert into inv values (1, -10), (2, 9223372036854775807), (3, 5), (4, 0.5), (5, 1), (6, -9223372036854775808), (7, 3);
select k, sum(x) over (order by k rows 2 preceding) from inv where k <= 3 order by k;
select k, sum(x) over (order by k rows 2 preceding) from inv order by k;
select group_concat(s, ',') from (select sum(x) over (order by k rows 2 preceding) as s from inv where k <> 4 order by k);
select k, avg(x) over (order by k rows 2 preceding), total(x) over (order by k rows 2 preceding), count(*) over (order by k rows 2 preceding) from inv order by k;
select k, sum(x) over (order by k rows between current row and 1 following) from inv where k >= 5 order by k;
-- rank and dense_rank asked twice for one row (their value moves their state), with ties, partitions and NULLs.
select k, a, rank() over w, rank() over w, dense_rank() over w, dense_rank() over w, row_number() over w from t window w as (partition by a is null order by a) order by k;
select k, g, rank() over (order by g), dense_rank() over (order by g desc), row_number() over (order by g, k desc) from t order by k;
select k, min(a) over (order by k), max(a) over (order by k), min(c) over (order by k desc), max(b) over (partition by g order by k) from t order by k;
select k, sum(k) over (partition by g order by k rows 1 preceding), count(b) over (partition by g order by k rows between 1 preceding and 1 following), avg(k) over (partition by g) from t order by k;
