--
-- scru64 text, binary and integer I/O, against the reference test vectors
--
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS scru128;
RESET client_min_messages;

\getenv abs_srcdir PG_ABS_SRCDIR
\getenv abs_builddir PG_ABS_BUILDDIR

-- valid vectors: text <-> integer <-> fields, uppercase input, lowercase output
CREATE TABLE s64_vectors (
	text text, integer_dec bigint, num_hex text, "timestamp" bigint,
	unix_ms_floor bigint, node_ctr integer, source text, derived text
);
\set vectors 'grep -v "^#" ' :abs_srcdir '/test/vectors/scru64_vectors.tsv'
COPY s64_vectors FROM PROGRAM :'vectors'
	WITH (FORMAT csv, DELIMITER E'\t', HEADER true, QUOTE E'\x01');

SELECT v.text,
	   id::text = v.text AS text_out,
	   id::bigint = v.integer_dec AS int_out,
	   v.integer_dec::scru64 = id AS int_in,
	   lpad(to_hex(id::bigint), 16, '0') = v.num_hex AS hex,
	   scru64_send(id) = int8send(v.integer_dec) AS send,
	   (scru64_timestamp_ms(id), scru64_node_ctr(id)) = (v.unix_ms_floor, v.node_ctr) AS fields,
	   scru64_timestamp(id) = timestamptz 'epoch' + v.unix_ms_floor * interval '1 ms' AS ts,
	   scru64_from_parts(v."timestamp", v.node_ctr) = id AS from_parts,
	   upper(v.text)::scru64 = id AS upper_in
FROM s64_vectors v, LATERAL (SELECT v.text::scru64 AS id) s
ORDER BY v.integer_dec;
SELECT count(*) AS valid_vectors FROM s64_vectors;

-- invalid vectors: strings refused with 22P02, integers with 22003,
-- field pairs with 22003 naming the field
CREATE TABLE s64_invalid (
	kind text, input_escaped text, hex text, expected text, source text
);
\set invalid 'grep -v "^#" ' :abs_srcdir '/test/vectors/scru64_invalid.tsv'
COPY s64_invalid FROM PROGRAM :'invalid'
	WITH (FORMAT csv, DELIMITER E'\t', HEADER true, QUOTE E'\x01');

CREATE FUNCTION s64_try(kind text, input text, hex text, OUT code text, OUT message text)
LANGUAGE plpgsql AS $$
DECLARE
	m text[];
BEGIN
	IF kind = 'string' THEN
		PERFORM convert_from(decode(coalesce(hex, ''), 'hex'), 'UTF8')::scru64;
	ELSIF kind = 'i64' THEN
		PERFORM input::bigint::scru64;
	ELSIF kind = 'u64' OR (kind = 'bytes_be' AND length(hex) = 16) THEN
		-- an unsigned 64-bit value: as bigint it is >= 36^12 or negative
		PERFORM ('x' || hex)::bit(64)::bigint::scru64;
	ELSIF kind = 'bytes_be' THEN
		-- not 8 bytes: sent as a binary COPY field below
		code := 'binary COPY below';
		RETURN;
	ELSIF kind = 'from_parts' THEN
		m := regexp_match(input, 'timestamp=(\d+),node_ctr=(\d+)');
		PERFORM scru64_from_parts(m[1]::bigint, m[2]::integer);
	END IF;
	code := 'accepted';
EXCEPTION WHEN OTHERS THEN
	GET STACKED DIAGNOSTICS code = RETURNED_SQLSTATE, message = MESSAGE_TEXT;
END
$$;

SELECT i.kind, i.input_escaped, i.expected, r.code, r.message
FROM s64_invalid i, LATERAL s64_try(i.kind, i.input_escaped, i.hex) r
ORDER BY i.kind COLLATE "C", i.input_escaped COLLATE "C", i.hex COLLATE "C";
SELECT count(*) AS invalid_vectors FROM s64_invalid;

-- the whole message, as a client sees it
SELECT ''::scru64;
SELECT '0u2pf62ji4b'::scru64;
SELECT '0u2pf62ji4b90'::scru64;
SELECT '0u2pf62ji_b9'::scru64;
SELECT ' 0u2pf62ji4b'::scru64;
SELECT 'zzzzzzzzzzzz'::scru64, 'ZZZZZZZZZZZZ'::scru64::bigint, '000000000000'::scru64::bigint;
SELECT (-1)::bigint::scru64;
SELECT 4738381338321616896::scru64;
SELECT 4738381338321616895::scru64;
SELECT 9223372036854775807::scru64;
SELECT scru64_from_parts(282429536481, 0);
SELECT scru64_from_parts(-1, 0);
SELECT scru64_from_parts(0, 16777216);
SELECT scru64_from_parts(0, -1);
SELECT scru64_from_parts(282429536480, 16777215);

-- soft errors (PostgreSQL 16 and later): no output unless one is wrong
DO $$
DECLARE
	r record;
BEGIN
	IF to_regproc('pg_input_is_valid') IS NULL THEN
		RETURN;
	END IF;
	EXECUTE $q$SELECT pg_input_is_valid('0u2pf62ji4b9', 'scru64') AS good,
					  pg_input_is_valid('0u2pf62ji4b', 'scru64') AS short,
					  pg_input_is_valid('0u2pf62ji_b9', 'scru64') AS bad,
					  (pg_input_error_info('0u2pf62ji_b9', 'scru64')).sql_error_code AS code$q$ INTO r;
	IF NOT r.good OR r.short OR r.bad OR r.code <> '22P02' THEN
		RAISE EXCEPTION 'soft input errors: %', r;
	END IF;
END
$$;

-- binary COPY: scru64 out, back in; a bigint file with values out of range
-- (psql writes the files, with COPY TO STDOUT \g and \lo_export; the server
-- only reads them: it may not be allowed to write into the test tree)
\set binfile :abs_builddir '/scru64_io.bin'
CREATE TABLE s64_bin (id scru64);
INSERT INTO s64_bin SELECT text::scru64 FROM s64_vectors;
COPY s64_bin TO STDOUT WITH (FORMAT binary) \g :binfile
CREATE TABLE s64_bin_back (id scru64);
COPY s64_bin_back FROM :'binfile' WITH (FORMAT binary);
SELECT (SELECT count(*) FROM s64_bin_back) AS copied,
	   (SELECT count(*) FROM (SELECT id FROM s64_bin EXCEPT ALL
							  SELECT id FROM s64_bin_back) d) AS differences;
CREATE TABLE s64_ints (v bigint);
INSERT INTO s64_ints VALUES (-1);
COPY s64_ints TO STDOUT WITH (FORMAT binary) \g :binfile
COPY s64_bin_back FROM :'binfile' WITH (FORMAT binary);
TRUNCATE s64_ints;
INSERT INTO s64_ints VALUES (4738381338321616896);
COPY s64_ints TO STDOUT WITH (FORMAT binary) \g :binfile
COPY s64_bin_back FROM :'binfile' WITH (FORMAT binary);
TRUNCATE s64_ints;
INSERT INTO s64_ints VALUES (4738381338321616895);
COPY s64_ints TO STDOUT WITH (FORMAT binary) \g :binfile
COPY s64_bin_back FROM :'binfile' WITH (FORMAT binary);
SELECT count(*) AS max_copied FROM s64_bin_back WHERE id = 'zzzzzzzzzzzz';

-- a binary field of 7 or 9 bytes (the bytes_be vectors of other lengths)
CREATE FUNCTION s64_copy_field(hex text) RETURNS bytea
LANGUAGE sql AS $$
	SELECT '\x5047434f50590aff0d0a00'::bytea ||	-- signature
		   '\x0000000000000000'::bytea ||		-- flags, header extension
		   '\x0001'::bytea ||					-- one field
		   int4send(length(hex) / 2) ||
		   decode(hex, 'hex') ||
		   '\xffff'::bytea						-- trailer
$$;
\set badfile :abs_builddir '/scru64_io_bad.bin'
SELECT input_escaped AS seven FROM s64_invalid WHERE kind = 'bytes_be' AND length(hex) = 14 \gset
SELECT lo_from_bytea(0, s64_copy_field(:'seven')) AS loid \gset
\lo_export :loid :badfile
COPY s64_bin_back FROM :'badfile' WITH (FORMAT binary);
SELECT input_escaped AS nine FROM s64_invalid WHERE kind = 'bytes_be' AND length(hex) = 18 \gset
SELECT lo_from_bytea(0, s64_copy_field(:'nine')) AS loid \gset
\lo_export :loid :badfile
COPY s64_bin_back FROM :'badfile' WITH (FORMAT binary);
SELECT lo_from_bytea(0, s64_copy_field('0186a7aa022a4155')) AS loid \gset
\lo_export :loid :badfile
COPY s64_bin_back FROM :'badfile' WITH (FORMAT binary);
SELECT count(*) AS eight_copied FROM s64_bin_back WHERE id = '0u2pf62ji4b9';
SELECT lo_unlink(oid) FROM pg_largeobject_metadata;

-- arrays and records use the type's I/O
SELECT ARRAY['0u2pf62ji4b9', 'ZZZZZZZZZZZZ']::scru64[];
SELECT ROW('0u2pf62ji4b9'::scru64, 1);

DROP TABLE s64_vectors, s64_invalid, s64_bin, s64_bin_back, s64_ints;
DROP FUNCTION s64_try(text, text, text), s64_copy_field(text);
