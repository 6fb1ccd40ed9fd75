--
-- uuid_time: the operators <, <=, >, >= between uuid and timestamptz, in
-- both operand orders, against the time of each ID (its leading 48 bits as Unix milliseconds (the UUIDv7 layout), whatever the version).
-- The test is test/sql/id_time.sql, shared by the four ID types; this file
-- says what it needs to know of uuid.
--
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS scru128;
SET TimeZone = 'UTC';
SELECT setseed(0.16);

\set typ uuid
\set ts_of 'scru128_timestamp(id::scru128)'
\set id_of '(lpad(to_hex(ms), 12, ''0'') || substring(md5(i::text) from 1 for 20))::uuid'
SELECT 1000 AS unit_us, 281474976710655 AS kmax,
	   '00000000-0000-0000-0000-000000000000'::uuid AS smallest,
	   'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid AS largest,
	   (lpad(to_hex(1), 12, '0') || '00000000000000000000')::uuid AS second_unit,
	   (lpad(to_hex(281474976710655), 12, '0') || '00000000000000000000')::uuid AS last_unit \gset
\getenv abs_srcdir PG_ABS_SRCDIR
\set body :abs_srcdir '/test/sql/id_time.sql'
\i :body
