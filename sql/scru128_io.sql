--
-- scru128 text, binary and bytea I/O, against the reference test vectors
--
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS scru128;
RESET client_min_messages;

\getenv abs_srcdir PG_ABS_SRCDIR
\getenv abs_builddir PG_ABS_BUILDDIR

-- valid vectors: text <-> fields <-> hex, uppercase input, lowercase output
CREATE TABLE io_vectors (
	text text, timestamp_ms bigint, counter_hi integer, counter_lo integer,
	entropy bigint, hex text, canonical text, source text, derived text
);
\set vectors 'grep -v "^#" ' :abs_srcdir '/test/vectors/scru128_vectors.tsv'
COPY io_vectors FROM PROGRAM :'vectors'
	WITH (FORMAT csv, DELIMITER E'\t', HEADER true, QUOTE E'\x01');

SELECT v.text,
	   id::text = v.canonical AS text_out,
	   encode(id::bytea, 'hex') = v.hex AS hex,
	   scru128_from_bytea(decode(v.hex, 'hex')) = id AS from_hex,
	   (scru128_timestamp_ms(id), scru128_counter_hi(id), scru128_counter_lo(id),
		scru128_entropy(id)) = (v.timestamp_ms, v.counter_hi, v.counter_lo, v.entropy) AS fields,
	   scru128_from_fields(v.timestamp_ms, v.counter_hi, v.counter_lo, v.entropy) = id AS from_fields,
	   upper(v.text)::scru128 = id AND lower(v.text)::scru128 = id AS any_case
FROM io_vectors v, LATERAL (SELECT v.text::scru128 AS id) s
ORDER BY v.source COLLATE "C", v.text COLLATE "C";

-- invalid vectors: each rejected with 22P02; the detail says why
CREATE TABLE io_invalid (
	text_escaped text, utf8_hex text, utf8_bytes integer, js_utf16_len integer,
	expected_error text, source text
);
\set invalid 'grep -v "^#" ' :abs_srcdir '/test/vectors/scru128_invalid.tsv'
COPY io_invalid FROM PROGRAM :'invalid'
	WITH (FORMAT csv, DELIMITER E'\t', HEADER true, QUOTE E'\x01');

CREATE FUNCTION io_try(input text, OUT code text, OUT detail text)
LANGUAGE plpgsql AS $$
BEGIN
	PERFORM input::scru128;
	code := 'accepted';
EXCEPTION WHEN OTHERS THEN
	GET STACKED DIAGNOSTICS code = RETURNED_SQLSTATE, detail = PG_EXCEPTION_DETAIL;
END
$$;

SELECT i.text_escaped, i.expected_error, r.code, r.detail
FROM io_invalid i,
	 LATERAL io_try(convert_from(decode(coalesce(i.utf8_hex, ''), 'hex'), 'UTF8')) r
ORDER BY i.source COLLATE "C", i.text_escaped COLLATE "C";

-- the whole message, as a client sees it
SELECT ''::scru128;
SELECT '0372hg16csmsm50l8dikcvuk'::scru128;
SELECT '0372hg16csmsm50l8dikcvukc '::scru128;
SELECT '0372hg16csmsm50l8dik_vukc'::scru128;
SELECT 'f5lxx1zz5pnorynqglhzmsp34'::scru128;
SELECT '039onvvklfmqlq漢字fgvd1'::scru128;

-- a reference encoder in numeric arithmetic, for random values
CREATE FUNCTION io_ref_text(b bytea) RETURNS text
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
	n numeric := 0;
	s text := '';
BEGIN
	FOR i IN 0 .. 15 LOOP
		n := n * 256 + get_byte(b, i);
	END LOOP;
	FOR i IN 1 .. 25 LOOP
		s := substr('0123456789abcdefghijklmnopqrstuvwxyz', (n % 36)::int + 1, 1) || s;
		n := div(n, 36);
	END LOOP;
	RETURN s;
END
$$;

CREATE TABLE io_random AS
	SELECT gen_random_uuid()::scru128 AS id FROM generate_series(1, 100000);
-- small values too, for the leading zeros
INSERT INTO io_random
	SELECT scru128_from_bytea(decode(repeat('00', g % 16), 'hex') ||
							  substr(uuid_send(gen_random_uuid()), 1, 16 - g % 16))
	FROM generate_series(1, 1000) g;

SELECT count(*) AS values,
	   count(*) FILTER (WHERE id::text::scru128 <> id) AS round_trip_failures,
	   count(*) FILTER (WHERE upper(id::text)::scru128 <> id) AS upper_failures,
	   count(*) FILTER (WHERE id::text !~ '^[0-9a-z]{25}$') AS not_canonical,
	   count(*) FILTER (WHERE id::bytea::scru128 <> id) AS bytea_failures,
	   count(*) FILTER (WHERE id::uuid::scru128 <> id) AS uuid_failures,
	   count(*) FILTER (WHERE scru128_send(id) <> id::bytea
						   OR uuid_send(id::uuid) <> id::bytea) AS send_failures
FROM io_random;

SELECT count(*) AS checked,
	   count(*) FILTER (WHERE io_ref_text(id::bytea) <> id::text) AS mismatches
FROM (SELECT id FROM io_random LIMIT 2000) s;

-- binary COPY out and back in
-- (psql writes the files, with COPY TO STDOUT \g and \lo_export; the server
-- only reads them: it may not be allowed to write into the test tree)
\set binfile :abs_builddir '/io_random.bin'
COPY io_random TO STDOUT WITH (FORMAT binary) \g :binfile
CREATE TABLE io_random_back (id scru128);
COPY io_random_back FROM :'binfile' WITH (FORMAT binary);
SELECT (SELECT count(*) FROM io_random_back) AS copied,
	   (SELECT count(*) FROM (SELECT id FROM io_random EXCEPT ALL
							  SELECT id FROM io_random_back) d) AS differences;

-- a binary COPY field of 15 or 17 bytes is refused by scru128_recv
CREATE FUNCTION io_copy_field(len integer) RETURNS bytea
LANGUAGE sql AS $$
	SELECT '\x5047434f50590aff0d0a00'::bytea ||	-- signature
		   '\x0000000000000000'::bytea ||		-- flags, header extension
		   '\x0001'::bytea ||					-- one field
		   int4send(len) ||
		   decode(repeat('ab', len), 'hex') ||
		   '\xffff'::bytea						-- trailer
$$;
\set badfile :abs_builddir '/io_bad.bin'
SELECT lo_from_bytea(0, io_copy_field(15)) AS loid \gset
\lo_export :loid :badfile
COPY io_random_back FROM :'badfile' WITH (FORMAT binary);
SELECT lo_from_bytea(0, io_copy_field(17)) AS loid \gset
\lo_export :loid :badfile
COPY io_random_back FROM :'badfile' WITH (FORMAT binary);
SELECT lo_from_bytea(0, io_copy_field(16)) AS loid \gset
\lo_export :loid :badfile
COPY io_random_back FROM :'badfile' WITH (FORMAT binary);
SELECT count(*) AS abab FROM io_random_back WHERE id = decode(repeat('ab', 16), 'hex')::scru128;
SELECT lo_unlink(oid) FROM pg_largeobject_metadata;

-- bytea of the wrong length
SELECT '\x00'::bytea::scru128;
SELECT decode(repeat('ff', 17), 'hex')::scru128;
SELECT decode(repeat('ff', 16), 'hex')::scru128;

-- arrays and records use the type's I/O
SELECT ARRAY['0372hg16csmsm50l8dikcvukc', 'F5LXX1ZZ5PNORYNQGLHZMSP33']::scru128[];
SELECT ROW('0372hg16csmsm50l8dikcvukc'::scru128, 1);

DROP TABLE io_vectors, io_invalid, io_random, io_random_back;
DROP FUNCTION io_try(text), io_ref_text(bytea), io_copy_field(integer);
