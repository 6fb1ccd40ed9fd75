--
-- time_window: RANGE window frames by time over ORDER BY id (B-tree
-- in_range support for (ID, interval)).  A frame over the IDs equals the
-- same frame over their times; the current row's peers are the rows with
-- the same ID, so "CURRENT ROW" over the times is "0 PRECEDING" or
-- "0 FOLLOWING" over the IDs.
--
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS scru128;
RESET client_min_messages;
SET TimeZone = 'UTC';
SELECT setseed(0.7);

-- labels: as core's in_range for timestamptz
SELECT p.oid::regprocedure AS function, p.provolatile AS vol, p.proparallel AS par, p.proisstrict AS strict
FROM pg_proc p
WHERE p.proname = 'in_range' AND p.proargtypes[2] = 'interval'::regtype
  AND p.proargtypes[0] IN ('timestamptz'::regtype, 'scru128'::regtype, 'scru160'::regtype, 'scru64'::regtype)
ORDER BY p.oid::regprocedure::text COLLATE "C";
SELECT amproclefttype::regtype, amprocrighttype::regtype, amproc::regprocedure
FROM pg_amproc
WHERE amprocnum = 3 AND amprocfamily IN (SELECT opcfamily FROM pg_opclass
										WHERE opcname IN ('scru128_ops', 'scru160_ops', 'scru64_ops')
										  AND opcmethod = (SELECT oid FROM pg_am WHERE amname = 'btree'))
ORDER BY amproclefttype::regtype::text COLLATE "C";

--
-- scru128
--
CREATE TEMP TABLE w_scru128 AS
SELECT id, scru128_timestamp(id) AS ts, payload
FROM (SELECT scru128_from_fields(ms, (random() * 16777215)::int, 0, 0) AS id, (random() * 1000)::int AS payload
	  FROM (SELECT 1772323200000 + CASE WHEN i % 5 = 0 THEN (i / 10) * 1000 ELSE floor(random() * 86400000)::bigint END AS ms
			FROM generate_series(1, 6000) AS i) AS g) AS s;
SELECT count(*) AS rows, count(DISTINCT ts) < count(*) AS shared_times,
	   count(*) FILTER (WHERE a1 IS DISTINCT FROM b1 OR s1 IS DISTINCT FROM t1) AS hour_back,
	   count(*) FILTER (WHERE a2 IS DISTINCT FROM b2 OR s2 IS DISTINCT FROM t2) AS around,
	   count(*) FILTER (WHERE a3 IS DISTINCT FROM b3) AS hour_ahead,
	   count(*) FILTER (WHERE a4 IS DISTINCT FROM b4 OR s4 IS DISTINCT FROM t4) AS descending,
	   count(*) FILTER (WHERE a5 IS DISTINCT FROM b5) AS months,
	   count(*) FILTER (WHERE a1 > 1 AND a3 > 1 AND a2 > 1) > 5000 AS frames_not_trivial
FROM (SELECT ts,
		count(*) OVER (ORDER BY id RANGE BETWEEN '1 hour' PRECEDING AND '0' FOLLOWING) AS a1,
		count(*) OVER (ORDER BY ts RANGE BETWEEN '1 hour' PRECEDING AND CURRENT ROW) AS b1,
		sum(payload) OVER (ORDER BY id RANGE BETWEEN '1 hour' PRECEDING AND '0' FOLLOWING) AS s1,
		sum(payload) OVER (ORDER BY ts RANGE BETWEEN '1 hour' PRECEDING AND CURRENT ROW) AS t1,
		count(*) OVER (ORDER BY id RANGE BETWEEN '10 min 0.5 s' PRECEDING AND '5 min' FOLLOWING) AS a2,
		count(*) OVER (ORDER BY ts RANGE BETWEEN '10 min 0.5 s' PRECEDING AND '5 min' FOLLOWING) AS b2,
		sum(payload) OVER (ORDER BY id RANGE BETWEEN '10 min 0.5 s' PRECEDING AND '5 min' FOLLOWING) AS s2,
		sum(payload) OVER (ORDER BY ts RANGE BETWEEN '10 min 0.5 s' PRECEDING AND '5 min' FOLLOWING) AS t2,
		count(*) OVER (ORDER BY id RANGE BETWEEN '0' PRECEDING AND '1 hour' FOLLOWING) AS a3,
		count(*) OVER (ORDER BY ts RANGE BETWEEN CURRENT ROW AND '1 hour' FOLLOWING) AS b3,
		count(*) OVER (ORDER BY id DESC RANGE BETWEEN '1 hour' PRECEDING AND '0' FOLLOWING) AS a4,
		count(*) OVER (ORDER BY ts DESC RANGE BETWEEN '1 hour' PRECEDING AND CURRENT ROW) AS b4,
		sum(payload) OVER (ORDER BY id DESC RANGE BETWEEN '1 hour' PRECEDING AND '0' FOLLOWING) AS s4,
		sum(payload) OVER (ORDER BY ts DESC RANGE BETWEEN '1 hour' PRECEDING AND CURRENT ROW) AS t4,
		count(*) OVER (ORDER BY id RANGE BETWEEN '1 mon' PRECEDING AND '1 day 1 mon' FOLLOWING) AS a5,
		count(*) OVER (ORDER BY ts RANGE BETWEEN '1 mon' PRECEDING AND '1 day 1 mon' FOLLOWING) AS b5
	  FROM w_scru128) AS f;

--
-- scru160
--
CREATE TEMP TABLE w_scru160 AS
SELECT id, scru160_timestamp(id) AS ts, payload
FROM (SELECT scru160_from_fields(ms, (random() * 65535)::int, 0, '\x00000000000000000000') AS id, (random() * 1000)::int AS payload
	  FROM (SELECT 1772323200000 + CASE WHEN i % 5 = 0 THEN (i / 10) * 1000 ELSE floor(random() * 86400000)::bigint END AS ms
			FROM generate_series(1, 6000) AS i) AS g) AS s;
SELECT count(*) AS rows, count(DISTINCT ts) < count(*) AS shared_times,
	   count(*) FILTER (WHERE a1 IS DISTINCT FROM b1 OR s1 IS DISTINCT FROM t1) AS hour_back,
	   count(*) FILTER (WHERE a2 IS DISTINCT FROM b2 OR s2 IS DISTINCT FROM t2) AS around,
	   count(*) FILTER (WHERE a3 IS DISTINCT FROM b3) AS hour_ahead,
	   count(*) FILTER (WHERE a4 IS DISTINCT FROM b4 OR s4 IS DISTINCT FROM t4) AS descending,
	   count(*) FILTER (WHERE a5 IS DISTINCT FROM b5) AS months,
	   count(*) FILTER (WHERE a1 > 1 AND a3 > 1 AND a2 > 1) > 5000 AS frames_not_trivial
FROM (SELECT ts,
		count(*) OVER (ORDER BY id RANGE BETWEEN '1 hour' PRECEDING AND '0' FOLLOWING) AS a1,
		count(*) OVER (ORDER BY ts RANGE BETWEEN '1 hour' PRECEDING AND CURRENT ROW) AS b1,
		sum(payload) OVER (ORDER BY id RANGE BETWEEN '1 hour' PRECEDING AND '0' FOLLOWING) AS s1,
		sum(payload) OVER (ORDER BY ts RANGE BETWEEN '1 hour' PRECEDING AND CURRENT ROW) AS t1,
		count(*) OVER (ORDER BY id RANGE BETWEEN '10 min 0.5 s' PRECEDING AND '5 min' FOLLOWING) AS a2,
		count(*) OVER (ORDER BY ts RANGE BETWEEN '10 min 0.5 s' PRECEDING AND '5 min' FOLLOWING) AS b2,
		sum(payload) OVER (ORDER BY id RANGE BETWEEN '10 min 0.5 s' PRECEDING AND '5 min' FOLLOWING) AS s2,
		sum(payload) OVER (ORDER BY ts RANGE BETWEEN '10 min 0.5 s' PRECEDING AND '5 min' FOLLOWING) AS t2,
		count(*) OVER (ORDER BY id RANGE BETWEEN '0' PRECEDING AND '1 hour' FOLLOWING) AS a3,
		count(*) OVER (ORDER BY ts RANGE BETWEEN CURRENT ROW AND '1 hour' FOLLOWING) AS b3,
		count(*) OVER (ORDER BY id DESC RANGE BETWEEN '1 hour' PRECEDING AND '0' FOLLOWING) AS a4,
		count(*) OVER (ORDER BY ts DESC RANGE BETWEEN '1 hour' PRECEDING AND CURRENT ROW) AS b4,
		sum(payload) OVER (ORDER BY id DESC RANGE BETWEEN '1 hour' PRECEDING AND '0' FOLLOWING) AS s4,
		sum(payload) OVER (ORDER BY ts DESC RANGE BETWEEN '1 hour' PRECEDING AND CURRENT ROW) AS t4,
		count(*) OVER (ORDER BY id RANGE BETWEEN '1 mon' PRECEDING AND '1 day 1 mon' FOLLOWING) AS a5,
		count(*) OVER (ORDER BY ts RANGE BETWEEN '1 mon' PRECEDING AND '1 day 1 mon' FOLLOWING) AS b5
	  FROM w_scru160) AS f;

--
-- scru64
--
CREATE TEMP TABLE w_scru64 AS
SELECT id, scru64_timestamp(id) AS ts, payload
FROM (SELECT scru64_from_parts(ms / 256, (random() * 16777215)::int) AS id, (random() * 1000)::int AS payload
	  FROM (SELECT 1772323200000 + CASE WHEN i % 5 = 0 THEN (i / 10) * 1000 ELSE floor(random() * 86400000)::bigint END AS ms
			FROM generate_series(1, 6000) AS i) AS g) AS s;
SELECT count(*) AS rows, count(DISTINCT ts) < count(*) AS shared_times,
	   count(*) FILTER (WHERE a1 IS DISTINCT FROM b1 OR s1 IS DISTINCT FROM t1) AS hour_back,
	   count(*) FILTER (WHERE a2 IS DISTINCT FROM b2 OR s2 IS DISTINCT FROM t2) AS around,
	   count(*) FILTER (WHERE a3 IS DISTINCT FROM b3) AS hour_ahead,
	   count(*) FILTER (WHERE a4 IS DISTINCT FROM b4 OR s4 IS DISTINCT FROM t4) AS descending,
	   count(*) FILTER (WHERE a5 IS DISTINCT FROM b5) AS months,
	   count(*) FILTER (WHERE a1 > 1 AND a3 > 1 AND a2 > 1) > 5000 AS frames_not_trivial
FROM (SELECT ts,
		count(*) OVER (ORDER BY id RANGE BETWEEN '1 hour' PRECEDING AND '0' FOLLOWING) AS a1,
		count(*) OVER (ORDER BY ts RANGE BETWEEN '1 hour' PRECEDING AND CURRENT ROW) AS b1,
		sum(payload) OVER (ORDER BY id RANGE BETWEEN '1 hour' PRECEDING AND '0' FOLLOWING) AS s1,
		sum(payload) OVER (ORDER BY ts RANGE BETWEEN '1 hour' PRECEDING AND CURRENT ROW) AS t1,
		count(*) OVER (ORDER BY id RANGE BETWEEN '10 min 0.5 s' PRECEDING AND '5 min' FOLLOWING) AS a2,
		count(*) OVER (ORDER BY ts RANGE BETWEEN '10 min 0.5 s' PRECEDING AND '5 min' FOLLOWING) AS b2,
		sum(payload) OVER (ORDER BY id RANGE BETWEEN '10 min 0.5 s' PRECEDING AND '5 min' FOLLOWING) AS s2,
		sum(payload) OVER (ORDER BY ts RANGE BETWEEN '10 min 0.5 s' PRECEDING AND '5 min' FOLLOWING) AS t2,
		count(*) OVER (ORDER BY id RANGE BETWEEN '0' PRECEDING AND '1 hour' FOLLOWING) AS a3,
		count(*) OVER (ORDER BY ts RANGE BETWEEN CURRENT ROW AND '1 hour' FOLLOWING) AS b3,
		count(*) OVER (ORDER BY id DESC RANGE BETWEEN '1 hour' PRECEDING AND '0' FOLLOWING) AS a4,
		count(*) OVER (ORDER BY ts DESC RANGE BETWEEN '1 hour' PRECEDING AND CURRENT ROW) AS b4,
		sum(payload) OVER (ORDER BY id DESC RANGE BETWEEN '1 hour' PRECEDING AND '0' FOLLOWING) AS s4,
		sum(payload) OVER (ORDER BY ts DESC RANGE BETWEEN '1 hour' PRECEDING AND CURRENT ROW) AS t4,
		count(*) OVER (ORDER BY id RANGE BETWEEN '1 mon' PRECEDING AND '1 day 1 mon' FOLLOWING) AS a5,
		count(*) OVER (ORDER BY ts RANGE BETWEEN '1 mon' PRECEDING AND '1 day 1 mon' FOLLOWING) AS b5
	  FROM w_scru64) AS f;

-- a negative offset is core's error, SQLSTATE 22013; an offset that is
-- not an interval has no support
SELECT count(*) OVER (ORDER BY id RANGE BETWEEN '-1 hour' PRECEDING AND CURRENT ROW) FROM w_scru128;
DO $$
BEGIN
	PERFORM count(*) OVER (ORDER BY id RANGE BETWEEN CURRENT ROW AND '-1 s' FOLLOWING) FROM w_scru64;
EXCEPTION WHEN invalid_preceding_or_following_size THEN
	RAISE NOTICE 'scru64: SQLSTATE %', SQLSTATE;
END
$$;
DO $$
BEGIN
	PERFORM count(*) OVER (ORDER BY id RANGE BETWEEN '-1 s' PRECEDING AND CURRENT ROW) FROM w_scru160;
EXCEPTION WHEN invalid_preceding_or_following_size THEN
	RAISE NOTICE 'scru160: SQLSTATE %', SQLSTATE;
END
$$;
SELECT count(*) OVER (ORDER BY id RANGE BETWEEN 1 PRECEDING AND CURRENT ROW) FROM w_scru128;

-- infinite intervals (PostgreSQL 17 and later): every row precedes and
-- follows at an infinite distance, as for timestamptz (earlier versions
-- have no infinite intervals: nothing to compare there)
DO $$
DECLARE
	bad bigint;
BEGIN
	IF current_setting('server_version_num')::int >= 170000 THEN
		EXECUTE $q$
			SELECT count(*) FILTER (WHERE a IS DISTINCT FROM b OR c IS DISTINCT FROM d)
			FROM (SELECT
				count(*) OVER (ORDER BY id RANGE BETWEEN 'infinity' PRECEDING AND '0' FOLLOWING) AS a,
				count(*) OVER (ORDER BY ts RANGE BETWEEN 'infinity' PRECEDING AND CURRENT ROW) AS b,
				count(*) OVER (ORDER BY id RANGE BETWEEN '0' PRECEDING AND 'infinity' FOLLOWING) AS c,
				count(*) OVER (ORDER BY ts RANGE BETWEEN CURRENT ROW AND 'infinity' FOLLOWING) AS d
				FROM w_scru64) AS f$q$ INTO bad;
		IF bad <> 0 THEN
			RAISE EXCEPTION 'infinite offsets: % rows differ', bad;
		END IF;
	ELSE
		bad := 0;
	END IF;
	RAISE NOTICE 'infinite offsets: % rows differ', bad;
END
$$;
