--
-- UUID version 8 (RFC 9562 section 5.8): the two examples of Appendix B
-- from test/vectors/uuid_rfc9562_vectors.tsv, the three ways to make one,
-- bad lengths and ranges, and the time functions on version 8 (core's
-- answers: version 8, no time).
--
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS scru128;
RESET client_min_messages;

\getenv abs_srcdir PG_ABS_SRCDIR
CREATE TEMP TABLE v8_vectors AS
	SELECT split_part(line, E'\t', 1) AS section,
		   split_part(line, E'\t', 4)::uuid AS u,
		   split_part(line, E'\t', 7) AS fields
	FROM regexp_split_to_table(
		pg_read_file(:'abs_srcdir' || '/test/vectors/uuid_rfc9562_vectors.tsv'), E'\n') AS line
	WHERE line ~ '^B\.';
SELECT section, u FROM v8_vectors ORDER BY section;

-- B.1 from the three fields the appendix gives, and from its 16 bytes
SELECT public.uuidv8(x'2489E9AD2EE2'::bigint, x'E00'::int, x'0EC932D5F69181C0'::bigint) AS b1_fields,
	   public.uuidv8(x'2489E9AD2EE2'::bigint, x'E00'::int, x'0EC932D5F69181C0'::bigint) = u AS b1_ok,
	   public.uuidv8(decode('2489e9ad2ee28e008ec932d5f69181c0', 'hex')) = u AS b1_bytes_ok
FROM v8_vectors WHERE section = 'B.1';

-- B.2: SHA-256 of the DNS namespace and 'www.example.com'
SELECT public.uuidv8_sha256('6ba7b810-9dad-11d1-80b4-00c04fd430c8', 'www.example.com') AS b2,
	   public.uuidv8_sha256('6ba7b810-9dad-11d1-80b4-00c04fd430c8', 'www.example.com') = u AS b2_ok
FROM v8_vectors WHERE section = 'B.2';

-- the same as core's sha256() over the namespace's bytes and the name, cut
-- to 16 bytes, version and variant set: on names of many lengths and
-- characters outside ASCII (the database is UTF-8)
SELECT count(*) AS names,
	   count(*) FILTER (WHERE public.uuidv8_sha256(ns, name) =
			public.uuidv8(substring(sha256(uuid_send(ns) || convert_to(name, 'UTF8')) FROM 1 FOR 16))) AS same
FROM (SELECT gen_random_uuid() AS ns, repeat(chr(32 + i % 95) || 'é€😀', i % 40) AS name
	  FROM generate_series(1, 500) i) s;
SELECT public.uuidv8_sha256('00000000-0000-0000-0000-000000000000', '') AS empty_name;

-- the fields: zeros, maxima, and they come back out
SELECT public.uuidv8(0, 0, 0) AS zeros,
	   public.uuidv8(281474976710655, 4095, 4611686018427387903) AS maxima;
SELECT count(*) AS n,
	   count(*) FILTER (WHERE ('x' || substr(h, 1, 12))::bit(48)::bigint = a
						  AND ('x' || substr(h, 14, 3))::bit(12)::int = b
						  AND (('x' || substr(h, 17, 16))::bit(64)::bigint & 4611686018427387903) = c
						  AND substr(h, 13, 1) = '8'
						  AND substr(h, 17, 1) IN ('8', '9', 'a', 'b')) AS fields_back
FROM (SELECT a, b, c, replace(public.uuidv8(a, b, c)::text, '-', '') AS h
	  FROM (SELECT (random() * 281474976710655)::bigint AS a, (random() * 4095)::int AS b,
				   (random() * 4611686018427387903)::bigint AS c
			FROM generate_series(1, 1000)) r) s;

-- uuidv8(bytea) keeps every bit but the six of the version and the variant
SELECT public.uuidv8('\x00000000000000000000000000000000'::bytea) AS from_zeros,
	   public.uuidv8('\xffffffffffffffffffffffffffffffff'::bytea) AS from_ones;

-- bad ranges: 22003, naming the field; bad lengths: 22P03
CREATE FUNCTION pg_temp.v8_try(q text) RETURNS text LANGUAGE plpgsql AS $$
BEGIN
	EXECUTE q;
	RETURN 'ok';
EXCEPTION WHEN others THEN
	RETURN SQLSTATE || ': ' || SQLERRM;
END
$$;
SELECT q, pg_temp.v8_try(q) AS result FROM (VALUES
	('SELECT public.uuidv8(-1, 0, 0)'),
	('SELECT public.uuidv8(281474976710656, 0, 0)'),
	('SELECT public.uuidv8(0, -1, 0)'),
	('SELECT public.uuidv8(0, 4096, 0)'),
	('SELECT public.uuidv8(0, 0, -1)'),
	('SELECT public.uuidv8(0, 0, 4611686018427387904)'),
	('SELECT public.uuidv8(0, 0, -9223372036854775808)'),
	('SELECT public.uuidv8(''\x''::bytea)'),
	('SELECT public.uuidv8(''\x000102030405060708090a0b0c0d0e'')'),
	('SELECT public.uuidv8(''\x000102030405060708090a0b0c0d0e0f10'')')) v(q);
SELECT public.uuidv8(NULL, 0, 0) IS NULL AS strict_a, public.uuidv8(NULL::bytea) IS NULL AS strict_bytes,
	   public.uuidv8_sha256(NULL, 'x') IS NULL AS strict_ns, public.uuidv8_sha256(gen_random_uuid(), NULL) IS NULL AS strict_name;

-- the time functions on version 8: version 8 and no time, as core answers
SELECT section, public.uuid_extract_version(u) AS version,
	   public.uuid_timestamp(u) AS uuid_timestamp,
	   public.uuid_extract_timestamp(u) AS extract_timestamp
FROM v8_vectors ORDER BY section;
-- and core's own, where the server has them (17 and later): the same
DO $$
DECLARE
	r record;
	same boolean;
BEGIN
	IF current_setting('server_version_num')::int >= 170000 THEN
		FOR r IN SELECT u FROM v8_vectors LOOP
			EXECUTE 'SELECT pg_catalog.uuid_extract_version($1) = 8
						AND pg_catalog.uuid_extract_timestamp($1) IS NULL' INTO same USING r.u;
			IF NOT same THEN
				RAISE EXCEPTION 'core reads version 8 differently';
			END IF;
		END LOOP;
	END IF;
END
$$;

-- catalog labels and comments
SELECT p.oid::regprocedure AS function, p.provolatile AS vol, p.proparallel AS par,
	   p.proisstrict AS strict, p.proleakproof AS leakproof,
	   obj_description(p.oid, 'pg_proc') IS NOT NULL AS commented
FROM pg_proc p WHERE p.proname IN ('uuidv8', 'uuidv8_sha256')
  AND p.pronamespace = 'public'::regnamespace
ORDER BY 1::text COLLATE "C";
