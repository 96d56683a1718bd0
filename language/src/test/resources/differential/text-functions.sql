-- substr() and LIKE, which the Truffle tier runs in Java for TEXT arguments: every position
-- rule, code points beyond ASCII, NUL inside text, case folding, and the fall-backs to SQLite
-- (NULL, numbers, blobs, real positions, ESCAPE, PRAGMA case_sensitive_like).
create table s(k integer primary key, t text, b blob, n);
insert into s values (1, 'hello world', x'68656c6c6f', 12345);
insert into s values (2, 'héllo wörld ☃ 𝄞x', x'00ff', 1.5);
insert into s values (3, '', x'', null);
insert into s values (4, 'abc' || char(0) || 'def', null, 'text');
insert into s values (5, 'ABC%_xyz', x'41', -7);
insert into s values (6, null, null, 0);
create table p(pat text);
insert into p values ('%'), ('_'), ('h%'), ('%d'), ('%o%'), ('h_llo%'), ('HELLO%'), ('%WÖRLD%'), ('%☃%'), ('%𝄞_'), ('%%o%%'), ('_%_'), ('abc'), ('abc%'), (''), ('%_'), ('%x%'), ('ABC\%%'), ('a%c'), ('%l%l%'), ('%é%');
select k, substr(t, 1), substr(t, 2), substr(t, 0), substr(t, -1), substr(t, -3), substr(t, -100), substr(t, 100) from s order by k;
select k, substr(t, 1, 3), substr(t, 0, 3), substr(t, -3, 2), substr(t, 3, -2), substr(t, -2, -3), substr(t, 2, 0), substr(t, 0, -1), substr(t, -100, 102), substr(t, 5, 9223372036854775807) from s order by k;
select k, substring(t, 2, 4), substr(t, 9223372036854775807), substr(t, -9223372036854775807, 3), substr(t, 1, -9223372036854775807) from s order by k;
select k, substr(b, 2), substr(b, -1, 1), substr(n, 2), substr(n, -2, 1), substr(t, 1.5), substr(t, '2'), substr(t, 2, null), substr(t, null), typeof(substr(b, 1)) from s order by k;
select k, length(substr(t, 1)), hex(substr(t, 4)) from s order by k;
-- substr of a field that nothing else reads takes its characters from the record in place
-- (TextFunctionNodes.SubstrInPlace), with constants loaded between the Column and the call.
select k, substr(t, 1, 2) in ('he', 'hé', 'ab', ''), substr(t, 14, 2), substr(t, 15), hex(substr(t, 3, 3)) from s order by k;
select count(*), group_concat(substr(t, 3, 4), '|') from s where substr(t, 1, 1) in ('h', 'a', 'A');
select substr(t, 2, 3) as c, count(*) from s group by c order by c;
insert into s values (7, cast(x'41c328804142e298' as text), null, null);
select k, substr(t, 1, 3), substr(t, 2), substr(t, 4, 1), length(substr(t, 3)) from s where k = 7;
delete from s where k = 7;
select s.k, p.pat, s.t like p.pat, s.t not like p.pat from s, p order by s.k, p.pat;
select s.k, p.pat, s.n like p.pat, s.b like p.pat, p.pat like s.t from s, p order by s.k, p.pat;
select k, t like 'ABC\%%' escape '\', t like '%\_%' escape '\', t like 'h%' escape 'h' from s order by k;
select count(*) from s where t like '%o%';
select k from s where t like 'H%' or t like 'a%' order by k;
pragma case_sensitive_like = 1;
select s.k, p.pat, s.t like p.pat from s, p order by s.k, p.pat;
select k from s where t like 'H%' or t like 'a%' order by k;
pragma case_sensitive_like = 0;
select k from s where t like 'H%' or t like 'a%' order by k;
-- abs(), length() and typeof(), which the Truffle tier runs in Java for NULL, integers, reals,
-- text and blobs, and hands to SQLite for the rest (abs of text, of the smallest integer;
-- length of a number).
create table v(k integer primary key, x);
insert into v values (1, 5), (2, -5), (3, 0), (4, 0.0), (5, -2.5), (6, 1e308), (7, -9223372036854775807), (8, 9223372036854775807);
insert into v values (9, null), (10, 'abc'), (11, '-12.5xyz'), (12, ' -3 '), (13, x'ff00'), (14, 'héllo ☃ 𝄞'), (15, 'ab' || char(0) || 'cd'), (16, ''), (17, x''), (18, 123.25), (19, -17), (20, 1e-7);
select k, abs(x), typeof(abs(x)), length(x), typeof(length(x)), typeof(x), typeof(typeof(x)) from v order by k;
select k, abs(x) < 0, 1 / abs(x), length(x) + 1, length(cast(x as blob)), typeof(x) = 'text' from v order by k;
select sum(abs(x)), sum(length(x)), group_concat(typeof(x)) from v;
insert into v values (21, -9223372036854775808);
select k, abs(x) from v where k = 21;
select k, length(x), typeof(x) from v where k >= 19 order by k;
-- upper() and lower() fold ASCII letters only (SQLite without ICU), keep NUL and other text.
select k, upper(x), lower(x), typeof(upper(x)), upper(x) = x, lower(upper(x)) from v order by k;
select upper('aBc' || char(0) || 'dÉf éÀ ß ǅ 𝒶z'), lower('ÀB' || char(0) || 'c DÉF ǅ'), upper(''), lower(null), hex(upper(x'61626300')), upper(12.5), lower(-3);
-- round(): Java for numbers without digits after the point, SQLite's printf for the rest.
create table rr(k integer primary key, x, d);
insert into rr values (1, 2.5, null), (2, -2.5, 0), (3, 0.49999999999999994, -3), (4, -0.4, 0), (5, 1e300, 0), (6, 4503599627370497.0, 0), (7, -4503599627370495.5, null), (8, 7, 0), (9, -9223372036854775807, 0), (10, '3.7', 0), (11, x'33', 0), (12, null, 1), (13, 2.345, 2), (14, 2.5, 1.5), (15, 2.5, '0'), (16, 1.5, 40), (17, 123.456, -1), (18, 0.0, 0), (19, -0.0, 0), (20, 2.5, null);
select k, round(x), typeof(round(x)), round(x, d), typeof(round(x, d)), round(x, 0) from rr order by k;
select sum(round(x)) from rr where typeof(x) in ('integer', 'real') and k != 5;
