-- Virtual tables (VOpen, VFilter, VColumn, VNext, Rowid of a virtual-table cursor, VUpdate,
-- VBegin, VCreate, VDestroy): FTS5, rtree, json_each and json_tree, the table-valued pragma
-- functions and dbstat, read and written, inside joins and correlated subqueries, with errors.
create table t(id integer primary key, j text, n);
insert into t values (1, '[1, 2, 3]', 'one'), (2, '{"a": 1, "b": [true, null, 2.5], "c": {"d": "x"}}', 'two'), (3, '[]', 'three'), (4, null, 'four'), (5, '[5, "five", 5.5]', 'five');
-- json_each and json_tree: every column, WHERE on key, value and type
select key, value, type, atom, id, parent, fullkey, path from json_each('[1, 2.5, "x", null, true, [1, 2], {"a": 1}]');
select key, value, type, atom, fullkey, path from json_each('{"a": 1, "b": [true, null, 2.5], "c": {"d": "x"}}');
select key, value, type from json_each('{"a": 1, "b": 2, "c": 3}') where key <> 'b';
select key, value from json_each('[10, 20, 30, 40]') where value > 15 and value < 40;
select value, type from json_each('[1, 2.5, "x", null, true, [1], {}]') where type in ('integer', 'real', 'null', 'true');
select typeof(value), typeof(atom), typeof(key) from json_each('[1, 2.5, "x", null, {"a": 1}]');
select fullkey, type, value from json_tree('{"a": 1, "b": [true, null, 2.5], "c": {"d": "x"}}');
select fullkey, atom from json_tree('{"a": 1, "b": [true, null, 2.5], "c": {"d": "x"}}') where type not in ('object', 'array');
select key, value from json_each('{"a": {"b": [1, 2]}}', '$.a.b');
select key, path from json_tree('[[1, [2, 3]], 4]', '$[0]');
select count(*), sum(value) from json_each('[1, 2, 3, 4, 5]');
select json_group_array(value) from json_each('[[1, 2], {"a": 1}, "x", 3]');
select value from json_each('[3, 1, 2]') order by value desc;
select e1.key, e2.key, e2.value from json_each('[[1, 2], {"a": [3]}, []]') e1, json_each(e1.value) e2 order by e1.key, e2.key;
select e1.key, e2.fullkey from json_each('{"x": {"y": 1}, "z": 2}') e1 left join json_tree(e1.value) e2 on e2.type <> 'object' order by e1.key, e2.id;
select value from json_each('not json');
-- joins against a normal table, LEFT JOIN (a null row of the virtual table), IN on json_each's values
select t.id, e.key, e.value from t, json_each(t.j) e order by t.id, e.key;
select t.id, e.value from t left join json_each(t.j) e on e.type = 'integer' order by t.id, e.id;
select t.id, e.fullkey from t join json_tree(t.j) e where e.atom is not null and t.id = 2 order by e.id;
select id, n from t where id in (select value from json_each('[1, 3, 5, 7]')) order by id;
select id from t where id not in (select value from json_each('[2, 4]')) order by id;
select e.value, t.n from json_each('[2, 4, 6]') e left join t on t.id = e.value order by e.value;
-- correlated subqueries: VFilter runs again for every outer row
select id, (select count(*) from json_each(t.j)) from t order by id;
select id, (select sum(value) from json_each(t.j) where type in ('integer', 'real')) from t order by id;
select id from t where exists (select 1 from json_each(t.j) where value = 2) order by id;
select id, (select group_concat(key, ',') from json_each(t.j) where value > t.id) from t order by id;
-- table-valued pragma functions
select * from pragma_table_info('t');
select cid, name, type, pk from pragma_table_info('t') where pk = 0 order by cid desc;
create index t_n on t(n);
select name, "unique", origin from pragma_index_list('t');
select seqno, cid, name from pragma_index_info('t_n');
select t2.name, p.name from sqlite_schema t2, pragma_table_info(t2.name) p where t2.type = 'table' and t2.name = 't' order by p.cid;
-- dbstat
select name, path, pagetype, ncell from dbstat where name = 't' order by path;
select count(*) from dbstat where name = 't_n';
-- FTS5: create, insert, MATCH, bm25, highlight, snippet, rank
create virtual table ft using fts5(title, body);
insert into ft(title, body) values ('hello world', 'the quick brown fox jumps over the lazy dog');
insert into ft(title, body) values ('goodbye world', 'a lazy afternoon in the sun');
insert into ft(rowid, title, body) values (10, 'fox news', 'the fox and the hound, a fox story');
insert into ft(title, body) values ('nothing here', 'plain text without animals');
select last_insert_rowid();
select rowid, title from ft order by rowid;
select rowid, title from ft where ft match 'fox' order by rowid;
select rowid, title from ft where ft match 'fox' order by rank;
select rowid, round(bm25(ft), 6) from ft where ft match 'lazy OR fox' order by bm25(ft), rowid;
select rowid, round(rank, 6) from ft where ft match 'world' order by rank;
select highlight(ft, 0, '[', ']'), highlight(ft, 1, '<', '>') from ft where ft match 'fox' order by rowid;
select snippet(ft, 1, '<', '>', '...', 4) from ft where ft match 'lazy' order by rowid;
select rowid from ft where ft match 'title:world' order by rowid;
select rowid from ft where ft match 'body:fox AND title:hello';
select rowid from ft where ft match '"lazy dog"';
select rowid from ft where ft match 'fo*' order by rowid;
select rowid from ft where ft match 'NEAR(quick fox, 3)';
select rowid, title from ft where title match 'goodbye';
select rowid from ft where ft match 'fox' and rowid > 5;
select rowid, title from ft where rowid = 2;
select count(*) from ft where ft match 'the';
select t.id, (select count(*) from ft where ft match t.n) from t order by t.id;
-- FTS5 writes: UPDATE by rowid (one pass: unchanged columns are not sent), DELETE, commands
update ft set title = 'hello there' where rowid = 1;
select rowid, title, body from ft where rowid = 1;
select rowid from ft where ft match 'there';
update ft set body = body || ' again' where rowid = 2;
select title, body from ft where rowid = 2;
delete from ft where rowid = 4;
delete from ft where ft match 'goodbye';
select rowid, title from ft order by rowid;
insert into ft(ft) values ('optimize');
insert into ft(ft) values ('integrity-check');
select rowid from ft where ft match 'fox' order by rowid;
-- FTS5 errors
select rowid from ft where ft match 'fox AND';
select rowid from ft where ft match 'nocolumn:fox';
insert into ft(ft) values ('no-such-command');
insert into ft(rowid, title, body) values (1, 'duplicate', 'rowid');
select rowid, title from ft order by rowid;
-- transactions and savepoints around virtual-table writes (xBegin, xSavepoint, xRollbackTo)
begin;
insert into ft(title, body) values ('rolled back', 'never seen');
select count(*) from ft;
rollback;
select count(*) from ft where ft match 'never';
begin;
insert into ft(title, body) values ('kept', 'seen');
savepoint s1;
insert into ft(title, body) values ('undone', 'unseen');
rollback to s1;
release s1;
commit;
select title from ft where ft match 'seen OR unseen' order by rowid;
-- FTS5 external content kept by triggers (VUpdate in trigger sub-programs)
create table docs(id integer primary key, body text);
create virtual table docs_fts using fts5(body, content='docs', content_rowid='id');
create trigger docs_ai after insert on docs begin insert into docs_fts(rowid, body) values (new.id, new.body); end;
create trigger docs_ad after delete on docs begin insert into docs_fts(docs_fts, rowid, body) values ('delete', old.id, old.body); end;
insert into docs(body) values ('red apple'), ('green apple'), ('red cherry');
select docs.id, docs.body from docs join docs_fts on docs_fts.rowid = docs.id where docs_fts match 'red' order by docs.id;
delete from docs where id = 1;
select rowid from docs_fts where docs_fts match 'red' order by rowid;
select rowid, highlight(docs_fts, 0, '*', '*') from docs_fts where docs_fts match 'apple' order by rowid;
-- rtree: create, insert, range queries, constraint errors and conflict resolution
create virtual table r using rtree(id, x0, x1, y0, y1, +label);
insert into r values (1, 0, 10, 0, 10, 'big'), (2, 2, 3, 2, 3, 'small'), (3, 20, 30, 20, 30, 'far'), (4, 5.5, 6.25, -1, 1, 'edge');
select * from r order by id;
select id, label from r where x0 >= 1 and x1 <= 12 order by id;
select id from r where x1 >= 5 and x0 <= 6 and y0 <= 0 order by id;
select id, x0, y1 from r where id = 3;
select t.id, r.label from t join r on r.id = t.id order by t.id;
select t.id, (select count(*) from r where r.x0 <= t.id and r.x1 >= t.id) from t order by t.id;
insert into r values (5, 10, 1, 0, 0, 'inverted');
insert into r values (1, 0, 1, 0, 1, 'duplicate');
insert or ignore into r values (1, 0, 1, 0, 1, 'ignored');
insert or replace into r values (2, 1, 2, 1, 2, 'replaced');
insert into r(x0, x1, y0, y1, label) values (7, 8, 7, 8, 'auto');
select last_insert_rowid();
update r set x1 = 40 where id = 3;
delete from r where label = 'edge';
select * from r order by id;
select count(*) from r where x1 > 25;
insert or fail into r values (20, 1, 2, 1, 2, 'kept by fail'), (1, 0, 1, 0, 1, 'duplicate');
insert or abort into r values (21, 1, 2, 1, 2, 'undone by abort'), (1, 0, 1, 0, 1, 'duplicate');
select id, label from r where id >= 20 order by id;
begin;
insert into r values (30, 1, 2, 1, 2, 'in a transaction');
insert or rollback into r values (1, 0, 1, 0, 1, 'duplicate');
select count(*) from r where id = 30;
commit;
-- CREATE and DROP VIRTUAL TABLE
create virtual table r2 using rtree(id, a, b);
insert into r2 values (1, 1, 2);
select * from r2;
drop table r2;
create virtual table ft2 using fts5(x);
insert into ft2 values ('temporary');
drop table ft2;
select name from sqlite_schema where name like 'ft2%' or name like 'r2%';
create virtual table if not exists ft using fts5(y);
create virtual table bad using fts5();
create virtual table bad using nosuchmodule(a);
select name, type from sqlite_schema where name like 'ft%' order by name;
-- ALTER TABLE ... RENAME of virtual tables (VRename: FTS5 renames its shadow tables)
alter table ft rename to ft_renamed;
select rowid, title from ft_renamed where ft_renamed match 'fox' order by rowid;
select name from sqlite_schema where name like 'ft%' order by name;
alter table ft_renamed rename to ft;
alter table r rename to boxes;
select id, label from boxes where x0 >= 1 order by id;
alter table boxes rename to r;
-- integrity checks of virtual tables (VCheck: the module's xIntegrity)
pragma integrity_check(ft);
pragma quick_check(r);
pragma integrity_check;
-- Last, as the Truffle tier leaves it to the native tier (VirtualTableTierTest compares the
-- tiers up to here): an UPDATE whose rows go through an ephemeral table, whose records cannot
-- carry the "no change" values of its unchanged columns on the Truffle tier.
update ft set title = upper(title) where ft match 'fox';
select rowid, title, body from ft order by rowid;
update ft set body = t.n from t where ft.rowid = t.id;
select rowid, title, body from ft order by rowid;
