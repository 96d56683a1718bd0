-- Records made in the execution's record buffer (NodeFactory#makeRecordsInBuffer): a MakeRecord
-- whose record only the SorterInsert or Insert right after it reads. Records of growing and
-- shrinking lengths one after the other (the buffer keeps the longer one's bytes past the
-- shorter's end), sorters of GROUP BY, ORDER BY and DISTINCT whose record register is also
-- the pseudo cursor's, INSERT ... VALUES, INSERT ... SELECT, UPSERT, REPLACE, and tables with
-- triggers, whose Insert is followed by a sub-program and keeps its own records.
create table s(id integer primary key, k text, n integer, r real, b blob);
insert into s values (1, 'a fairly long text value that makes a long record', 1, 1.5, x'0102');
insert into s values (2, 'b', 2, null, null);
insert into s values (3, 'a fairly long text value that makes a long record', 3, 2.5, zeroblob(40));
insert into s values (4, '', 4, -1.0, x'');
insert into s values (5, 'c', 5, 1e300, x'dc');
insert into s values (6, 'b', 6, 0.0, x'ff');
insert into s select id + 6, k || k, n * 100000, r / 3, b from s;
insert into s (k, n) values ('x', 9223372036854775807), (null, -9223372036854775808), ('yy', 0);
select id, k, n, r, hex(b) from s order by id;
select k, count(*), sum(n), total(r), max(length(b)) from s group by k order by k;
select k, n, r from s order by k desc, n;
select k, length(k) from s order by length(k), k;
select distinct k from s order by 1;
select id, k from s order by r, id;
select k, group_concat(id) over (partition by k order by id) from s order by k, id;
create table t(id integer primary key, v text unique, w integer);
insert into t(v, w) values ('one', 1), ('a much longer value than the others', 2), ('two', 3);
insert into t(v, w) values ('one', 10) on conflict(v) do update set w = w + excluded.w;
replace into t(id, v, w) values (2, 'short', 20);
insert or ignore into t(v, w) values ('two', 99);
select id, v, w from t order by id;
create table log(msg text);
create trigger t_ins after insert on t begin insert into log values ('inserted ' || new.v || ' ' || length(new.v)); end;
insert into t(v, w) values ('after trigger', 4), ('x', 5);
select id, v, w from t order by id;
select msg from log order by rowid;
-- A table with indexes: the row's record is made after the entries' and read past their IdxInserts.
create table ix(id integer primary key, k text, n integer, unique(n, k));
create index ix_k on ix(k);
insert into ix(k, n) values ('a long key that makes a long entry', 1), ('b', 2), (null, 3), ('c', 4);
insert into ix(k, n) select k || '!', n + 10 from ix;
update ix set k = 'shorter' where n = 1;
insert or replace into ix(id, k, n) values (2, 'replaced', 2);
select id, k, n from ix order by id;
select k from ix indexed by ix_k where k > 'a' order by k;
select k, sum(n) from ix group by k order by 2 desc limit 3;
