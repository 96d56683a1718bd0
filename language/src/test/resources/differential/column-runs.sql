-- Runs of Columns on one cursor read as one ColumnRun (four or more in a row): every serial
-- type in one row, fields the record lacks (columns added by ALTER TABLE, with defaults),
-- records longer than a page (overflow), rows read through a deferred seek whose index holds
-- some of the columns, rows out of a sorter (a pseudo cursor), and a run whose middle Column a
-- comparison reads in place.
create table w(id integer primary key, a integer, b real, c text, d blob, e numeric, f, g integer, h real);
insert into w values (1, 0, 1.5, 'x', x'00ff', 10, null, 1, -0.0);
insert into w values (2, 127, 2.0, '', x'', '3.0', 7, -129, 1e300);
insert into w values (3, 32768, null, 'é€', zeroblob(3), 'zz', 2.5, 140737488355328, 3.0);
insert into w values (4, 9223372036854775807, -2.5, '12', null, -1, 'abc', 8388608, 0.1);
insert into w values (5, -9223372036854775808, 4.0, ' 4 ', x'7f', 1e20, x'0102', 2147483648, -1.0);
select a, b, c, d, e, f, g, h from w order by id;
select a, typeof(a), b, typeof(b), c, typeof(c), d, typeof(d), e, typeof(e), f, typeof(f), g, typeof(g), h, typeof(h) from w order by id;
select h, g, f, e, d, c, b, a from w where id >= 2;
select id, c, a, b, e from w where a > 0 and b is not null;
alter table w add column x text default 'dflt';
alter table w add column y integer default 42;
alter table w add column z real default 1.25;
insert into w(id, a, b, c, x, y, z) values (6, 1, 1.0, 'new', 'given', 7, 0.5);
select a, b, c, x, y, z from w order by id;
select x, y, z, a, b from w where id > 3 order by id desc;
create table wide(id integer primary key, t1 text, t2 text, t3 text, t4 text, n1 integer, n2 integer, n3 integer, n4 integer);
insert into wide with recursive n(value) as (select 1 union all select value + 1 from n where value < 50) select value, printf('%.*c', 3000, 'a'), printf('%.*c', 10, 'b'), printf('%.*c', 5000, 'c'), 'd', value, value * 2, value * 3, value * 4 from n;
select id, length(t1), t2, length(t3), t4, n1, n2, n3, n4 from wide where id % 7 = 0;
select t2, t4, n1, n2, n3, n4, substr(t3, 1, 3) from wide order by n4 desc limit 5;
create index wide_n on wide(n2, n1, t2);
select n1, n2, t2, t4, n3, n4 from wide where n2 between 10 and 30 order by n2;
select t2, n1, n2, n3, n4, t4 from wide indexed by wide_n where n2 > 80;
select a, b, c, e, g from w order by c, a;
select c, a, b, e, x, y, z from w order by b desc, id;
select a, b, c, e from w where c = 'x' or e > 5;
select count(*), sum(n1), sum(n2), sum(n3), sum(n4) from wide where t4 = 'd' and n1 > 3;
create table u(k integer primary key, a, b, c, d, e, note text, extra);
create index u_abcd on u(a, b, c, d);
insert into u with recursive n(value) as (select 1 union all select value + 1 from n where value < 60) select value, value % 5, value % 3, 'c' || value, value * 2, value * 0.5, 'n' || value, null from n;
update u set note = note || '!', extra = b + d where a = 2 and b > 0;
update u set extra = coalesce(extra, 0) + e where a = 3;
select k, a, b, c, d, e, note, extra from u order by k;
delete from u where a = 4 and b = 1 returning k, a, b, c, d, e, note;
select count(*), sum(d), group_concat(note) from u;
