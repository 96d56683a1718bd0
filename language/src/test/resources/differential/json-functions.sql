-- JSON functions on the Truffle tier: SQLite's own C functions, called through the shim, with
-- value subtypes carried in registers (JSON text returned by one JSON function is marked 'J',
-- so the next one nests it instead of quoting it). Constants hoisted into the program's start,
-- copies, subqueries and views (which clear subtypes), aggregates (json_group_array and
-- json_group_object, ordered ones with GetSubtype and SetSubtype), ->, ->>, JSONB, and errors.
create table doc(id integer primary key, body text, tag text);
insert into doc values (1, '{"a":1,"b":[1,2,3],"c":{"d":"x"},"e":null,"f":2.5}', 'one');
insert into doc values (2, '{"a":2,"b":[],"c":{"d":"y","g":[true,false]},"f":-1}', 'two');
insert into doc values (3, '[1,"two",{"three":3}]', 'arr');
insert into doc values (4, 'not json', 'bad');
insert into doc values (5, null, 'null');
insert into doc values (6, '{"a":"text","b":[{"x":1},{"x":2}],"c":{}}', 'one');
select id, json_valid(body), json_type(body), json_array_length(body) from doc where id <> 4 order by id;
select json_type(body) from doc where id = 4;
select id, json_extract(body, '$.a'), typeof(json_extract(body, '$.a')), json_extract(body, '$.b'), json_extract(body, '$.c.d'), json_extract(body, '$.e'), json_extract(body, '$.f') from doc where json_valid(body) order by id;
select id, body -> '$.b', body ->> '$.b', body -> 'a', body ->> 'a', typeof(body ->> 'f'), body -> '$.c' -> 'd', body -> '$.c' ->> 'd' from doc where json_valid(body) order by id;
select id, json_object('id', id, 'b', json_extract(body, '$.b'), 'c', body -> '$.c', 'text', body ->> '$.c') from doc where json_valid(body) order by id;
select id, json_array(body -> '$.b', body ->> '$.b', json('[1, 2]'), '[1,2]', json_quote('[1,2]')) from doc where json_valid(body) order by id;
select json_object('k', json('{"x" : [1, 2]}')), json_array(json('{"a":1}'), json_array(1, 2), json_object('z', json_array())), json_quote(json('[1]')), json_quote('[1]');
select id, json_set(body, '$.new', json('[9]')), json_set(body, '$.new', '[9]'), json_insert(body, '$.a', 99), json_replace(body, '$.a', json_object('r', 1)), json_remove(body, '$.b', '$.c') from doc where json_valid(body) and json_type(body) = 'object' order by id;
select id, json_patch(body, '{"a":null,"z":{"q":1}}'), json_patch('{"a":1}', json_object('b', body -> '$.c')) from doc where json_valid(body) and json_type(body) = 'object' order by id;
select id, json(body), json_pretty(body), json_pretty(body, '  ') from doc where json_valid(body) order by id;
select id, hex(jsonb(body)), json(jsonb(body)), jsonb_extract(jsonb(body), '$.a'), typeof(jsonb_extract(jsonb(body), '$.b')), json(jsonb_object('k', body -> '$.c')), json(jsonb_array(body -> '$.b')) from doc where json_valid(body) order by id;
select id, json_extract(body, '$.a', '$.f'), json_extract(body, '$.b[0]', '$.b[#-1]'), json_extract(body, '$[2].three'), json_extract(body, '$[#-2]') from doc where json_valid(body) order by id;
-- A constant JSON value, computed once at the program's start and read for every row.
select id, json_array(json('[0]'), id), json_object('row', id, 'const', json('{"c":true}')) from doc order by id;
-- Subtypes through CASE, COALESCE, IIF, NULLIF, scalar min and max.
select id, json_array(case when id > 2 then json('[1]') else json('{"o":1}') end), json_array(coalesce(body -> '$.z', json('[0]'))), json_array(iif(id = 1, body -> '$.b', json('null'))) from doc where json_valid(body) order by id;
select id, json_array(nullif(body -> '$.b', 'x')), json_array(max(body -> '$.b', body -> '$.c')), json_array(min(json('[1]'), json('[2]'))) from doc where json_valid(body) and json_type(body) = 'object' order by id;
-- Subtypes do not cross a subquery, a view or a CTE's materialization.
select json_array((select json('[1]'))), json_array((select body -> '$.b' from doc where id = 1));
create view v as select id, body -> '$.b' as b, json('[7]') as seven from doc where json_valid(body) and json_type(body) = 'object';
select id, json_array(b, seven) from v order by id;
with c(id, b) as (select id, body -> '$.b' from doc where json_valid(body) and json_type(body) = 'object') select id, json_array(b) from c order by id;
with c(id, b) as materialized (select id, body -> '$.b' from doc where json_valid(body) and json_type(body) = 'object') select id, json_array(b) from c order by id;
select id, json_array(x) from (select id, json_object('n', id) as x from doc) order by id;
-- Aggregates: the group's values, their subtypes, and the aggregates' own.
select json_group_array(id), json_group_array(body -> '$.b'), json_group_array(body ->> '$.a') from doc where json_valid(body);
select tag, json_group_object(id, body -> '$.c'), json_group_array(json_object('id', id)) from doc where json_valid(body) group by tag order by tag;
select json_object('all', json_group_array(json_object('id', id, 'a', body -> '$.a'))) from doc where json_valid(body) and json_type(body) = 'object';
select json_group_array(body -> '$.b' order by id desc), json_group_array(id order by id desc), json_group_object(tag, body -> '$.a' order by id) from doc where json_valid(body);
select max(body -> '$.b'), min(body -> '$.c'), json_array(max(body -> '$.b')), json_array(min(body -> '$.c')), count(body -> '$.a'), group_concat(body -> '$.a') from doc where json_valid(body);
select id, max(body ->> '$.f'), json_array(min(body -> '$.c')) from doc where json_valid(body);
select tag, id, min(body ->> '$.a') from doc where json_valid(body) group by tag order by tag;
select id, json_group_array(id) over (order by id), json_array(first_value(body -> '$.b') over (order by id)) from doc where json_valid(body) order by id;
-- JSON in WHERE, ORDER BY, GROUP BY, and an index on an expression (its column read back by a Copy that clears the subtype).
select id from doc where json_valid(body) and (body ->> '$.a' = 1 or body ->> '$.c.d' = 'y') order by id;
select body ->> '$.a' as a, count(*) from doc where json_valid(body) group by a order by a;
select id from doc where json_valid(body) order by json_extract(body, '$.f') desc, id;
create index doc_a on doc(json_extract(body, '$.c'));
select id, json_extract(body, '$.c'), json_array(json_extract(body, '$.c')) from doc where json_extract(body, '$.c') is not null order by json_extract(body, '$.c');
drop index doc_a;
-- JSON values written to a table lose the subtype, and are read back as text.
create table out(v);
insert into out select json_object('id', id, 'b', body -> '$.b') from doc where json_valid(body);
select v, typeof(v), json_array(v), json_array(json(v)) from out order by rowid;
update out set v = json_set(v, '$.b', json('[0]')) where v -> '$.id' = 1;
select v from out order by rowid;
-- A trigger that uses JSON functions (a sub-program of its own).
create table log(entry);
create trigger doc_ins after insert on doc begin insert into log values (json_object('id', new.id, 'body', json(new.body), 'keys', (select json_group_array(value) from (select json_type(new.body, '$.k') as value union all select json_array_length(new.body, '$.k'))))); end;
insert into doc values (7, '{"k":[1]}', 'trig');
select entry from log;
-- Errors: malformed JSON, bad paths, arguments of the wrong kind (a statement whose rows an
-- error ends gives none: the transcripts record rows only of statements that end well).
select json('{"a":}');
select json_extract(body, '$.a') from doc where id = 4;
select json_extract('{"a":1}', 'a');
select json_object('a');
select json_object(1, 2);
select json_array_length('[1,2', '$');
select json_set('{}', '$[', 1);
select id, json_valid(body, 1), json_valid(body, 8), json_error_position(body) from doc order by id;
select json_group_array(json('{bad')) from doc;
select 1;
-- Functions computed in Java on JSON values (their results carry no subtype, as SQLite's own).
select length(json_group_array(json_object('id', id, 'body', body))), typeof(json_group_object(id, tag)), upper(json_array(tag, 'x')), lower(json_object('K', tag)), substr(json_object('a', id), 2, 5), abs(json_extract(body, '$.a')), round(json_extract(body, '$.f'), 1), json_object('k', 'v') like '%k%' from doc where json_valid(body) group by tag order by tag;
select json_array(substr(json_object('a', 1), 1), upper(json_array(1)), length(json('[1, 2]'))) from doc where id = 1;
-- In a program with subtypes, count, sum, total and avg stay in Java (their results have none);
-- min, max, lag and lead return an argument with its subtype, as SQLite's own do.
select tag, json_array(max(json_object('a', id)), min(json_array(id)), count(*), sum(id), total(id), avg(id), count(json_object('b', id))) from doc group by tag order by tag;
select id, json_array(lag(json_object('x', id)) over (order by id), lead(json_array(id)) over (order by id), row_number() over (order by id), rank() over (order by tag), sum(id) over (order by id), count(json_object('b', id)) over ()) from doc order by id;
