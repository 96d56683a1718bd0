-- LIKE with '%' as the only wildcard, which the Truffle tier matches by finding the pattern's
-- literal parts in order (LikePattern): every string of up to five letters of 'a', 'b' and 'A'
-- against every pattern of up to four of 'a', 'b' and '%' (prefixes and suffixes that
-- overlap, parts that repeat, case folding), then patterns that differ per row, NUL inside
-- text, letters beyond ASCII and PRAGMA case_sensitive_like.
create table s(k integer primary key, t text);
with recursive w(t) as (select '' union all select t || c from w, (select 'a' as c union all select 'b' union all select 'A') where length(t) < 5)
insert into s(t) select t from w;
create table p(pat text);
with recursive w(t) as (select '' union all select t || c from w, (select 'a' as c union all select 'b' union all select '%') where length(t) < 4)
insert into p(pat) select t from w;
select p.pat, count(*), sum(s.k * s.k), sum(s.k) from s, p where s.t like p.pat group by p.pat order by p.pat;
select p.pat, count(*), sum(s.k * s.k) from s, p where s.t not like p.pat group by p.pat order by p.pat;
select k, t like 'ab%ab', t like '%ab%ab', t like 'a%b%a', t like '%A%', t like 'A%a' from s where k < 60 order by k;
create table q(k integer primary key, t text, pat text);
insert into q(t, pat) values ('hello world', '%WORLD'), ('hello world', 'Hello%'), ('hello world', 'hello world'), ('hello world', '%o w%'), ('Customer Complaints', '%Customer%Complaints%'),
  ('special requests', '%special%requests%'), ('requests special', '%special%requests%'), ('abc' || char(0) || 'def', 'abc'), ('abc' || char(0) || 'def', '%def'), ('abc' || char(0) || 'def', 'abc%'),
  ('héllo', 'h%o'), ('HÉLLO', '%é%'), ('MEDIUM POLISHED STEEL', 'MEDIUM POLISHED%'), ('medium polished', 'MEDIUM POLISHED%'), ('', '%'), ('', ''), ('x', ''), ('aaa', '%aa%aa%'), ('aaaa', '%aa%aa%');
select k, t like pat, pat like t from q order by k;
pragma case_sensitive_like = 1;
select k, t like pat from q order by k;
select p.pat, count(*), sum(s.k) from s, p where s.t like p.pat group by p.pat order by p.pat;
pragma case_sensitive_like = 0;
select k, t like pat from q order by k;
-- The LIKE optimization on an indexed NOCASE column scans the index range twice: with text
-- bounds, then with the same bytes as blob bounds (String8 with P3 and P5), as LIKE matches
-- blobs too; each row is found once.
create table n(k integer primary key, f text collate nocase);
create index n_f on n(f);
insert into n values (1, 'A'), (2, 'a'), (3, 'abc'), (4, 'ABC'), (5, 'b'), (6, x'61'), (7, x'6162'), (8, x'41'), (9, 'Ab');
select k from n where f like 'a%';
select k from n where f like 'ab%' order by k;
select count(*) from n where f like 'A%';
pragma case_sensitive_like = 1;
select k from n where f like 'a%';
pragma case_sensitive_like = 0;
