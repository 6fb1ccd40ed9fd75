--
-- UUID generators: uuidv7(), uuidv7(interval), uuidv4(), uuidv6(),
-- uuidv7_at(); their errors and boundaries.  The extension's functions are
-- called schema-qualified (unqualified, PostgreSQL 18 gives core's).
--
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS scru128;
RESET client_min_messages;

-- the SQLSTATE and message of a statement, or 'ok'
CREATE FUNCTION pg_temp.uuid_try(stmt text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
	detail text;
BEGIN
	EXECUTE stmt;
	RETURN 'ok';
EXCEPTION WHEN others THEN
	GET STACKED DIAGNOSTICS detail = PG_EXCEPTION_DETAIL;
	RETURN SQLSTATE || ': ' || SQLERRM || coalesce(' / ' || nullif(detail, ''), '');
END
$$;

--
-- 1. A million uuidv7() in one session strictly increase, each of version 7
--    and the RFC variant, each within a second of clock_timestamp()
--
CREATE TEMP TABLE v7_run AS
	SELECT n, public.uuidv7() AS u, clock_timestamp() AS t
	FROM generate_series(1, 1000000) AS n;
SELECT count(*) AS n,
	   count(*) FILTER (WHERE u <= prev) AS not_increasing,
	   count(DISTINCT u) AS distinct_values,
	   bool_and(public.uuid_extract_version(u) = 7) AS all_v7,
	   bool_and(get_byte(uuid_send(u), 8) >> 6 = 2) AS all_rfc_variant,
	   bool_and(abs(extract(epoch FROM public.scru128_uuid_timestamp(u) - t)) < 1) AS within_1s
FROM (SELECT u, t, lag(u) OVER (ORDER BY n) AS prev FROM v7_run) s;
DROP TABLE v7_run;

-- rand_a is the sub-millisecond fraction: values of one millisecond are
-- ordered by it, and it spreads over the millisecond
CREATE TEMP TABLE v7_fraction AS
	SELECT (get_byte(uuid_send(u), 6) & 15) * 256 + get_byte(uuid_send(u), 7) AS rand_a,
		   public.scru128_uuid_timestamp(u) AS ms
	FROM (SELECT public.uuidv7() AS u FROM generate_series(1, 100000)) s;
SELECT min(rand_a) >= 0 AND max(rand_a) <= 4095 AS in_range,
	   count(DISTINCT rand_a) > 2000 AS spread
FROM v7_fraction;
DROP TABLE v7_fraction;

--
-- 2. The same for uuidv6(): version 6, the multicast bit of the node set,
--    one clock sequence and node per backend
--
CREATE TEMP TABLE v6_run AS
	SELECT n, public.uuidv6() AS u, clock_timestamp() AS t
	FROM generate_series(1, 1000000) AS n;
SELECT count(*) AS n,
	   count(*) FILTER (WHERE u <= prev) AS not_increasing,
	   count(DISTINCT u) AS distinct_values,
	   bool_and(public.uuid_extract_version(u) = 6) AS all_v6,
	   bool_and(get_byte(uuid_send(u), 8) >> 6 = 2) AS all_rfc_variant,
	   bool_and(get_byte(uuid_send(u), 10) & 1 = 1) AS multicast_bit,
	   count(DISTINCT substring(uuid_send(u) FROM 9)) AS clock_seq_and_nodes,
	   bool_and(abs(extract(epoch FROM public.scru128_uuid_timestamp(u) - t)) < 1) AS within_1s
FROM (SELECT u, t, lag(u) OVER (ORDER BY n) AS prev FROM v6_run) s;

-- v6 -> v1 -> v6 round trips, and the v1 has the same time
SELECT count(*) FILTER (WHERE public.uuid_v1_to_v6(public.uuid_v6_to_v1(u)) <> u) AS round_trip_failures,
	   count(*) FILTER (WHERE public.scru128_uuid_timestamp(public.uuid_v6_to_v1(u)) <> public.scru128_uuid_timestamp(u)) AS time_differs,
	   bool_and(public.uuid_extract_version(public.uuid_v6_to_v1(u)) = 1) AS all_v1
FROM v6_run WHERE n % 1000 = 0;
DROP TABLE v6_run;

--
-- 3. uuidv4(): random, version 4
--
SELECT count(DISTINCT u) AS distinct_values,
	   bool_and(public.uuid_extract_version(u) = 4) AS all_v4,
	   bool_and(get_byte(uuid_send(u), 8) >> 6 = 2) AS all_rfc_variant,
	   bool_and(public.scru128_uuid_timestamp(u) IS NULL) AS no_timestamp,
	   count(DISTINCT get_byte(uuid_send(u), 15)) AS last_byte_values
FROM (SELECT public.uuidv4() AS u FROM generate_series(1, 10000)) s;

--
-- 4. uuidv7(interval): the time moved by the interval; core's errors
--
SELECT abs(extract(epoch FROM public.scru128_uuid_timestamp(public.uuidv7(s)) - (clock_timestamp() + s))) < 1 AS shifted,
	   s
FROM (VALUES (interval '0'), ('-1 day'), ('1 year'), ('-50 years'), ('8000 years 2 months')) AS v(s)
ORDER BY s;
SELECT public.scru128_uuid_timestamp(public.uuidv7(make_interval(secs =>
		   extract(epoch FROM timestamptz '1970-01-01 00:00:00.5+00') - extract(epoch FROM now()))))
	   BETWEEN '1970-01-01 00:00:00+00' AND '1970-01-01 00:00:02+00' AS near_epoch;
SELECT s, pg_temp.uuid_try(format('SELECT public.uuidv7(%L::interval)', s)) AS result
FROM (VALUES ('-100 years'), ('10000 years'), ('-290000 years'), ('1000000 years')) AS v(s)
ORDER BY s;
-- infinite intervals exist since PostgreSQL 17; before, 'infinity' is no interval
SELECT pg_temp.uuid_try($$SELECT public.uuidv7('infinity'::interval)$$) =
	   CASE WHEN current_setting('server_version_num')::int >= 170000
			THEN '22008: interval out of range for UUID version 7 / UUID version 7 does not support infinite intervals.'
			ELSE '22007: invalid input syntax for type interval: "infinity"' END AS infinity_refused,
	   pg_temp.uuid_try($$SELECT public.uuidv7('-infinity'::interval)$$) =
	   CASE WHEN current_setting('server_version_num')::int >= 170000
			THEN '22008: interval out of range for UUID version 7 / UUID version 7 does not support infinite intervals.'
			ELSE '22007: invalid input syntax for type interval: "-infinity"' END AS minus_infinity_refused;
-- on PostgreSQL 18, core's uuidv7(interval) gives exactly the same errors
SELECT s,
	   CASE WHEN to_regprocedure('pg_catalog.uuidv7(interval)') IS NULL THEN true
			ELSE pg_temp.uuid_try(format('SELECT pg_catalog.uuidv7(%L::interval)', s)) =
				 pg_temp.uuid_try(format('SELECT public.uuidv7(%L::interval)', s)) END AS same_as_core
FROM (VALUES ('-100 years'), ('10000 years'), ('-290000 years'), ('infinity'), ('-infinity'), ('1 day')) AS v(s)
ORDER BY s;
-- the last instant is core's (18.6): 10889-08-02 05:31:50.655 UTC, the
-- first microsecond of the last millisecond; a shift that lands 500 us
-- before it is taken, one that lands 500 us after it is refused (the
-- shift is measured from clock_timestamp(), read a few microseconds before
-- the call reads the clock; UTC so that the days of the interval are 24 h)
BEGIN;
SET LOCAL TimeZone = 'UTC';
-- no parallel worker: starting one takes longer than the 500 us margin
-- (core's uuidv7(interval) is parallel safe, so the parallel suite would
-- run it in a worker, after the clock_timestamp() it is measured from)
SET LOCAL max_parallel_workers = 0;
SELECT d, pg_temp.uuid_try(format('SELECT public.uuidv7(%L::interval)',
		   timestamptz '10889-08-02 05:31:50.655+00' + d - clock_timestamp())) AS result
FROM (VALUES (interval '-0.0005 s'), (interval '0.0005 s')) AS v(d)
ORDER BY d;
SELECT public.scru128_uuid_timestamp(public.uuidv7(timestamptz '10889-08-02 05:31:50.6545+00' - clock_timestamp()))
	   = '10889-08-02 05:31:50.654+00' AS below_edge_ms;
-- and on 18.6 and later core's function answers the same at both sides
SELECT d,
	   CASE WHEN to_regprocedure('pg_catalog.uuidv7(interval)') IS NULL THEN true
			ELSE pg_temp.uuid_try(format('SELECT pg_catalog.uuidv7(%L::interval)',
					 timestamptz '10889-08-02 05:31:50.655+00' + d - clock_timestamp())) =
				 pg_temp.uuid_try(format('SELECT public.uuidv7(%L::interval)',
					 timestamptz '10889-08-02 05:31:50.655+00' + d - clock_timestamp())) END AS same_as_core
FROM (VALUES (interval '-0.0005 s'), (interval '0.0005 s')) AS v(d)
ORDER BY d;
COMMIT;
SELECT public.uuidv7(NULL) IS NULL AS strict;

--
-- 5. uuidv7_at(): the given millisecond, random below it; the range of v7
--
SELECT public.scru128_uuid_timestamp(u) AS ts, public.uuid_extract_version(u) AS version,
	   get_byte(uuid_send(u), 8) >> 6 = 2 AS rfc_variant
FROM (SELECT public.uuidv7_at('2022-02-22 14:22:22.123789-05') AS u) s;
SELECT count(DISTINCT u) AS distinct_values,
	   count(DISTINCT public.scru128_uuid_timestamp(u)) AS timestamps,
	   count(DISTINCT (get_byte(uuid_send(u), 6) & 15) * 256 + get_byte(uuid_send(u), 7)) > 700 AS rand_a_random,
	   bool_and(u BETWEEN public.uuidv7_min('2022-02-22 19:22:22.123+00')
					  AND public.uuidv7_max('2022-02-22 19:22:22.123+00')) AS within_bounds
FROM (SELECT public.uuidv7_at('2022-02-22 19:22:22.123456+00') AS u FROM generate_series(1, 1000)) s;
-- (about 887 of 4096 rand_a values expected among 1000 random ones)
-- an untyped literal is a timestamptz (no type is named uuidv7_at)
SELECT public.scru128_uuid_timestamp(public.uuidv7_at('2024-01-01 00:00:00+00')) = '2024-01-01 00:00:00+00' AS literal;
SELECT t, pg_temp.uuid_try(format('SELECT public.uuidv7_at(%L::timestamptz)', t)) AS result
FROM (VALUES ('1970-01-01 00:00:00+00'), ('1969-12-31 23:59:59.999999+00'),
			 ('10889-08-02 05:31:50.655999+00'), ('10889-08-02 05:31:50.656+00'),
			 ('infinity'), ('-infinity')) AS v(t)
ORDER BY t;

--
-- 6. Not of the RFC 9562 variant: no version, no timestamp, no conversion
--
SELECT u, public.uuid_extract_version(u) AS version, public.scru128_uuid_timestamp(u) AS ts,
	   public.uuid_extract_timestamp(u) AS extract_ts,
	   pg_temp.uuid_try(format('SELECT public.uuid_v1_to_v6(%L)', u)) AS to_v6,
	   pg_temp.uuid_try(format('SELECT public.uuid_v6_to_v1(%L)', u)) AS to_v1
FROM (VALUES ('c232ab00-9414-11ec-03c8-9f6bdeced846'::uuid),
			 ('1ec9414c-232a-6b00-f3c8-9f6bdeced846'),
			 ('00000000-0000-0000-0000-000000000000'),
			 ('ffffffff-ffff-ffff-ffff-ffffffffffff')) AS v(u)
ORDER BY u;
-- the extremes of the RFC variant
SELECT u, public.uuid_extract_version(u) AS version,
	   public.scru128_uuid_timestamp(u) AT TIME ZONE 'UTC' AS ts
FROM (VALUES ('00000000-0000-1000-8000-000000000000'::uuid),
			 ('ffffffff-ffff-1fff-bfff-ffffffffffff'),
			 ('00000000-0000-6000-8000-000000000000'),
			 ('ffffffff-ffff-6fff-bfff-ffffffffffff'),
			 ('00000000-0000-7000-8000-000000000000'),
			 ('ffffffff-ffff-7fff-bfff-ffffffffffff'),
			 ('ffffffff-ffff-ffff-bfff-ffffffffffff')) AS v(u)
ORDER BY u;
