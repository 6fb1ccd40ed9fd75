--
-- ulid text, binary and bytea I/O and the text conversion functions,
-- against the reference vectors (test/vectors/ulid_*.tsv), every kind of
-- invalid input, and random round trips text <-> bytes <-> uuid <-> scru128
--
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS scru128;
RESET client_min_messages;
\set VERBOSITY default

\getenv abs_srcdir PG_ABS_SRCDIR
\getenv abs_builddir PG_ABS_BUILDDIR

-- every vector: the text gives the bytes of the uuid column and the
-- timestamp; output is the canonical text; the text functions agree
CREATE TABLE ulid_vectors (ulid text, uuid uuid, timestamp_ms bigint, source text, given text);
\set vectors 'grep -v "^#" ' :abs_srcdir '/test/vectors/ulid_vectors.tsv'
COPY ulid_vectors FROM PROGRAM :'vectors'
	WITH (FORMAT csv, DELIMITER E'\t', HEADER true, QUOTE E'\x01');
SET TimeZone = 'UTC';
SELECT v.ulid,
	   id::text = v.ulid AS text_out,
	   id::uuid = v.uuid AS to_uuid,
	   v.uuid::ulid = id AS from_uuid,
	   lower(v.ulid)::ulid = id AS lowercase,
	   ulid_timestamp_ms(id) = v.timestamp_ms AS timestamp_ms,
	   extract(epoch FROM ulid_timestamp(id)) * 1000 = v.timestamp_ms AS timestamp,
	   id::timestamptz = ulid_timestamp(id) AS cast_timestamptz,
	   ulid_to_uuid(v.ulid) = v.uuid AS ulid_to_uuid,
	   uuid_to_ulid(v.uuid) = v.ulid AS uuid_to_ulid,
	   id::scru128::uuid = v.uuid AND id::scru128::ulid = id AS via_scru128,
	   id::bytea = decode(replace(v.uuid::text, '-', ''), 'hex') AS to_bytea,
	   ulid_random(id) = substr(id::bytea, 7) AS random
FROM ulid_vectors v, LATERAL (SELECT v.ulid::ulid AS id) s
ORDER BY v.ulid COLLATE "C";
SELECT count(*) AS vector_rows FROM ulid_vectors;

-- the spec's monotonic example: in its order, each row is one more than
-- the one before, but where it skips ("...")
SELECT ulid, substr(ulid::ulid::bytea, 7) AS random,
	   ulid::ulid > lag(ulid::ulid) OVER (ORDER BY ulid COLLATE "C") AS increasing
FROM ulid_vectors WHERE source LIKE '%Monotonicity example%'
ORDER BY ulid COLLATE "C";

-- input that is not canonical: either case, Crockford's I, L (1) and O (0)
CREATE TABLE ulid_aliases (input text, canonical text, source text);
\set aliases 'grep -v "^#" ' :abs_srcdir '/test/vectors/ulid_aliases.tsv'
COPY ulid_aliases FROM PROGRAM :'aliases'
	WITH (FORMAT csv, DELIMITER E'\t', HEADER true, QUOTE E'\x01');
SELECT input, input::ulid::text = canonical AS canonical_out,
	   uuid_to_ulid(ulid_to_uuid(input)) = canonical AS text_functions
FROM ulid_aliases ORDER BY input COLLATE "C";

-- the SQLSTATE and detail of an input, without stopping the script
-- (an assignment, not PERFORM: a simple expression runs no plan, so no
-- parallel worker is started per call under debug_parallel_query)
CREATE FUNCTION ulid_try(input text, OUT state text, OUT detail text)
LANGUAGE plpgsql AS $$
DECLARE
	id ulid;
BEGIN
	id := input::ulid;
	state := 'ok';
EXCEPTION WHEN OTHERS THEN
	GET STACKED DIAGNOSTICS state = RETURNED_SQLSTATE, detail = PG_EXCEPTION_DETAIL;
END $$;
CREATE FUNCTION ulid_try_fn(input text) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
	u uuid;
BEGIN
	u := ulid_to_uuid(input);
	RETURN 'ok';
EXCEPTION WHEN OTHERS THEN
	RETURN SQLSTATE;
END $$;
-- soft errors (pg_input_is_valid on 16 and later) agree with the hard ones
CREATE FUNCTION ulid_valid(input text) RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
	IF current_setting('server_version_num')::int >= 160000 THEN
		RETURN pg_input_is_valid(input, 'ulid');
	END IF;
	RETURN (ulid_try(input)).state = 'ok';
END $$;

-- the invalid vectors PostgreSQL text can hold: 22P02, the position the
-- file gives, the same through ulid_to_uuid()
CREATE TABLE ulid_invalid (text_escaped text, error text, sql text, source text);
\set invalid 'grep -v "^#" ' :abs_srcdir '/test/vectors/ulid_invalid.tsv'
COPY ulid_invalid FROM PROGRAM :'invalid'
	WITH (FORMAT csv, DELIMITER E'\t', HEADER true, QUOTE E'\x01');
SELECT i.input, i.error, t.state, t.detail,
	   CASE WHEN i.error = 'length' THEN t.detail LIKE 'A ULID has exactly 26 %'
			WHEN i.error = 'overflow' THEN t.detail LIKE 'The value exceeds the largest ULID%'
			ELSE t.detail LIKE 'Byte ' || substr(i.error, 7) || ' is not a %' END AS as_the_file_says,
	   ulid_try_fn(i.input) AS ulid_to_uuid,
	   ulid_valid(i.input) AS valid
FROM (SELECT coalesce(text_escaped, '') AS input, * FROM ulid_invalid) i,
	 LATERAL ulid_try(i.input) t
WHERE i.sql = 'yes'
ORDER BY i.input COLLATE "C";

-- every length 0 .. 30 of a valid ULID
SELECT len, t.state, ulid_valid(input) AS valid
FROM (SELECT len, rpad('01ARYZ6S41TSV4RRFFQ69G5FAV', len, '0') AS input
	  FROM generate_series(0, 30) len) s,
	 LATERAL ulid_try(input) t
ORDER BY len;

-- every ASCII byte 1 .. 127 at the first, a middle and the last position:
-- which are accepted (the first digit only up to 7), and the reported
-- position of the rest
CREATE TABLE ulid_bytes AS
	SELECT pos, b, overlay('01ARYZ6S41TSV4RRFFQ69G5FAV' PLACING chr(b) FROM pos FOR 1) AS input
	FROM (VALUES (1), (14), (26)) p(pos), generate_series(1, 127) b;
SELECT pos,
	   string_agg(chr(b), '' ORDER BY b) FILTER (WHERE t.state = 'ok') AS accepted,
	   count(*) FILTER (WHERE t.state = '22P02') AS rejected_22p02,
	   count(*) FILTER (WHERE t.state NOT IN ('ok', '22P02')) AS other_state,
	   bool_and(t.detail LIKE 'Byte ' || pos || ' is not a %' OR t.detail LIKE 'The value exceeds%')
		 FILTER (WHERE t.state <> 'ok') AS position_reported,
	   bool_and(ulid_valid(input) = (t.state = 'ok')) AS soft_agrees
FROM ulid_bytes, LATERAL ulid_try(input) t
GROUP BY pos ORDER BY pos;

-- the whole message, as a client sees it, for each kind of error
SELECT ''::ulid;
SELECT '01ARYZ6S41TSV4RRFFQ69G5FA'::ulid;
SELECT '01ARYZ6S41TSV4RRFFQ69G5FAU'::ulid;
SELECT '80000000000000000000000000'::ulid;
SELECT '01563df3-6481-d676-4c61-efb99302bd5b'::ulid;
SELECT '01ARYZ6S41TSV4RRFFQ69G5FAé'::ulid;
SELECT ulid_to_uuid('01ARYZ6S41TSV4RRFFQ69G5FA');
-- a date-like literal compared with a ulid gets the hint to type it
SELECT '01ARYZ6S41TSV4RRFFQ69G5FAV'::ulid > '2024-01-01';
SELECT ulid_to_uuid(NULL) IS NULL AND uuid_to_ulid(NULL) IS NULL AS strict;

--
-- binary: send/recv through COPY (FORMAT binary), bytea casts
--
CREATE TABLE ulid_random (id ulid);
INSERT INTO ulid_random SELECT decode(md5(g::text), 'hex')::ulid FROM generate_series(1, 5000) g;
SELECT count(*) AS ids,
	   count(*) FILTER (WHERE ulid_send(id) <> id::bytea) AS send_failures,
	   count(*) FILTER (WHERE id::text::ulid <> id) AS text_round_trip_failures,
	   count(*) FILTER (WHERE id::text !~ '^[0-7][0-9A-HJKMNP-TV-Z]{25}$') AS not_canonical
FROM ulid_random;
\set binfile :abs_builddir '/ulid_io.bin'
COPY ulid_random TO STDOUT WITH (FORMAT binary) \g :binfile
CREATE TABLE ulid_random_back (id ulid);
COPY ulid_random_back FROM :'binfile' WITH (FORMAT binary);
SELECT (SELECT count(*) FROM ulid_random_back) AS copied,
	   (SELECT count(*) FROM (SELECT id FROM ulid_random EXCEPT ALL
							  SELECT id FROM ulid_random_back) d) AS differences;
-- a binary COPY field of 15 or 17 bytes is refused by ulid_recv
CREATE FUNCTION ulid_copy_field(len integer) RETURNS bytea
LANGUAGE sql AS $$
	SELECT '\x5047434f50590aff0d0a00'::bytea || '\x0000000000000000'::bytea ||
		   '\x0001'::bytea || int4send(len) || decode(repeat('ab', len), 'hex') ||
		   '\xffff'::bytea
$$;
\set badfile :abs_builddir '/ulid_io_bad.bin'
SELECT lo_from_bytea(0, ulid_copy_field(15)) AS loid15 \gset
\lo_export :loid15 :badfile
COPY ulid_random_back FROM :'badfile' WITH (FORMAT binary);
SELECT lo_from_bytea(0, ulid_copy_field(17)) AS loid17 \gset
\lo_export :loid17 :badfile
COPY ulid_random_back FROM :'badfile' WITH (FORMAT binary);
SELECT lo_from_bytea(0, ulid_copy_field(16)) AS loid16 \gset
\lo_export :loid16 :badfile
COPY ulid_random_back FROM :'badfile' WITH (FORMAT binary);
SELECT count(*) AS abab FROM ulid_random_back WHERE id = decode(repeat('ab', 16), 'hex')::ulid;
SELECT lo_unlink(:loid15) + lo_unlink(:loid17) + lo_unlink(:loid16) AS unlinked;
SELECT decode(repeat('ff', 15), 'hex')::ulid;
SELECT decode(repeat('ff', 17), 'hex')::ulid;

-- random round trips text <-> bytes <-> uuid <-> scru128: a million on 15
-- but in the parallel-mode run, 100 000 elsewhere (the same code; the count
-- only costs time)
SELECT CASE WHEN current_setting('server_version_num')::int / 10000 = 15
				 AND current_setting('force_parallel_mode', true) = 'off'
			THEN 1000000 ELSE 100000 END AS n_round_trips \gset
SELECT count(*) >= 100000 AS enough,
	   count(*) FILTER (WHERE u::ulid::text::ulid::scru128::text::scru128::ulid::uuid <> u) AS text_ulid_scru128_uuid,
	   count(*) FILTER (WHERE ulid_to_uuid(uuid_to_ulid(u)) <> u) AS text_functions
FROM (SELECT (md5(g::text) || '')::uuid AS u FROM generate_series(1, :n_round_trips) g) s;
SELECT count(*) FILTER (WHERE uuid_to_ulid(u) <> u::ulid::text) AS functions_equal_type,
	   count(*) FILTER (WHERE decode(replace(u::text, '-', ''), 'hex')::ulid::uuid <> u) AS via_bytea,
	   count(*) FILTER (WHERE lower(u::ulid::text)::ulid::uuid <> u) AS lowercase
FROM (SELECT (md5(g::text) || '')::uuid AS u FROM generate_series(1, 100000) g) s;
-- order: ulid, uuid, scru128, bytes and the text (in "C") all sort alike
SELECT count(*) AS pairs,
	   count(*) FILTER (WHERE (a < b) <> (a::uuid < b::uuid)) AS uuid_order,
	   count(*) FILTER (WHERE (a < b) <> (a::scru128 < b::scru128)) AS scru128_order,
	   count(*) FILTER (WHERE (a < b) <> (a::text COLLATE "C" < b::text COLLATE "C")) AS text_order,
	   count(*) FILTER (WHERE (a < b) <> (ulid_timestamp(a) < ulid_timestamp(b))
							AND ulid_timestamp(a) <> ulid_timestamp(b)) AS time_order
FROM (SELECT id AS a, lead(id) OVER (ORDER BY random()) AS b FROM ulid_random) s
WHERE b IS NOT NULL;

-- casts: uuid both ways by assignment, scru128 explicit, all without a
-- function; text and varchar by assignment
SELECT castsource::regtype, casttarget::regtype, castcontext, castmethod
FROM pg_cast
WHERE castsource = 'ulid'::regtype OR casttarget = 'ulid'::regtype
ORDER BY castsource::regtype::text COLLATE "C", casttarget::regtype::text COLLATE "C";
CREATE TEMP TABLE assign_u (u uuid, l ulid);
INSERT INTO assign_u VALUES ('01ARYZ6S41TSV4RRFFQ69G5FAV'::ulid, '01563df3-6481-d676-4c61-efb99302bd5b'::uuid);
INSERT INTO assign_u (l) VALUES ('01ARYZ6S41TSV4RRFFQ69G5FAV'::text), ('01ARYZ6S41TSV4RRFFQ69G5FAV'::varchar);
SELECT * FROM assign_u;
-- no implicit cast: ulid = uuid has no operator, a ulid compared with a
-- text literal reads it as a ulid
\set VERBOSITY terse
SELECT '01ARYZ6S41TSV4RRFFQ69G5FAV'::ulid = '01563df3-6481-d676-4c61-efb99302bd5b'::uuid;
\set VERBOSITY default
SELECT '01ARYZ6S41TSV4RRFFQ69G5FAV'::ulid = '01aryz6s41tsv4rrffq69g5fav' AS literal_is_ulid;
RESET TimeZone;
DROP TABLE ulid_vectors, ulid_aliases, ulid_invalid, ulid_bytes, ulid_random, ulid_random_back;
