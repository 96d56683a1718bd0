-- MakeRecord taking Column fields as stored (InPlaceReaders.MakeRecord): sorter keys of GROUP BY,
-- ORDER BY and DISTINCT, index keys, and INSERT ... SELECT into tables of every affinity, where
-- a stored field is copied only when the target's affinity would leave it as it is.
create table src(id integer primary key, i integer, r real, t text, b blob, n numeric, a any, c text collate nocase);
insert into src values (1, 1, 1.5, 'x', x'00ff', 10, 'abc', 'A'), (2, 0, 2.0, '12', x'', '3.0', 7, 'a'), (3, null, -0.0, '', null, 'zz', 2.5, 'B');
insert into src values (4, 127, 1e300, 'é€', x'01', 9223372036854775807, x'0102', 'b'), (5, 128, 3.0, ' 4 ', zeroblob(3), -1, '', null), (6, -129, 0.1, 'abc', x'7f', 1e20, null, 'C');
insert into src values (7, 32768, -2.5, 'Abc', x'80', 0, '5', 'c'), (8, -8388609, 4.0, 'x', x'00', 1, -0.5, 'a'), (9, 2147483648, 1.0, '1e3', x'ff', 2.0, 1, 'A'), (10, 140737488355328, -1.0, '0x10', x'0000', '', 'x', 'B');
select t, count(*), sum(i) from src group by t order by t;
select i, r, count(*) from src group by i, r order by i, r;
select b, n, a from src order by b, n, a;
select distinct t, c from src order by 1, 2;
select c, group_concat(id) from src group by c order by c;
select r, t from src order by r desc, t;
select a, typeof(a), count(*) from src group by a order by a;
create table tall(i integer, r real, t text, b blob, n numeric, a any);
insert into tall select i, r, t, b, n, a from src;
insert into tall select t, t, r, i, t, b from src;
insert into tall select r, i, i, r, r, t from src;
insert into tall select n, n, n, n, a, a from src;
select rowid, i, typeof(i), r, typeof(r), t, typeof(t), b, typeof(b), n, typeof(n), a, typeof(a) from tall order by rowid;
create table keyed(k text, v real, w integer);
create index keyed_kv on keyed(k, v);
create index keyed_w on keyed(w, k);
insert into keyed select t, r, i from src;
insert into keyed select c, i, r from src;
select k, v, w from keyed indexed by keyed_kv order by k, v;
select w, k from keyed indexed by keyed_w where w is not null order by w, k;
select count(*) from (select distinct k, v from keyed);
create table big(id integer primary key, g text, h integer, x real);
insert into big(id, g, h, x) with recursive c(n) as (select 1 union all select n + 1 from c where n < 2000) select n, printf('g%03d', n % 37), n % 11, n * 0.5 from c;
select g, h, count(*), sum(x) from big group by g, h order by g, h limit 20;
select g, count(distinct h) from big group by g order by 2 desc, g limit 10;
select h, max(g), min(x) from big where id % 3 = 0 group by h order by h;
-- Texts read again from one row to the next: the same bytes give the previous row's text; texts
-- of one length that share their first and last bytes but differ inside (short, one long word
-- and a few, beyond), a blob and a NULL between texts, and text that is not UTF-8.
create table rt(id integer primary key, t);
insert into rt(t) values ('a'), ('a'), ('b'), ('ab'), ('ab'), ('aab'), ('abb'), ('abb'), ('x1234567y'), ('x1234567y'), ('x1234568y'),
  ('p0123456789abcdefq'), ('p0123456789abcdefq'), ('p0123456789abcdeeq'), (x'61'), ('a'), (null), ('a'), ('caf' || char(233)),
  ('caf' || char(233)), (cast(x'ff61' as text)), (cast(x'ff61' as text)), (cast(x'fe61' as text)), ('s' || printf('%040d', 7) || 'e'), ('s' || printf('%040d', 8) || 'e');
select id, t, typeof(t), length(t), hex(t) from rt order by id;
select t, count(*) from rt group by t order by hex(t);
