--
-- ulid() and ulid(timestamptz): the generators
--
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS scru128;
RESET client_min_messages;

-- 300 000 IDs from one session, over two transactions, in order
CREATE TABLE genu (n bigserial, id ulid, at timestamptz);
BEGIN;
INSERT INTO genu (id, at) SELECT ulid(), clock_timestamp() FROM generate_series(1, 150000);
COMMIT;
BEGIN;
INSERT INTO genu (id, at) SELECT ulid(), clock_timestamp() FROM generate_series(1, 150000);
COMMIT;
SELECT count(*) AS ids,
	   count(*) FILTER (WHERE id <= prev) AS not_increasing,
	   count(*) FILTER (WHERE id::text COLLATE "C" <= prev::text COLLATE "C") AS text_not_increasing,
	   count(DISTINCT id) AS distinct_ids
FROM (SELECT id, lag(id) OVER (ORDER BY n) AS prev FROM genu) s;
-- timestamps follow the clock
SELECT count(*) FILTER (WHERE ulid_timestamp(id) > at) AS ahead_of_clock,
	   count(*) FILTER (WHERE at - ulid_timestamp(id) >= interval '1 second') AS behind_clock
FROM genu;

-- the spec's monotonic rule: within a millisecond the random part is the
-- previous one plus one; a new millisecond draws a new random part
CREATE FUNCTION ulid_rand_num(b bytea) RETURNS numeric
LANGUAGE sql IMMUTABLE STRICT AS $$
	SELECT sum(get_byte(b, i)::numeric * 256::numeric ^ (9 - i)) FROM generate_series(0, 9) i
$$;
CREATE TABLE genu_steps AS
	SELECT ulid_timestamp_ms(id) AS ts, ulid_rand_num(ulid_random(id)) AS r,
		   lag(ulid_timestamp_ms(id)) OVER w AS pts, lag(ulid_rand_num(ulid_random(id))) OVER w AS pr
	FROM genu WHERE n <= 100000 WINDOW w AS (ORDER BY n);
SELECT count(*) FILTER (WHERE ts = pts) > 1000 AS same_ms_steps,
	   count(*) FILTER (WHERE ts = pts AND r <> pr + 1) AS bad_increment,
	   count(*) FILTER (WHERE ts < pts) AS timestamp_decreased,
	   count(*) FILTER (WHERE ts > pts) > 10 AS new_milliseconds
FROM genu_steps;
-- new milliseconds start anywhere in the 80 bits: about half of each bit
-- set, within 4.5 standard deviations of the number of new milliseconds
-- (fewer of them on a fast machine, so the bound is not a fixed one)
SELECT bool_and(n >= 30 AND abs(ratio - 0.5) <= 4.5 * 0.5 / sqrt(n)) AS random_bits_balanced, count(*) AS bits
FROM (SELECT b, avg(get_bit(ulid_random(id), b)::float8) AS ratio, count(*) AS n
	  FROM (SELECT id, ulid_timestamp_ms(id) AS ts, lag(ulid_timestamp_ms(id)) OVER (ORDER BY n) AS pts FROM genu) g,
		   generate_series(0, 71) b
	  WHERE pts IS NULL OR ts > pts GROUP BY b) s;

-- a later call continues after all of these; one query, distinct IDs
SELECT ulid() > (SELECT max(id) FROM genu) AS continues;
SELECT count(DISTINCT ulid()) AS distinct_in_one_query FROM generate_series(1, 1000);
SELECT count(*) FILTER (WHERE a < b) AS ordered_pairs
FROM (SELECT ulid() AS a, ulid() AS b FROM generate_series(1, 100)) s;

-- ulid(timestamptz): the given millisecond, a random random part, no state
SET TimeZone = 'UTC';
SELECT ulid_timestamp_ms(ulid(timestamptz '2024-01-01 00:00:00.123456+00')) AS ms,
	   ulid_timestamp(ulid(timestamptz '2024-01-01 00:00:00.123456+00')) AS ts;
SELECT count(DISTINCT id) AS distinct_ids, count(DISTINCT ulid_timestamp_ms(id)) AS one_millisecond
FROM (SELECT ulid(timestamptz '2024-01-01 00:00:00.123+00') AS id FROM generate_series(1, 1000)) s;
SELECT ulid() > ulid(timestamptz '2024-01-01 00:00:00+00') AS history_sorts_first;
SELECT ulid_timestamp_ms(ulid(timestamptz '1970-01-01 00:00:00+00')) AS first_ms,
	   ulid_timestamp_ms(ulid(timestamptz '10889-08-02 05:31:50.655+00')) AS last_ms;
SELECT ulid(timestamptz '1969-12-31 23:59:59.999+00');
SELECT ulid(timestamptz '10889-08-02 05:31:50.656+00');
SELECT ulid(timestamptz 'infinity');
SELECT ulid_min(timestamptz '-infinity');
SELECT ulid(NULL::timestamptz) IS NULL AS strict;
-- an untyped literal is read as a cast to ulid, not as a timestamp
SELECT ulid('2024-01-01 00:00:00+00');
SELECT ulid('01ARYZ6S41TSV4RRFFQ69G5FAV') AS a_cast;
-- bounds of a millisecond
SELECT ulid_min('2024-01-01 00:00:00.123+00') AS min, ulid_max('2024-01-01 00:00:00.123+00') AS max;
RESET TimeZone;

-- server scope (scru128.generator_scope = server) is tested in
-- test/t/600_ulid.pl: it needs the library preloaded on 15 and 16

-- labels: generators are volatile and parallel restricted
SELECT p.oid::regprocedure, provolatile, proparallel
FROM pg_proc p WHERE proname = 'ulid' ORDER BY 1::text;

DROP TABLE genu, genu_steps;
DROP FUNCTION ulid_rand_num(bytea);
