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
pragma integrity_check;
