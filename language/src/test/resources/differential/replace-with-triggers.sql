-- UPDATE OR REPLACE on a table with triggers: SQLite pins the updating cursor's b-tree
-- (CursorLock, CursorUnlock) while it deletes the rows the new values conflict with, so that a
-- trigger cannot write that table under the cursor.
create table t(a integer primary key, b unique, c);
create table log(x, y);
create trigger t_upd after update on t begin insert into log values ('upd', new.a); end;
create trigger t_del after delete on t begin insert into log values ('del', old.a); end;
insert into t values (1, 10, 'one'), (2, 20, 'two'), (3, 30, 'three'), (4, 40, 'four');
update or replace t set b = 20 where a = 1;
select * from t order by a;
select * from log order by rowid;
update or replace t set b = b + 10 where a in (3, 4);
select * from t order by a;
select * from log order by rowid;
pragma recursive_triggers = on;
update or replace t set b = 40 where a = 2;
select * from t order by a;
select * from log order by rowid;
create table u(a integer primary key, b unique);
create trigger u_del after delete on u begin update u set b = b + 100 where a <> old.a; end;
insert into u values (1, 1), (2, 2), (3, 3);
update or replace u set b = 2 where a = 1;
select * from u order by a;
create trigger u_del2 after delete on u begin delete from u where a = old.a + 1; end;
update or replace u set b = 103 where a = 1;
select * from u order by a;
select count(*) from log;
