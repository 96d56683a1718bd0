-- Comparisons of fields read in place (ColumnComparisons, FieldComparison): WHERE clauses
-- compare a Column's field with a constant or another field of the row, which the Truffle tier
-- reads without decoding when the Column's register is read nowhere else.
create table c(id integer primary key, i integer, r real, t text, n numeric, d date, b blob, a any, k text collate nocase, z text collate rtrim);
create index c_d on c(d);
insert into c values (1, 1, 1.5, 'abc', 1, '1994-01-05', x'61', 'abc', 'Abc', 'x ');
insert into c values (2, -3, -0.0, 'ABC', '2.5', '1995-12-31', x'', 12, 'abc', 'x');
insert into c values (3, null, null, null, null, null, null, null, null, null);
insert into c values (4, 9223372036854775807, 1e300, '', 'x', '1994-01-01', x'00', 1.0, '', '');
insert into c values (5, 0, 2.0, '12', '12', '12', x'3132', '12', 'b', 'b  ');
insert into c values (6, 1, 1.0, 'é', ' 3 ', '1e2', x'ff', x'01', 'É', 'é');
insert into c values (7, 2, 9007199254740993, 'abd', 7, '1994-01-05', x'6162', -1, 'ABD', 'abd');
insert into c values (8, -9223372036854775808, 0.5, 'a' || char(0) || 'b', '-7', ' 5', x'61', '7', 'a', 'a');
select id from c where i < 1 order by id;
select id from c where i >= r order by id;
select id from c where r > 1.5 order by id;
select id from c where r = 9007199254740992 order by id;
select id from c where i > 9.2e18 order by id;
select id from c where t = 'abc' order by id;
select id from c where t > 'ab' order by id;
select id from c where t < 'abd' and t >= '' order by id;
select id from c where t = '12' order by id;
select id from c where t < 13 order by id;
select id from c where n > 2 order by id;
select id from c where n = '12' order by id;
select id from c where d < '1995-01-01' order by id;
select id from c where d >= '1994-01-05' and d < '1995-12-31' order by id;
select id from c where d = 12 order by id;
select id from c where d < 100 order by id;
select id from c where d > ' 4' order by id;
select id from c where b < x'61' order by id;
select id from c where b = 'a' order by id;
select id from c where a > 5 order by id;
select id from c where a = '12' order by id;
select id from c where a < 'b' order by id;
select id from c where k = 'abc' order by id;
select id from c where k < 'abd' order by id;
select id from c where z = 'x' order by id;
select id from c where z > 'a' order by id;
select id from c where t < k order by id;
select id from c where t = z order by id;
select id from c where i < n order by id;
select id from c where d < t order by id;
select id from c where r <> i order by id;
select id from c where t is 'abc' order by id;
select id from c where t is not null and i is not 1 order by id;
select id from c where t = 'a' || char(0) || 'b' order by id;
select id from c where t > 'é' order by id;
select id from c where t > 'a' || char(0) order by id;
select id, t < 'b', i >= 0, d > '1994' from c order by id;
select count(*) from c where case when t < 'b' then 1 else 0 end = 1;
select id from c where t in ('abc', 'ABC', '12') and d < '1995' order by id;
select id from c where t = 'abc' or d = '12' or i = 2 order by id;
select d, count(*) from c where d > '1993' group by d having d < '1995' order by d;
select id from (select id, t from c order by t) where t > 'a' order by id;
select id from c where d > '1994-01-02' and d < '1995' order by d, id;
select a.id, b.id from c a, c b where a.t = b.k and a.i < b.i order by 1, 2;
select id from c where i = (select max(i) from c where t < 'z') order by id;
select id from c x where exists (select 1 from c y where y.d = x.d and y.id <> x.id) order by id;
-- A star join: SeekRowid on the dimension keys a Column reads in place (ColumnComparisons), keys
-- of every storage class in an untyped column.
create table dim1(k integer primary key, name text, grp integer);
create table dim2(k integer primary key, label text, flag real);
create table fact(id integer primary key, a, b integer, amount real, note text);
insert into dim1 with recursive c(k) as (select 1 union all select k + 1 from c where k < 200) select k, 'n' || (k % 17), k % 5 from c;
insert into dim2 with recursive c(k) as (select 1 union all select k + 1 from c where k < 300) select k, 'l' || (k % 13), (k % 7) * 1.5 from c;
insert into fact with recursive c(k) as (select 1 union all select k + 1 from c where k < 3000) select k, case when k % 97 = 0 then null when k % 89 = 0 then '12' when k % 83 = 0 then 7.0 else k % 211 end, k % 307, k * 0.25, 'x' || (k % 11) from c;
analyze;
select d1.grp, d2.label, count(*), sum(f.amount) from fact f, dim1 d1, dim2 d2 where f.a = d1.k and f.b = d2.k and d1.grp = 2 and d2.flag > 3 group by 1, 2 order by 1, 2;
select count(*), sum(f.amount) from fact f, dim1 d1 where f.a = d1.k and d1.name = 'n3';
select count(*) from fact f where f.a in (select k from dim1 where grp = 1) and f.b < 100;
-- Records longer than a page are copied: text fields compared with constants read the copy.
create table big(k integer primary key, tag text, pad blob);
insert into big select value, case value % 5 when 0 then 'alpha' when 1 then 'alp' when 2 then 'beta' when 3 then 'alphabet' else 'Alpha' end, zeroblob(5000 + value) from (with recursive n(value) as (select 1 union all select value + 1 from n where value < 40) select value from n);
select k, tag from big where tag < 'alpha' order by k;
select count(*) from big where tag > 'alp';
select count(*) from big where tag = 'alpha';
select count(*) from big where tag >= 'alphabet';
select count(*) from big where 'alphabet' > tag;
-- A text field against an integer under TEXT affinity: the integer compares as its decimal text.
select id from c where t >= 12 order by id;
select id from c where t != 12 order by id;
select id from c where t = 12 order by id;
select id from c where t > -1 order by id;
select id from c where t < -9223372036854775808 order by id;
select id from c where t <= 9223372036854775807 order by id;
select id from c where 12 < t order by id;
select id from c where 13 >= t order by id;
select id from c where k = 12 order by id;
select id from c where z < 1 order by id;
select id from c where d <= 1994 order by id;
-- Arithmetic and the steps of count, sum, total and avg over Columns (ArithmeticNodes,
-- AggregateNodes.Step): every storage class and affinity as an operand, integer overflow to
-- real, division by zero, text read as a number, blobs, NULL, and REAL affinity making an
-- integer a real.
select id, i + 1, i - r, r * 2, i * i, r / i, i % 3, n + 0, t * 1, d - 1, b + 0, a * 2, k - 1 from c order by id;
select id, typeof(i + 1), typeof(r * 2), typeof(n + 0), typeof(t * 1), typeof(a * 2), typeof(i * i) from c order by id;
select id, r * (1 - r), i * (1 + i), (i + 1) * (r - 1), n / 0, i % 0, r - i from c order by id;
select count(i), count(t), count(b), sum(i), sum(r), sum(n), sum(t), total(i), total(r), total(a), avg(r), avg(n), avg(a) from c;
select sum(r * (1 - r)), sum(i * 2), avg(r + i), count(r + 1), total(n * 1) from c where id < 8;
select d, count(r), sum(r), avg(i), total(n), sum(r * (1 - n)) from c group by d order by d;
select sum(i) from c where id in (4, 7);
select typeof(sum(i)), typeof(sum(r)), typeof(total(i)), typeof(avg(n)) from c;
