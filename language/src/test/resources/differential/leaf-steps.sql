-- Next within a leaf page is taken in Java (LeafStep), every other step by SQLite: scans over
-- many pages of a table and of an index, records on overflow pages (SQLite steps), records that
-- fill most of a page, writes through the scanned cursor and through another cursor on the same
-- table (the scanned cursor's position is saved and restored), NullRow then Next, and cursors
-- opened again for every outer row.
create table big(id integer primary key, k integer, t text, b blob);
insert into big(id, k, t, b) with recursive c(i) as (select 1 union all select i + 1 from c where i < 3000) select i, i % 97, printf('%.*c', (i * 7) % 300, 'x'), case when i % 50 = 0 then zeroblob(3000 + i) when i % 7 = 0 then zeroblob(3900) else x'01' end from c;
create index big_k on big(k, t);
create table few(id integer primary key, v text);
insert into few values (1, 'a'), (2, null), (3, 'c');
select count(*), sum(k), sum(length(t)), sum(length(b)) from big;
select id, length(b), k from big where length(b) > 3000 order by id;
select count(*), sum(id), sum(length(t)) from big where k between 10 and 20;
select k, count(*), max(length(t)), min(t) from big group by k order by k;
select id, k from big order by id desc limit 5;
select sum(id), count(*) from big indexed by big_k where k > 50;
select k, t from big indexed by big_k where k = 3 order by k desc, t desc limit 4;
select few.id, big.id from few left join big on big.id = few.id * 1000 + 1 order by few.id;
select id, (select count(*) from big b2 where b2.k = big.k) from big where id < 40 order by id;
select id, (select max(b2.id) from big b2 where b2.id < big.id and b2.k = big.k) from big where id % 400 = 1 order by id;
select count(*) from big a, few where a.k = few.id;
delete from big where id % 3 = 0;
select count(*), sum(id), sum(k) from big;
update big set k = k + 1, t = t || 'y' where id % 5 = 0;
select count(*), sum(k), sum(length(t)) from big;
update big set id = id + 10000 where id % 11 = 0;
select count(*), sum(id), min(id), max(id) from big;
delete from big where k % 2 = 0 and id in (select id from big where length(t) > 100);
select count(*), sum(id), sum(k) from big;
insert into big(id, k, t, b) select id + 20000, k, t, b from big where id % 13 = 0;
select count(*), sum(id), sum(length(b)) from big;
select count(*), sum(k) from big where t like 'xx%';
select count(*) from big indexed by big_k;
-- Rowid after a step (the step tells it), with writes through another cursor on the table between.
create table pairs(id integer primary key, other int, note text);
insert into pairs(id, other, note) with recursive c(i) as (select 1 union all select i + 1 from c where i < 1200) select i * 3, (i * 7) % 1200 * 3, printf('%.*c', i % 90, 'n') from c;
select sum(id), count(*), max(id) from pairs;
select id from pairs where id % 97 = 0 order by id desc;
update pairs set note = 'moved' where id in (select other from pairs where id % 5 = 0);
delete from pairs where id in (select other from pairs p2 where p2.id % 7 = 0 and p2.id > pairs.id);
select count(*), sum(id), sum(length(note)) from pairs;
insert into pairs(id, other, note) select id + 1, other, note from pairs where id % 9 = 0;
select count(*), sum(id), sum(other) from pairs;
