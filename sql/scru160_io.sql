--
-- scru160 text, hex, binary and bytea I/O, against the reference vectors,
-- and every kind of invalid input
--
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS scru128;
RESET client_min_messages;
\set VERBOSITY default

\getenv abs_srcdir PG_ABS_SRCDIR
\getenv abs_builddir PG_ABS_BUILDDIR

-- every vector row: base32hex and hex give the same value, the fields match,
-- output is the canonical uppercase base32hex, scru160_hex the lowercase hex
CREATE TABLE s160_vectors (
	base32hex text, hex text, timestamp_ms bigint, counter integer,
	random16 integer, random80 numeric, timestamp_utc text, source text, derived text
);
\set vectors 'grep -v "^#" ' :abs_srcdir '/test/vectors/scru160_vectors.tsv'
COPY s160_vectors FROM PROGRAM :'vectors'
	WITH (FORMAT csv, DELIMITER E'\t', HEADER true, QUOTE E'\x01');

-- an unsigned big-endian bytea as a numeric, to compare random80
CREATE FUNCTION s160_numeric(b bytea) RETURNS numeric
LANGUAGE sql IMMUTABLE STRICT AS $$
	SELECT coalesce(sum(get_byte(b, i)::numeric * 256::numeric ^ (length(b) - 1 - i)), 0)
	FROM generate_series(0, length(b) - 1) i
$$;

SET TimeZone = 'UTC';
SELECT v.base32hex,
	   id::text = v.base32hex AS text_out,
	   scru160_hex(id) = v.hex AS hex_out,
	   v.hex::scru160 = id AND upper(v.hex)::scru160 = id AS from_hex,
	   lower(v.base32hex)::scru160 = id AS lowercase,
	   encode(id::bytea, 'hex') = v.hex AS to_bytea,
	   decode(v.hex, 'hex')::scru160 = id AS from_bytea,
	   (scru160_timestamp_ms(id), scru160_counter(id), scru160_random16(id),
		s160_numeric(scru160_random80(id))) =
		(v.timestamp_ms, v.counter, v.random16, v.random80) AS fields,
	   scru160_from_fields(v.timestamp_ms, v.counter, v.random16,
						   decode(substr(v.hex, 21), 'hex')) = id AS from_fields,
	   v.timestamp_utc = '' OR
		 scru160_timestamp(id) = v.timestamp_utc::timestamptz AS timestamp_utc,
	   id::timestamptz = scru160_timestamp(id) AS cast_timestamptz
FROM s160_vectors v, LATERAL (SELECT v.base32hex::scru160 AS id) s
ORDER BY v.base32hex COLLATE "C";
SELECT count(*) AS vector_rows FROM s160_vectors;
-- PostgreSQL 19's encode(..., 'base32hex') writes every vector's bytes as
-- its text form, and decode(..., 'base32hex') reads the text form back
DO $$
DECLARE
	bad bigint;
BEGIN
	IF current_setting('server_version_num')::int >= 190000 THEN
		EXECUTE $q$SELECT count(*) FROM s160_vectors v
				   WHERE encode(v.base32hex::scru160::bytea, 'base32hex') <> v.base32hex
					  OR decode(v.base32hex, 'base32hex')::scru160 <> v.base32hex::scru160$q$
			INTO bad;
		IF bad <> 0 THEN
			RAISE EXCEPTION 'core''s base32hex differs from scru160''s text form for % vectors', bad;
		END IF;
	END IF;
END
$$;

-- one vector shown in full
SELECT id, scru160_hex(id), scru160_timestamp(id), scru160_timestamp_ms(id),
	   scru160_counter(id), scru160_random16(id), scru160_random80(id), id::bytea
FROM (SELECT '05U0GF0J0SP1ADJPT0U4VHIMCJJAIP51'::scru160 AS id) s;

-- the bounds: 160 bits are exactly 32 base32hex digits, no spare bits
SELECT '00000000000000000000000000000000'::scru160 AS zero,
	   'vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv'::scru160 AS max,
	   scru160_hex('VVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVV') AS max_hex,
	   'FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF'::scru160 = 'VVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVV' AS same;

--
-- invalid text: SQLSTATE and DETAIL of every kind
--
-- (an assignment, not PERFORM: a simple expression runs no plan, so no
-- parallel worker is started per call under debug_parallel_query)
CREATE FUNCTION s160_try(input text, OUT state text, OUT detail text)
LANGUAGE plpgsql AS $$
DECLARE
	id scru160;
BEGIN
	id := input::scru160;
	state := 'ok';
EXCEPTION WHEN OTHERS THEN
	GET STACKED DIAGNOSTICS state = RETURNED_SQLSTATE, detail = PG_EXCEPTION_DETAIL;
END $$;

-- soft errors (pg_input_is_valid on 16 and later) agree with the hard ones
CREATE FUNCTION s160_valid(input text) RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
	IF current_setting('server_version_num')::int >= 160000 THEN
		RETURN pg_input_is_valid(input, 'scru160');
	END IF;
	RETURN (s160_try(input)).state = 'ok';
END $$;

-- every length 0 .. 45 of a valid base32hex ID and lengths 30 .. 45 of a
-- valid hex ID (its first 32 hex digits are also valid base32hex)
SELECT form, len, t.state, t.detail, s160_valid(input) AS valid
FROM (SELECT 'base32hex' AS form, len,
			 rpad('05U0GF0J0SP1ADJPT0U4VHIMCJJAIP51', len, '0') AS input
	  FROM generate_series(0, 45) len
	  UNION ALL
	  SELECT 'hex', len, rpad('017c083c130732153679e83c4fc65664e6a964a1', len, '0')
	  FROM generate_series(30, 45) len) s,
	 LATERAL s160_try(input) t
ORDER BY form, len;

-- every ASCII byte 1 .. 127 at the first, a middle and the last position
-- of both forms: which are accepted, and the reported position of the rest
CREATE TABLE s160_bytes AS
	SELECT form, pos, b,
		   overlay(base PLACING chr(b) FROM pos FOR 1) AS input
	FROM (VALUES ('base32hex', '05U0GF0J0SP1ADJPT0U4VHIMCJJAIP51'),
				 ('hex', '017c083c130732153679e83c4fc65664e6a964a1')) f(form, base),
		 LATERAL (VALUES (1), (17), (length(base))) p(pos),
		 generate_series(1, 127) b;
SELECT form, pos,
	   string_agg(chr(b), '' ORDER BY b) FILTER (WHERE t.state = 'ok') AS accepted,
	   count(*) FILTER (WHERE t.state = '22P02') AS rejected_22p02,
	   count(*) FILTER (WHERE t.state NOT IN ('ok', '22P02')) AS other_state,
	   bool_and(t.detail LIKE 'Byte ' || pos || ' is not a %')
		 FILTER (WHERE t.state <> 'ok') AS position_reported,
	   bool_and(s160_valid(input) = (t.state = 'ok')) AS soft_agrees
FROM s160_bytes, LATERAL s160_try(input) t
GROUP BY form, pos
ORDER BY form, pos;

-- the whole message, as a client sees it, for each kind of error
SELECT ''::scru160;
SELECT '05U0GF0J0SP1ADJPT0U4VHIMCJJAIP5'::scru160;
SELECT ' 05U0GF0J0SP1ADJPT0U4VHIMCJJAIP51'::scru160;
SELECT '05U0GF0J0SP1ADJPT0U4VHIMCJJAIP5W'::scru160;
SELECT '05U0GF0J0SP1ADJPT0U4VHIMCJJAIP5='::scru160;
SELECT '05U0GF0J0SP1ADJPT0U4VHIMCJJAIP51===='::scru160;
SELECT '017c083c130732153679e83c4fc65664e6a964ag'::scru160;
SELECT '017c083c-1307-3215-3679e83c4fc65664e6a964a1'::scru160;
SELECT '0x7c083c130732153679e83c4fc65664e6a964a1'::scru160;
-- RFC 4648 base32 (not base32hex) digits, and a hex form in base32hex digits
SELECT 'AXYZ2345AXYZ2345AXYZ2345AXYZ2345'::scru160;
SELECT '017c083c130732153679e83c4fc65664e6a964av'::scru160;
-- non-ASCII: a 32-byte string with a two-byte character, and 31 characters
-- that are 32 bytes
SELECT '05U0GF0J0SP1ADJPT0U4VHIMCJJAIé'::scru160;
SELECT '05U0GF0J0SP1ADJPT0U4VHIMCJJAIPé'::scru160;
SELECT '０5U0GF0J0SP1ADJPT0U4VHIMCJJAIP5'::scru160;

--
-- binary: send/recv through COPY (FORMAT binary), bytea casts
--
CREATE TABLE s160_random (id scru160);
INSERT INTO s160_random
	SELECT decode(md5(g::text) || substr(md5((-g)::text), 1, 8), 'hex')::scru160
	FROM generate_series(1, 5000) g;
SELECT count(*) AS ids,
	   count(*) FILTER (WHERE scru160_send(id) <> id::bytea) AS send_failures,
	   count(*) FILTER (WHERE id::text::scru160 <> id) AS text_round_trip_failures,
	   count(*) FILTER (WHERE scru160_hex(id)::scru160 <> id) AS hex_round_trip_failures,
	   count(*) FILTER (WHERE scru160_hex(id) <> encode(id::bytea, 'hex')) AS hex_mismatches,
	   count(*) FILTER (WHERE id::text !~ '^[0-9A-V]{32}$') AS not_canonical
FROM s160_random;

-- binary COPY out and back in (psql writes the files, with COPY TO STDOUT \g and
-- \lo_export; the server only reads them: it may not be allowed to write into
-- the test tree)
\set binfile :abs_builddir '/scru160_io.bin'
COPY s160_random TO STDOUT WITH (FORMAT binary) \g :binfile
CREATE TABLE s160_random_back (id scru160);
COPY s160_random_back FROM :'binfile' WITH (FORMAT binary);
SELECT (SELECT count(*) FROM s160_random_back) AS copied,
	   (SELECT count(*) FROM (SELECT id FROM s160_random EXCEPT ALL
							  SELECT id FROM s160_random_back) d) AS differences;

-- a binary COPY field of 19 or 21 bytes is refused by scru160_recv
CREATE FUNCTION s160_copy_field(len integer) RETURNS bytea
LANGUAGE sql AS $$
	SELECT '\x5047434f50590aff0d0a00'::bytea ||	-- signature
		   '\x0000000000000000'::bytea ||		-- flags, header extension
		   '\x0001'::bytea ||					-- one field
		   int4send(len) ||
		   decode(repeat('ab', len), 'hex') ||
		   '\xffff'::bytea						-- trailer
$$;
\set badfile :abs_builddir '/scru160_io_bad.bin'
SELECT lo_from_bytea(0, s160_copy_field(19)) AS loid19 \gset
\lo_export :loid19 :badfile
COPY s160_random_back FROM :'badfile' WITH (FORMAT binary);
SELECT lo_from_bytea(0, s160_copy_field(21)) AS loid21 \gset
\lo_export :loid21 :badfile
COPY s160_random_back FROM :'badfile' WITH (FORMAT binary);
SELECT lo_from_bytea(0, s160_copy_field(20)) AS loid20 \gset
\lo_export :loid20 :badfile
COPY s160_random_back FROM :'badfile' WITH (FORMAT binary);
SELECT count(*) AS abab FROM s160_random_back WHERE id = decode(repeat('ab', 20), 'hex')::scru160;
SELECT lo_unlink(:loid19) + lo_unlink(:loid21) + lo_unlink(:loid20) AS unlinked;

-- bytea of the wrong length; the casts to and from bytea are explicit only
SELECT '\x00'::bytea::scru160;
SELECT decode(repeat('ff', 19), 'hex')::scru160;
SELECT decode(repeat('ff', 21), 'hex')::scru160;
SELECT decode(repeat('ff', 20), 'hex')::scru160;
SELECT castsource::regtype, casttarget::regtype, castcontext, castmethod
FROM pg_cast
WHERE castsource = 'scru160'::regtype OR casttarget = 'scru160'::regtype
ORDER BY 1::text, 2::text;

--
-- scru160_from_fields: ranges of every field
--
SELECT scru160_from_fields(0, 0, 0, '\x00000000000000000000') AS lowest,
	   scru160_from_fields(281474976710655, 65535, 65535, '\xffffffffffffffffffff') AS highest;
SELECT scru160_from_fields(-1, 0, 0, '\x00000000000000000000');
SELECT scru160_from_fields(281474976710656, 0, 0, '\x00000000000000000000');
SELECT scru160_from_fields(1, -1, 0, '\x00000000000000000000');
SELECT scru160_from_fields(1, 65536, 0, '\x00000000000000000000');
SELECT scru160_from_fields(1, 0, -1, '\x00000000000000000000');
SELECT scru160_from_fields(1, 0, 65536, '\x00000000000000000000');
SELECT scru160_from_fields(1, 0, 0, '\x000000000000000000');
SELECT scru160_from_fields(1, 0, 0, '\x0000000000000000000000');
SELECT scru160_from_fields(1, 0, 0, NULL) IS NULL AS strict;

--
-- scru160_min and scru160_max: the first and last ID of a millisecond
--
SELECT scru160_min(timestamptz '2021-09-21 12:02:07.239999+00') AS min,
	   scru160_max(timestamptz '2021-09-21 12:02:07.239+00') AS max,
	   scru160_hex(scru160_min(timestamptz '2021-09-21 12:02:07.239+00')) AS min_hex,
	   scru160_hex(scru160_max(timestamptz '2021-09-21 12:02:07.239+00')) AS max_hex;
SELECT count(*) FILTER (WHERE v.base32hex::scru160
	   BETWEEN scru160_min(scru160_timestamp(v.base32hex::scru160))
		   AND scru160_max(scru160_timestamp(v.base32hex::scru160))) AS inside_own_ms,
	   count(*) AS vectors
FROM s160_vectors v;
SELECT scru160_min(timestamptz '1970-01-01 00:00:00+00') AS epoch,
	   scru160_max(timestamptz '10889-08-02 05:31:50.655+00') AS last;
SELECT scru160_min(timestamptz '1969-12-31 23:59:59.999+00');
SELECT scru160_max(timestamptz '10889-08-02 05:31:50.656+00');
SELECT scru160_min(timestamptz '-infinity');
SELECT scru160_max(timestamptz 'infinity');

-- arrays and records use the type's I/O
SELECT ARRAY['05U0GF0J0SP1ADJPT0U4VHIMCJJAIP51', '017c083c13073216a2ab5d302cebfca0916625a0']::scru160[] AS arr,
	   ROW('05TTUP1HNCPNH30VEK64KDQT9BSNU4C4'::scru160, 1) AS rec;
SELECT '{05u0gf0j0sp1adjpt0u4vhimcjjaip51,bad}'::scru160[];

RESET TimeZone;
DROP TABLE s160_vectors, s160_bytes, s160_random, s160_random_back;
DROP FUNCTION s160_numeric(bytea), s160_try(text), s160_valid(text), s160_copy_field(integer);
