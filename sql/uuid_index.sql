--
-- UUIDv7 time ranges through a btree index: uuidv7_min(a) .. uuidv7_max(b)
-- is every v7 of the milliseconds from a to b.
--
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS scru128;
RESET client_min_messages;

CREATE TABLE uuid_events (id uuid PRIMARY KEY DEFAULT public.uuidv7(), at timestamptz NOT NULL);
-- one row a second over 10000 seconds of 2024-01-01, two in each second
INSERT INTO uuid_events (id, at)
	SELECT public.uuidv7_at(t), t
	FROM generate_series(timestamptz '2024-01-01 00:00:00+00', '2024-01-01 02:46:39+00', '1 second') AS t,
		 generate_series(1, 2);
-- and rows made now by the default
INSERT INTO uuid_events (at) SELECT clock_timestamp() FROM generate_series(1, 1000);
VACUUM ANALYZE uuid_events;

-- the bounds are constants (IMMUTABLE): a plain index range scan
SET enable_seqscan = off;
SET enable_bitmapscan = off;
EXPLAIN (COSTS OFF)
SELECT count(*) FROM uuid_events
WHERE id BETWEEN public.uuidv7_min('2024-01-01 01:00:00+00') AND public.uuidv7_max('2024-01-01 01:59:59.999+00');
SELECT count(*) AS in_range,
	   min(at) AT TIME ZONE 'UTC' AS first, max(at) AT TIME ZONE 'UTC' AS last
FROM uuid_events
WHERE id BETWEEN public.uuidv7_min('2024-01-01 01:00:00+00') AND public.uuidv7_max('2024-01-01 01:59:59.999+00');
RESET enable_seqscan;
RESET enable_bitmapscan;

-- the index range and the timestamps agree, for several ranges
SELECT r.a AT TIME ZONE 'UTC' AS a, r.b AT TIME ZONE 'UTC' AS b,
	   (SELECT count(*) FROM uuid_events
		WHERE id BETWEEN public.uuidv7_min(r.a) AND public.uuidv7_max(r.b)) AS by_id,
	   (SELECT count(*) FROM uuid_events
		WHERE public.scru128_uuid_timestamp(id) >= date_trunc('milliseconds', r.a)
		  AND public.scru128_uuid_timestamp(id) <= r.b) AS by_timestamp
FROM (VALUES (timestamptz '2024-01-01 00:00:00+00', timestamptz '2024-01-01 00:00:00+00'),
			 ('2024-01-01 00:00:00.5+00', '2024-01-01 00:00:01.0004+00'),
			 ('2023-12-31 00:00:00+00', '2024-01-01 00:00:09.999+00'),
			 ('2024-01-01 02:46:39+00', '9999-01-01 00:00:00+00')) AS r(a, b)
ORDER BY 1, 2;

-- the rows made now: all within the bounds of the last minute
SELECT count(*) AS recent
FROM uuid_events
WHERE id BETWEEN public.uuidv7_min(now() - interval '1 minute') AND public.uuidv7_max(clock_timestamp());

-- bounds: version 7 and the RFC variant set; the same millisecond in both
SELECT public.uuidv7_min('2022-02-22 19:22:22.123999+00') AS min,
	   public.uuidv7_max('2022-02-22 19:22:22.123+00') AS max,
	   public.uuidv7_min('1970-01-01 00:00:00+00') AS first_min,
	   public.uuidv7_max('10889-08-02 05:31:50.655999+00') AS last_max;
SELECT public.uuidv7_min('1969-12-31 23:59:59.999999+00');
SELECT public.uuidv7_max('10889-08-02 05:31:50.656+00');
SELECT public.uuidv7_max('infinity');

DROP TABLE uuid_events;
