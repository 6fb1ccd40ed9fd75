--
-- scru128 operators, aggregates, field functions, casts and catalog entries
--
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS scru128;
RESET client_min_messages;

CREATE TABLE ops_v (name text, id scru128);
INSERT INTO ops_v VALUES
	('zero', '0000000000000000000000000'),
	('a', '0372hg16csmsm50l8dikcvukc'),
	('b', '0372hg16cy3nowracls909wcd'),
	('c', '0372ijojuxuhjsfkeryi2mrtm'),
	('max', 'f5lxx1zz5pnorynqglhzmsp33');

-- every operator against every pair, and cmp agrees with them
SELECT x.name AS l, y.name AS r,
	   x.id = y.id AS eq, x.id <> y.id AS ne, x.id < y.id AS lt,
	   x.id <= y.id AS le, x.id > y.id AS gt, x.id >= y.id AS ge,
	   scru128_cmp(x.id, y.id) AS cmp
FROM ops_v x, ops_v y
ORDER BY x.id, y.id;

-- the order is the order of the bytes, of uuid and of the text, on random values
-- (two different expressions: under debug_parallel_query the planner would
-- compute two identical volatile calls once, in the worker, for both columns)
CREATE TABLE ops_pairs AS
	SELECT gen_random_uuid()::scru128 AS x,
		   md5(g::text || random()::text)::uuid::scru128 AS y
	FROM generate_series(1, 20000) g;
INSERT INTO ops_pairs SELECT x, x FROM ops_pairs LIMIT 100;
SELECT count(*) AS pairs,
	   count(*) FILTER (WHERE (x < y) <> (x::bytea < y::bytea)) AS bytea_disagree,
	   count(*) FILTER (WHERE (x < y) <> (x::uuid < y::uuid)) AS uuid_disagree,
	   count(*) FILTER (WHERE (x < y) <> (x::text COLLATE "C" < y::text COLLATE "C")) AS text_disagree,
	   count(*) FILTER (WHERE (x = y) <> (x::text = y::text)) AS eq_disagree,
	   count(*) FILTER (WHERE scru128_cmp(x, y) <> sign(uuid_cmp(x::uuid, y::uuid))) AS cmp_disagree,
	   count(*) FILTER (WHERE (x = y) AND scru128_hash(x) <> scru128_hash(y)) AS hash_disagree,
	   count(*) FILTER (WHERE x = y) AS equal_pairs
FROM ops_pairs;

-- aggregates
SELECT min(id), max(id), count(*) FROM ops_v;
SELECT min(id), max(id) FROM ops_v WHERE false;

-- hashes are stable: they decide hash partitions, so they must not change
SELECT name, scru128_hash(id), scru128_hash_extended(id, 0), scru128_hash_extended(id, 42)
FROM ops_v ORDER BY id;
-- with seed 0, the low 32 bits of the extended hash are the plain hash
SELECT count(*) AS checked,
	   count(*) FILTER (WHERE scru128_hash_extended(x, 0) & 4294967295 <> scru128_hash(x)::bigint & 4294967295)
		   AS low_bits_differ
FROM ops_pairs;

-- fields
SELECT name, scru128_timestamp_ms(id), scru128_counter_hi(id), scru128_counter_lo(id),
	   scru128_entropy(id), scru128_timestamp(id), id::timestamptz AS cast
FROM ops_v ORDER BY id;
SELECT scru128_from_fields(0, 0, 0, 0), scru128_from_fields(281474976710655, 16777215, 16777215, 4294967295);
SELECT scru128_from_fields(1648973836097, 8268596, 3320878, 3310577788);
-- each field out of range, on either side
SELECT scru128_from_fields(-1, 0, 0, 0);
SELECT scru128_from_fields(281474976710656, 0, 0, 0);
SELECT scru128_from_fields(0, -1, 0, 0);
SELECT scru128_from_fields(0, 16777216, 0, 0);
SELECT scru128_from_fields(0, 0, -1, 0);
SELECT scru128_from_fields(0, 0, 16777216, 0);
SELECT scru128_from_fields(0, 0, 0, -1);
SELECT scru128_from_fields(0, 0, 0, 4294967296);
SELECT scru128_from_fields(NULL, 0, 0, 0) IS NULL AS strict;

-- range bounds of a millisecond
SET TimeZone = 'UTC';
SELECT scru128_min(timestamptz '2022-04-03 08:17:16.097+00'),
	   scru128_max(timestamptz '2022-04-03 08:17:16.097+00');
SELECT scru128_timestamp_ms(scru128_min(t)), scru128_counter_hi(scru128_min(t)),
	   scru128_counter_lo(scru128_min(t)), scru128_entropy(scru128_min(t)),
	   scru128_timestamp_ms(scru128_max(t)), scru128_counter_hi(scru128_max(t)),
	   scru128_counter_lo(scru128_max(t)), scru128_entropy(scru128_max(t))
FROM (VALUES (timestamptz '2022-04-03 08:17:16.097999+00')) v(t);
SELECT id BETWEEN scru128_min(scru128_timestamp(id)) AND scru128_max(scru128_timestamp(id)) AS within,
	   scru128_min(scru128_timestamp(id)) <= id AND id <= scru128_max(scru128_timestamp(id)) AS bounds
FROM ops_v ORDER BY id;
-- rounds down to the millisecond; the whole 48-bit range is allowed
SELECT scru128_timestamp_ms(scru128_min(timestamptz '1970-01-01 00:00:00.000999+00'));
SELECT scru128_min(timestamptz '1970-01-01 00:00:00+00'), scru128_max(timestamptz '10889-08-02 05:31:50.655+00');
SELECT scru128_min(timestamptz '1969-12-31 23:59:59.999999+00');
SELECT scru128_max(timestamptz '10889-08-02 05:31:50.656+00');
SELECT scru128_min('infinity');
SELECT scru128_max('-infinity');

-- casts: to uuid on assignment, everything else explicit
SELECT id::uuid, id::uuid::scru128 = id AS back FROM ops_v ORDER BY id;
CREATE TABLE ops_uuid (u uuid);
INSERT INTO ops_uuid SELECT id FROM ops_v;
SELECT count(*) FROM ops_uuid u JOIN ops_v v ON u.u = v.id::uuid;
CREATE TABLE ops_s (s scru128);
INSERT INTO ops_s SELECT u FROM ops_uuid;
INSERT INTO ops_s SELECT u::scru128 FROM ops_uuid;
SELECT count(*) FROM ops_s;
-- (terse: 19 words the detail and hint of a missing operator differently)
\set VERBOSITY terse
SELECT id = gen_random_uuid() FROM ops_v;
SELECT id = '\x00'::bytea FROM ops_v;
\set VERBOSITY default
SELECT castcontext, castmethod, castsource::regtype, casttarget::regtype, castfunc::regproc
FROM pg_cast WHERE castsource = 'scru128'::regtype OR casttarget = 'scru128'::regtype
ORDER BY castsource::regtype::text, casttarget::regtype::text;

-- the parser reads scru128('...') as a cast to the type, not a call
SELECT scru128('0372hg16csmsm50l8dikcvukc');
SELECT scru128('2024-01-01');

-- catalog: volatility, parallel safety, strictness and leakproofness of
-- the functions of the scru128 type (skip support exists on 18 only and is
-- tested in test/t/090_skip_scan.pl)
SELECT p.oid::regprocedure AS function, p.provolatile AS vol, p.proparallel AS par,
	   p.proisstrict AS strict, p.proleakproof AS leakproof
FROM pg_proc p JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid
WHERE d.refclassid = 'pg_extension'::regclass AND d.deptype = 'e'
  AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'scru128')
  AND (p.proname IN ('min', 'max') OR p.proname ~ '^scru128(_|$)')
  AND p.proname NOT IN ('scru128_skipsupport')
  AND pg_get_function_identity_arguments(p.oid) ~ '^$|scru128|timestamp|bytea|internal|cstring'
  AND p.proname !~ '^scru128_(v1_|partman_|partition_)'
ORDER BY p.oid::regprocedure::text COLLATE "C";

-- every member of the extension has a comment (array types, members only
-- on 17 and later, take none)
SELECT pg_describe_object(d.classid, d.objid, 0) AS missing_comment
FROM pg_depend d
WHERE d.refclassid = 'pg_extension'::regclass AND d.deptype = 'e'
  AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'scru128')
  AND obj_description(d.objid, d.classid::regclass::name) IS NULL
  AND NOT (d.classid = 'pg_type'::regclass AND
		   (SELECT typcategory FROM pg_type WHERE oid = d.objid) = 'A');

-- the operators carry what the planner needs
SELECT oprname, oprcanhash, oprcanmerge, oprcom::regoperator, oprnegate::regoperator,
	   oprrest, oprjoin
FROM pg_operator WHERE oprleft = 'scru128'::regtype ORDER BY oprname;

SELECT typlen, typbyval, typalign, typstorage FROM pg_type WHERE oid = 'scru128'::regtype;

RESET TimeZone;
DROP TABLE ops_v, ops_pairs, ops_uuid, ops_s;
