--
-- scru128_uuidv7compat: pg_uuidv7 1.7.0's five functions.  First the cases
-- of pg_uuidv7's own suite (its test/sql folder, MPL-2.0,
-- github.com/fboulnois/pg_uuidv7), re-expressed here with the same values
-- and calls, then its results on inputs its suite does not reach, computed
-- from its arithmetic.  The extension is dropped at the end: the other
-- tests see scru128 alone.
--
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS scru128;
RESET client_min_messages;
CREATE EXTENSION scru128_uuidv7compat;

-- pg_uuidv7's test/sql/002 to 006, calls unchanged
\set uuidv7 '018570bb-4a7d-7000-8000-000000000000'
\set uuidtz '2023-01-02 04:26:40.637+00'
\set uuidts '2023-01-02 04:26:40.637'
SELECT uuid_generate_v7() > :'uuidv7';
SELECT uuid_v7_to_timestamptz(:'uuidv7') = :'uuidtz';
SELECT uuid_timestamptz_to_v7(:'uuidtz') > :'uuidv7';
SELECT uuid_timestamptz_to_v7(:'uuidtz', true) = :'uuidv7';
SELECT uuid_v7_to_timestamp(:'uuidv7') = :'uuidts';
SELECT uuid_timestamp_to_v7(:'uuidts') > :'uuidv7';
SELECT uuid_timestamp_to_v7(:'uuidts', true) = :'uuidv7';

-- the named argument and its default
SELECT uuid_timestamptz_to_v7(:'uuidtz', zero => true) AS named_zero,
	   uuid_timestamp_to_v7(:'uuidts', zero => true) AS named_zero_ts;

-- generated values: version 7, the RFC variant, the current millisecond
SET TIME ZONE 'UTC';
CREATE TEMP TABLE gen AS
	SELECT clock_timestamp() AS before, uuid_generate_v7() AS u, clock_timestamp() AS after
	FROM generate_series(1, 10000);
SELECT count(*) AS n, count(DISTINCT u) AS distinct_values,
	   count(*) FILTER (WHERE public.uuid_extract_version(u) = 7) AS v7,
	   count(*) FILTER (WHERE uuid_v7_to_timestamptz(u) >= date_trunc('milliseconds', before)
							AND uuid_v7_to_timestamptz(u) <= after) AS in_time,
	   count(*) FILTER (WHERE uuid_v7_to_timestamptz(u) = public.uuid_timestamp(u)) AS same_as_uuid_timestamp
FROM gen;
-- 74 random bits: rand_a takes many values (no counter, no fraction)
SELECT count(DISTINCT substr(u::text, 16, 3)) > 2000 AS rand_a_random FROM gen;

-- random bits without zero, none with it; the time truncated to the ms
SELECT count(DISTINCT uuid_timestamptz_to_v7('2024-05-06 07:08:09.123456+00')) AS distinct_random,
	   count(DISTINCT uuid_timestamptz_to_v7('2024-05-06 07:08:09.123456+00', true)) AS distinct_zero
FROM generate_series(1, 100);
SELECT uuid_timestamptz_to_v7('2024-05-06 07:08:09.123456+00', true) AS tz,
	   uuid_timestamp_to_v7('2024-05-06 07:08:09.123456', true) AS ts,
	   uuid_v7_to_timestamptz(uuid_timestamptz_to_v7('2024-05-06 07:08:09.123999+00')) AS back;
-- a timestamptz is read in UTC whatever the session's time zone; a
-- timestamp without time zone is taken as UTC
SET TIME ZONE 'America/New_York';
SELECT uuid_timestamptz_to_v7('2024-05-06 07:08:09.123+00', true) AS tz_ny,
	   uuid_timestamp_to_v7('2024-05-06 07:08:09.123', true) AS ts_ny,
	   uuid_v7_to_timestamp('018f4ca3-e1a3-7000-8000-000000000000') AS plain;
SET TIME ZONE 'UTC';

-- any uuid is read, whatever its version: its first 48 bits
SELECT uuid_v7_to_timestamptz('00000000-0000-0000-0000-000000000000') AS zero,
	   uuid_v7_to_timestamptz('ffffffff-ffff-ffff-ffff-ffffffffffff') AS largest,
	   uuid_v7_to_timestamp('ffffffff-ffff-4fff-bfff-ffffffffffff') AS largest_ts,
	   uuid_v7_to_timestamptz('c232ab00-9414-11ec-b3c8-9f6bdeced846') AS v1_read_as_ms;
-- times pg_uuidv7 computes in uint64: before 1970 and the infinities wrap
SELECT uuid_timestamptz_to_v7('1969-12-31 23:59:59.999999+00', true) AS before_1970,
	   uuid_timestamptz_to_v7('1970-01-01 00:00:00+00', true) AS epoch,
	   uuid_timestamptz_to_v7('infinity', true) AS inf,
	   uuid_timestamptz_to_v7('-infinity', true) AS minus_inf,
	   uuid_timestamp_to_v7('infinity', true) AS inf_ts,
	   uuid_timestamptz_to_v7('10889-08-02 05:31:50.655+00', true) AS last_ms,
	   uuid_timestamptz_to_v7('10889-08-02 05:31:50.656+00', true) AS wraps_to_zero;
-- STRICT, as pg_uuidv7's: a NULL zero gives NULL
SELECT uuid_timestamptz_to_v7(now(), NULL) IS NULL AS null_zero,
	   uuid_v7_to_timestamptz(NULL) IS NULL AS null_uuid;

-- the range idiom can be an index scan (why the conversions keep STABLE:
-- a VOLATILE bound cannot be an index key)
CREATE TEMP TABLE ev (id uuid PRIMARY KEY DEFAULT uuid_generate_v7(), n int);
INSERT INTO ev (n) SELECT generate_series(1, 1000);
ANALYZE ev;
SET enable_seqscan = off;
SET enable_bitmapscan = off;
EXPLAIN (COSTS OFF)
SELECT count(*) FROM ev WHERE id >= uuid_timestamptz_to_v7(now() - interval '1 hour', true);
SELECT count(*) AS recent FROM ev WHERE id >= uuid_timestamptz_to_v7(now() - interval '1 hour', true);
RESET enable_seqscan;
RESET enable_bitmapscan;

-- labels and comments of every member
SELECT p.oid::regprocedure AS function, p.provolatile AS vol, p.proparallel AS par,
	   p.proisstrict AS strict, p.proleakproof AS leakproof,
	   obj_description(p.oid, 'pg_proc') IS NOT NULL AS commented
FROM pg_proc p JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid
WHERE d.refclassid = 'pg_extension'::regclass AND d.deptype = 'e'
  AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'scru128_uuidv7compat')
ORDER BY 1::text COLLATE "C";
SELECT extversion, extrelocatable, (SELECT count(*) FROM pg_depend
	WHERE refclassid = 'pg_extension'::regclass AND refobjid = e.oid AND deptype = 'e') AS members
FROM pg_extension e WHERE extname = 'scru128_uuidv7compat';

-- it needs scru128: dropping scru128 alone is refused
\set VERBOSITY terse
DROP EXTENSION scru128;
\set VERBOSITY default
DROP TABLE ev;
DROP EXTENSION scru128_uuidv7compat;
