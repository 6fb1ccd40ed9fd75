--
-- scru64_time: the operators <, <=, >, >= between scru64 and timestamptz, in
-- both operand orders, against the time of each ID (its 256 ms tick).
-- The test is test/sql/id_time.sql, shared by the four ID types; this file
-- says what it needs to know of scru64.
--
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS scru128;
SET TimeZone = 'UTC';
SELECT setseed(0.16);

\set typ scru64
\set ts_of 'scru64_timestamp(id)'
\set id_of 'scru64_from_parts(ms / 256, (random() * 16777215)::int)'
SELECT 256000 AS unit_us, 282429536480 AS kmax,
	   scru64_from_parts(0, 0) AS smallest,
	   scru64_from_parts(282429536480, 16777215) AS largest,
	   scru64_from_parts(1, 0) AS second_unit,
	   scru64_from_parts(282429536480, 0) AS last_unit \gset
\getenv abs_srcdir PG_ABS_SRCDIR
\set body :abs_srcdir '/test/sql/id_time.sql'
\i :body
