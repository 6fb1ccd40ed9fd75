--
-- scru160() and scru160(timestamptz): the generators
--
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS scru128;
RESET client_min_messages;

-- one million IDs from one session, over two transactions, in order
CREATE TABLE gen160 (n bigserial, id scru160, at timestamptz);
BEGIN;
INSERT INTO gen160 (id, at) SELECT scru160(), clock_timestamp() FROM generate_series(1, 500000);
COMMIT;
BEGIN;
INSERT INTO gen160 (id, at) SELECT scru160(), clock_timestamp() FROM generate_series(1, 500000);
COMMIT;

SELECT count(*) AS ids,
	   count(*) FILTER (WHERE id <= prev) AS not_increasing,
	   count(*) FILTER (WHERE id::bytea <= prev::bytea) AS bytes_not_increasing,
	   count(*) FILTER (WHERE id::text COLLATE "C" <= prev::text COLLATE "C") AS text_not_increasing,
	   count(DISTINCT id) AS distinct_ids
FROM (SELECT id, lag(id) OVER (ORDER BY n) AS prev FROM gen160) s;

-- timestamps follow the clock (the generator waits rather than run ahead)
SELECT count(*) FILTER (WHERE scru160_timestamp(id) > at) AS ahead_of_clock,
	   count(*) FILTER (WHERE at - scru160_timestamp(id) >= interval '1 second') AS behind_clock
FROM gen160;

-- the counter follows the spec: +1 within a millisecond, a new 15-bit
-- random value in a new one
CREATE TABLE gen160_steps AS
	SELECT scru160_timestamp_ms(id) AS ts, scru160_counter(id) AS c,
		   lag(scru160_timestamp_ms(id)) OVER w AS pts, lag(scru160_counter(id)) OVER w AS pc
	FROM gen160 WINDOW w AS (ORDER BY n);
SELECT count(*) FILTER (WHERE ts = pts AND c <> pc + 1) AS bad_increment,
	   count(*) FILTER (WHERE ts < pts) AS timestamp_decreased,
	   count(*) FILTER (WHERE (pts IS NULL OR ts > pts) AND c >= 32768) AS renewal_above_15_bits
FROM gen160_steps;
-- renewals are random: the first 500 take about 496 distinct values of 32768
SELECT count(*) AS renewals, count(DISTINCT c) > 480 AS renewals_random
FROM (SELECT c FROM gen160_steps WHERE pts IS NULL OR ts > pts ORDER BY ts LIMIT 500) r;

-- random16 and random80 are fresh for every ID: about half of each bit set
SELECT bool_and(ratio BETWEEN 0.49 AND 0.51) AS random_bits_balanced, count(*) AS bits
FROM (SELECT b, avg(get_bit(substr(id::bytea, 9), b)::float8) AS ratio
	  FROM gen160, generate_series(0, 95) b WHERE n % 10 = 0 GROUP BY b) s;
SELECT count(DISTINCT scru160_random80(id)) = count(*) AS random80_unique FROM gen160;

-- a later call continues after all of these; one query, distinct IDs
SELECT scru160() > (SELECT max(id) FROM gen160) AS continues;
SELECT count(DISTINCT scru160()) AS distinct_in_one_query FROM generate_series(1, 1000);
-- two calls in one select list are two IDs, in order (also under a
-- parallel plan: the function is PARALLEL RESTRICTED)
SELECT count(*) FILTER (WHERE a < b) AS ordered_pairs
FROM (SELECT scru160() AS a, scru160() AS b FROM generate_series(1, 100)) s;

-- scru160(timestamptz): the given millisecond, fresh random fields, no state
SET TimeZone = 'UTC';
SELECT scru160_timestamp_ms(scru160(timestamptz '2024-01-01 00:00:00.123456+00')) AS ms,
	   scru160_timestamp(scru160(timestamptz '2024-01-01 00:00:00.123456+00')) AS ts;
SELECT count(DISTINCT id) AS distinct_ids,
	   count(*) FILTER (WHERE scru160_counter(id) >= 32768) AS counter_above_15_bits,
	   count(DISTINCT scru160_counter(id)) > 900 AS random_counter,
	   count(DISTINCT scru160_random16(id)) > 900 AS random16,
	   count(DISTINCT scru160_timestamp_ms(id)) AS one_millisecond
FROM (SELECT scru160(timestamptz '2024-01-01 00:00:00.123+00') AS id
	  FROM generate_series(1, 1000)) s;
SELECT scru160_timestamp(scru160(now())) = date_trunc('milliseconds', now()) AS now_ok;
SELECT scru160() > scru160(timestamptz '2024-01-01 00:00:00+00') AS history_sorts_first;
SELECT scru160_timestamp_ms(scru160(timestamptz '1970-01-01 00:00:00.001+00')) AS first_usable_ms,
	   scru160_timestamp_ms(scru160(timestamptz '10889-08-02 05:31:50.654+00')) AS last_usable_ms;
-- the reserved timestamps and anything outside 48 bits are refused
SELECT scru160(timestamptz '1970-01-01 00:00:00+00');
SELECT scru160(timestamptz '1969-12-31 23:59:59+00');
SELECT scru160(timestamptz '10889-08-02 05:31:50.655+00');
SELECT scru160(timestamptz 'infinity');
SELECT scru160(NULL::timestamptz) IS NULL AS strict;
-- an untyped literal is read as a cast to scru160, not as a timestamp
SELECT scru160('2024-01-01 00:00:00+00');
SELECT scru160('05U0GF0J0SP1ADJPT0U4VHIMCJJAIP51') AS a_cast;
RESET TimeZone;

-- labels: generators are volatile and parallel restricted
SELECT p.oid::regprocedure, provolatile, proparallel
FROM pg_proc p WHERE proname = 'scru160' ORDER BY 1::text;

DROP TABLE gen160, gen160_steps;
