--
-- scru128() and scru128(timestamptz): the generators
--
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS scru128;
RESET client_min_messages;

-- one million IDs from one session, over two transactions, in order
CREATE TABLE gen_ids (n bigserial, id scru128, at timestamptz);
BEGIN;
INSERT INTO gen_ids (id, at) SELECT scru128(), clock_timestamp() FROM generate_series(1, 500000);
COMMIT;
BEGIN;
INSERT INTO gen_ids (id, at) SELECT scru128(), clock_timestamp() FROM generate_series(1, 500000);
COMMIT;

SELECT count(*) AS ids,
	   count(*) FILTER (WHERE id <= prev) AS not_increasing,
	   count(DISTINCT id) AS distinct_ids
FROM (SELECT id, lag(id) OVER (ORDER BY n) AS prev FROM gen_ids) s;

-- timestamps follow the clock (within a second; a counter overflow may run ahead)
SELECT count(*) FILTER (WHERE abs(extract(epoch FROM scru128_timestamp(id) - at)) >= 1) AS off_clock
FROM gen_ids;

-- the counters follow the spec: counter_lo + 1 within a millisecond (or a
-- carry into counter_hi); counter_hi renewed once a second, never sooner
CREATE TABLE gen_fields AS
	SELECT n, scru128_timestamp_ms(id) AS ts, scru128_counter_hi(id) AS hi,
		   scru128_counter_lo(id) AS lo FROM gen_ids;
CREATE TABLE gen_steps AS
	SELECT ts, hi, lo, lag(ts) OVER w AS pts, lag(hi) OVER w AS phi, lag(lo) OVER w AS plo
	FROM gen_fields WINDOW w AS (ORDER BY n);
SELECT count(*) FILTER (WHERE ts = pts AND hi = phi AND lo <> plo + 1) AS bad_increment,
	   count(*) FILTER (WHERE ts = pts AND hi <> phi AND NOT (lo = 0 AND hi = phi + 1)) AS bad_carry,
	   count(*) FILTER (WHERE ts < pts) AS timestamp_decreased
FROM gen_steps;
-- renewals: the first ID, and every change of counter_hi with the timestamp
SELECT count(*) FILTER (WHERE ts - prev_renewal < 1000) AS early_renewals,
	   count(*) >= (max(ts) - min(ts)) / 1000 AS renewed_every_second
FROM (SELECT ts, lag(ts) OVER (ORDER BY ts) AS prev_renewal
	  FROM gen_steps WHERE pts IS NULL OR (ts > pts AND hi <> phi)) r;
SELECT count(*) = 0 AS no_stale_counter_hi
FROM (SELECT ts, max(ts) FILTER (WHERE pts IS NULL OR (ts > pts AND hi <> phi))
				 OVER (ORDER BY ts ROWS UNBOUNDED PRECEDING) AS last_renewal
	  FROM gen_steps) s
WHERE ts - last_renewal >= 1000;

-- entropy is fresh for every ID: about half of each bit set
SELECT bool_and(ratio BETWEEN 0.49 AND 0.51) AS entropy_bits_balanced
FROM (SELECT b, avg(((scru128_entropy(id) >> b) & 1)::float8) AS ratio
	  FROM gen_ids, generate_series(0, 31) b GROUP BY b) s;

-- and a second call later in the session continues after all of these
SELECT scru128() > (SELECT max(id) FROM gen_ids) AS continues;
SELECT count(DISTINCT scru128()) AS distinct_in_one_query FROM generate_series(1, 1000);

-- scru128(timestamptz): the given millisecond, fresh random fields, no state
SET TimeZone = 'UTC';
SELECT scru128_timestamp_ms(scru128(timestamptz '2024-01-01 00:00:00.123456+00')) AS ms,
	   scru128_timestamp(scru128(timestamptz '2024-01-01 00:00:00.123456+00')) AS ts;
SELECT count(DISTINCT id) AS distinct_ids,
	   count(DISTINCT scru128_counter_hi(id)) > 900 AS random_counter_hi,
	   count(DISTINCT scru128_counter_lo(id)) > 900 AS random_counter_lo,
	   count(DISTINCT scru128_timestamp_ms(id)) AS one_millisecond
FROM (SELECT scru128(timestamptz '2024-01-01 00:00:00.123+00') AS id
	  FROM generate_series(1, 1000)) s;
SELECT scru128_timestamp(scru128(now())) = date_trunc('milliseconds', now()) AS now_ok;
SELECT scru128() > scru128(timestamptz '2024-01-01 00:00:00+00') AS history_sorts_first;
SELECT scru128_timestamp_ms(scru128(timestamptz '1970-01-01 00:00:00.001+00')) AS first_usable_ms,
	   scru128_timestamp_ms(scru128(timestamptz '10889-08-02 05:31:50.654+00')) AS last_usable_ms;
-- the reserved timestamps and anything outside 48 bits are refused
SELECT scru128(timestamptz '1970-01-01 00:00:00+00');
SELECT scru128(timestamptz '1969-12-31 23:59:59+00');
SELECT scru128(timestamptz '10889-08-02 05:31:50.655+00');
SELECT scru128(timestamptz 'infinity');
SELECT scru128(NULL::timestamptz) IS NULL AS strict;
-- an untyped literal is read as a cast to scru128, not as a timestamp
SELECT scru128('2024-01-01 00:00:00+00');
RESET TimeZone;

-- the default of a primary key
CREATE TABLE gen_pk (id scru128 PRIMARY KEY DEFAULT scru128(), v integer);
INSERT INTO gen_pk (v) SELECT g FROM generate_series(1, 10000) g;
SELECT count(*), bool_and(id IS NOT NULL) FROM gen_pk;
SELECT count(*) AS out_of_order FROM (SELECT v, lag(v) OVER (ORDER BY id) AS pv FROM gen_pk) s WHERE v < pv;

-- parallel workers generate with their own state: still unique
CREATE TABLE gen_par AS SELECT g FROM generate_series(1, 200000) g;
ANALYZE gen_par;
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
SET max_parallel_workers_per_gather = 2;
SELECT count(DISTINCT id) = 200000 AS unique_ids FROM (SELECT scru128() AS id FROM gen_par) s;
RESET parallel_setup_cost;
RESET parallel_tuple_cost;
RESET min_parallel_table_scan_size;
RESET max_parallel_workers_per_gather;

DROP TABLE gen_ids, gen_fields, gen_steps, gen_pk, gen_par;
