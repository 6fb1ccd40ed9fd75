-- A short tour of scru128 on a throwaway cluster (run by test/demo.sh).
\pset footer off
SET TimeZone = 'UTC';

CREATE EXTENSION scru128;

-- a table keyed by a time-ordered ID generated in the database
CREATE TABLE orders (
	id scru128 PRIMARY KEY DEFAULT scru128(),
	customer text NOT NULL,
	amount numeric NOT NULL
);

INSERT INTO orders (customer, amount)
SELECT 'customer ' || g, g * 10 FROM generate_series(1, 5) g;
-- backfill a historical row for a given time: scru128(timestamptz)
INSERT INTO orders (id, customer, amount)
VALUES (scru128(timestamptz '2024-01-01 12:00:00+00'), 'legacy', 99);

-- IDs sort by creation time: the backfilled row comes first
SELECT id, customer, amount FROM orders ORDER BY id;

-- the four fields, and the embedded time
SELECT id, scru128_timestamp(id) AS created, scru128_counter_hi(id) AS counter_hi,
	   scru128_counter_lo(id) AS counter_lo, scru128_entropy(id) AS entropy
FROM orders ORDER BY id;

-- conversions: uuid (same 16 bytes), bytea, timestamptz, and back
SELECT id, id::uuid AS as_uuid, id::bytea AS as_bytea, id::timestamptz AS as_time
FROM orders ORDER BY id LIMIT 2;
SELECT id::uuid::scru128 = id AND id::bytea::scru128 = id AND upper(id::text)::scru128 = id AS round_trips
FROM orders LIMIT 1;

-- everything of the last hour, by comparing the ID with a time: the
-- planner turns it into a range of IDs that the primary key index serves
SET enable_seqscan = off;
EXPLAIN (COSTS OFF)
SELECT count(*) FROM orders WHERE id >= now() - interval '1 hour';
SELECT count(*) AS last_hour FROM orders WHERE id >= now() - interval '1 hour';
SELECT customer FROM orders
WHERE id >= timestamptz '2024-01-01' AND id < timestamptz '2024-01-02';
-- the same windows written with the ID range functions
SELECT count(*) AS last_hour FROM orders
WHERE id >= scru128_min(now() - interval '1 hour') AND id <= scru128_max(now());
RESET enable_seqscan;

-- bad input is rejected with a clear message (SQLSTATE 22P02)
\set ON_ERROR_STOP off
SELECT 'not-a-scru128-id'::scru128;
\set ON_ERROR_STOP on
