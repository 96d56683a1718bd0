-- INSERT INTO t SELECT * FROM s between tables alike: SQLite copies each row's cell as it is
-- (its transfer optimization, RowCell and an Insert of the preformatted cell) when the
-- destination is empty or has no index, and row by row otherwise; with INTEGER PRIMARY KEY,
-- AUTOINCREMENT, indexes, overflow pages, conflicts, and in another attached database.
create table src(id integer primary key, name text, score real, data blob);
insert into src values (1, 'one', 1.5, x'01'), (2, 'two', null, zeroblob(3)), (5, 'five', 5.25, null), (9, replace(printf('%.3000c', 'x'), ' ', 'y'), 9.0, randomblob(0));
insert into src(name, score, data) select 'long ' || value, value / 7.0, zeroblob(value * 100) from json_each('[10, 20, 30, 40, 50]');
create table dst(id integer primary key, name text, score real, data blob);
insert into dst select * from src;
select changes(), last_insert_rowid();
select id, length(name), substr(name, 1, 12), score, typeof(data), length(data) from dst order by id;
select count(*), sum(id), total(score), sum(length(data)) from dst;
insert into dst select * from src;
insert or ignore into dst select * from src;
select changes();
insert or replace into dst select * from src where 1;
select count(*) from dst;
create table plain(a, b, c, d);
insert into plain select * from src;
insert into plain select * from src;
select count(*), sum(a) from plain;
create table keyed(id integer primary key autoincrement, name text, score real, data blob);
insert into keyed select * from src;
select name, seq from sqlite_sequence order by name;
select id, substr(name, 1, 8) from keyed order by id;
create table indexed(id integer primary key, name text unique, score real, data blob);
create index indexed_score on indexed(score);
create table src2(id integer primary key, name text unique, score real, data blob);
create index src2_score on src2(score);
insert into src2 select * from src;
insert into indexed select * from src2;
select id, substr(name, 1, 6), score from indexed where score > 2 order by score;
pragma integrity_check;
attach ':memory:' as other;
create table other.copy(id integer primary key, name text, score real, data blob);
insert into other.copy select * from main.src;
select count(*), sum(length(data)) from other.copy;
create table notnull(id integer primary key, name text not null, score real, data blob);
insert into notnull select * from src;
select count(*) from notnull;
delete from dst;
insert into dst select * from src;
select count(*), max(id) from dst;
