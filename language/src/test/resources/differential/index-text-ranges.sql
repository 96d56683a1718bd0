-- Index range scans whose bound is text: IdxGT, IdxGE, IdxLT and IdxLE compare an entry's text
-- field with the key's text by their UTF-8 bytes in place when the collation is BINARY (SQLite's
-- memcmp), and decode the field otherwise. Dates as TPC-H keeps them, prefixes and equal
-- prefixes of different lengths, non-ASCII text where UTF-8 and UTF-16 orders differ (U+FF5E
-- against U+1F600), DESC indexes, two-field keys, NOCASE and RTRIM indexes, entries that are
-- not text (numbers, NULLs and blobs sort before and after text), and bounds that are bound
-- parameters changing between executions (the same statement, other texts).
create table d(id integer primary key, day text, tag text, n integer);
insert into d(day, tag, n) with recursive c(i) as (select 0 union all select i + 1 from c where i < 1500) select date('1994-01-01', '+' || (i % 700) || ' days'), case i % 6 when 0 then 'a' when 1 then 'ab' when 2 then 'abc' when 3 then 'b' when 4 then 'Ab' else 'ab ' end, i from c;
insert into d(day, tag, n) values ('1994-06-01', char(65374), 9001), ('1994-06-01', char(128512), 9002), ('1994-06-01', 'é', 9003), ('1994-06-02', 'z' || char(0) || 'z', 9004);
insert into d(day, tag, n) values (19940601, 5, 9010), (null, null, 9011), (x'313939342d30362d3031', x'61', 9012), (1994.5, 2.5, 9013);
create index d_day on d(day);
create index d_day_desc on d(day desc, n);
create index d_tag on d(tag, day);
create index d_tag_nocase on d(tag collate nocase);
create index d_tag_rtrim on d(tag collate rtrim, n);
-- date ranges, both ends and one end
select count(*), sum(n), min(day), max(day) from d indexed by d_day where day >= '1994-03-01' and day < '1994-04-01';
select count(*), sum(n) from d indexed by d_day where day > '1994-03-01' and day <= '1994-04-01';
select count(*), sum(n) from d indexed by d_day where day <= '1994-01-05';
select count(*), sum(n) from d indexed by d_day where day > '1995-11-25';
select count(*), sum(n) from d indexed by d_day where day between '1994-05-31' and '1994-06-01';
select day, n from d indexed by d_day where day >= '1994-06-01' and day < '1994-06-02' order by day, n;
-- a DESC index on the same ranges, and ORDER BY that walks it backwards
select count(*), sum(n) from d indexed by d_day_desc where day >= '1994-03-01' and day < '1994-04-01';
select day, n from d indexed by d_day_desc where day > '1995-11-20' order by day desc, n limit 12;
select day, n from d indexed by d_day where day < '1994-01-04' order by day desc limit 8;
-- prefixes: 'a' < 'ab' < 'ab ' < 'abc', uppercase before lowercase, non-ASCII after ASCII
select tag, count(*) from d indexed by d_tag where tag > 'a' and tag < 'abc' group by tag order by tag;
select tag, count(*) from d indexed by d_tag where tag >= 'ab' and tag <= 'ab ' group by tag order by tag;
select hex(tag), n from d indexed by d_tag where tag > 'z' order by tag;
select hex(tag), n from d indexed by d_tag where tag >= char(65374) order by tag;
select hex(tag), n from d indexed by d_tag where tag < char(128512) and tag > char(65000) order by tag;
select hex(tag), n from d indexed by d_tag where tag > 'z' || char(0) and tag < 'z' || char(0) || 'zz';
-- a two-field key: equality on the first field, a text range on the second
select count(*), sum(n) from d indexed by d_tag where tag = 'ab' and day >= '1994-03-01' and day < '1994-05-01';
select count(*), sum(n) from d indexed by d_tag where tag = 'b' and day > '1995-01-01';
-- other collations decode and compare by their rules
select tag, count(*) from d indexed by d_tag_nocase where tag >= 'AB' and tag < 'AC' group by tag order by tag;
select tag, count(*) from d indexed by d_tag_rtrim where tag >= 'ab' and tag <= 'ab' group by tag order by tag;
-- entries that are not text: numbers sort before every text, blobs after
select typeof(day), count(*) from d indexed by d_day where day < '1994-01-02' group by typeof(day) order by 1;
select typeof(day), count(*) from d indexed by d_day where day > '1995-12-01' group by typeof(day) order by 1;
select typeof(tag), count(*) from d indexed by d_tag where tag > 'zz' group by typeof(tag) order by 1;
-- a numeric bound against text entries, and a blob bound
select count(*) from d indexed by d_day where day > 1994 and day < '1994-01-03';
select count(*) from d indexed by d_day where day >= x'313939342d30362d3031';
-- bounds that change on every outer row (a correlated subquery): each text compared by its
-- own bytes, past the few texts whose bytes an instruction remembers
select m.n, (select count(*) from d indexed by d_day where day >= m.day and day < m.tag || '~') from d m where m.n % 50 = 3 order by m.n;
select m.n, (select count(*) || '/' || sum(n) from d indexed by d_tag where tag > m.tag and tag <= 'b') from d m where m.n % 97 = 1 or m.n > 9000 order by m.n;
