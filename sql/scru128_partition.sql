--
-- Native declarative partitioning of tables keyed by scru128: range
-- partitions by time with bounds from scru128_partition_bounds, a DEFAULT
-- partition, attach and detach, pruning at plan time and at run time, hash
-- partitioning; and the pg_partman time encoder/decoder (pg_partman itself
-- is tested by a TAP test where it is installed).
--
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS scru128;
RESET client_min_messages;

SET TimeZone = 'Europe/Paris';

-- the partitions scanned by a query: the relations of its plan and the
-- number of subplans pruned at executor startup, nothing else of the plan
CREATE FUNCTION scanned(query text) RETURNS SETOF text LANGUAGE plpgsql AS $$
DECLARE
	line text;
	m text[];
BEGIN
	FOR line IN EXECUTE 'EXPLAIN (COSTS OFF) ' || query LOOP
		m := regexp_match(line, 'Seq Scan on (\w+)');
		IF m IS NOT NULL THEN
			RETURN NEXT m[1];
		END IF;
		m := regexp_match(line, '(Subplans Removed: \d+)');
		IF m IS NOT NULL THEN
			RETURN NEXT m[1];
		END IF;
	END LOOP;
END
$$;
SET enable_indexscan = off;
SET enable_indexonlyscan = off;
SET enable_bitmapscan = off;

--
-- scru128_partition_bounds
--
SELECT * FROM scru128_partition_bounds('2024-01-01', '2024-04-01', '1 month');
-- each upper bound is the next lower bound, each lower bound the first ID
-- of the partition's first millisecond in the session time zone
SELECT name_suffix,
	   lower = scru128_min(to_timestamp(name_suffix, 'YYYYMM')) AS lower_ok,
	   upper = lead(lower) OVER (ORDER BY lower) AS upper_is_next_lower,
	   scru128_timestamp(lower), scru128_timestamp(upper)
  FROM scru128_partition_bounds('2024-01-01', '2024-04-01', '1 month')
 ORDER BY lower;
-- months and days follow TimeZone: the same call under another zone
SET TimeZone = 'America/New_York';
SELECT name_suffix, scru128_timestamp(lower) AT TIME ZONE 'UTC' AS lower_utc
  FROM scru128_partition_bounds('2024-03-09', '2024-03-12', '1 day');
SET TimeZone = 'Europe/Paris';
SELECT name_suffix, scru128_timestamp(lower) AT TIME ZONE 'UTC' AS lower_utc
  FROM scru128_partition_bounds('2024-03-30', '2024-04-01', '1 day');
-- suffixes by step: years, months, days, seconds, milliseconds
SELECT name_suffix FROM scru128_partition_bounds('2024-01-01', '2026-01-01', '1 year');
SELECT name_suffix FROM scru128_partition_bounds('2024-01-01', '2024-07-01', '3 months');
SELECT name_suffix FROM scru128_partition_bounds('2024-01-01 00:00', '2024-01-01 02:00', '1 hour');
SELECT name_suffix FROM scru128_partition_bounds('2024-01-01 00:00', '2024-01-01 00:00:00.003', '1 millisecond');
-- a series that starts on the 31st keeps to month ends
SELECT name_suffix, scru128_timestamp(lower)::date, scru128_timestamp(upper)::date
  FROM scru128_partition_bounds('2024-01-31', '2024-05-01', '1 month');
-- the last partition ends at or after the end; an empty range has none
SELECT count(*), max(scru128_timestamp(upper)) FROM scru128_partition_bounds('2024-01-01', '2024-01-15', '1 week');
SELECT count(*) FROM scru128_partition_bounds('2024-02-01', '2024-01-01', '1 month');
SELECT count(*) FROM scru128_partition_bounds('2024-01-01', '2024-01-01', '1 month');
-- bad input
SELECT * FROM scru128_partition_bounds('2024-01-01', '2024-02-01', '0');
SELECT * FROM scru128_partition_bounds('2024-01-01', '2024-02-01', '-1 day');
SELECT * FROM scru128_partition_bounds('2024-01-01', '2024-02-01', '1 month -31 days');
SELECT * FROM scru128_partition_bounds('2024-01-01', '2024-02-01', '100 microseconds');
SELECT * FROM scru128_partition_bounds('-infinity', '2024-02-01', '1 day');
SELECT * FROM scru128_partition_bounds('2024-01-01', 'infinity', '1 day');
SELECT * FROM scru128_partition_bounds('1969-12-01', '1970-02-01', '1 month');
SELECT * FROM scru128_partition_bounds('2024-01-01', NULL, '1 day');

--
-- a table partitioned by month on its scru128 key
--
CREATE TABLE events (
	id scru128 PRIMARY KEY DEFAULT scru128(),
	note text
) PARTITION BY RANGE (id);
DO $$
DECLARE
	b record;
BEGIN
	FOR b IN SELECT * FROM scru128_partition_bounds('2024-01-01', '2024-06-01', '1 month') LOOP
		EXECUTE format('CREATE TABLE %I PARTITION OF events FOR VALUES FROM (%L) TO (%L)',
					   'events_' || b.name_suffix, b.lower, b.upper);
	END LOOP;
	-- the month of now(), named so that the expected output does not change
	SELECT * INTO b FROM scru128_partition_bounds(date_trunc('month', now()), date_trunc('month', now()) + interval '1 month', '1 month');
	EXECUTE format('CREATE TABLE events_current PARTITION OF events FOR VALUES FROM (%L) TO (%L)', b.lower, b.upper);
END
$$;
CREATE TABLE events_default PARTITION OF events DEFAULT;

-- past months with scru128(timestamptz), now with DEFAULT scru128(); the
-- first and last millisecond of a month in the zone of the partitions
INSERT INTO events VALUES
	(scru128('2024-01-01 00:00:00'::timestamptz), 'first ms of January'),
	(scru128('2024-01-31 23:59:59.999'::timestamptz), 'last ms of January'),
	(scru128('2024-02-01 00:00:00'::timestamptz), 'first ms of February'),
	(scru128('2024-03-15 12:00'::timestamptz), 'March'),
	(scru128('2024-05-31 23:59:59.999'::timestamptz), 'last ms of May'),
	(scru128('2024-06-01 00:00:00'::timestamptz), 'June: no partition'),
	(scru128('2023-12-31 23:59:59.999'::timestamptz), 'December 2023: no partition'),
	(scru128_min('2024-04-01 00:00:00'::timestamptz), 'smallest ID of April'),
	(scru128_max('2024-03-31 23:59:59.999'::timestamptz), 'largest ID of March');
INSERT INTO events (note) SELECT 'now ' || i FROM generate_series(1, 100) i;
INSERT INTO events (id, note)
	SELECT scru128(t), 'past ' || t
	  FROM generate_series('2024-01-01'::timestamptz, '2024-05-31 23:00', '7 hours') t;

SELECT tableoid::regclass AS partition, note
  FROM events WHERE note NOT LIKE 'now %' AND note NOT LIKE 'past %'
 ORDER BY id;
SELECT tableoid::regclass AS partition, count(*) FROM events GROUP BY 1 ORDER BY 1;
-- every row is in the partition of its time, none elsewhere
SELECT count(*) AS misplaced
  FROM events e
  JOIN scru128_partition_bounds('2024-01-01', '2024-06-01', '1 month') b
	ON e.id >= b.lower AND e.id < b.upper
 WHERE e.tableoid <> ('events_' || b.name_suffix)::regclass;
SELECT count(*) AS misplaced FROM events
 WHERE (tableoid = 'events_current'::regclass) <>
	   (date_trunc('month', scru128_timestamp(id)) = date_trunc('month', now()));
SELECT count(*) AS misplaced FROM events_default
 WHERE scru128_timestamp(id) >= '2024-01-01' AND scru128_timestamp(id) < '2024-06-01';

--
-- pruning
--
-- at plan time: constant bounds
SELECT scanned($$SELECT * FROM events WHERE id >= scru128_min('2024-03-01') AND id < scru128_min('2024-04-01')$$);
SELECT count(*) FROM events WHERE id >= scru128_min('2024-03-01') AND id < scru128_min('2024-04-01');
SELECT count(*) FROM events_202403;
SELECT scanned($$SELECT * FROM events WHERE id BETWEEN scru128_min('2024-02-10') AND scru128_max('2024-03-10')$$);
SELECT scanned($$SELECT * FROM events WHERE id = scru128_min('2024-05-05')$$);
-- at run time: bounds relative to now()
SELECT scanned($$SELECT * FROM events WHERE id >= scru128_min(now())$$);
SELECT scanned($$SELECT * FROM events WHERE id >= scru128_min(date_trunc('month', now())) AND id < scru128_min(date_trunc('month', now()) + interval '1 month')$$);
SELECT count(*) FROM events WHERE id >= scru128_min(date_trunc('month', now())) AND id < scru128_min(date_trunc('month', now()) + interval '1 month');
-- at run time: parameters of a generic plan
PREPARE in_range(timestamptz, timestamptz) AS
	SELECT count(*) FROM events WHERE id >= scru128_min($1) AND id < scru128_min($2);
SET plan_cache_mode = force_generic_plan;
SELECT scanned($$EXECUTE in_range('2024-02-01', '2024-04-01')$$);
EXECUTE in_range('2024-02-01', '2024-04-01');
RESET plan_cache_mode;
DEALLOCATE in_range;

--
-- detach a month (to archive or drop it), attach it back
--
ALTER TABLE events DETACH PARTITION events_202401;
SELECT count(*) FROM events WHERE id < scru128_min('2024-02-01') AND id >= scru128_min('2024-01-01');
SELECT count(*) FROM events_202401;
-- a row of January now goes to the DEFAULT partition
INSERT INTO events VALUES (scru128('2024-01-20'::timestamptz), 'January while detached');
SELECT tableoid::regclass FROM events WHERE note = 'January while detached';
DELETE FROM events WHERE note = 'January while detached';
DO $$
DECLARE
	b record;
BEGIN
	SELECT * INTO b FROM scru128_partition_bounds('2024-01-01', '2024-02-01', '1 month');
	EXECUTE format('ALTER TABLE events ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)',
				   'events_' || b.name_suffix, b.lower, b.upper);
END
$$;
SELECT count(*) FROM events WHERE id < scru128_min('2024-02-01') AND id >= scru128_min('2024-01-01');
-- a partition whose rows are in DEFAULT cannot be created: they are checked
CREATE TABLE events_202406 PARTITION OF events
	FOR VALUES FROM (scru128_min('2024-06-01')) TO (scru128_min('2024-07-01'));
-- overlapping bounds are refused
CREATE TABLE events_overlap PARTITION OF events
	FOR VALUES FROM (scru128_min('2024-05-31')) TO (scru128_min('2024-06-01'));
-- no duplicate across partitions: the key is unique on the parent
SELECT count(*) = count(DISTINCT id) AS unique_ids FROM events;

--
-- hash partitioning
--
CREATE TABLE hashed (id scru128 PRIMARY KEY DEFAULT scru128(), n int) PARTITION BY HASH (id);
CREATE TABLE hashed_0 PARTITION OF hashed FOR VALUES WITH (MODULUS 4, REMAINDER 0);
CREATE TABLE hashed_1 PARTITION OF hashed FOR VALUES WITH (MODULUS 4, REMAINDER 1);
CREATE TABLE hashed_2 PARTITION OF hashed FOR VALUES WITH (MODULUS 4, REMAINDER 2);
CREATE TABLE hashed_3 PARTITION OF hashed FOR VALUES WITH (MODULUS 4, REMAINDER 3);
INSERT INTO hashed (n) SELECT i FROM generate_series(1, 2000) i;
-- every partition gets a fair share (binomial: below 350 of 2000 with odds
-- far below 1e-9)
SELECT count(*) AS partitions, min(c) > 350 AS fair, sum(c) FROM (
	SELECT tableoid, count(*) AS c FROM hashed GROUP BY tableoid) s;
-- every row is where the hash says
SELECT count(*) AS misplaced FROM hashed
 WHERE NOT satisfies_hash_partition('hashed'::regclass, 4,
		CASE tableoid WHEN 'hashed_0'::regclass THEN 0 WHEN 'hashed_1'::regclass THEN 1
			 WHEN 'hashed_2'::regclass THEN 2 ELSE 3 END, id);
-- equality prunes to one partition
SELECT count(*) FROM scanned($$SELECT * FROM hashed WHERE id = '03awvmzbv9a6xmv50t1oycjk0'$$);

--
-- scru64 and scru160 keys partition the same way, bounded by scru64_min
-- and scru160_min (a scru64 bound is the start of the 256 ms tick that
-- contains the instant, so the rows here stay a second clear of it)
--
CREATE TABLE events64 (id scru64 PRIMARY KEY, t timestamptz) PARTITION BY RANGE (id);
CREATE TABLE events160 (id scru160 PRIMARY KEY DEFAULT scru160(), t timestamptz) PARTITION BY RANGE (id);
DO $$
DECLARE
	m timestamptz;
BEGIN
	FOR m IN SELECT generate_series('2024-01-01'::timestamptz, '2024-03-01', '1 month') LOOP
		EXECUTE format('CREATE TABLE %I PARTITION OF events64 FOR VALUES FROM (%L) TO (%L)',
					   'events64_' || to_char(m, 'YYYYMM'), scru64_min(m), scru64_min(m + interval '1 month'));
		EXECUTE format('CREATE TABLE %I PARTITION OF events160 FOR VALUES FROM (%L) TO (%L)',
					   'events160_' || to_char(m, 'YYYYMM'), scru160_min(m), scru160_min(m + interval '1 month'));
	END LOOP;
END
$$;
CREATE TABLE events64_default PARTITION OF events64 DEFAULT;
CREATE TABLE events160_default PARTITION OF events160 DEFAULT;
INSERT INTO events64
	SELECT scru64_max(t), t FROM generate_series('2023-12-31 12:00:01'::timestamptz, '2024-04-01 12:00', '5 hours 1 minute') t;
INSERT INTO events160
	SELECT scru160(t), t FROM generate_series('2023-12-31 12:00:01'::timestamptz, '2024-04-01 12:00', '5 hours 1 minute') t;
INSERT INTO events160 (t) VALUES (now());
SELECT tableoid::regclass AS partition, count(*) FROM events64 GROUP BY 1 ORDER BY 1;
SELECT tableoid::regclass AS partition, count(*) FROM events160 GROUP BY 1 ORDER BY 1;
SELECT count(*) AS misplaced FROM events64
 WHERE tableoid::regclass::text <> CASE WHEN t >= '2024-01-01' AND t < '2024-04-01'
	   THEN 'events64_' || to_char(t, 'YYYYMM') ELSE 'events64_default' END;
SELECT count(*) AS misplaced FROM events160
 WHERE tableoid::regclass::text <> CASE WHEN t >= '2024-01-01' AND t < '2024-04-01'
	   THEN 'events160_' || to_char(t, 'YYYYMM') ELSE 'events160_default' END;
SELECT scanned($$SELECT * FROM events64 WHERE id >= scru64_min('2024-02-01') AND id < scru64_min('2024-03-01')$$);
SELECT scanned($$SELECT * FROM events160 WHERE id >= scru160_min('2024-02-01') AND id < scru160_min('2024-03-01')$$);
SELECT scanned($$SELECT * FROM events160 WHERE id >= scru160_min(now() - interval '1 minute')$$);
CREATE TABLE hashed64 (id scru64 PRIMARY KEY) PARTITION BY HASH (id);
CREATE TABLE hashed64_0 PARTITION OF hashed64 FOR VALUES WITH (MODULUS 2, REMAINDER 0);
CREATE TABLE hashed64_1 PARTITION OF hashed64 FOR VALUES WITH (MODULUS 2, REMAINDER 1);
CREATE TABLE hashed160 (id scru160 PRIMARY KEY DEFAULT scru160()) PARTITION BY HASH (id);
CREATE TABLE hashed160_0 PARTITION OF hashed160 FOR VALUES WITH (MODULUS 2, REMAINDER 0);
CREATE TABLE hashed160_1 PARTITION OF hashed160 FOR VALUES WITH (MODULUS 2, REMAINDER 1);
INSERT INTO hashed64 SELECT scru64_min(t) FROM generate_series('2024-01-01'::timestamptz, '2024-01-02', '1 minute') t;
INSERT INTO hashed160 SELECT FROM generate_series(1, 1000);
SELECT count(*), count(DISTINCT tableoid) AS partitions,
	   count(*) FILTER (WHERE NOT satisfies_hash_partition('hashed64'::regclass, 2,
			CASE tableoid WHEN 'hashed64_0'::regclass THEN 0 ELSE 1 END, id)) AS misplaced
  FROM hashed64;
SELECT count(*), count(DISTINCT tableoid) AS partitions,
	   count(*) FILTER (WHERE NOT satisfies_hash_partition('hashed160'::regclass, 2,
			CASE tableoid WHEN 'hashed160_0'::regclass THEN 0 ELSE 1 END, id)) AS misplaced
  FROM hashed160;
DROP TABLE events64, events160, hashed64, hashed160;

--
-- pg_partman's time encoder and decoder (uuid control column)
--
SELECT scru128_partman_encoder('2024-01-01 00:00:00.123+00');
SELECT scru128_partman_encoder('2024-01-01 00:00:00.123+00') = scru128_min('2024-01-01 00:00:00.123+00')::uuid;
SELECT scru128_partman_decoder('018cc251-f47b-0000-0000-000000000000') AT TIME ZONE 'UTC';
-- round trip for whole milliseconds, and rounding down within one
SELECT count(*) FROM generate_series('2020-01-01'::timestamptz, '2030-01-01', '7 days 1 hour 1.001 seconds') t
 WHERE scru128_partman_decoder(scru128_partman_encoder(t)::text) <> t;
SELECT scru128_partman_decoder(scru128_partman_encoder('2024-01-01 00:00:00.123456+00')::text) AT TIME ZONE 'UTC';
-- decoding generated IDs kept in uuid form gives their timestamp
SELECT bool_and(scru128_partman_decoder(id::uuid::text) = scru128_timestamp(id))
  FROM (SELECT scru128() AS id FROM generate_series(1, 100)) s;
-- encoder order is time order, so partition bounds are ordered
SELECT scru128_partman_encoder('2024-01-01') < scru128_partman_encoder('2024-01-01 00:00:00.001');
-- the other spellings of a uuid that uuid_in reads
SELECT scru128_partman_decoder('{018cc251f47b00000000000000000000}') AT TIME ZONE 'UTC';
SELECT scru128_partman_decoder('018cc251-f47b-0000-0000') AT TIME ZONE 'UTC';
SELECT scru128_partman_encoder('1969-12-31 23:59:59');
SELECT scru128_partman_encoder('infinity');
SELECT scru128_partman_decoder('ffffffff-ffff-ffff-ffff-ffffffffffff') AT TIME ZONE 'UTC';
SELECT scru128_partman_decoder(NULL), scru128_partman_encoder(NULL);

DROP TABLE events, hashed;
DROP FUNCTION scanned(text);
RESET TimeZone;
RESET enable_indexscan;
RESET enable_indexonlyscan;
RESET enable_bitmapscan;
