-- Rows reached through an index: DeferredSeek postpones the table seek until a column outside
-- the index is read, columns the index holds come from its entry (P4's map), a NOT EXISTS or
-- a rowid needs no seek at all, FinishSeek completes the seek before an UPDATE or DELETE
-- writes through the cursor. The table has more columns than the index.
create table o(k integer primary key, cust, status, total real, note text);
create index o_cust on o(cust, status);
with recursive n(i) as (select 1 union all select i + 1 from n where i < 300)
insert into o select i, i % 37, case i % 3 when 0 then 'F' when 1 then 'O' else 'P' end, i * 1.25, 'note ' || i from n;
create table c(ck integer primary key, name);
with recursive n(i) as (select 0 union all select i + 1 from n where i < 45) insert into c select i, 'c' || i from n;
select ck, name from c where not exists (select * from o where o.cust = c.ck) order by ck;
select ck from c where exists (select 1 from o where o.cust = c.ck and o.status = 'F') order by ck;
select cust, status, count(*) from o where cust between 3 and 6 group by cust, status order by 1, 2;
select k, cust, status from o where cust = 5 order by status, k;
select k, cust, total, note from o where cust = 7 and status > 'E' order by k;
select rowid, k, status from o where cust in (1, 2) order by k;
select o.k, c.name, o.total from c join o on o.cust = c.ck where c.ck < 3 and o.status = 'O' order by o.k;
select sum(total), max(note), min(status) from o where cust >= 30;
select cust, (select count(*) from o o2 where o2.cust = o.cust and o2.status = o.status) from o where cust = 11 order by k;
update o set total = total + 1 where cust = 4 and status = 'P';
select k, total from o where cust = 4 order by k;
delete from o where cust = 9 and status = 'F';
select count(*), sum(k) from o where cust = 9;
update o set note = 'x' || status where cust between 20 and 22 and note like 'note 2%';
select k, note from o where cust between 20 and 22 order by k;
select count(*) from o where cust = 9 and status = 'F';
create table p(pk integer primary key, cust, v, w);
create index p_cust on p(cust);
insert into p select k, cust * 2, total, note from o;
select ck from c where not exists (select * from p where p.cust = c.ck) order by ck;
select ck, (select max(w) from p where p.cust = c.ck) from c where ck < 10 order by ck;
select p.pk, p.cust from p where cust = 8 order by pk;
-- Rows of one key next to each other, as TPC-H's lines of an order: the Column that carries out
-- the seek finds the row after the one the last seek found, on the same leaf page or the next
-- one (CROSS JOIN keeps the order of the loops); deleted rows leave gaps, and a scan the other
-- way seeks the row before.
create table line(id integer primary key, ord integer, qty, price real, mode text);
create index line_ord on line(ord);
with recursive n(i) as (select 1 union all select i + 1 from n where i < 2000)
insert into line select i, (i + 3) / 4, i % 50, i * 0.5, case i % 5 when 0 then 'AIR' when 1 then 'MAIL' else 'SHIP' end from n;
delete from line where id % 97 = 0 or id % 211 = 1;
create table ord(ok integer primary key, pri text);
with recursive n(i) as (select 1 union all select i + 1 from n where i < 500) insert into ord select i, 'p' || (i % 5) from n;
select mode, sum(qty), sum(price), count(*) from ord cross join line on line.ord = ord.ok where pri <> 'p3' group by mode order by mode;
select ok, sum(price), max(mode) from ord cross join line on line.ord = ord.ok where ok % 50 = 7 and mode = 'SHIP' group by ok order by ok;
select ok, count(*) from ord join line on line.ord = ord.ok where qty > 40 and price < 600 group by ok order by ok;
select group_concat(id || mode) from (select id, mode from line where ord between 10 and 14 order by ord desc, id desc);
pragma integrity_check;
