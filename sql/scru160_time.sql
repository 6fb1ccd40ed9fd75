--
-- scru160_time: the operators <, <=, >, >= between scru160 and timestamptz, in
-- both operand orders, against the time of each ID (its millisecond).
-- The test is test/sql/id_time.sql, shared by the four ID types; this file
-- says what it needs to know of scru160.
--
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS scru128;
SET TimeZone = 'UTC';
SELECT setseed(0.16);

\set typ scru160
\set ts_of 'scru160_timestamp(id)'
\set id_of 'scru160_from_fields(ms, (random() * 65535)::int, (random() * 65535)::int, substring(sha256(int4send(i)) from 1 for 10))'
SELECT 1000 AS unit_us, 281474976710655 AS kmax,
	   scru160_from_fields(0, 0, 0, '\x00000000000000000000') AS smallest,
	   scru160_from_fields(281474976710655, 65535, 65535, '\xffffffffffffffffffff') AS largest,
	   scru160_from_fields(1, 0, 0, '\x00000000000000000000') AS second_unit,
	   scru160_from_fields(281474976710655, 0, 0, '\x00000000000000000000') AS last_unit \gset
\getenv abs_srcdir PG_ABS_SRCDIR
\set body :abs_srcdir '/test/sql/id_time.sql'
\i :body
