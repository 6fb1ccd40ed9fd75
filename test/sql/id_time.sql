--
-- test/sql/id_time.sql: the body of the regression tests scru128_time,
-- scru160_time, scru64_time and uuid_time, which run it with \i after
-- setting psql variables for their type:
--
--   typ          the type
--   ts_of        the expression of the time of id (the ts column)
--   id_of        an ID of timestamp ms (bigint, Unix milliseconds) and
--                row number i, the rest random
--   unit_us      microseconds of one timestamp unit
--   kmax         the largest timestamp
--   smallest, largest, second_unit (the smallest ID of timestamp 1),
--   last_unit (the smallest ID of timestamp kmax): IDs as text
--
-- 30 000 IDs over a day (several in some units, and the smallest and
-- largest IDs), and probes: random instants, the exact time of IDs and
-- 1 us around it, the last microsecond of a unit, the infinities, times
-- before 1970 and after the last representable one, NULL.  Each count
-- through the ID (index scans with the time as a parameter, sequential
-- scans, constants) must equal the count by the ts column, the ID's time.
--
SELECT :'typ' || '_time_lower' AS time_lower, :'typ' || '_time_upper' AS time_upper,
	   :'typ' || '_time_lower_end' AS time_lower_end, :'typ' || '_time_upper_start' AS time_upper_start,
	   :'typ' || '_time_lt' AS time_lt, :'typ' || '_time_le' AS time_le,
	   :'typ' || '_time_gt' AS time_gt, :'typ' || '_time_ge' AS time_ge \gset

CREATE TEMP TABLE x (id :typ PRIMARY KEY, ts timestamptz NOT NULL);
INSERT INTO x (id, ts)
SELECT id, :ts_of
FROM (
	SELECT :id_of AS id
	FROM (SELECT i, CASE WHEN i % 10 = 0 THEN 1772323200000 + (i / 10 % 500) * 97
						 ELSE 1772323200000 + floor(random() * 86400000)::bigint END AS ms
		  FROM generate_series(1, 30000) AS i) AS g
	UNION
	SELECT CAST(:'smallest' AS :typ) UNION SELECT CAST(:'largest' AS :typ)
	UNION SELECT CAST(:'second_unit' AS :typ) UNION SELECT CAST(:'last_unit' AS :typ)
) AS s
ON CONFLICT DO NOTHING;
CREATE INDEX ON x (ts);
VACUUM ANALYZE x;
SELECT count(*) >= 30000 AS enough_ids, count(DISTINCT ts) < count(*) AS shared_times,
	   min(ts) = timestamptz 'epoch' AS has_epoch FROM x;

-- probes: t and a second time t2 for the other end of a window
CREATE TEMP TABLE probes (k serial, t timestamptz, t2 timestamptz);
INSERT INTO probes (t, t2) VALUES
	(NULL, 'infinity'), ('2026-03-01', NULL), (NULL, NULL),
	('-infinity', 'infinity'), ('-infinity', '-infinity'), ('infinity', 'infinity'),
	('-infinity', '1970-01-01 00:00:00+00'), ('-infinity', '1969-12-31 23:59:59.999999+00'),
	('4714-11-24 00:00:00+00 BC', '1960-01-01'), ('1969-12-31 23:59:59.999999+00', '1970-01-01 00:00:00.000001+00'),
	('1970-01-01 00:00:00+00', timestamptz 'epoch' + (:unit_us - 1) * interval '1 us'),
	('1970-01-01 00:00:00.000001+00', timestamptz 'epoch' + :unit_us * interval '1 us'),
	('294276-12-31 23:59:59.999999+00', 'infinity'), ('10000-01-01', '294276-12-31 23:59:59.999999+00');
-- around the time of the largest ID, and past it
INSERT INTO probes (t, t2)
SELECT e + d1 * interval '1 us', e + d2 * interval '1 us'
FROM (SELECT timestamptz 'epoch' + :kmax * (:unit_us * interval '1 us') AS e) AS m,
	 (VALUES (-1, 0), (0, 1), (1, :unit_us - 1), (:unit_us - 1, :unit_us), (:unit_us, :unit_us + 1),
			 (-1, :unit_us + 1), (- :unit_us, -1)) AS v(d1, d2);
-- random instants of the day, windows of up to 20 minutes
INSERT INTO probes (t, t2)
SELECT t, t + floor(random() * 1200e6) * interval '1 us'
FROM (SELECT timestamptz '2026-03-01' + floor(random() * 86400e6) * interval '1 us' AS t
	  FROM generate_series(1, 600)) AS r;
-- the exact time of every 100th ID, 1 us around it, the last microsecond
-- of its unit; windows of a few units
INSERT INTO probes (t, t2)
SELECT ts + d * interval '1 us', ts + d * interval '1 us' + w * :unit_us * interval '1 us'
FROM (SELECT ts, row_number() OVER (ORDER BY id) AS n FROM x WHERE ts > 'epoch' AND ts < '3000-01-01') AS s,
	 (VALUES (-1, 1), (0, 3), (1, 0), (:unit_us - 1, 2)) AS v(d, w)
WHERE n % 100 = 0;
ANALYZE probes;
SELECT count(*) >= 1000 AS enough_probes FROM probes;

-- the expected counts, by the ts column (through its index)
CREATE TEMP TABLE expected AS
SELECT k,
	(SELECT count(*) FROM x WHERE ts >= p.t AND ts < p.t2) AS ge_lt,
	(SELECT count(*) FROM x WHERE ts > p.t AND ts <= p.t2) AS gt_le,
	CASE WHEN k <= 21 THEN (SELECT count(*) FROM x WHERE ts >= p.t) END AS ge,
	CASE WHEN k <= 21 THEN (SELECT count(*) FROM x WHERE ts <= p.t2) END AS le
FROM probes p;
SELECT count(*) FILTER (WHERE ge_lt > 0) > 500 AS windows_not_empty,
	   count(*) FILTER (WHERE gt_le > 0 AND ge_lt <> gt_le) > 200 AS edges_differ
FROM expected;

-- 1. through the index on id, the time an outer reference (a parameter of
-- the subplan), both operand orders, all four operators; single
-- comparisons at the extreme probes only (they count half the table)
CREATE TEMP TABLE by_index AS
SELECT k,
	(SELECT count(*) FROM x WHERE id >= p.t AND id < p.t2) AS ge_lt,
	(SELECT count(*) FROM x WHERE id > p.t AND id <= p.t2) AS gt_le,
	(SELECT count(*) FROM x WHERE p.t <= id AND p.t2 > id) AS le_gt_left,
	(SELECT count(*) FROM x WHERE p.t < id AND p.t2 >= id) AS lt_ge_left
FROM probes p;
SELECT count(*) AS probes,
	   count(*) FILTER (WHERE i.ge_lt IS DISTINCT FROM e.ge_lt OR i.gt_le IS DISTINCT FROM e.gt_le
						  OR i.le_gt_left IS DISTINCT FROM e.ge_lt OR i.lt_ge_left IS DISTINCT FROM e.gt_le) AS mismatches
FROM by_index i JOIN expected e USING (k);
SELECT count(*) AS extreme_probes,
	   count(*) FILTER (WHERE (SELECT count(*) FROM x WHERE id >= p.t) IS DISTINCT FROM e.ge
						  OR (SELECT count(*) FROM x WHERE p.t <= id) IS DISTINCT FROM e.ge
						  OR (SELECT count(*) FROM x WHERE id < p.t) IS DISTINCT FROM (SELECT count(*) FROM x) - e.ge
						  OR (SELECT count(*) FROM x WHERE p.t > id) IS DISTINCT FROM (SELECT count(*) FROM x) - e.ge
						  OR (SELECT count(*) FROM x WHERE id <= p.t2) IS DISTINCT FROM e.le
						  OR (SELECT count(*) FROM x WHERE p.t2 >= id) IS DISTINCT FROM e.le
						  OR (SELECT count(*) FROM x WHERE id > p.t2) IS DISTINCT FROM (SELECT count(*) FROM x) - e.le
						  OR (SELECT count(*) FROM x WHERE p.t2 < id) IS DISTINCT FROM (SELECT count(*) FROM x) - e.le) AS mismatches
FROM probes p JOIN expected e USING (k)
WHERE p.k <= 21 AND p.t IS NOT NULL AND p.t2 IS NOT NULL;

-- 2. a prepared statement's generic plan ($1, $2) and its custom plans
-- (constants), through PL/pgSQL
CREATE FUNCTION pg_temp.count_ids(t timestamptz, t2 timestamptz) RETURNS bigint[]
LANGUAGE plpgsql AS $$
BEGIN
	RETURN ARRAY[(SELECT count(*) FROM x WHERE id >= t AND id < t2),
				 (SELECT count(*) FROM x WHERE id > t AND id <= t2),
				 (SELECT count(*) FROM x WHERE t <= id AND t2 > id),
				 (SELECT count(*) FROM x WHERE t < id AND t2 >= id)];
END
$$;
SET plan_cache_mode = force_generic_plan;
SELECT count(*) AS probes,
	   count(*) FILTER (WHERE pg_temp.count_ids(p.t, p.t2) IS DISTINCT FROM ARRAY[e.ge_lt, e.gt_le, e.ge_lt, e.gt_le]) AS mismatches
FROM probes p JOIN expected e USING (k);
SET plan_cache_mode = force_custom_plan;
SELECT count(*) AS probes,
	   count(*) FILTER (WHERE pg_temp.count_ids(p.t, p.t2) IS DISTINCT FROM ARRAY[e.ge_lt, e.gt_le, e.ge_lt, e.gt_le]) AS mismatches
FROM probes p JOIN expected e USING (k)
WHERE p.k <= 40 OR p.k % 7 = 0;
RESET plan_cache_mode;

-- 3. sequential scans, a subset of the probes
SET enable_indexscan = off;
SET enable_indexonlyscan = off;
SET enable_bitmapscan = off;
SELECT count(*) AS probes,
	   count(*) FILTER (WHERE (SELECT count(*) FROM x WHERE id >= p.t AND id < p.t2) IS DISTINCT FROM e.ge_lt
						  OR (SELECT count(*) FROM x WHERE p.t < id AND p.t2 >= id) IS DISTINCT FROM e.gt_le) AS mismatches
FROM probes p JOIN expected e USING (k)
WHERE p.k <= 21 OR p.k % 97 = 0;
RESET enable_indexscan;
RESET enable_indexonlyscan;
RESET enable_bitmapscan;

-- 4. every ID at its own time, 1 us around it and at the end of its
-- unit, each comparison as a value (not only in WHERE): the operator
-- rewritten by the planner (the time a column of the other side of a
-- join), the operator itself (a volatile time is not rewritten), and the
-- functions without the rewrite; the bounds the planner puts in index
-- conditions are exact away from the ends of the range, and the ranges
-- between them exact everywhere
SELECT count(*) AS comparisons,
	   count(*) FILTER (WHERE
			(id < t) IS DISTINCT FROM (ts < t) OR (id <= t) IS DISTINCT FROM (ts <= t)
		 OR (id > t) IS DISTINCT FROM (ts > t) OR (id >= t) IS DISTINCT FROM (ts >= t)
		 OR (t < id) IS DISTINCT FROM (t < ts) OR (t <= id) IS DISTINCT FROM (t <= ts)
		 OR (t > id) IS DISTINCT FROM (t > ts) OR (t >= id) IS DISTINCT FROM (t >= ts)) AS rewritten,
	   count(*) FILTER (WHERE
			(id < tv) IS DISTINCT FROM (ts < t) OR (id <= tv) IS DISTINCT FROM (ts <= t)
		 OR (id > tv) IS DISTINCT FROM (ts > t) OR (id >= tv) IS DISTINCT FROM (ts >= t)
		 OR (tv < id) IS DISTINCT FROM (t < ts) OR (tv <= id) IS DISTINCT FROM (t <= ts)
		 OR (tv > id) IS DISTINCT FROM (t > ts) OR (tv >= id) IS DISTINCT FROM (t >= ts)) AS direct,
	   count(*) FILTER (WHERE
			:time_lt(id, t) IS DISTINCT FROM (ts < t) OR :time_le(id, t) IS DISTINCT FROM (ts <= t)
		 OR :time_gt(id, t) IS DISTINCT FROM (ts > t) OR :time_ge(id, t) IS DISTINCT FROM (ts >= t)) AS plain,
	   count(*) FILTER (WHERE ts > 'epoch' AND ts < '3000-01-01' AND (
			(id >= :time_lower(t, true)) IS DISTINCT FROM (ts >= t)
		 OR (id >= :time_lower(t, false)) IS DISTINCT FROM (ts > t)
		 OR (id <= :time_upper(t, true)) IS DISTINCT FROM (ts <= t)
		 OR (id <= :time_upper(t, false)) IS DISTINCT FROM (ts < t))) AS bounds,
	   count(*) FILTER (WHERE
			(id >= :time_lower(t, true) AND id <= :time_lower_end(t, true)) IS DISTINCT FROM (ts >= t)
		 OR (id >= :time_lower(t, false) AND id <= :time_lower_end(t, false)) IS DISTINCT FROM (ts > t)
		 OR (id <= :time_upper(t, true) AND id >= :time_upper_start(t, true)) IS DISTINCT FROM (ts <= t)
		 OR (id <= :time_upper(t, false) AND id >= :time_upper_start(t, false)) IS DISTINCT FROM (ts < t)) AS ranges
FROM x, LATERAL (SELECT ts + d * interval '1 us' AS t,
						ts + d * interval '1 us' + random() * interval '0' AS tv
				 FROM (VALUES (-1), (0), (1), (:unit_us - 1), (:unit_us)) AS v(d)
				 WHERE ts + d * interval '1 us' < '294276-01-01') AS p;

-- 5. constants, NULL and the ends of the range, as values
SELECT v.id IS NULL AS null_id,
	   v.id >= timestamptz '-infinity' AS ge_minus_inf, v.id < timestamptz '-infinity' AS lt_minus_inf,
	   v.id > timestamptz 'infinity' AS gt_inf, v.id <= timestamptz 'infinity' AS le_inf,
	   NOT (v.id >= timestamptz '1960-01-01') AS not_ge_1960, NOT (v.id < timestamptz '10000-01-01 00:00:00+00') AS not_lt_10000,
	   v.id >= NULL::timestamptz AS ge_null, timestamptz 'infinity' >= v.id AS inf_ge,
	   v.id BETWEEN timestamptz '1970-01-01 00:00:00+00' AND timestamptz 'epoch' + (:unit_us - 1) * interval '1 us' AS in_first_unit
FROM (VALUES (CAST(NULL AS :typ)), (CAST(:'smallest' AS :typ)), (CAST(:'second_unit' AS :typ)), (CAST(:'largest' AS :typ))) AS v(id);

-- the planner's forms: one exact comparison for a constant; two bounds
-- otherwise
SELECT :time_lower('1960-01-01', true) = CAST(:'smallest' AS :typ) AS lower_before,
	   :time_lower('infinity', true) = CAST(:'largest' AS :typ) AS lower_after,
	   :time_upper('-infinity', false) = CAST(:'smallest' AS :typ) AS upper_before,
	   :time_upper('infinity', false) = CAST(:'largest' AS :typ) AS upper_after,
	   :time_lower('1970-01-01 00:00:00.000001+00', true) = CAST(:'second_unit' AS :typ) AS lower_rounds_up,
	   :time_lower('1970-01-01 00:00:00+00', false) = CAST(:'second_unit' AS :typ) AS lower_exclusive,
	   :time_lower_end('infinity', true) = CAST(:'smallest' AS :typ) AS lower_end_none,
	   :time_lower_end('-infinity', false) = CAST(:'largest' AS :typ) AS lower_end_all,
	   :time_upper_start('-infinity', true) = CAST(:'largest' AS :typ) AS upper_start_none,
	   :time_upper_start('infinity', false) = CAST(:'smallest' AS :typ) AS upper_start_all;
