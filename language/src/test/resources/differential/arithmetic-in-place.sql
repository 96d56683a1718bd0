-- Arithmetic on fields read in place (ColumnComparisons, InPlaceReaders.Arithmetic): Add,
-- Subtract, Multiply, Divide and Remainder whose operand registers only a Column before them
-- filled read the fields where they lie. Every storage class on both sides, integers of every
-- width, overflow into real arithmetic, division and remainder by zero, REAL affinity on
-- integral values, text read as a number, a field the row lacks (ALTER TABLE ADD COLUMN), and
-- sorted records (GROUP BY), as TPC-H's revenue sums.
create table a(id integer primary key, i integer, j integer, r real, s real, n numeric, t text, b blob, x any);
insert into a values (1, 1, 2, 1.5, 0.25, 3, '4', x'01', 5);
insert into a values (2, -3, 0, -0.0, 0.0, 2.5, ' 3.5 ', x'', 'abc');
insert into a values (3, null, 7, null, 1.0, null, null, null, null);
insert into a values (4, 9223372036854775807, 1, 1e300, 1e300, 100000, 'x', x'3132', 1.0);
insert into a values (5, -9223372036854775808, -1, 2.0, 3.0, 0, '12', x'ff', '7');
insert into a values (6, 127, 128, 32767.0, 32768, 8388607, '1e2', zeroblob(3), -1);
insert into a values (7, 2147483647, 2147483648, 9007199254740993, 0.1, 140737488355327, '-0', null, 4.5);
insert into a values (8, 0, 1, 10, 4, 1, '', x'00', x'0a');
select id, i + j, i - j, i * j, i / j, i % j from a order by id;
select id, r + s, r - s, r * s, r / s, r % s from a order by id;
select id, i + r, j * s, r - i, s / j, i % s, r % j from a order by id;
select id, n * (1 - s), n + n, n * n, t + 1, t * i, 2 * t, b + 1, i - b, x * 2, x + i from a order by id;
select id, i * 2, 3 - j, r * 0.5, 1 / i, 1.0 / i, i % 0, r / 0, i / 0.0 from a order by id;
select id, i + i, j * j, r * r, i * r * (1 + s) from a order by id;
-- REAL affinity: a REAL column's integral values read back as reals.
select id, r + 1, r * j, typeof(r * 2), typeof(s - 1) from a order by id;
select sum(r * (1 - s)), total(i * j), total(n * s), avg(r + s), max(j % 3), min(r / s) from a;
-- Overflow of integer arithmetic turns real.
select id, typeof(i + j), typeof(i * 2), i * 2, typeof(i - j), i - j from a where id in (4, 5, 7) order by id;
-- Filters between the Column and the arithmetic, and arithmetic between another Column and its reader.
select id, r * (1 - s), (r * (1 - s)) * (1 + j) from a where j > 0 and s < 2 order by id;
select id, i + j - r * s from a where s is not null order by id;
-- A column added later: rows written before read its default.
alter table a add column d real default 2.5;
alter table a add column e integer default 3;
insert into a(id, i, j, r, s, d, e) values (9, 5, 6, 7.5, 8.5, 1.25, null);
select id, d * r, e + i, d - e, e % 2 from a order by id;
-- Sorted records: GROUP BY sums over the sorter's records, as TPC-H Q1.
create table l(flag text, status text, qty numeric, price numeric, disc numeric, tax numeric);
insert into l with recursive c(k) as (select 1 union all select k + 1 from c where k < 3000)
  select char(65 + k % 3), char(70 + k % 2), k % 50 + 1, case when k % 4 = 0 then k * 10 else k * 10.25 end, (k % 11) / 100.0, case when k % 7 = 0 then 0 else (k % 9) / 100.0 end from c;
insert into l values ('A', 'F', null, 'text', 0.5, x'00');
select flag, status, sum(qty), sum(price), sum(price * (1 - disc)), sum(price * (1 - disc) * (1 + tax)), avg(qty), avg(price), avg(disc), count(*)
  from l group by flag, status order by flag, status;
select flag, sum(price * disc), sum(qty % 7), sum(price / (qty - 25)) from l where disc between 0.02 and 0.08 group by flag order by flag;
-- Steps of sum, total and avg reading their argument in place (InPlaceReaders.SumStep): every
-- storage class, REAL affinity, a field the row lacks, integer sums that turn approximate or overflow.
select sum(i), total(j), avg(r), sum(s), avg(n), sum(t), total(b), avg(x), sum(d), avg(e) from a;
select id % 2, sum(r), total(i), avg(j), sum(t), avg(x) from a group by id % 2 order by 1;
select sum(j), avg(s), total(r) from a where id > 2;
select sum(i) from a where id in (4, 7);
select sum(i) from a where id in (4, 6);
select total(i), avg(i) from a where id in (4, 6);
select flag, sum(qty), total(price), avg(tax), sum(disc) from l group by flag order by flag;
