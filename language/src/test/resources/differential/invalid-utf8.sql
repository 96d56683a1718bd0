-- TEXT whose bytes are not valid UTF-8 (blobs cast to text, rows written so): SQLite keeps the
-- bytes; the Truffle tier holds such text as an InvalidText, not a String. Values are shown
-- mostly through hex() and quote(), which show the bytes. Malformed kinds: a lone continuation
-- byte (80), a truncated sequence (e4b8), 0xFF, an overlong encoding (c0af), an encoded
-- surrogate (eda080), and U+FFFD spelled out (efbfbd, valid) next to them.
select hex(cast(x'80' as text)), typeof(cast(x'80' as text)), length(cast(x'80' as text));
select length(cast(x'e4b8' as text)), hex(substr(cast(x'41e4b842' as text), 2, 1)), hex(substr(cast(x'41e4b842' as text), 2));
select hex(cast(x'c0af' as text)), hex(cast(x'eda080' as text)), hex(cast(x'ff00fe' as text)), hex(cast(x'efbfbd' as text)), cast(x'efbfbd' as text);
select cast(x'80' as text) = cast(x'80' as text), cast(x'80' as text) < 'a', cast(x'80' as text) > 'a', cast(x'80' as text) < char(65533), cast(x'80' as text) = cast(x'81' as text);
select cast(x'80' as text) < x'00', cast(x'80' as text) > 5, cast(x'80' as text) = '€', cast(x'e282' as text) < '€';
select quote(cast(x'41ff' as text)), hex(upper(cast(x'61ff62' as text))), hex(lower(cast(x'41ff42' as text))), hex(cast(x'41ff' as text) || 'x'), hex('x' || cast(x'ff' as text)), hex(cast(x'ff' as text) || x'41');
select hex(cast(x'e4' as text) || cast(x'b8ad' as text)), length(cast(x'e4' as text) || cast(x'b8ad' as text)), typeof(cast(x'e4' as text) || cast(x'b8ad' as text));
select cast(x'61ff62' as text) like 'a%', cast(x'61ff62' as text) like 'a_b', cast(x'61ff62' as text) like '%b', cast(x'61ff62' as text) glob 'a*', cast(x'61ff62' as text) glob 'a?b', 'a' like cast(x'ff' as text);
select instr(cast(x'61ff62' as text), 'b'), instr(cast(x'61ff62' as text), cast(x'ff' as text)), hex(replace(cast(x'61ff62' as text), 'b', 'c')), hex(replace('abc', 'b', cast(x'ff' as text)));
select hex(trim(cast(x'20ff20' as text))), hex(ltrim(cast(x'20ff' as text))), hex(rtrim(cast(x'ff20' as text))), hex(trim(cast(x'ff41ff' as text), cast(x'ff' as text)));
select cast(cast(x'313280' as text) as integer), cast(cast(x'313280' as text) as real), cast(x'313280' as text) + 1, cast(x'2d3580' as text) * 2, abs(cast(x'3580' as text)), cast(x'3580' as text) | 0, round(cast(x'312e3580' as text));
select unicode(cast(x'80' as text)), unicode(cast(x'e4b8' as text)), hex(char(unicode(cast(x'c0af' as text)))), hex(printf('%s|', cast(x'ff' as text))), hex(format('%.1s', cast(x'e4b8ad' as text)));
select hex(coalesce(null, cast(x'ff' as text))), hex(ifnull(cast(x'ff' as text), 'x')), hex(nullif(cast(x'ff' as text), 'x')), nullif(cast(x'ff' as text), cast(x'ff' as text)), hex(iif(1, cast(x'fe' as text), 'y'));
select hex(min(cast(x'ff' as text), 'a')), hex(max(cast(x'ff' as text), 'a', cast(x'80' as text))), hex(cast(x'ff' as text) collate nocase), cast(x'41ff' as text) = cast(x'61ff' as text) collate nocase, cast(x'ff2020' as text) = cast(x'ff' as text) collate rtrim;
select json_quote(cast(x'61ff' as text)) is not null, json_valid(cast(x'ff' as text)), hex(json_array(cast(x'ff' as text)));
select cast(x'ff' as text) in ('a', cast(x'ff' as text)), cast(x'ff' as text) in (select 'a'), cast(x'ff' as text) between 'a' and cast(x'ff' as text), case cast(x'ff' as text) when cast(x'ff' as text) then 'same' else 'other' end;
-- Rows that hold such text: written by INSERT ... SELECT (on the Truffle tier), read back.
create table t(k integer primary key, a text, b);
insert into t select 1, cast(x'ff00fe' as text), 1;
insert into t select 2, cast(x'80' as text), 2;
insert into t select 3, cast(x'e4b8' as text), 3;
insert into t select 4, cast(x'c0af' as text), 4;
insert into t select 5, cast(x'eda080' as text), 5;
insert into t select 6, 'abc', 6;
insert into t select 7, cast(x'616263ff' as text), 7;
insert into t select 8, '€uro', 8;
insert into t select 9, cast(x'313280' as text), 9;
insert into t select 10, cast(x'80' as text), 10;
insert into t values (11, cast(x'414243ff' as text), 'x');
insert into t values (12, null, null);
select k, hex(a), typeof(a), length(a), quote(a), hex(upper(a)), hex(substr(a, 2)), a = 'abc', a < 'b', a > '€', instr(a, 'c') from t order by k;
select k, a like '%c%', a like 'A%', a glob '*c*', hex(a || b), hex(replace(a, 'b', 'B')), hex(trim(a)), a + 0, cast(a as integer), unicode(a) from t order by k;
select hex(a), count(*) from t group by a order by a;
select distinct hex(a) from t order by 1;
select hex(a) from t order by a desc, k;
select hex(a) from t order by a collate nocase, k;
select hex(min(a)), hex(max(a)), count(a), count(distinct a), sum(a), total(a), avg(length(a)), hex(group_concat(a, ',')), hex(group_concat(distinct a)) from t;
select k, hex(a), hex(lag(a) over (order by k)), hex(first_value(a) over (order by a, k)), rank() over (order by a) from t order by k;
select hex(a), hex(group_concat(k, '+') over (partition by a order by k rows between unbounded preceding and current row)) from t order by a, k;
select t1.k, t2.k from t t1 join t t2 on t1.a = t2.a and t1.k < t2.k order by 1, 2;
select t1.k, t2.k from t t1 join t t2 on t1.a = t2.a || '' and t1.k <> t2.k order by 1, 2;
select k from t where a = cast(x'80' as text) order by k;
select k from t where a in (cast(x'80' as text), 'abc', cast(x'c0af' as text)) order by k;
select k from t where a > cast(x'7f' as text) and a < cast(x'ff' as text) order by k;
select k from t where a = (select a from t where k = 2) order by k;
select k, hex(a) from t where a not in (select a from t where k > 5) order by k;
-- UPDATE and UPSERT write such text; the rows keep their bytes.
update t set a = a || cast(x'fe' as text) where k in (1, 6);
update t set b = cast(x'f0' as text) where k = 2;
select k, hex(a), hex(b), typeof(b) from t where k in (1, 2, 6) order by k;
create table u(key text primary key, n integer);
insert into u select a, k from t where a is not null on conflict(key) do update set n = n + excluded.n;
insert into u values (cast(x'80' as text), 100) on conflict(key) do update set n = n + excluded.n, key = key || cast(x'ff' as text);
select hex(key), n from u order by key;
-- An index on such text: seeks, ranges, ordering and uniqueness by its bytes.
create index t_a on t(a);
select k, hex(a) from t indexed by t_a where a = cast(x'80' as text) order by k;
select k from t indexed by t_a where a >= cast(x'80' as text) order by a, k;
select k from t indexed by t_a where a < cast(x'80' as text) order by a, k;
select hex(a) from t indexed by t_a order by a;
select count(*) from t where a between cast(x'c0' as text) and cast(x'f0' as text);
create unique index u_n on u(n);
create table w(x text unique, y);
insert into w values (cast(x'ff' as text), 1);
insert into w values (cast(x'ff' as text), 2);
insert into w values (cast(x'fe' as text), 3);
insert or replace into w values (cast(x'fe' as text), 4);
select hex(x), y from w order by x;
create table strict_t(s text) strict;
insert into strict_t values (cast(x'ff' as text));
insert into strict_t select cast(x'80' as text);
select hex(s), typeof(s) from strict_t;
-- Affinity: INTEGER and NUMERIC columns keep such text as text (it is never a number).
create table nums(i integer, r real, n numeric);
insert into nums select cast(x'313280' as text), cast(x'313280' as text), cast(x'3180' as text);
select hex(i), typeof(i), typeof(r), typeof(n), i + 1, r * 2 from nums;
-- Mixed with valid text in one expression.
select hex(a || '€' || cast(x'ff' as text)), length(a || '€'), hex(substr(a || 'xyz', -2)) from t where k = 3;
select hex(group_concat(x, '')) from (select cast(x'e4' as text) as x union all select cast(x'b8' as text) union all select cast(x'ad' as text));
select length(group_concat(x, '')), typeof(group_concat(x, '')) from (select cast(x'e4' as text) as x union all select cast(x'b8' as text) union all select cast(x'ad' as text));
select hex(x) from (select cast(x'ff' as text) as x union select cast(x'ff' as text) union select 'a') order by x;
select hex(x) from (select cast(x'ff' as text) as x intersect select cast(x'ff' as text)) order by x;
select hex(x) from (select cast(x'ff' as text) as x except select cast(x'fe' as text)) order by x;
-- As callers receive it: the String sqlite3_column_text's bytes make (U+FFFD for what is malformed).
select k, a, b from t order by k;
select cast(x'41ff42' as text), cast(x'e4b8' as text) || 'z', upper(cast(x'61ff' as text)), substr(cast(x'41e4b842' as text), 2);
-- Triggers, RETURNING, window partitions and json over such text.
create table log(k, v text);
create trigger t_upd after update of a on t begin insert into log values (new.k, old.a || '>' || new.a); end;
update t set a = cast(x'c1' as text) || a where k in (2, 11);
select k, hex(v) from log order by k;
insert into t(k, a) values (20, cast(x'ed' as text)) returning k, hex(a), typeof(a), length(a);
insert into t(k, a) select 21, a from t where k = 20 union all select 22, a from t where k = 9;
select hex(a), count(*) over (partition by a), row_number() over (partition by a order by k) from t where a is not null order by a, k;
select hex(value), type from json_each(json_array(cast(x'ff' as text), 'a'));
select hex(a), count(*) from t group by a collate nocase having count(*) >= 1 order by a collate nocase;
select hex(a) from t where a like cast(x'25ff' as text) || '%' order by k;
select hex(a) from t where a glob '*' || cast(x'ff' as text) || '*' order by k;
-- A DELETE builds the index key from the row's text (a String for it was not in the index);
-- an UPDATE of another column rewrites the record with the text's bytes.
create table d(a integer primary key, b text, c);
create index d_b on d(b);
insert into d values (1, cast(x'01ff' as text), 0), (2, cast(x'01ff' as text), 0), (3, cast(x'c0' as text), 0);
delete from d where a = 1;
update d set c = 1 where a = 2;
update d set c = c + 1 where b = cast(x'c0' as text);
select a, hex(b), c from d order by a;
-- The LIKE optimization's range scans (text bounds, then blob bounds) over such text.
create table n(k integer primary key, f text collate nocase);
create index n_f on n(f);
insert into n select k, a from t;
insert into n values (100, x'61ff'), (101, cast(x'41ff' as text));
select k, hex(f) from n where f like 'a%';
