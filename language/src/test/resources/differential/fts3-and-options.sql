-- What the compile options of sqlite-options.txt add beyond SQLite's defaults, as the bindings
-- people come from have it (CPython's sqlite3, better-sqlite3, sqlite-jdbc): FTS3 and FTS4
-- tables with their auxiliary functions, LIMIT on DELETE and UPDATE, and median() and its kin
-- (soundex(), which sqlite-jdbc lacks, is in the Python API test options.py).
-- snippet(), offsets() and matchinfo() take FTS3's cursor through the table's hidden column,
-- a pointer value (sqlite3_result_pointer) that reads as NULL anywhere else.
create virtual table docs using fts4(title, body);
insert into docs(docid, title, body) values (1, 'The quick brown fox', 'jumps over the lazy dog');
insert into docs(docid, title, body) values (2, 'Lazy afternoons', 'the dog sleeps; the fox does not');
insert into docs(docid, title, body) values (3, 'Nothing here', 'an unrelated sentence about cats');
insert into docs(docid, title, body) values (4, 'Fox and hound', 'a fox, a hound, and another fox');
select docid, title from docs where docs match 'fox' order by docid;
select docid from docs where body match 'dog' order by docid;
select docid from docs where docs match 'title:lazy' order by docid;
select docid from docs where docs match '"lazy dog"' order by docid;
select docid from docs where docs match 'fox NOT hound' order by docid;
select docid from docs where docs match '(fox OR cats) AND NOT lazy' order by docid;
select docid from docs where docs match 'fo*' order by docid;
select docid, snippet(docs) from docs where docs match 'fox' order by docid;
select docid, snippet(docs, '[', ']', '...', -1, 4) from docs where docs match 'dog' order by docid;
select docid, snippet(docs, '<', '>', '', 1, 3) from docs where docs match 'fox' order by docid;
select docid, offsets(docs) from docs where docs match 'fox OR dog' order by docid;
select docid, hex(matchinfo(docs)) from docs where docs match 'fox' order by docid;
select docid, hex(matchinfo(docs, 'pcnalx')) from docs where docs match 'fox dog' order by docid;
select docid, length(matchinfo(docs, 'pcx')) from docs where docs match 'fox' order by length(matchinfo(docs, 'pcx')) desc, docid;
select docid, typeof(docs), docs is null, quote(docs), coalesce(docs, 'none') from docs where docs match 'cats';
select d.docid, snippet(d.docs), o.docid, offsets(o.docs) is null from docs d join docs o on o.docid = d.docid + 1 where d.docs match 'fox' order by d.docid;
select (select snippet(docs) from docs where docs match 'hound'), count(*) from docs;
select docid, title from docs where docid in (2, 3) order by docid;
-- a LEFT JOIN's rows without a match: the hidden column, and any virtual column a function of
-- SQLite's reads, is NULL (not the last row's value)
create table words(w text);
insert into words values ('fox'), ('zebra'), ('dog'), ('nothing'), ('yak');
select w.w, d.docid, offsets(d.docs) from words w left join docs d on d.docs match w.w order by w.rowid, d.docid;
select w.w, d.docid, quote(d.title), hex(d.body) from words w left join docs d on d.docs match w.w order by w.rowid, d.docid;
create table js(id integer primary key, j text);
insert into js values (1, '[1, "a", 2]'), (2, '["x"]'), (3, '[5]'), (4, null);
select js.id, json_quote(e.value), hex(e.value), typeof(e.value), quote(e.key) from js left join json_each(js.j) e on e.type = 'integer' order by js.id, e.id;
update docs set body = 'the fox is gone' where docid = 2;
select docid, offsets(docs) from docs where docs match 'fox' order by docid;
delete from docs where docid = 4;
select docid, snippet(docs) from docs where docs match 'fox' order by docid;
insert into docs(docs) values ('optimize');
insert into docs(docs) values ('integrity-check');
select docid from docs where docs match 'fox' order by docid;
select docid from docs where docs match '';
select docid from docs where docs match 'fox AND';
select snippet(docs) from docs where docid = 1;
select offsets(docs) from docs where docid = 1;
-- the functions in a trigger's program and in a correlated subquery
create table found(w, s, o);
create trigger words_found after insert on words begin insert into found select new.w, snippet(docs), offsets(docs) from docs where docs match new.w; insert into found select new.w, json_quote(e.value), hex(e.value) from (select 1) left join json_each('[1, 2]') e on e.value > 5; end;
insert into words values ('hound'), ('lazy');
select * from found order by rowid;
select docid, (select snippet(docs)) from docs where docs match 'dog' order by docid;
-- FTS3, an FTS4 table with options, and the fts4aux view of its terms
create virtual table notes using fts3(content);
insert into notes values ('alpha beta gamma'), ('beta delta'), ('gamma gamma epsilon');
select rowid, content, snippet(notes) from notes where notes match 'gamma' order by rowid;
select rowid, offsets(notes) from notes where content match 'beta' order by rowid;
create virtual table ordered using fts4(content, order=desc, prefix='2,3');
insert into ordered values ('one two three'), ('two three four'), ('three four five');
select docid, content from ordered where ordered match 'th*' order by docid desc;
create virtual table terms using fts4aux(ordered);
select term, col, documents, occurrences from terms where col = '*' order by term;
select count(*) from docs_segments, docs_segdir;
drop table ordered;
drop table terms;
-- LIMIT (and ORDER BY) on DELETE and UPDATE
create table items(id integer primary key, name text, qty int);
insert into items values (1, 'a', 5), (2, 'b', 3), (3, 'c', 8), (4, 'd', 1), (5, 'e', 9);
delete from items order by qty limit 1;
select * from items order by id;
update items set qty = qty + 100 where qty > 2 order by qty desc limit 2;
select * from items order by id;
update items set name = upper(name) limit 2 offset 1;
select * from items order by id;
delete from items where id > 1 limit 2;
select * from items order by id;
delete from items limit -1;
select count(*) from items;
-- median(), percentile() and their kin (SQLITE_ENABLE_PERCENTILE)
create table m(g, v);
insert into m values (1, 3), (1, 1.5), (1, 10), (2, null), (2, 7), (3, 'x'), (1, 4);
select g, median(v), percentile(v, 25), percentile_cont(v, 0.75), percentile_disc(v, 0.5) from m where g < 3 group by g order by g;
select median(v) from m where g = 9;
select percentile(v, 150) from m;
select median(v) from m;
select g, median(v) over (order by rowid rows between 1 preceding and 1 following) from m where g = 1 order by rowid;
-- up to 250,000 parameters (SQLITE_MAX_VARIABLE_NUMBER; binding 40,000 is in the Python API
-- test many_parameters.py: here a statement with parameters is a prepared statement, not rows)
select ?250001;
