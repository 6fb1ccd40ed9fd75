--
-- ulid_migrate: moving ULIDs kept elsewhere to the ulid type.  A column of
-- pgx_ulid's type moves through its text (pgx_ulid prints the canonical 26
-- upper-case digits, as this type reads them): the table here holds text
-- in pgx_ulid's output format, a dump of such a column, and a uuid column
-- with ULID bytes (pgx_ulid's ulid::uuid cast, or ulid/javascript's
-- ulidToUUID).  doc/ulid.md, "Moving from pgx_ulid".
--
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS scru128;
RESET client_min_messages;

-- pgx_ulid's gen_ulid() output as text, with an index and a default
CREATE TABLE pgx_events (id text PRIMARY KEY DEFAULT '01ARYZ6S41TSV4RRFFQ69G5FAV', at timestamptz, payload int);
INSERT INTO pgx_events
	SELECT ulid(t)::text, t, g
	FROM (SELECT g, timestamptz '2025-03-24 00:00:00+00' + g * interval '1 min' AS t
		  FROM generate_series(1, 5000) g) s;
CREATE TABLE pgx_before AS SELECT * FROM pgx_events;

-- the move: the default first (it is text), then the column through the
-- type's input function, then the new default
BEGIN;
ALTER TABLE pgx_events ALTER COLUMN id DROP DEFAULT;
ALTER TABLE pgx_events ALTER COLUMN id TYPE ulid USING id::ulid;
ALTER TABLE pgx_events ALTER COLUMN id SET DEFAULT ulid();
COMMIT;
SELECT format_type(atttypid, atttypmod) AS type, pg_get_expr(adbin, adrelid) AS default
FROM pg_attribute LEFT JOIN pg_attrdef ON adrelid = attrelid AND adnum = attnum
WHERE attrelid = 'pgx_events'::regclass AND attname = 'id';
SELECT count(*) AS rows,
	   count(*) FILTER (WHERE e.id::text <> b.id) AS text_changed,
	   count(*) FILTER (WHERE ulid_timestamp(e.id) <> date_trunc('milliseconds', e.at)) AS time_differs
FROM pgx_events e JOIN pgx_before b ON b.id = e.id::text;
-- the key keeps its order, and time queries now go through it
SELECT count(*) FILTER (WHERE rn_id <> rn_text) AS order_changed
FROM (SELECT row_number() OVER (ORDER BY id) AS rn_id, row_number() OVER (ORDER BY id::text COLLATE "C") AS rn_text
	  FROM pgx_events) s;
SET enable_seqscan = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM pgx_events WHERE id >= timestamptz '2025-03-26 00:00:00+00';
SELECT count(*) AS since_26th FROM pgx_events WHERE id >= timestamptz '2025-03-26 00:00:00+00';
SELECT count(*) AS since_26th_by_at FROM pgx_events WHERE at >= timestamptz '2025-03-26 00:00:00+00';
RESET enable_seqscan;
INSERT INTO pgx_events (at, payload) VALUES (now(), 0) RETURNING id > (SELECT max(id) FROM pgx_before)::ulid AS new_id_sorts_last;

-- text that pgx_ulid would not have written stops the move with 22P02 and
-- the row's value, and nothing changes
CREATE TABLE pgx_bad (id text);
INSERT INTO pgx_bad VALUES ('01ARYZ6S41TSV4RRFFQ69G5FAV'), ('01ARYZ6S41TSV4RRFFQ69G5FAU');
ALTER TABLE pgx_bad ALTER COLUMN id TYPE ulid USING id::ulid;
SELECT format_type(atttypid, atttypmod) AS still FROM pg_attribute WHERE attrelid = 'pgx_bad'::regclass AND attname = 'id';

-- ULIDs kept in a uuid column (pgx_ulid's ulid::uuid, ulidToUUID): the
-- column converts in place; the text functions read them where it stays
CREATE TABLE uuid_kept (id uuid PRIMARY KEY);
INSERT INTO uuid_kept SELECT ulid_to_uuid(id::text) FROM pgx_events;
SELECT count(*) FILTER (WHERE uuid_to_ulid(k.id) <> e.id::text) AS text_functions_differ
FROM uuid_kept k JOIN pgx_events e ON e.id = k.id::ulid;
ALTER TABLE uuid_kept ALTER COLUMN id TYPE ulid;
SELECT count(*) AS same FROM uuid_kept k JOIN pgx_events e USING (id);

DROP TABLE pgx_events, pgx_before, pgx_bad, uuid_kept;
