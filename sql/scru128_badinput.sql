--
-- scru128_badinput: invalid input through every entry point of the type.
--
-- Text input (the cast from text and COPY's text format), the bytea cast,
-- binary receive (COPY FORMAT binary), scru128_from_fields(), and the
-- timestamptz functions.  Every input must be rejected with the documented
-- SQLSTATE and message, nothing partial may be stored, and the server must
-- keep running.  Large families of inputs are checked through a PL/pgSQL
-- wrapper and shown as aggregates; a few messages are shown verbatim.
--
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS scru128;
RESET client_min_messages;
\set VERBOSITY default

-- the server must still be the same one at the end
CREATE TEMP TABLE badinput_server AS
	SELECT pg_postmaster_start_time() AS started, pg_backend_pid() AS pid;

-- SQLSTATE and DETAIL of casting a text to scru128, or 'ok'
CREATE FUNCTION badinput_try(input text, OUT state text, OUT detail text)
LANGUAGE plpgsql AS $$
BEGIN
	PERFORM input::scru128;
	state := 'ok';
EXCEPTION WHEN OTHERS THEN
	GET STACKED DIAGNOSTICS state = RETURNED_SQLSTATE, detail = PG_EXCEPTION_DETAIL;
END $$;

-- the same for any expression, given as SQL text
CREATE FUNCTION badinput_eval(expr text) RETURNS text
LANGUAGE plpgsql AS $$
BEGIN
	EXECUTE 'SELECT ' || expr;
	RETURN 'ok';
EXCEPTION WHEN OTHERS THEN
	RETURN SQLSTATE;
END $$;

-- a valid ID and the largest one
\set valid '036z8puq54qny1vq3hcbrkweb'
\set max 'f5lxx1zz5pnorynqglhzmsp33'

--
-- 1. Text input, verbatim messages: one per kind of error
--
SELECT ''::scru128;
SELECT '036z8puq54qny1vq3hcbrkwe'::scru128;
SELECT ' 036z8puq54qny1vq3hcbrkweb'::scru128;
SELECT '036z8puq54qny1vq3hcbrkwe_'::scru128;
SELECT '036z8puq54qny1vq3hcbrkwé'::scru128;
SELECT 'f5lxx1zz5pnorynqglhzmsp34'::scru128;
SELECT 'ZZZZZZZZZZZZZZZZZZZZZZZZZ'::scru128;
-- the largest value and its uppercase form are accepted
SELECT :'max'::scru128, upper(:'max')::scru128;

--
-- 2. Every vector of test/vectors/scru128_invalid.tsv; utf8_hex is the
--    authoritative column.  The DETAIL gives the 1-based byte position.
--
\getenv abs_srcdir PG_ABS_SRCDIR
CREATE TEMP TABLE badinput_vectors AS
	SELECT row_number() OVER () AS n,
		   convert_from(decode(split_part(line, E'\t', 2), 'hex'), 'UTF8') AS input,
		   split_part(line, E'\t', 3)::int AS utf8_bytes,
		   split_part(line, E'\t', 5) AS expected_error
	FROM regexp_split_to_table(
		pg_read_file(:'abs_srcdir' || '/test/vectors/scru128_invalid.tsv'), E'\n') AS line
	WHERE line !~ '^(#|text_escaped\t|$)';
SELECT count(*) AS vectors,
	   bool_and(octet_length(input) = utf8_bytes) AS lengths_match
FROM badinput_vectors;
SELECT v.n, v.utf8_bytes, v.expected_error, t.state, t.detail
FROM badinput_vectors v, badinput_try(v.input) t
ORDER BY v.n;

--
-- 3. Truncations and extensions of a valid ID, every length 0 .. 30
--
CREATE TEMP TABLE badinput_lengths AS
	SELECT 'prefix' AS kind, left(:'valid' || '00000', n) AS input
	FROM generate_series(0, 30) AS n
	UNION ALL
	SELECT 'zero-padded left', repeat('0', n) || :'valid'
	FROM generate_series(1, 5) AS n
	UNION ALL
	SELECT 'z-padded right', :'valid' || repeat('z', n)
	FROM generate_series(1, 5) AS n
	UNION ALL
	SELECT 'whitespace', s
	FROM unnest(ARRAY[' ' || :'valid', :'valid' || ' ', E'\t' || :'valid',
					  :'valid' || E'\n', :'valid' || E'\r\n']) AS s;
SELECT kind, count(*) AS inputs, t.state, count(*) FILTER (
			   WHERE t.state = 'ok' OR t.detail ~ format(' %s bytes?\.$', octet_length(input)))
		   AS detail_ok,
	   min(octet_length(input)) AS min_len, max(octet_length(input)) AS max_len
FROM badinput_lengths, badinput_try(input) t
GROUP BY kind, t.state ORDER BY kind, t.state;

--
-- 4. Each of the 25 positions of a valid ID (and of the largest) replaced
--    by each byte 0x01 .. 0x7F outside [0-9A-Za-z]: 65 bytes x 25 x 2
--
CREATE TEMP TABLE badinput_digits AS
	SELECT base, pos, b,
		   overlay(base placing chr(b) from pos for 1) AS input
	FROM unnest(ARRAY[:'valid', :'max']) AS base,
		 generate_series(1, 25) AS pos,
		 generate_series(1, 127) AS b
	WHERE chr(b) !~ '[0-9A-Za-z]';
SELECT count(*) AS inputs, count(DISTINCT b) AS bytes, count(DISTINCT pos) AS positions,
	   t.state,
	   bool_and(t.detail LIKE format('Byte %s is not %%', pos)) AS position_reported
FROM badinput_digits, badinput_try(input) t
GROUP BY t.state;
-- a second bad byte later on does not change the reported position
SELECT count(*) AS inputs, t.state,
	   bool_and(t.detail LIKE format('Byte %s is not %%', pos)) AS first_reported
FROM badinput_digits,
	 badinput_try(overlay(input placing '~' from 25 for 1)) t
WHERE pos < 25
GROUP BY t.state;
-- and non-ASCII: every two-byte UTF-8 character U+0080 .. U+00FF at every
-- position (the string is then 26 bytes) or in place of two digits (25 bytes)
SELECT count(*) AS inputs, octet_length(i.input) AS bytes, t.state,
	   bool_and(t.detail LIKE CASE WHEN octet_length(i.input) <> 25 THEN '% 26 bytes.'
							  ELSE format('Byte %s is not %%', i.pos) END) AS detail_ok
FROM (SELECT pos, overlay(:'valid' placing chr(c) from pos for w) AS input
	  FROM generate_series(1, 24) AS pos, generate_series(128, 255) AS c,
		   generate_series(1, 2) AS w) i,
	 badinput_try(i.input) t
GROUP BY 2, t.state ORDER BY 2;

--
-- 5. Just above the largest value, and controls just below it
--
SELECT s AS input, t.state, t.detail
FROM unnest(ARRAY[
	'f5lxx1zz5pnorynqglhzmsp34',	-- 2^128
	'F5LXX1ZZ5PNORYNQGLHZMSP34',
	'f5lxx1zz5pnorynqglhzmsp3z',
	'f5lxx1zz5pnorynqglhzmsq00',
	'f5lxx1zz5pnorzzzzzzzzzzzz',	-- high chunk at its limit, low one over
	'f5lxx1zz5pnos000000000000',	-- high chunk over the limit
	'f5lxx1zz5pnpr000000000000',
	'f6000000000000000000000000',	-- 26 digits: length is checked first
	'g000000000000000000000000',	-- first digit 16
	'z000000000000000000000000',
	'zzzzzzzzzzzzzzzzzzzzzzzzz',
	'f5lxx1zz5pnorynqglhzmsp33',	-- 2^128 - 1: valid
	'f5lxx1zz5pnoqzzzzzzzzzzzz',	-- valid: high chunk just below the limit
	'f5lxx1zz5pnorynqglhzmsp32',	-- valid
	'e000000000000000000000000'		-- valid
]) WITH ORDINALITY AS u(s, k), badinput_try(s) t
ORDER BY k;

--
-- 6. NULLs pass through the strict functions as NULL
--
SELECT NULL::text::scru128 IS NULL AS text_null,
	   NULL::bytea::scru128 IS NULL AS bytea_null,
	   scru128_from_bytea(NULL) IS NULL AS from_bytea_null,
	   scru128_from_fields(NULL, 0, 0, 0) IS NULL AS from_fields_null,
	   scru128(NULL::timestamptz) IS NULL AS generate_at_null,
	   scru128_min(NULL) IS NULL AS min_null;

--
-- 7. The bytea cast: exactly 16 bytes
--
SELECT ''::bytea::scru128;
SELECT '\x00112233445566778899aabbccddee'::bytea::scru128;
SELECT '\x00112233445566778899aabbccddeeff00'::bytea::scru128;
SELECT '\x00112233445566778899aabbccddeeff'::bytea::scru128;
SELECT n AS bytes, badinput_eval(format('%L::bytea::scru128', '\x' || repeat('ab', n))) AS state
FROM unnest(ARRAY[0, 1, 8, 15, 16, 17, 32, 100000]) AS n;
SELECT scru128_from_bytea(decode(repeat('00', 15), 'hex'));

--
-- 8. scru128_from_fields: each field just outside its range, and at its ends
--
SELECT scru128_from_fields(281474976710656, 0, 0, 0);
SELECT scru128_from_fields(0, -1, 0, 0);
SELECT scru128_from_fields(0, 0, 16777216, 0);
SELECT scru128_from_fields(0, 0, 0, 4294967296);
SELECT args, badinput_eval('scru128_from_fields(' || args || ')') AS state
FROM unnest(ARRAY[
	'-1, 0, 0, 0', '281474976710656, 0, 0, 0', '-9223372036854775808, 0, 0, 0',
	'9223372036854775807, 0, 0, 0',
	'0, -1, 0, 0', '0, 16777216, 0, 0', '0, -2147483648, 0, 0', '0, 2147483647, 0, 0',
	'0, 0, -1, 0', '0, 0, 16777216, 0', '0, 0, -2147483648, 0', '0, 0, 2147483647, 0',
	'0, 0, 0, -1', '0, 0, 0, 4294967296', '0, 0, 0, -9223372036854775808',
	'0, 0, 0, 9223372036854775807',
	'0, 0, 0, 0', '281474976710655, 16777215, 16777215, 4294967295'
]) WITH ORDINALITY AS u(args, k)
ORDER BY k;

--
-- 9. Timestamps: scru128(timestamptz) takes 1 .. 2^48 - 2 ms after the Unix
--    epoch (0 and 2^48 - 1 are reserved), scru128_min/max 0 .. 2^48 - 1
--
CREATE FUNCTION badinput_ms(ms bigint) RETURNS timestamptz
LANGUAGE sql IMMUTABLE AS $$
	SELECT (timestamp '1970-01-01 00:00:00' + make_interval(days => (ms / 86400000)::int)
			+ (ms % 86400000) * interval '1 millisecond') AT TIME ZONE 'UTC'
$$;
-- an untyped literal is not a timestamp here: scru128('...') is the
-- function-style cast of text to scru128, so the argument must be typed
SELECT scru128('2026-01-01 00:00:00+00');
SELECT scru128('1969-12-31 23:59:59.999+00'::timestamptz);
SELECT scru128('1970-01-01 00:00:00+00'::timestamptz);
SELECT scru128('infinity'::timestamptz);
SELECT scru128('-infinity'::timestamptz);
SELECT scru128('10890-01-01 00:00:00+00'::timestamptz);
SELECT scru128(badinput_ms(281474976710655));
SELECT scru128_min('1969-12-31 23:59:59.999999+00');
SELECT scru128_max('infinity');
SELECT scru128_max(badinput_ms(281474976710656));
SELECT ts, badinput_eval(format('scru128(%L::timestamptz)', ts)) AS generate_at,
	   badinput_eval(format('scru128_min(%L::timestamptz)', ts)) AS min,
	   badinput_eval(format('scru128_max(%L::timestamptz)', ts)) AS max
FROM unnest(ARRAY[
	'-infinity', '4713-01-01 00:00:00+00 BC', '1969-12-31 23:59:59.999999+00',
	'1970-01-01 00:00:00+00', '1970-01-01 00:00:00.000999+00',
	'1970-01-01 00:00:00.001+00', '2026-01-01 00:00:00+00',
	badinput_ms(281474976710654)::text,
	(badinput_ms(281474976710654) + interval '999 microseconds')::text,
	badinput_ms(281474976710655)::text,
	(badinput_ms(281474976710655) + interval '999 microseconds')::text,
	badinput_ms(281474976710656)::text,
	'10890-01-01 00:00:00+00', '294276-12-31 23:59:59.999999+00', 'infinity'
]) WITH ORDINALITY AS u(ts, k)
ORDER BY k;
-- the accepted ends produce exactly those milliseconds
SELECT scru128_timestamp_ms(scru128('1970-01-01 00:00:00.001+00'::timestamptz)) AS first_ms,
	   scru128_timestamp_ms(scru128(badinput_ms(281474976710654)
									+ interval '999 microseconds')) AS last_ms,
	   scru128_timestamp_ms(scru128_max(badinput_ms(281474976710655))) AS max_ms,
	   scru128_min('1970-01-01 00:00:00+00') AS min_id;

--
-- 10. Nothing partial is stored: a failed multi-row INSERT, INSERT ... SELECT
--     or COPY leaves the table empty
--
CREATE TABLE badinput_t (id scru128);
INSERT INTO badinput_t VALUES (:'valid'), (:'max'), ('036z8puq54qny1vq3hcbrkwe!');
INSERT INTO badinput_t SELECT (:'valid' || repeat('0', n - 25))::scru128
	FROM generate_series(25, 26) AS n;
INSERT INTO badinput_t SELECT scru128_from_bytea(decode(repeat('00', n), 'hex'))
	FROM generate_series(16, 17) AS n;
COPY badinput_t FROM stdin;
036z8puq54qny1vq3hcbrkweb
\N
F5LXX1ZZ5PNORYNQGLHZMSP33
f5lxx1zz5pnorynqglhzmsp34
036z8puq54qny1vq3hcbrkweb
\.
SELECT count(*) AS rows_after_failures FROM badinput_t;
-- the same COPY without the bad line succeeds, NULL included
COPY badinput_t FROM stdin;
036z8puq54qny1vq3hcbrkweb
\N
F5LXX1ZZ5PNORYNQGLHZMSP33
\.
SELECT id FROM badinput_t ORDER BY id NULLS FIRST;
TRUNCATE badinput_t;

--
-- 11. Binary receive: COPY FORMAT binary files written by psql (\lo_export):
--     the server reads them but never writes into the test tree
--
\getenv abs_builddir PG_ABS_BUILDDIR
\set binfile :abs_builddir '/scru128_badinput.bin'
-- one tuple of one field: field count, length, data
CREATE FUNCTION badinput_tuple(len int, data bytea) RETURNS bytea
LANGUAGE sql IMMUTABLE AS $$ SELECT int2send(1::int2) || int4send(len) || data $$;
-- signature, flags, header extension length, tuples, trailer: a large
-- object that psql's \lo_export writes into the file
CREATE FUNCTION badinput_write(tuples bytea) RETURNS oid
LANGUAGE sql AS $$
	SELECT lo_from_bytea(0, '\x5047434f50590aff0d0a00'::bytea || int4send(0) || int4send(0)
						 || tuples || int2send((-1)::int2))
$$;
\set id1 '\\x0372a2a5e1fbab2e5ecd8c0d6c4e2e01'
\set id2 '\\xffffffffffffffffffffffffffffffff'
-- control: two good tuples and a NULL load
SELECT badinput_write(badinput_tuple(16, :'id1') || badinput_tuple(-1, '')
					  || badinput_tuple(16, :'id2')) AS lo \gset
\lo_export :lo :binfile
COPY badinput_t FROM :'binfile' WITH (FORMAT binary);
SELECT id, id::bytea AS bytes FROM badinput_t ORDER BY id NULLS FIRST;
TRUNCATE badinput_t;
-- second field length 15, 17 and 0: the value is 15, 17 or 0 bytes
SELECT badinput_write(badinput_tuple(16, :'id1') || badinput_tuple(15, substr(:'id2'::bytea, 2))) AS lo \gset
\lo_export :lo :binfile
COPY badinput_t FROM :'binfile' WITH (FORMAT binary);
SELECT badinput_write(badinput_tuple(16, :'id1') || badinput_tuple(17, :'id2'::bytea || '\x00')) AS lo \gset
\lo_export :lo :binfile
COPY badinput_t FROM :'binfile' WITH (FORMAT binary);
SELECT badinput_write(badinput_tuple(16, :'id1') || badinput_tuple(0, '')) AS lo \gset
\lo_export :lo :binfile
COPY badinput_t FROM :'binfile' WITH (FORMAT binary);
-- length 15 or 17 over 16 bytes of data: the first value is rejected before
-- the misaligned rest of the file is read
SELECT badinput_write(badinput_tuple(15, :'id1') || badinput_tuple(16, :'id2')) AS lo \gset
\lo_export :lo :binfile
COPY badinput_t FROM :'binfile' WITH (FORMAT binary);
SELECT badinput_write(badinput_tuple(17, :'id1') || badinput_tuple(16, :'id2')) AS lo \gset
\lo_export :lo :binfile
COPY badinput_t FROM :'binfile' WITH (FORMAT binary);
-- length beyond the end of the file, huge, and negative
SELECT badinput_write(badinput_tuple(16, :'id1') || badinput_tuple(16, substr(:'id2'::bytea, 1, 10))) AS lo \gset
\lo_export :lo :binfile
COPY badinput_t FROM :'binfile' WITH (FORMAT binary);
SELECT badinput_write(badinput_tuple(16, :'id1') || badinput_tuple(2147483647, :'id2')) AS lo \gset
\lo_export :lo :binfile
-- (core reports a 2 GB field as "out of memory" before 18 and as a string
-- buffer over its limit from 18: only that it is refused is ours to test)
CREATE FUNCTION badinput_copy_refused(path text) RETURNS text LANGUAGE plpgsql AS $$
BEGIN
	EXECUTE format('COPY badinput_t FROM %L WITH (FORMAT binary)', path);
	RETURN 'accepted';
EXCEPTION WHEN out_of_memory OR program_limit_exceeded THEN
	RETURN 'refused: field too large';
END
$$;
SELECT badinput_copy_refused(:'binfile');
DROP FUNCTION badinput_copy_refused(text);
SELECT badinput_write(badinput_tuple(16, :'id1') || badinput_tuple(-2, :'id2')) AS lo \gset
\lo_export :lo :binfile
COPY badinput_t FROM :'binfile' WITH (FORMAT binary);
-- a tuple with two fields
SELECT badinput_write(badinput_tuple(16, :'id1')
					  || int2send(2::int2) || int4send(16) || :'id2' || int4send(16) || :'id2') AS lo \gset
\lo_export :lo :binfile
COPY badinput_t FROM :'binfile' WITH (FORMAT binary);
SELECT count(*) AS rows_after_binary_failures FROM badinput_t;
SELECT count(lo_unlink(oid)) > 0 AS unlinked FROM pg_largeobject_metadata;

--
-- 12. The same server and session as at the start
--
SELECT started = pg_postmaster_start_time() AS same_server,
	   pid = pg_backend_pid() AS same_session
FROM badinput_server;

DROP TABLE badinput_t;
DROP FUNCTION badinput_try(text), badinput_eval(text), badinput_ms(bigint),
	badinput_tuple(int, bytea), badinput_write(bytea);
DROP TABLE badinput_server, badinput_vectors, badinput_lengths, badinput_digits;
RESET badinput.file;
