--
-- ulid_time: the operators <, <=, >, >= between ulid and timestamptz, in
-- both operand orders, against the time of each ID (its millisecond), with
-- the planner rewrite into ranges of IDs (test/sql/id_time.sql, shared by
-- the ID types); then partition pruning by time and RANGE window frames by
-- time over ORDER BY a ulid.
--
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS scru128;
SET TimeZone = 'UTC';
SELECT setseed(0.26);

\set typ ulid
\set ts_of 'ulid_timestamp(id)'
\set id_of '(lpad(to_hex(ms), 12, ''0'') || substring(md5(i::text) from 1 for 20))::uuid::ulid'
SELECT 1000 AS unit_us, 281474976710655 AS kmax,
	   '00000000000000000000000000'::ulid AS smallest,
	   '7ZZZZZZZZZZZZZZZZZZZZZZZZZ'::ulid AS largest,
	   (lpad(to_hex(1), 12, '0') || '00000000000000000000')::uuid::ulid AS second_unit,
	   (lpad(to_hex(281474976710655), 12, '0') || '00000000000000000000')::uuid::ulid AS last_unit \gset
\getenv abs_srcdir PG_ABS_SRCDIR
\set body :abs_srcdir '/test/sql/id_time.sql'
\i :body

-- a comparison with a time is planned as a range of IDs: one constant
-- comparison for a constant time, two bounds for a stable one
CREATE TEMP TABLE ut (id ulid PRIMARY KEY);
INSERT INTO ut SELECT (lpad(to_hex(1772323200000 + i * 20000), 12, '0') || substring(md5(i::text) from 1 for 20))::uuid::ulid
FROM generate_series(0, 43199) AS i;
ANALYZE ut;
EXPLAIN (COSTS OFF) SELECT * FROM ut WHERE id >= timestamptz '2026-03-01 12:00:00+00';
EXPLAIN (COSTS OFF) SELECT * FROM ut WHERE timestamptz '2026-03-01 12:00:00+00' > id;
EXPLAIN (COSTS OFF) SELECT * FROM ut WHERE id >= now() - interval '1 hour';
SELECT count(*) AS in_hour FROM ut
WHERE id >= timestamptz '2026-03-01 12:00:00+00' AND id < timestamptz '2026-03-01 13:00:00+00';
SELECT count(*) AS in_hour_by_bounds FROM ut
WHERE id >= ulid_min('2026-03-01 12:00:00+00') AND id <= ulid_max('2026-03-01 12:59:59.999+00');
-- ulid_time_OP is the same comparison, left as it is
EXPLAIN (COSTS OFF) SELECT * FROM ut WHERE ulid_time_ge(id, timestamptz '2026-03-01 12:00:00+00');

-- partitions by ranges of ulid: a time in the WHERE clause prunes them, at
-- plan time for a constant, at executor start for now()
CREATE TABLE upt (id ulid NOT NULL, payload integer) PARTITION BY RANGE (id);
CREATE TABLE upt_feb PARTITION OF upt FOR VALUES FROM (ulid_min('2026-02-01')) TO (ulid_min('2026-03-01'));
CREATE TABLE upt_mar PARTITION OF upt FOR VALUES FROM (ulid_min('2026-03-01')) TO (ulid_min('2026-04-01'));
CREATE TABLE upt_apr PARTITION OF upt FOR VALUES FROM (ulid_min('2026-04-01')) TO (ulid_min('2026-05-01'));
INSERT INTO upt SELECT ulid(timestamptz '2026-02-01' + i * interval '1 hour'), i FROM generate_series(0, 2000) AS i;
EXPLAIN (COSTS OFF) SELECT count(*) FROM upt WHERE id >= timestamptz '2026-03-05' AND id < timestamptz '2026-03-06';
-- (the scan lines of EXPLAIN ANALYZE only: its counts print differently
-- from 18 on)
CREATE FUNCTION ulid_plan(q text) RETURNS SETOF text LANGUAGE plpgsql AS $$
DECLARE
	l text;
BEGIN
	FOR l IN EXECUTE 'EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ' || q LOOP
		IF l ~ 'Subplans Removed|Scan on' THEN
			RETURN NEXT regexp_replace(l, ' *\(actual.*\)', '');
		END IF;
	END LOOP;
END $$;
SELECT ulid_plan($$SELECT count(*) FROM upt WHERE id >= now() - interval '1 day'$$);
SELECT ulid_plan($$SELECT count(*) FROM upt WHERE id >= now() - (now() - timestamptz '2026-03-15')$$);
DROP FUNCTION ulid_plan(text);
SELECT count(*) AS march_rows FROM upt WHERE id >= timestamptz '2026-03-01' AND id < timestamptz '2026-04-01';
SELECT count(*) AS march_rows_by_time FROM upt WHERE ulid_timestamp(id) >= '2026-03-01' AND ulid_timestamp(id) < '2026-04-01';
DROP TABLE upt;

-- RANGE window frames by time over ORDER BY id equal the same frames over
-- the IDs' times
SELECT p.oid::regprocedure AS function, p.provolatile AS vol, p.proparallel AS par, p.proisstrict AS strict
FROM pg_proc p
WHERE p.proname = 'in_range' AND p.proargtypes[0] = 'ulid'::regtype;
CREATE TEMP TABLE w_ulid AS
SELECT id, ulid_timestamp(id) AS ts, payload
FROM (SELECT ulid(to_timestamp(ms / 1000.0)) AS id, (random() * 1000)::int AS payload
	  FROM (SELECT 1772323200000 + CASE WHEN i % 5 = 0 THEN (i / 10) * 1000 ELSE floor(random() * 86400000)::bigint END AS ms
			FROM generate_series(1, 6000) AS i) AS g) AS s;
SELECT count(*) AS rows, count(DISTINCT ts) < count(*) AS shared_times,
	   count(*) FILTER (WHERE a1 IS DISTINCT FROM b1 OR s1 IS DISTINCT FROM t1) AS hour_back,
	   count(*) FILTER (WHERE a2 IS DISTINCT FROM b2) AS around,
	   count(*) FILTER (WHERE a3 IS DISTINCT FROM b3) AS hour_ahead,
	   count(*) FILTER (WHERE a4 IS DISTINCT FROM b4) AS descending,
	   count(*) FILTER (WHERE a5 IS DISTINCT FROM b5) AS months,
	   count(*) FILTER (WHERE a1 > 1 AND a3 > 1 AND a2 > 1) > 5000 AS frames_not_trivial
FROM (SELECT ts,
		count(*) OVER (ORDER BY id RANGE BETWEEN '1 hour' PRECEDING AND '0' FOLLOWING) AS a1,
		count(*) OVER (ORDER BY ts RANGE BETWEEN '1 hour' PRECEDING AND CURRENT ROW) AS b1,
		sum(payload) OVER (ORDER BY id RANGE BETWEEN '1 hour' PRECEDING AND '0' FOLLOWING) AS s1,
		sum(payload) OVER (ORDER BY ts RANGE BETWEEN '1 hour' PRECEDING AND CURRENT ROW) AS t1,
		count(*) OVER (ORDER BY id RANGE BETWEEN '10 min 0.5 s' PRECEDING AND '5 min' FOLLOWING) AS a2,
		count(*) OVER (ORDER BY ts RANGE BETWEEN '10 min 0.5 s' PRECEDING AND '5 min' FOLLOWING) AS b2,
		count(*) OVER (ORDER BY id RANGE BETWEEN '0' PRECEDING AND '1 hour' FOLLOWING) AS a3,
		count(*) OVER (ORDER BY ts RANGE BETWEEN CURRENT ROW AND '1 hour' FOLLOWING) AS b3,
		count(*) OVER (ORDER BY id DESC RANGE BETWEEN '1 hour' PRECEDING AND '0' FOLLOWING) AS a4,
		count(*) OVER (ORDER BY ts DESC RANGE BETWEEN '1 hour' PRECEDING AND CURRENT ROW) AS b4,
		count(*) OVER (ORDER BY id RANGE BETWEEN '1 mon' PRECEDING AND '1 day 1 mon' FOLLOWING) AS a5,
		count(*) OVER (ORDER BY ts RANGE BETWEEN '1 mon' PRECEDING AND '1 day 1 mon' FOLLOWING) AS b5
	  FROM w_ulid) AS f;
SELECT count(*) OVER (ORDER BY id RANGE BETWEEN '-1 hour' PRECEDING AND CURRENT ROW) FROM w_ulid LIMIT 1;
