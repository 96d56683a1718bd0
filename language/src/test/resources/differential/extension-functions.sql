-- The SQL functions sqlite-jdbc adds to SQLite's (atn2, cot, coth, square, difference,
-- charindex, leftstr, rightstr, replicate, reverse, proper, padl, padr, padc, strfilter; the
-- aggregates stdev, variance, mode, lower_quartile, upper_quartile), which Graalite's JDBC
-- driver adds as well (graalite_extension_functions.c): over table rows, in WHERE clauses,
-- joins, subqueries, GROUP BY and ORDER BY, triggers and with parameters. The JDBC scenario
-- extension-functions.jdbc has their edge cases one by one.
create table people(id integer primary key, name text, city text, score real, visits integer);
insert into people values (1, 'robert smith', 'Zürich', 81.5, 3), (2, 'RUPERT SMYTH', 'Basel', 77.25, 5), (3, 'ana', 'Bern', null, 5), (4, 'Élodie Durand', 'Genève', 92.0, 1), (5, null, 'Basel', 60.75, 2), (6, 'tom', null, 88.5, 5), (7, 'o''brien', 'Luzern', 70, 3), (8, 'ümit', 'Bern', 70, 8);
select id, proper(name), reverse(name), leftstr(name, 3), rightstr(name, 3), padl(id, 4), padr(city, 8) || '|', padc(city, 9) || '|' from people order by id;
select id, charindex('e', name), charindex('e', name, 4), strfilter(name, 'aeiou'), replicate(leftstr(city, 1), visits), difference(name, 'Robert Smith') from people order by id;
select id, square(visits), square(score), atn2(score, visits), cot(visits), coth(visits / 10.0) from people order by id;
select id from people where charindex('smith', lower(name)) > 0 or difference(name, 'rupert') = 4 order by id;
select id, name from people order by reverse(coalesce(name, '')), id;
select city, stdev(score), variance(score), mode(visits), lower_quartile(visits), upper_quartile(score), count(*) from people group by city order by city;
select stdev(score), variance(visits), mode(visits), lower_quartile(score), upper_quartile(visits), mode(city) from people;
select city, mode(visits) from people group by city having mode(visits) is not null order by 1;
select p.id, q.id, difference(p.name, q.name) from people p join people q on q.id > p.id and difference(p.name, q.name) >= 3 order by 1, 2;
select id, (select reverse(group_concat(name, ',')) from people q where q.city = p.city) from people p order by id;
select id, (select mode(visits) from people q where q.city = p.city) from people p order by id;
select proper(city), upper_quartile(score) from people where score is not null group by proper(city) order by 1;
select stdev(x), variance(x), mode(x), lower_quartile(x), upper_quartile(x) from (select null x) where 0;
select stdev(x), variance(x), mode(x), lower_quartile(x), upper_quartile(x) from (select 5000000000 x union all select 5000000000);
select stdev(x), mode(x), lower_quartile(x), upper_quartile(x) from (select 1 x union all select 2.5 union all select 2.5 union all select '7' union all select 'abc' union all select null);
with recursive s(x) as (select 1 union all select x + 1 from s where x < 5000) select mode(x * 7919 % 5003 % 11), lower_quartile(x * 7919 % 5003), upper_quartile(x * 7919 % 5003 * 0.25), stdev(x), variance(x % 10), count(*) from s;
with recursive s(x) as (select 1 union all select x + 1 from s where x < 5000) select x % 4, mode(x * 7919 % 5003 % 13), lower_quartile(x * 7919 % 5003), upper_quartile(x * 7919 % 5003 / 3.0), sum(length(padl(x, 6))), sum(charindex('7', x)) from s group by x % 4 order by 1;
select rightstr('abc', -1);
select padl('x', -1);
select replicate('ab', -3);
select replicate('abc', 1000000000);
select stdev(score) over (order by id) from people;
create index people_reverse on people(reverse(name));
create table log(id integer primary key, what text);
create trigger people_log after insert on people begin insert into log(what) values (padr(proper(new.name), 12) || '|' || reverse(new.city)); end;
insert into people values (9, 'nina müller', 'Chur', 55.5, 2);
insert into people(id, name, city) select id + 100, reverse(name), rightstr(city, 3) from people where id < 4;
select * from log order by id;
select id, name, city from people where id > 8 order by id;
update people set name = padc(name, 16) where id = 9;
select '[' || name || ']', length(name) from people where id = 9;
delete from people where charindex('b', lower(name)) > 0;
select id from people order by id;
