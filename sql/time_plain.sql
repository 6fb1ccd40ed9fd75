--
-- time_plain: what the planner does not rewrite.
-- X_time_lt, X_time_le, X_time_gt and X_time_ge are the comparisons of
-- the operators left as they are, whatever the time: a constant, now(), a
-- parameter (they are the escape hatch from the rewrite and the oracle of
-- its tests).  The shipped SQL of 1.2 names the support function on them:
-- it must leave them alone.  And a comparison whose time or ID holds a
-- subquery run per row is not rewritten either: the range names each side
-- twice, so the subquery would run twice per row.  An uncorrelated scalar
-- subquery becomes an initplan, run once per scan, and is rewritten.
--
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS scru128;
RESET client_min_messages;
SET TimeZone = 'UTC';

-- the condition lines of EXPLAIN (COSTS OFF)
CREATE FUNCTION conditions(query text) RETURNS SETOF text LANGUAGE plpgsql AS $$
DECLARE
	line text;
BEGIN
	FOR line IN EXECUTE 'EXPLAIN (COSTS OFF) ' || query LOOP
		CONTINUE WHEN line !~ '(Filter|Cond): ';
		RETURN NEXT btrim(line);
	END LOOP;
END
$$;
-- how many subplans (and initplans) the plan has, and whether a comparison
-- with a time became a range between bound functions of it
CREATE FUNCTION shape(query text, OUT subplans integer, OUT rewritten boolean)
LANGUAGE plpgsql AS $$
DECLARE
	line text;
BEGIN
	subplans := 0;
	rewritten := false;
	FOR line IN EXECUTE 'EXPLAIN (COSTS OFF) ' || query LOOP
		IF line ~ '^\s*(->\s*)?(SubPlan|InitPlan)\M' THEN
			subplans := subplans + 1;
		END IF;
		rewritten := rewritten OR line ~ '_time_(lower|upper)';
	END LOOP;
END
$$;

-- a day of IDs of each type, one every 2 minutes from 2026-03-01
CREATE TABLE tp_scru128 (id scru128 PRIMARY KEY);
INSERT INTO tp_scru128
SELECT scru128_from_fields(1772323200000 + i * 120000, i, 0, 0) FROM generate_series(0, 719) AS i;
CREATE TABLE tp_scru160 (id scru160 PRIMARY KEY);
INSERT INTO tp_scru160
SELECT scru160_from_fields(1772323200000 + i * 120000, 0, 0, '\x00000000000000000000') FROM generate_series(0, 719) AS i;
CREATE TABLE tp_scru64 (id scru64 PRIMARY KEY);
INSERT INTO tp_scru64
SELECT scru64_from_parts((1772323200000 + i * 120000) / 256, i) FROM generate_series(0, 719) AS i;
CREATE TABLE tp_uuid (id uuid PRIMARY KEY);
INSERT INTO tp_uuid SELECT id::uuid FROM tp_scru128;
VACUUM ANALYZE tp_scru128, tp_scru160, tp_scru64, tp_uuid;

--
-- 1. X_time_OP: a function call in the plan, not a comparison of IDs
--
-- a constant time
SELECT conditions($$SELECT * FROM tp_scru128 WHERE scru128_time_lt(id, timestamptz '2026-03-01 12:00')
	AND scru128_time_le(id, timestamptz '2026-03-01 12:00') AND scru128_time_gt(id, timestamptz '2026-03-01 12:00')
	AND scru128_time_ge(id, timestamptz '2026-03-01 12:00')$$);
SELECT conditions($$SELECT * FROM tp_scru160 WHERE scru160_time_lt(id, timestamptz '2026-03-01 12:00')
	AND scru160_time_le(id, timestamptz '2026-03-01 12:00') AND scru160_time_gt(id, timestamptz '2026-03-01 12:00')
	AND scru160_time_ge(id, timestamptz '2026-03-01 12:00')$$);
SELECT conditions($$SELECT * FROM tp_scru64 WHERE scru64_time_lt(id, timestamptz '2026-03-01 12:00')
	AND scru64_time_le(id, timestamptz '2026-03-01 12:00') AND scru64_time_gt(id, timestamptz '2026-03-01 12:00')
	AND scru64_time_ge(id, timestamptz '2026-03-01 12:00')$$);
SELECT conditions($$SELECT * FROM tp_uuid WHERE uuid_time_lt(id, timestamptz '2026-03-01 12:00')
	AND uuid_time_le(id, timestamptz '2026-03-01 12:00') AND uuid_time_gt(id, timestamptz '2026-03-01 12:00')
	AND uuid_time_ge(id, timestamptz '2026-03-01 12:00')$$);
-- the ends of the range, which the operators turn into "every ID" or "no ID"
SELECT conditions($$SELECT * FROM tp_scru128 WHERE scru128_time_ge(id, timestamptz '-infinity')
	AND scru128_time_le(id, timestamptz 'infinity')$$);
-- now()
SELECT conditions($$SELECT * FROM tp_scru128 WHERE scru128_time_lt(id, now()) AND scru128_time_le(id, now())
	AND scru128_time_gt(id, now() - interval '1 day') AND scru128_time_ge(id, now() - interval '1 day')$$);
SELECT conditions($$SELECT * FROM tp_scru160 WHERE scru160_time_lt(id, now()) AND scru160_time_le(id, now())
	AND scru160_time_gt(id, now() - interval '1 day') AND scru160_time_ge(id, now() - interval '1 day')$$);
SELECT conditions($$SELECT * FROM tp_scru64 WHERE scru64_time_lt(id, now()) AND scru64_time_le(id, now())
	AND scru64_time_gt(id, now() - interval '1 day') AND scru64_time_ge(id, now() - interval '1 day')$$);
SELECT conditions($$SELECT * FROM tp_uuid WHERE uuid_time_lt(id, now()) AND uuid_time_le(id, now())
	AND uuid_time_gt(id, now() - interval '1 day') AND uuid_time_ge(id, now() - interval '1 day')$$);
-- a generic plan's parameter, and a custom plan's constant
PREPARE p128(timestamptz) AS SELECT * FROM tp_scru128
	WHERE scru128_time_lt(id, $1) AND scru128_time_le(id, $1) AND scru128_time_gt(id, $1) AND scru128_time_ge(id, $1);
PREPARE p160(timestamptz) AS SELECT * FROM tp_scru160
	WHERE scru160_time_lt(id, $1) AND scru160_time_le(id, $1) AND scru160_time_gt(id, $1) AND scru160_time_ge(id, $1);
PREPARE p64(timestamptz) AS SELECT * FROM tp_scru64
	WHERE scru64_time_lt(id, $1) AND scru64_time_le(id, $1) AND scru64_time_gt(id, $1) AND scru64_time_ge(id, $1);
PREPARE puuid(timestamptz) AS SELECT * FROM tp_uuid
	WHERE uuid_time_lt(id, $1) AND uuid_time_le(id, $1) AND uuid_time_gt(id, $1) AND uuid_time_ge(id, $1);
SET plan_cache_mode = force_generic_plan;
EXPLAIN (COSTS OFF) EXECUTE p128('2026-03-01 12:00');
EXPLAIN (COSTS OFF) EXECUTE p160('2026-03-01 12:00');
EXPLAIN (COSTS OFF) EXECUTE p64('2026-03-01 12:00');
EXPLAIN (COSTS OFF) EXECUTE puuid('2026-03-01 12:00');
SET plan_cache_mode = force_custom_plan;
EXPLAIN (COSTS OFF) EXECUTE p128('2026-03-01 12:00');
EXPLAIN (COSTS OFF) EXECUTE p64('2026-03-01 12:00');
RESET plan_cache_mode;
DEALLOCATE ALL;
-- the operators of the same queries are rewritten (time_plans shows how)
SELECT count(*) AS rewritten FROM conditions($$SELECT * FROM tp_scru128 WHERE id >= timestamptz '2026-03-01 12:00'$$) AS c
WHERE c !~ 'time_';

-- the functions give what the operators give, at constants too: every ID
-- at its own time, 1 us before, the last microsecond of its unit
-- (256 ms for scru64), the infinities
CREATE FUNCTION mismatches(typ text, unit interval) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
	probe timestamptz;
	bad bigint := 0;
	n bigint;
BEGIN
	FOR probe IN
		SELECT DISTINCT p FROM (
			SELECT timestamptz '2026-03-01' + i * interval '2 min' + d AS p
			FROM generate_series(0, 719, 37) AS i,
				 (VALUES (interval '0'), (interval '-1 us'), (unit - interval '1 us')) AS v(d)
			UNION ALL VALUES (timestamptz '-infinity'), ('infinity'), ('1960-01-01')) AS s
	LOOP
		-- the time as a constant in the query, so that the operators are
		-- rewritten into comparisons with constant IDs
		EXECUTE format($q$SELECT count(*) FROM %I WHERE
			  %s_time_lt(id, %L) IS DISTINCT FROM (id < %L::timestamptz)
			OR %s_time_le(id, %L) IS DISTINCT FROM (id <= %L::timestamptz)
			OR %s_time_gt(id, %L) IS DISTINCT FROM (id > %L::timestamptz)
			OR %s_time_ge(id, %L) IS DISTINCT FROM (id >= %L::timestamptz)$q$,
			'tp_' || typ, typ, probe, probe, typ, probe, probe, typ, probe, probe, typ, probe, probe) INTO n;
		bad := bad + n;
	END LOOP;
	RETURN bad;
END
$$;
SELECT mismatches('scru128', '1 ms') AS scru128, mismatches('scru160', '1 ms') AS scru160,
	   mismatches('scru64', '256 ms') AS scru64, mismatches('uuid', '1 ms') AS uuid;
-- and they select what they should: IDs from 12:00 on, before 12:00
SELECT (SELECT count(*) FROM tp_scru128 WHERE scru128_time_ge(id, timestamptz '2026-03-01 12:00')) AS scru128_ge,
	   (SELECT count(*) FROM tp_scru160 WHERE scru160_time_lt(id, timestamptz '2026-03-01 12:00')) AS scru160_lt,
	   (SELECT count(*) FROM tp_scru64 WHERE scru64_time_gt(id, timestamptz '2026-03-01 12:00')) AS scru64_gt,
	   (SELECT count(*) FROM tp_uuid WHERE uuid_time_le(id, timestamptz '2026-03-01 12:00')) AS uuid_le;

--
-- 2. a subquery in the time or in the ID: not rewritten when it runs per
-- row; an initplan, run once per scan, is
--
CREATE TABLE tp_outer (k integer, t timestamptz);
INSERT INTO tp_outer VALUES (1, '2026-03-01 06:00'), (2, '2026-03-01 12:00'), (3, '2026-03-01 23:00');
ANALYZE tp_outer;
-- correlated with the outer row of a join, either operand order: one
-- subplan (two when the time was copied into both bounds of a range)
SELECT * FROM shape($$SELECT count(*) FROM tp_outer o JOIN tp_scru128 e
	ON e.id >= (SELECT t FROM tp_outer o2 WHERE o2.k = o.k)$$);
SELECT count(*) FROM tp_outer o JOIN tp_scru128 e ON e.id >= (SELECT t FROM tp_outer o2 WHERE o2.k = o.k);
SELECT * FROM shape($$SELECT count(*) FROM tp_outer o JOIN tp_scru64 e
	ON (SELECT t FROM tp_outer o2 WHERE o2.k = o.k) > e.id$$);
SELECT count(*) FROM tp_outer o JOIN tp_scru64 e ON (SELECT t FROM tp_outer o2 WHERE o2.k = o.k) > e.id;
-- the same by the time of each ID
SELECT count(*) FROM tp_outer o JOIN tp_scru128 e ON scru128_timestamp(e.id) >= o.t;
SELECT count(*) FROM tp_outer o JOIN tp_scru64 e ON o.t > scru64_timestamp(e.id);
-- in a subquery of the select list: its subplan and, inside, the time's,
-- an initplan of it (its correlation is with the outer query), rewritten:
-- one initplan per bound, each run once per outer row
SELECT * FROM shape($$SELECT o.k, (SELECT count(*) FROM tp_scru160 e
	WHERE e.id < (SELECT t FROM tp_outer o2 WHERE o2.k = o.k)) FROM tp_outer o$$);
SELECT o.k, (SELECT count(*) FROM tp_scru160 e WHERE e.id < (SELECT t FROM tp_outer o2 WHERE o2.k = o.k)) AS n
FROM tp_outer o ORDER BY o.k;
-- uncorrelated: rewritten, one initplan per bound, each run once
SELECT * FROM shape($$SELECT count(*) FROM tp_uuid WHERE id < (SELECT max(t) FROM tp_outer)$$);
SELECT count(*) FROM tp_uuid WHERE id < (SELECT max(t) FROM tp_outer);
-- a subquery in the ID, the time an outer reference
SELECT * FROM shape($$SELECT o.k FROM tp_outer o
	WHERE (SELECT id FROM tp_scru160 WHERE scru160_timestamp(id) > o.t ORDER BY id LIMIT 1) > o.t$$);
SELECT o.k FROM tp_outer o
WHERE (SELECT id FROM tp_scru160 WHERE scru160_timestamp(id) > o.t ORDER BY id LIMIT 1) > o.t
ORDER BY o.k;
-- the same time from a join, no subquery: rewritten into a range, which
-- an index scan takes
SELECT conditions($$SELECT count(*) FROM tp_outer o JOIN tp_scru128 e ON e.id >= o.t WHERE o.k = 2$$);

DROP TABLE tp_scru128, tp_scru160, tp_scru64, tp_uuid, tp_outer;
DROP FUNCTION conditions(text), shape(text), mismatches(text, interval);
