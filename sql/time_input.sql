--
-- time_input: comparing an ID column with a time as users write it.  An
-- untyped literal takes the type of the other side, so
-- "id >= '2026-01-01'" is read as an ID and fails; the error says how to
-- write a time.  The typed forms use the time operators.
--
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS scru128;
RESET client_min_messages;
SET TimeZone = 'UTC';

CREATE TABLE ti128 (id scru128 PRIMARY KEY);
CREATE TABLE ti160 (id scru160 PRIMARY KEY);
CREATE TABLE ti64 (id scru64 PRIMARY KEY);
CREATE TABLE tiu (id uuid PRIMARY KEY);
INSERT INTO ti128 SELECT scru128_from_fields(1772323200000 + i * 3600000, 0, 0, 0) FROM generate_series(0, 47) AS i;
INSERT INTO ti160 SELECT scru160_from_fields(1772323200000 + i * 3600000, 0, 0, '\x00000000000000000000') FROM generate_series(0, 47) AS i;
INSERT INTO ti64 SELECT scru64_from_parts((1772323200000 + i * 3600000) / 256, 0) FROM generate_series(0, 47) AS i;
INSERT INTO tiu SELECT id::uuid FROM ti128;

-- the untyped literal: an ID, with a hint when it reads as a time
SELECT count(*) FROM ti128 WHERE id >= '2026-03-02';
SELECT count(*) FROM ti160 WHERE id < '2026-03-02 12:00:00+00';
SELECT count(*) FROM ti64 WHERE id > 'now';
SELECT count(*) FROM ti128 WHERE id BETWEEN '2026/03/01' AND '2026/03/02';
SELECT count(*) FROM ti64 WHERE id <= '12:30';
-- other bad input: no hint
SELECT count(*) FROM ti128 WHERE id >= 'not an id';
SELECT count(*) FROM ti64 WHERE id >= '0u2r85hm2pt3x';
-- uuid is core's type: core's message, and the typed forms work the same
SELECT count(*) FROM tiu WHERE id >= '2026-03-02';
-- the SQLSTATE is that of invalid input (22P02), the hint is a hint
DO $$
DECLARE
	h text;
BEGIN
	PERFORM '2026-03-02'::scru64;
EXCEPTION WHEN invalid_text_representation THEN
	GET STACKED DIAGNOSTICS h = PG_EXCEPTION_HINT;
	RAISE NOTICE 'SQLSTATE %, hint: %', SQLSTATE, h;
END
$$;

-- the typed forms: a typed literal, a cast, an expression, a date through
-- its implicit cast, a parameter, a column of another table
SELECT count(*) FROM ti128 WHERE id >= timestamptz '2026-03-02';
SELECT count(*) FROM ti128 WHERE id >= '2026-03-02'::timestamptz;
SELECT count(*) FROM ti128 WHERE id >= CAST('2026-03-02' AS timestamptz);
SELECT count(*) FROM ti128 WHERE id >= date '2026-03-02';
SELECT count(*) FROM ti128 WHERE id >= timestamptz '2026-03-02' - interval '1 hour';
SELECT count(*) FROM ti128 WHERE id >= now() - interval '1000 years';
SELECT count(*) FROM ti128 WHERE id BETWEEN timestamptz '2026-03-02' AND timestamptz '2026-03-02 05:00';
SELECT count(*) FROM ti128 WHERE id BETWEEN SYMMETRIC timestamptz '2026-03-02 05:00' AND timestamptz '2026-03-02';
-- timestamp without time zone: through its implicit cast, in TimeZone
SELECT count(*) FROM ti128 WHERE id >= timestamp '2026-03-02 00:00';
PREPARE q(timestamptz) AS SELECT count(*) FROM ti160 WHERE id >= $1;
EXECUTE q('2026-03-02');
DEALLOCATE q;
PREPARE q2 AS SELECT count(*) FROM ti64 WHERE id >= $1::timestamptz;
EXECUTE q2('2026-03-02');
DEALLOCATE q2;
-- the same answers for every type
SELECT (SELECT count(*) FROM ti128 WHERE id >= t) AS scru128,
	   (SELECT count(*) FROM ti160 WHERE id >= t) AS scru160,
	   (SELECT count(*) FROM ti64 WHERE id >= t) AS scru64,
	   (SELECT count(*) FROM tiu WHERE id >= t) AS uuid
FROM (VALUES (timestamptz '2026-03-02'), ('-infinity'), ('infinity')) AS p(t);
-- a join on time
SELECT count(*) FROM ti128 a JOIN ti64 b ON b.id >= scru128_timestamp(a.id) AND b.id < scru128_timestamp(a.id) + interval '1 hour';

-- uuid: the leading 48 bits are the time whatever the version; for a
-- version 7 UUID that is its time, for others (v4: random) it means nothing
SELECT uuid_extract_version(u) AS version, u >= timestamptz '2026-03-02' AS ge,
	   u < timestamptz '1970-01-02' AS before_1970_01_02
FROM (VALUES (uuidv7_min('2026-03-02 06:00')),
			 ('00000000-0000-4000-8000-000000000000'::uuid)) AS v(u);

DROP TABLE ti128, ti160, ti64, tiu;
