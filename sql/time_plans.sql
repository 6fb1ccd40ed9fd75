--
-- time_plans: what the planner makes of comparisons of IDs with times.
-- A constant time becomes one comparison with a constant ID; a time that
-- is only fixed during a scan (now(), a parameter, an outer reference)
-- becomes two bounds an index or partition pruning can use, both index
-- conditions, with no filter left.  Plans only (COSTS OFF, no ANALYZE): the lines
-- shown are the same on every tested server version.
--
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS scru128;
RESET client_min_messages;
SET TimeZone = 'UTC';

-- EXPLAIN (COSTS OFF) with the names of subplans left out (they differ
-- between server versions), and without the line "Replaces: Scan on ..."
-- that 19 adds under a Result standing for a scan it need not run
CREATE FUNCTION plan(query text) RETURNS SETOF text LANGUAGE plpgsql AS $$
DECLARE
	line text;
BEGIN
	FOR line IN EXECUTE 'EXPLAIN (COSTS OFF) ' || query LOOP
		CONTINUE WHEN line ~ '^\s*Replaces: ';
		RETURN NEXT regexp_replace(line, 'SubPlan \w+', 'SubPlan');
	END LOOP;
END
$$;

-- ten days of March 2026, one ID every 20 seconds
CREATE TABLE ev (id scru128 PRIMARY KEY, payload integer);
INSERT INTO ev
SELECT scru128_from_fields(1772323200000 + i * 20000, i, 0, 0), i
FROM generate_series(0, 43199) AS i;
VACUUM ANALYZE ev;

-- a constant: an exact comparison with a constant ID, on either side
EXPLAIN (COSTS OFF) SELECT count(*) FROM ev WHERE id >= timestamptz '2026-03-10 12:00';
EXPLAIN (COSTS OFF) SELECT count(*) FROM ev WHERE timestamptz '2026-03-10 12:00' <= id;
-- below the millisecond: > 12:00:00.0005 is from 12:00:00.001 on, as >=
-- 12:00:00.0005; <= 12:00:00.0005 is up to the last ID of 12:00:00.000
EXPLAIN (COSTS OFF) SELECT count(*) FROM ev WHERE id > timestamptz '2026-03-10 12:00:00.0005';
EXPLAIN (COSTS OFF) SELECT count(*) FROM ev WHERE id <= timestamptz '2026-03-10 12:00:00.0005';
SELECT timestamptz '2026-03-10 12:00:00.0005' < id AS gt, scru128_timestamp(id)
FROM (VALUES (scru128_from_fields(1773144000000, 0, 0, 0)),
			 (scru128_from_fields(1773144000001, 0, 0, 0))) AS v(id);
-- BETWEEN, and a window of a day
EXPLAIN (COSTS OFF) SELECT count(*) FROM ev WHERE id BETWEEN timestamptz '2026-03-10' AND timestamptz '2026-03-10 01:00';
-- the ends: every ID, no ID
EXPLAIN (COSTS OFF) SELECT count(*) FROM ev WHERE id > timestamptz '-infinity';
EXPLAIN (COSTS OFF) SELECT count(*) FROM ev WHERE id > timestamptz 'infinity';
EXPLAIN (COSTS OFF) SELECT count(*) FROM ev WHERE id < timestamptz '1960-01-01';

-- now() and other stable times: a bound in the index condition, the
-- comparison itself as a filter (the time is after all of the data, so
-- the index is the cheapest)
EXPLAIN (COSTS OFF) SELECT count(*) FROM ev WHERE id >= now() - interval '1 day';
EXPLAIN (COSTS OFF) SELECT count(*) FROM ev WHERE now() - interval '1 day' < id;
-- a date, through its implicit cast to timestamptz (stable: TimeZone)
EXPLAIN (COSTS OFF) SELECT count(*) FROM ev WHERE id >= date '2026-03-10';
SELECT count(*) FROM ev WHERE id >= date '2026-03-10';
-- through an inlined SQL function: rewritten once, after the inlining
CREATE FUNCTION since(id scru128, t timestamptz) RETURNS boolean
	LANGUAGE sql IMMUTABLE AS 'SELECT id >= t';
EXPLAIN (COSTS OFF) SELECT count(*) FROM ev WHERE since(id, now() - interval '1 day');
EXPLAIN (COSTS OFF) SELECT count(*) FROM ev WHERE since(id, timestamptz '2026-03-10 12:00');
-- a volatile time is compared row by row, unchanged
EXPLAIN (COSTS OFF) SELECT count(*) FROM ev WHERE id >= clock_timestamp();

-- a generic plan's parameter
PREPARE q(timestamptz, timestamptz) AS
	SELECT count(*) FROM ev WHERE id >= $1 AND id < $2;
SET plan_cache_mode = force_generic_plan;
EXPLAIN (COSTS OFF) EXECUTE q('2026-03-10', '2026-03-10 01:00');
EXECUTE q('2026-03-10', '2026-03-10 01:00');
EXECUTE q('-infinity', 'infinity');
-- and a custom plan's constants
SET plan_cache_mode = force_custom_plan;
EXPLAIN (COSTS OFF) EXECUTE q('2026-03-10', '2026-03-10 01:00');
EXECUTE q('2026-03-10', '2026-03-10 01:00');
RESET plan_cache_mode;
DEALLOCATE q;

-- an outer reference: the bound is a parameter of the subplan
SELECT plan($$
SELECT p.t, (SELECT count(*) FROM ev WHERE id >= p.t AND id < p.t + interval '1 hour')
FROM (VALUES (timestamptz '2026-03-10'), ('2026-03-11')) AS p(t)$$);
SELECT p.t, (SELECT count(*) FROM ev WHERE id >= p.t AND id < p.t + interval '1 hour')
FROM (VALUES (timestamptz '2026-03-10'), ('2026-03-11')) AS p(t);

-- the rewrite is the comparison as a value too: under NOT, and NULL
SELECT NOT (id >= t) AS not_ge, id >= t AS ge
FROM (VALUES (NULL::scru128), (scru128_from_fields(1773144000000, 0, 0, 0))) AS v(id),
	 (VALUES (NULL::timestamptz), ('2026-03-10 12:00'), ('infinity')) AS p(t);

-- the other types
CREATE TABLE ev_uuid (id uuid PRIMARY KEY);
INSERT INTO ev_uuid SELECT id::uuid FROM ev;
CREATE TABLE ev64 (id scru64 PRIMARY KEY);
INSERT INTO ev64 SELECT scru64_from_parts((1772323200000 + i * 20000) / 256, i) FROM generate_series(0, 43199) AS i;
CREATE TABLE ev160 (id scru160 PRIMARY KEY);
INSERT INTO ev160 SELECT scru160_from_fields(1772323200000 + i * 20000, 0, 0, '\x00000000000000000000') FROM generate_series(0, 43199) AS i;
VACUUM ANALYZE ev_uuid, ev64, ev160;
EXPLAIN (COSTS OFF) SELECT count(*) FROM ev_uuid WHERE id >= timestamptz '2026-03-10 12:00';
EXPLAIN (COSTS OFF) SELECT count(*) FROM ev_uuid WHERE id >= now() - interval '1 day';
-- scru64: ticks of 256 ms; 12:00:00.1 is in the tick that starts at
-- 11:59:59.936, so ">= 12:00:00.1" starts at the next tick, 12:00:00.192
EXPLAIN (COSTS OFF) SELECT count(*) FROM ev64 WHERE id >= timestamptz '2026-03-10 12:00:00.1';
SELECT scru64_timestamp(scru64_time_lower('2026-03-10 12:00:00.1', true));
EXPLAIN (COSTS OFF) SELECT count(*) FROM ev64 WHERE id >= now() - interval '1 day';
EXPLAIN (COSTS OFF) SELECT count(*) FROM ev160 WHERE id >= timestamptz '2026-03-10 12:00';

--
-- BRIN
--
CREATE TABLE ev_brin (id scru128, payload integer) WITH (fillfactor = 100);
INSERT INTO ev_brin SELECT * FROM ev ORDER BY id;
CREATE INDEX ev_brin_id ON ev_brin USING brin (id) WITH (pages_per_range = 4);
VACUUM ANALYZE ev_brin;
EXPLAIN (COSTS OFF) SELECT count(*) FROM ev_brin WHERE id >= timestamptz '2026-03-10 23:00';
SELECT count(*) FROM ev_brin WHERE id >= timestamptz '2026-03-10 23:00';
EXPLAIN (COSTS OFF) SELECT count(*) FROM ev_brin WHERE id >= now() - interval '1 day';

--
-- Partitions by ranges of IDs from scru128_partition_bounds: pruning at
-- plan time for constants, at executor start for now() and parameters
--
CREATE TABLE pt (id scru128 NOT NULL, payload integer) PARTITION BY RANGE (id);
DO $$
DECLARE
	b record;
BEGIN
	FOR b IN SELECT * FROM scru128_partition_bounds('2026-01-01', '2026-05-01', '1 month') LOOP
		EXECUTE format('CREATE TABLE %I PARTITION OF pt FOR VALUES FROM (%L) TO (%L)',
					   'pt_' || b.name_suffix, b.lower, b.upper);
	END LOOP;
END
$$;
INSERT INTO pt SELECT * FROM ev;
ANALYZE pt;
EXPLAIN (COSTS OFF) SELECT count(*) FROM pt WHERE id >= timestamptz '2026-03-15';
EXPLAIN (COSTS OFF) SELECT count(*) FROM pt WHERE timestamptz '2026-02-01' > id;
-- a contradiction: nothing to scan
SELECT plan($$SELECT count(*) FROM pt WHERE id >= timestamptz '2026-03-02' AND id < timestamptz '2026-03-01'$$);
SELECT plan($$SELECT count(*) FROM pt WHERE id > timestamptz 'infinity'$$);
-- a generic plan: pruned at executor start
PREPARE qp(timestamptz, timestamptz) AS
	SELECT count(*) FROM pt WHERE id >= $1 AND id < $2;
SET plan_cache_mode = force_generic_plan;
EXPLAIN (COSTS OFF) EXECUTE qp('2026-03-10', '2026-03-11');
EXECUTE qp('2026-03-10', '2026-03-11');
RESET plan_cache_mode;
DEALLOCATE qp;

-- partitions of ten days around now(): now() - 1 day is in the third one
CREATE TABLE pn (id scru128 NOT NULL, payload integer) PARTITION BY RANGE (id);
DO $$
DECLARE
	b record;
	n integer := 0;
BEGIN
	FOR b IN SELECT * FROM scru128_partition_bounds(now() - interval '30 days', now() + interval '10 days', '10 days')
			 ORDER BY lower LOOP
		EXECUTE format('CREATE TABLE %I PARTITION OF pn FOR VALUES FROM (%L) TO (%L)', 'pn_' || n, b.lower, b.upper);
		n := n + 1;
	END LOOP;
END
$$;
EXPLAIN (COSTS OFF) SELECT count(*) FROM pn WHERE id >= now() - interval '1 day';
EXPLAIN (COSTS OFF) SELECT count(*) FROM pn WHERE id < now() - interval '25 days';

DROP TABLE ev, ev_uuid, ev64, ev160, ev_brin, pt, pn;
DROP FUNCTION plan(text), since(scru128, timestamptz);
