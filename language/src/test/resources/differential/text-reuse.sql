-- Texts read where the previous row's text had the same bytes (RecordCursor#textOrBlobField:
-- the String decoded for the earlier row is taken again, in compiled code). Rows in an order
-- where a field keeps its bytes but changes its storage class (text and blob with the same
-- bytes, the empty text and the empty blob, text and a number), texts that are not valid
-- UTF-8, texts of every length around the comparison's steps, and GROUP BY over sorted rows
-- whose key texts repeat (a sorter's records, as TPC-H q10).
create table g(id integer primary key, k any, v integer);
insert into g values (1, 'abc', 1);
insert into g values (2, x'616263', 2);
insert into g values (3, 'abc', 3);
insert into g values (4, 'abc', 4);
insert into g values (5, '', 5);
insert into g values (6, x'', 6);
insert into g values (7, '', 7);
insert into g values (8, '12', 8);
insert into g values (9, 12, 9);
insert into g values (10, '12', 10);
insert into g values (11, cast(x'c328' as text), 11);
insert into g values (12, cast(x'c328' as text), 12);
insert into g values (13, x'c328', 13);
insert into g values (14, 'a longer text that spans several words of the comparison', 14);
insert into g values (15, 'a longer text that spans several words of the comparison', 15);
insert into g values (16, 'a longer text that spans several words of the comparisoN', 16);
insert into g values (17, 'abcdefg', 17);
insert into g values (18, 'abcdefgh', 18);
insert into g values (19, 'abcdefgh', 19);
insert into g values (20, 'abcdefghi', 20);
insert into g values (21, null, 21);
insert into g values (22, 'x', 22);
insert into g values (23, 'x', 23);
select id, k, typeof(k), length(k), hex(k) from g order by id;
select k, typeof(k), hex(k), count(*), sum(v) from g group by k order by min(id);
select k, typeof(k), hex(k), id from g order by k, id;
-- Several key texts per sorted row, as TPC-H q10's GROUP BY of seven columns.
create table c(id integer primary key, name text, phone text, address text, comment text, n integer);
insert into c values (1, 'Customer#1', '25-989-741-2988', 'IVhzIApeRb ot,c,E', 'regular, ironic requests', 1);
insert into c values (2, 'Customer#2', '23-768-687-3665', 'XSTf4,NCwDVaWNe6tEgvwfmRchLXak', 'furiously special deposits', 2);
insert into c values (3, 'Customer#1', '25-989-741-2988', 'IVhzIApeRb ot,c,E', 'regular, ironic requests', 3);
insert into c values (4, 'Customer#2', '23-768-687-3665', x'5853546634', 'furiously special deposits', 4);
create table o(id integer primary key, cid integer, price real);
insert into o values (1, 1, 10.5), (2, 1, 20.25), (3, 2, 5.0), (4, 3, 1.0), (5, 2, 2.5), (6, 4, 8.0), (7, 4, 9.0), (8, 3, 3.0);
select c.id, name, phone, address, typeof(address), comment, sum(price) from c, o where c.id = o.cid group by c.id, name, phone, address, comment order by sum(price) desc;
select name, phone, address, typeof(address), comment, count(*), sum(price) from c, o where c.id = o.cid group by name, phone, address, comment order by name, typeof(address);
