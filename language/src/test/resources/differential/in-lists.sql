-- IN lists and IN subqueries: SQLite probes an ephemeral index with Found and NotFound, which
-- the Truffle tier answers in Java while the index holds at most 16 entries (SmallKeySet).
create table v(id integer primary key, i integer, r real, t text, n text collate nocase, b blob, a any);
insert into v values (1, 1, 1.0, '1', 'abc', x'01', 1), (2, 2, 2.5, 'b', 'ABC', x'02', '2'), (3, null, null, null, null, null, null);
insert into v values (4, 3, 3.0, 'abc ', 'Abc ', x'', 2.0), (5, 10, -0.0, '', 'x', x'0102', 'x'), (6, -7, 1e300, 'é', 'É', x'ff', x'01');
insert into v values (7, 9223372036854775807, 0.5, '3', 'B', x'00', 3), (8, 0, 3.0, 'ABC', 'abc', x'0001', '3.0');
create table w(k integer primary key, x integer, s text);
insert into w(k, x, s) with recursive c(k) as (select 1 union all select k + 1 from c where k < 500) select k, k % 37, 'v' || (k % 23) from c;
select id from v where i in (1, 3, 5) order by id;
select id from v where i not in (1, 3, 5) order by id;
select id from v where i in (1.0, '3', 2.5) order by id;
select id from v where r in (1, 3, '2.5') order by id;
select id from v where t in ('1', 'abc', '') order by id;
select id from v where t in (1, 3) order by id;
select id from v where n in ('ABC', 'X', 'b') order by id;
select id from v where n not in ('abc') order by id;
select id from v where a in (1, '2', 2, x'01') order by id;
select id from v where a in (3) order by id;
-- Lists of one class (all integers, all texts) are hash lookups for probes of that class;
-- a real, a text or a blob probe compares with each entry as SQLite does.
create table m(id integer primary key, x);
insert into m values (1, 1), (2, 2.0), (3, '2'), (4, 'x'), (5, x'01'), (6, null), (7, 3.5), (8, 3), (9, 'X');
select id from m where x in (1, 2, 3) order by id;
select id from m where x in ('2', 'x', '3.5', '1') order by id;
select id, x in (2, 3, 10), x in ('x', '2'), x in (3.5, 1.0, 7.0), x collate nocase in ('x', 'y', 'z') from m order by id;
select id from v where b in (x'01', x'0102', x'') order by id;
select id from v where t collate nocase in ('ABC ', 'B') order by id;
select id from v where t collate rtrim in ('abc', '3  ') order by id;
select id from v where i in (select i from v where r > 1) order by id;
select id from v where i not in (select i from v where r > 1) order by id;
select id from v where i not in (1, null) order by id;
select id, i in (1, 2, null), i not in (1, 2, null) from v order by id;
select id, t in ('abc', 'b'), t in (select t from v where id > 5) from v order by id;
select id from v where (i, t) in (select i, t from v where id < 3) order by id;
select id from v where (i, n) in (values (1, 'ABC'), (2, 'abc'), (3, 'abc ')) order by id;
select id from v where i in (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16) order by id;
select id from v where i in (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 0, -7) order by id;
select id from v where i in (9223372036854775807, 9.223372036854776e18) order by id;
select count(*), sum(k) from w where x in (1, 2, 3, 5, 8, 13, 21, 34) and s in ('v1', 'v2', 'v3', 'v4', 'v5', 'v6', 'v7', 'v8', 'v9', 'v10');
select count(*), sum(k) from w where x not in (select x from w where k < 10);
-- NOT IN subqueries: a probe answered in Java, then SQLite's check of the index's first entry
-- for a NULL (a NULL there makes NOT IN NULL for every value not found); an empty subquery
select id from v where i not in (select i from v where id >= 3) order by id;
select id from v where i not in (select i from v where id > 100) order by id;
select id, i not in (select i from v where id in (1, 3)), t not in (select t from v where id in (2, 4, 6)) from v order by id;
select count(*), sum(k) from w where x not in (select case when k = 3 then null else x end from w where k < 6);
select count(*), sum(k) from w where x not in (select x from w where k between 2 and 9) and s not in (select s from w where k < 4);
select count(*), sum(k) from w where x in (select x from w where k < 30);
select count(*), sum(k) from w where s in (select s from w where k between 100 and 104);
select s, count(*) from w where x in (3, 4) and k not in (select k * 2 from w where k < 100) group by s order by s;
select count(distinct x), count(*) from w where s in ('v1', 'v2');
select k from w where x in (select i from v) order by k limit 5;
-- count(DISTINCT x) per group: an ephemeral index opened again for each group, probed with
-- Found and filled with IdxInsert at the probe's position (OPFLAG_USESEEKRESULT). Its entries
-- stay in Java while a group has at most 16 different values; the 17th writes them all to the
-- b-tree, which answers for the rest of the group. Groups below, at and above the limit, NULLs,
-- integers equal to reals, texts under NOCASE, blobs; IN lists and subqueries of more than 16.
create table d(g integer, x, y text);
insert into d(g, x, y) with recursive c(k) as (select 1 union all select k + 1 from c where k < 900) select k % 9, case k % 9 when 0 then k % 3 when 1 then k % 16 when 2 then k % 17 when 3 then k % 40 when 4 then (k % 20) * 1.0 when 5 then null when 6 then case when k % 2 = 0 then k % 18 else (k % 18) + 0.0 end when 7 then 'v' || (k % 25) else x'00' || char(k % 19 + 65) end, case k % 4 when 0 then 'a' || (k % 21) when 1 then 'A' || (k % 21) when 2 then null else 'b' || (k % 3) end from c;
insert into d values (5, null, null), (5, 1, 'x'), (4, 3, 'X'), (4, 3.0, 'x'), (2, '3', 'x ');
select g, count(distinct x), count(x), count(distinct y), count(distinct y collate nocase), count(*) from d group by g order by g;
select g % 3, count(distinct x), count(distinct y collate nocase), sum(distinct g) from d group by g % 3 order by 1;
select count(distinct x), count(distinct y), count(distinct y collate nocase), count(distinct x || y) from d;
select y collate nocase, count(distinct x) from d where g in (1, 2, 3) group by y collate nocase order by 1 limit 12;
select g, count(distinct x) from d where x in (select x from d where g = 3) group by g order by g;
select g, count(*) from d where x not in (select x from d where g in (1, 2) and x is not null) group by g order by g;
select count(*) from d where y in ('a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7', 'a8', 'a9', 'a10', 'a11', 'a12', 'a13', 'a14', 'a15', 'a16', 'a17', 'A3', 'b1');
