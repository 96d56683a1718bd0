-- Seeks by rowid to the row the b-tree cursor is on, or to the next cell of its leaf page, are
-- taken in Java (LeafStep.seek), every other seek by SQLite: joins that probe rowids in order
-- (consecutive, repeated, with gaps and across pages), deferred seeks from an index in rowid
-- order, records on overflow pages, probes of deleted rows, and writes through the probed
-- cursor (NotExists before UPDATE and DELETE) and through another cursor between probes.
create table t(id integer primary key, k integer, v text, b blob);
insert into t(id, k, v, b) with recursive c(i) as (select 1 union all select i + 1 from c where i < 2500) select i, i / 4, printf('%.*c', (i * 13) % 200, 'v'), case when i % 97 = 0 then zeroblob(5000) else x'ff' end from c;
create index t_k on t(k);
create table probe(n integer primary key, target integer);
insert into probe(n, target) with recursive c(i) as (select 1 union all select i + 1 from c where i < 3000) select i, case when i % 11 = 0 then i - 1 when i % 17 = 0 then i + 40 when i % 29 = 0 then 100000 + i else i end from c;
-- consecutive, repeated, skipping and missing targets, the record read after each probe
select count(*), sum(t.k), sum(length(t.v)), sum(length(t.b)) from probe join t on t.id = probe.target;
select probe.n, t.id, t.k, length(t.b) from probe left join t on t.id = probe.target where probe.n % 97 = 0 or probe.n between 1 and 12 order by probe.n;
-- the same row probed again, then the next
select count(*), sum(t.id) from probe join t on t.id = probe.n / 2;
-- deferred seeks from an index: rowids in order within each key
select k, count(*), sum(length(v)), max(id) from t indexed by t_k where k between 100 and 140 group by k order by k;
select sum(id), sum(length(v)), sum(length(b)) from t indexed by t_k where k > 300;
-- rows deleted between probes: the next cell is not the next rowid
delete from t where id % 5 = 2;
select count(*), sum(t.k), sum(length(t.v)) from probe join t on t.id = probe.target;
select probe.n, t.id from probe left join t on t.id = probe.target where probe.n between 1 and 20 order by probe.n;
-- writes through the probed cursor: UPDATE and DELETE by rowid in order
update t set v = v || 'w', k = k + 1 where id in (select target from probe where n % 3 = 0);
select count(*), sum(k), sum(length(v)) from t;
delete from t where id in (select target from probe where n % 7 = 0);
select count(*), sum(id), sum(k) from t;
-- writes through another cursor on the same table between probes (the probed cursor's position is saved)
update t set k = (select count(*) from t t2 where t2.id between t.id and t.id + 3) where id % 10 = 1;
select count(*), sum(k) from t;
insert into t(id, k, v, b) select id + 5000, k, v, b from t where id % 9 = 0;
select count(*), sum(t.id), sum(length(t.v)) from probe join t on t.id = probe.target + 5000;
select id, k from t where id in (5001, 5009, 5018, 5027, 9999) order by id;
-- Index seeks (SeekGE, SeekGT) that find the cursor already on their entry, left there by the
-- loop over the previous key: keys probed in order, repeated, missing, with duplicates in the
-- index, a DESC index, two-field keys, and NULL and text keys (SQLite seeks those).
create table line(id integer primary key, ord integer, num integer, qty integer, note text);
insert into line(ord, num, qty, note) with recursive c(i) as (select 1 union all select i + 1 from c where i < 4000) select (i / 3) * 2 + (i % 5 = 0), i % 3, i % 17, case when i % 13 = 0 then null else 'n' || (i % 7) end from c;
create index line_ord on line(ord, num);
create index line_qty_desc on line(qty desc, ord);
create table ords(k integer primary key, pri text);
insert into ords(k, pri) with recursive c(i) as (select 0 union all select i + 1 from c where i < 2800) select i, case when i % 4 = 0 then 'urgent' else 'low' end from c;
select count(*), sum(line.qty), sum(line.id) from ords join line on line.ord = ords.k;
select ords.k, count(line.id), sum(line.num) from ords left join line on line.ord = ords.k where ords.k < 40 group by ords.k order by ords.k;
select count(*), sum(line.id) from ords join line on line.ord = ords.k and line.num > 0;
select count(*), sum(line.id) from ords join line on line.ord > ords.k and line.ord <= ords.k + 1;
select count(*), sum(line.id) from ords join line indexed by line_qty_desc on line.qty = ords.k % 17 and line.ord >= ords.k where ords.k % 50 = 0;
select count(*) from ords where exists (select 1 from line where line.ord = ords.k and line.note = 'n3');
select ords.k, (select min(id) from line where line.ord = ords.k) from ords where ords.k between 100 and 130 order by ords.k;
insert into line(ord, num, qty, note) values (null, 1, 1, 'null key'), (7, null, 2, 'null num');
select count(*), sum(line.id) from ords join line on line.ord = ords.k;
select count(*) from line where ord is null or num is null;
-- Keys probed in random order first, so that the seeks stop looking on the leaf page after a
-- run of misses (RecordCursor.leafSeekMisses), then in order, so that one finds its entry
-- there and they all look again; the same for seeks by rowid.
create table shuffled(n integer primary key, k integer);
insert into shuffled(n, k) with recursive c(i) as (select 1 union all select i + 1 from c where i < 2600) select i, case when i <= 700 then (i * 7919) % 2800 else i - 700 end from c;
select count(*), sum(line.qty), sum(line.id), sum(line.num * shuffled.n) from shuffled cross join line on line.ord = shuffled.k;
select count(*), sum(line.id) from shuffled cross join line on line.ord >= shuffled.k and line.ord < shuffled.k + 2 where shuffled.n % 3 = 0;
select count(*), sum(t.k), sum(length(t.v)) from shuffled cross join t on t.id = shuffled.k * 2;
-- A two-field index ascending then descending, probed by one key after another within a leaf.
create table m(id integer primary key, a integer, b integer);
insert into m(a, b) with recursive c(i) as (select 0 union all select i + 1 from c where i < 2999) select i / 50, i % 50 from c;
create index m_ab on m(a, b desc);
create table pr(n integer primary key, a integer, b integer);
insert into pr(n, a, b) with recursive c(i) as (select 1 union all select i + 1 from c where i < 2000) select i, (i / 20) % 60, (i * 7) % 50 from c;
select count(*), sum(m.id), sum(m.b) from pr join m indexed by m_ab on m.a = pr.a and m.b <= pr.b;
select count(*), sum(m.id) from pr join m indexed by m_ab on m.a = pr.a and m.b < pr.b;
select pr.n, (select max(m.id) from m indexed by m_ab where m.a = pr.a and m.b <= pr.b) from pr where pr.n % 97 = 0 order by pr.n;
