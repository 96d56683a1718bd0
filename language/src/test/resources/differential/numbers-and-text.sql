-- Comparisons and arithmetic across storage classes: the Truffle tier's specialized paths
-- (integers, reals, mixed, text under numeric affinity) and its text handling (repeated
-- values reused from row to row) must agree with SQLite on every row.
create table t(k integer primary key, n numeric, r real, i integer, s text, b blob);
insert into t values (1, '12', 1.5, 7, 'ab', x'6162');
insert into t values (2, ' 12 ', 2.0, -7, 'ab', x'6162');
insert into t values (3, '1e3', -0.0, 9223372036854775807, 'ab', null);
insert into t values (4, '.5', 1e308, -9223372036854775808, 'abc', x'');
insert into t values (5, '1.', 9007199254740993.0, 9007199254740993, 'é', x'c3a9');
insert into t values (6, '-', null, null, 'é', null);
insert into t values (7, '+.5', 3.0, 3, 'e', x'65');
insert into t values (8, 'e5', 4.5, 4, '', x'00');
insert into t values (9, '1e', 5.5, 5, 'ab ', null);
insert into t values (10, '0x10', 6.5, 6, 'AB', x'4142');
insert into t values (11, '12abc', 7.5, 7, 'ab', null);
insert into t values (12, char(9) || '3' || char(10), 8.5, 8, 'ab', null);
insert into t values (13, '1996-03-13', 9.5, 9, '1996-03-13', null);
insert into t values (14, 12, 12, 12, '12', x'3132');
create table d(k integer primary key, day date, flag text, amount decimal(15,2));
insert into d values (1, '1996-03-13', 'N', 10.25), (2, '1994-01-01', 'N', 3), (3, '1995-06-30', 'R', 1e3), (4, '1994-01-01', 'A', -2.5), (5, '1996-03-13', 'N', null), (6, 19940101, 'N', '7'), (7, ' 1994 ', 'R', 'x');
select k, typeof(n), n, n < 13, n > 11, n = 12, n >= '12', n < '1996-04-01' from t order by k;
select k, r < i, r = i, r > i, i < r, i = r, i <= r, r + i, r - i, r * i, i * 2, i + 1, i - 1 from t order by k;
select k, i / 2, i % 3, r % 2, i / 0, r / 0, i % 0, -i, i * i, r * r from t order by k;
select k, s = 'ab', s < 'ab ', s > 'AB', s = b, s < b, s collate nocase = 'AB', s collate rtrim = 'ab' from t order by k;
select k, n + 0, n * 1, n - 0.5, s + 1, b + 1, n || s from t order by k;
select k from t where n between 0.4 and 100 order by k;
select k from t where s = 'ab' and i > 0 order by k;
select s, count(*), sum(i % 1000), total(r), min(n), max(n) from t group by s order by s;
select day, flag, count(*), sum(amount), avg(amount) from d where day >= '1994-01-01' and day < '1996-01-01' group by day, flag order by 1, 2;
select flag, count(*), sum(amount) from d group by flag order by flag;
select k, day < 19950000, day > '1995', amount * 2, amount + 0.25, amount < 5, amount = '7' from d order by k;
select a.k, b.k from t a, t b where a.n = b.i and a.k <> b.k order by 1, 2;
select k, 9223372036854775807 + i, -9223372036854775808 - i, i * 9223372036854775807 from t where i is not null order by k;
select k, r = 9007199254740993, i = 9007199254740993.0, i < 9007199254740994.0 from t order by k;
