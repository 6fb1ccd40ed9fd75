--
-- scru128_time: the operators <, <=, >, >= between scru128 and timestamptz, in
-- both operand orders, against the time of each ID (its millisecond).
-- The test is test/sql/id_time.sql, shared by the four ID types; this file
-- says what it needs to know of scru128.
--
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS scru128;
SET TimeZone = 'UTC';
SELECT setseed(0.16);

\set typ scru128
\set ts_of 'scru128_timestamp(id)'
\set id_of 'scru128_from_fields(ms, (random() * 16777215)::int, (random() * 16777215)::int, (random() * 4294967295)::bigint)'
SELECT 1000 AS unit_us, 281474976710655 AS kmax,
	   scru128_from_fields(0, 0, 0, 0) AS smallest,
	   scru128_from_fields(281474976710655, 16777215, 16777215, 4294967295) AS largest,
	   scru128_from_fields(1, 0, 0, 0) AS second_unit,
	   scru128_from_fields(281474976710655, 0, 0, 0) AS last_unit \gset
\getenv abs_srcdir PG_ABS_SRCDIR
\set body :abs_srcdir '/test/sql/id_time.sql'
\i :body
