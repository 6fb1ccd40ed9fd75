-- The SQL edition's TypeID (portable/src/80_typeid.sql) against the spec's
-- vectors (test/vectors/typeid, loaded by test/suites/sqledition.sh into
-- sqled_vec.typeid_yml_lines and sqled_vec.typeid_invalid_errors) and
-- against the native typeid type of the same database: the same text both
-- ways, the same refusals (SQLSTATE, message and detail), on every case of
-- valid.yml and invalid.yml, every ASCII byte and some non-ASCII
-- characters at several positions, every length, n random values (at
-- most 200000) with random prefixes, and mutations of them.  psql
-- variable n: how many random values.

CREATE TEMP VIEW tid_yml AS
SELECT file, min(n) AS n,
	max(value) FILTER (WHERE key = 'name') AS name,
	max(value) FILTER (WHERE key = 'typeid') AS typeid,
	max(value) FILTER (WHERE key = 'prefix') AS prefix,
	max(value) FILTER (WHERE key = 'uuid')::uuid AS uuid
FROM (SELECT *, count(*) FILTER (WHERE key = 'name') OVER (PARTITION BY file ORDER BY n) AS case_no
	FROM sqled_vec.typeid_yml_lines) l
GROUP BY file, case_no;

-- the files were read: every case has its fields, and invalid_errors.tsv
-- names the error of each invalid case and of no other
SELECT pg_temp.tap(count(*) FILTER (WHERE file = 'valid.yml') > 0
		AND count(*) FILTER (WHERE file = 'invalid.yml') > 0
		AND count(*) FILTER (WHERE file = 'valid.yml' AND (typeid IS NULL OR prefix IS NULL OR uuid IS NULL)) = 0
		AND count(*) FILTER (WHERE file = 'invalid.yml' AND typeid IS NULL) = 0
		AND count(*) FILTER (WHERE file = 'invalid.yml' AND name NOT IN (SELECT name FROM sqled_vec.typeid_invalid_errors)) = 0
		AND (SELECT count(*) FROM sqled_vec.typeid_invalid_errors) = count(*) FILTER (WHERE file = 'invalid.yml'),
	'typeid vectors: ' || count(*) FILTER (WHERE file = 'valid.yml') || ' valid and '
		|| count(*) FILTER (WHERE file = 'invalid.yml') || ' invalid cases, each with its fields and (invalid) its error')
FROM tid_yml;

-- valid.yml: each TypeID gives its prefix and UUID, the pair gives the
-- TypeID, and the native type agrees
SELECT pg_temp.tap(scru128_sql.typeid_uuid(typeid) = uuid
		AND scru128_sql.typeid_prefix(typeid) = prefix
		AND scru128_sql.typeid_parse(typeid, prefix) = uuid
		AND scru128_sql.typeid_text(prefix, uuid) = typeid
		AND scru128_sql.typeid_text(prefix, uuid) = typeid(prefix, uuid)::text
		AND scru128_sql.typeid_uuid(typeid) = typeid_uuid(typeid::typeid)
		AND scru128_sql.typeid_prefix(typeid) = typeid_prefix(typeid::typeid),
	'typeid valid ' || name || ': ' || typeid)
FROM tid_yml WHERE file = 'valid.yml' ORDER BY n;

-- invalid.yml: 22P02, the native message, the detail invalid_errors.tsv
-- names, the native detail; typeid_prefix() and typeid_parse() refuse it
-- with the same error
SELECT pg_temp.tap(e = pg_temp.err(format('SELECT %L::typeid', y.typeid))
		AND e LIKE '22P02: ' || replace(format('invalid input syntax for type typeid: "%s"', y.typeid), '_', '\_') || ' / %'
		AND CASE split_part(x.error, ' ', 1)
			WHEN 'empty' THEN e LIKE '% the text is empty.'
			WHEN 'separator' THEN e LIKE '% / The text has an underscore with no prefix before it;%'
			WHEN 'prefix_length' THEN e LIKE '% / The prefix has % characters; a TypeID prefix has at most 63.'
			WHEN 'prefix_char' THEN e LIKE '% / The prefix has % at byte ' || split_part(x.error, ' ', 2) || ';%'
			WHEN 'prefix_leading_underscore' THEN e LIKE '% / The prefix % begins with an underscore;%'
			WHEN 'prefix_trailing_underscore' THEN e LIKE '% / The prefix % ends with an underscore;%'
			WHEN 'suffix_length' THEN e LIKE '% / The suffix after the prefix has % byte%; a TypeID suffix has exactly 26 %'
				OR e LIKE '% / The text has no underscore, so no prefix, and % byte%'
			WHEN 'suffix_char' THEN e LIKE '% / The suffix has % at byte ' || split_part(x.error, ' ', 2) || ';%'
			WHEN 'suffix_overflow' THEN e LIKE '% / The suffix begins with %; its first digit is at most 7%'
		END
		AND e = pg_temp.err(format('SELECT scru128_sql.typeid_prefix(%L)', y.typeid))
		AND e = pg_temp.err(format('SELECT scru128_sql.typeid_parse(%L, %L)', y.typeid, 'prefix')),
	'typeid invalid ' || y.name || ' (' || x.error || '): ' || e)
FROM tid_yml y JOIN sqled_vec.typeid_invalid_errors x USING (name),
	LATERAL (SELECT pg_temp.err(format('SELECT scru128_sql.typeid_uuid(%L)', y.typeid)) e) v
WHERE y.file = 'invalid.yml' ORDER BY y.n;

-- the SQL edition's outcome for an input: its UUID and prefix, or its error;
-- and the native type's, in the same form
CREATE FUNCTION pg_temp.tid_sql(t text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
	st text;
	msg text;
	det text;
BEGIN
	RETURN 'ok ' || scru128_sql.typeid_uuid(t) || ' ' || scru128_sql.typeid_prefix(t);
EXCEPTION WHEN OTHERS THEN
	GET STACKED DIAGNOSTICS st = RETURNED_SQLSTATE, msg = MESSAGE_TEXT, det = PG_EXCEPTION_DETAIL;
	RETURN st || ': ' || msg || coalesce(' / ' || nullif(det, ''), '');
END
$$;
CREATE FUNCTION pg_temp.tid_native(t text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
	st text;
	msg text;
	det text;
	id typeid;
BEGIN
	id := t::typeid;
	RETURN 'ok ' || typeid_uuid(id) || ' ' || typeid_prefix(id);
EXCEPTION WHEN OTHERS THEN
	GET STACKED DIAGNOSTICS st = RETURNED_SQLSTATE, msg = MESSAGE_TEXT, det = PG_EXCEPTION_DETAIL;
	RETURN st || ': ' || msg || coalesce(' / ' || nullif(det, ''), '');
END
$$;

-- every ASCII byte 1 .. 127 and some non-ASCII characters (2, 3 and 4
-- bytes in UTF-8) at prefix positions (first, inner, last), the separator,
-- and the first, a middle and the last suffix position: the native
-- outcome, accepted or the same error at the same byte
CREATE TEMP TABLE tid_bytes AS
SELECT pos, c, overlay('user_01h455vb4pex5vsknk084sn02q' PLACING c FROM pos FOR 1) AS input
FROM (VALUES (1), (2), (4), (5), (6), (7), (19), (31)) p(pos),
	(SELECT chr(b) c FROM generate_series(1, 127) b UNION ALL VALUES ('é'), ('€'), ('😀'), ('ı'), ('Ｕ')) c;
SELECT pg_temp.tap(count(*) FILTER (WHERE s IS DISTINCT FROM nat) = 0
		AND count(*) FILTER (WHERE s LIKE 'ok %') > 0 AND count(*) FILTER (WHERE s LIKE '22P02: %') > 0,
	'typeid: every ASCII byte and 5 non-ASCII characters at position ' || pos || ': '
		|| count(*) FILTER (WHERE s LIKE 'ok %') || ' accepted, the others refused, all as the native type'
		|| coalesce(' (differ: ' || string_agg(ascii(c)::text, ' ') FILTER (WHERE s IS DISTINCT FROM nat) || ')', ''))
FROM (SELECT pos, c, pg_temp.tid_sql(input) s, pg_temp.tid_native(input) nat FROM tid_bytes OFFSET 0) x
GROUP BY pos ORDER BY pos;

-- every length 0 .. 100 of texts with and without a prefix, with a long
-- prefix, a prefix of underscores and letters, and the lengths around 63
SELECT pg_temp.tap(count(*) FILTER (WHERE s IS DISTINCT FROM nat) = 0,
	'typeid: every length 0 .. 100 of ' || quote_literal(base) || ' as the native type'
		|| coalesce(' (differ at lengths: ' || string_agg(len::text, ' ') FILTER (WHERE s IS DISTINCT FROM nat) || ')', ''))
FROM (VALUES ('user_01h455vb4pex5vsknk084sn02q0000'), ('01h455vb4pex5vsknk084sn02q01h455vb4pex5vsknk084sn02q'),
		(repeat('ab_', 21) || 'c_01h455vb4pex5vsknk084sn02q'), (repeat('a', 62) || 'b_7zzzzzzzzzzzzzzzzzzzzzzzzz' || repeat('_', 20)),
		('a_b__c___' || repeat('z', 60) || '_01h455vb4pex5vsknk084sn02q'), ('__________'), (repeat('é', 40) || '_01h455vb4pex5vsknk084sn02q')) b(base),
	generate_series(0, 100) len,
	LATERAL (SELECT pg_temp.tid_sql(left(base, len)) s, pg_temp.tid_native(left(base, len)) nat OFFSET 0) i
GROUP BY base;

-- prefixes given as arguments: the native 22023 errors from typeid_text()
-- (native typeid(prefix, id)), typeid_generate() and, as the expected
-- prefix, typeid_parse() (native typeid_check_prefix())
CREATE TEMP TABLE tid_bad_prefix AS
SELECT p FROM unnest(ARRAY['PREFIX', 'Prefix', 'pre.fix', 'préfix', ' prefix', 'prefix ', 'pre-fix', 'pre0fix', '12345',
	E'pre\tfix', E'pre\x7ffix', E'\x01', 'é', '😀', '_prefix', 'prefix_', '_', '__', 'a_', '_a', 'a__',
	repeat('a', 64), repeat('é', 32), repeat('a', 63) || 'é', repeat('a', 100) || '.', repeat('_', 64)]) p;
SELECT pg_temp.tap(e = pg_temp.err(format('SELECT typeid(%L, %L::uuid)', p, '01890a5d-ac96-774b-bcce-b302099a8057'))
		AND e LIKE '22023: invalid TypeID prefix: %'
		AND e = pg_temp.err(format('SELECT scru128_sql.typeid_generate(%L)', p))
		AND pg_temp.err(format('SELECT typeid_generate(%L)', p)) = e
		AND e = pg_temp.err(format('SELECT scru128_sql.typeid_parse(%L, %L)', 'user_01h455vb4pex5vsknk084sn02q', p))
		AND e = pg_temp.err(format('SELECT typeid_check_prefix(%L::typeid, %L)', 'user_01h455vb4pex5vsknk084sn02q', p)),
	'typeid prefix argument ' || quote_literal(translate(p, E'\t\x01\x7f', '???')) || ': ' || e)
FROM (SELECT p, pg_temp.err(format('SELECT scru128_sql.typeid_text(%L, %L::uuid)', p, '01890a5d-ac96-774b-bcce-b302099a8057')) e
	FROM tid_bad_prefix) x;

-- typeid_parse() with another prefix than the text's: the native domain
-- CHECK's 23514, naming both
SELECT pg_temp.tap(e = pg_temp.err(format('SELECT typeid_check_prefix(%L::typeid, %L)', t, p)) AND e LIKE '23514: TypeID "%" has %',
	'typeid_parse(' || quote_literal(t) || ', ' || quote_literal(p) || '): ' || e)
FROM (SELECT t, p, pg_temp.err(format('SELECT scru128_sql.typeid_parse(%L, %L)', t, p)) e
	FROM (VALUES ('post_01h455vb4pex5vsknk084sn02q', 'user'), ('user_01h455vb4pex5vsknk084sn02q', ''),
		('01h455vb4pex5vsknk084sn02q', 'user'), ('user_01h455vb4pex5vsknk084sn02q', 'use'),
		('user_01h455vb4pex5vsknk084sn02q', 'users'), ('a_b_01h455vb4pex5vsknk084sn02q', 'a')) v(t, p)) x;

-- n (at most 200000: four PL/pgSQL calls a value) random UUIDs with
-- prefixes of every length 0 .. 63, of letters and inner underscores: the
-- text equals the native type's, and the SQL edition's parse of it gives
-- the UUID and the prefix back, as the native parse does
CREATE TEMP TABLE tid_prefixes AS
SELECT k, CASE WHEN len = 0 THEN '' ELSE
		chr(97 + (random() * 25)::int)
		|| (SELECT coalesce(string_agg(CASE WHEN random() < 0.15 THEN '_' ELSE chr(97 + (random() * 25)::int) END, '' ORDER BY i), '')
			FROM generate_series(1, len - 2) i)
		|| CASE WHEN len > 1 THEN chr(97 + (random() * 25)::int) ELSE '' END END p
FROM generate_series(0, 255) k, LATERAL (SELECT k % 64 len) l;
SELECT pg_temp.tap(count(*) = 256 AND count(DISTINCT length(p)) = 64 AND bool_and(length(p) = k % 64)
		AND bool_and(typeid_prefix(typeid(p, '00000000-0000-0000-0000-000000000000')) = p),
	'typeid: 256 random prefixes of every length 0 .. 63, valid to the native type') FROM tid_prefixes;
CREATE TEMP TABLE tid_rand AS
SELECT r.k, u, p, scru128_sql.typeid_text(p, u) t
FROM (SELECT k, gen_random_uuid() u FROM generate_series(1, least(:n, 200000)) k
	UNION ALL VALUES (0, '00000000-0000-0000-0000-000000000000'::uuid), (-1, 'ffffffff-ffff-ffff-ffff-ffffffffffff')) r
JOIN tid_prefixes x ON x.k = (r.k + 256) % 256;
SELECT pg_temp.tap(count(*) = least(:n, 200000) + 2 AND count(*) FILTER (WHERE t = typeid(p, u)::text) = count(*),
	'typeid: ' || count(*) || ' random UUIDs with random prefixes and the extremes: typeid_text equals the native text')
FROM tid_rand;
SELECT pg_temp.tap(count(*) = least(:n, 200000) + 2
		AND count(*) FILTER (WHERE pu = typeid_uuid(nt::typeid) AND pu = u AND tu = u AND tp = typeid_prefix(nt::typeid)) = count(*),
	'typeid: the same: typeid_parse, typeid_uuid, typeid_prefix of the native text equal the native parse and the values')
FROM (SELECT u, nt, scru128_sql.typeid_parse(nt, p) pu, scru128_sql.typeid_uuid(nt) tu, scru128_sql.typeid_prefix(nt) tp
	FROM tid_rand, LATERAL (SELECT typeid(p, u)::text nt) n OFFSET 0) x;

-- mutations of random TypeIDs: one byte replaced by a random byte of
-- 1 .. 127 or a non-ASCII character, one removed, or one inserted: the
-- same outcome as the native type (accepted with the same UUID and prefix,
-- or the same error)
CREATE TEMP TABLE tid_mut AS
SELECT input FROM (
	SELECT CASE m % 3
		WHEN 0 THEN overlay(t PLACING c FROM pos FOR 1)
		WHEN 1 THEN overlay(t PLACING '' FROM pos FOR 1)
		ELSE overlay(t PLACING c FROM pos FOR 0) END input
	FROM (SELECT t, k m, 1 + (random() * (length(t) - 1))::int pos,
			CASE WHEN random() < 0.9 THEN chr(1 + (random() * 126)::int) ELSE (ARRAY['é', '€', '😀', 'ı'])[1 + (random() * 3)::int] END c
		FROM tid_rand WHERE k BETWEEN 1 AND least(:n, 20000)) r) x;
SELECT pg_temp.tap(count(*) FILTER (WHERE s IS DISTINCT FROM nat) = 0
		AND count(*) FILTER (WHERE nat LIKE '22P02: %') > 0,
	'typeid: ' || count(*) || ' mutated TypeIDs (' || count(*) FILTER (WHERE nat LIKE 'ok %')
		|| ' still valid): the native outcome'
		|| coalesce(' (differ, UTF-8 in hex: ' || string_agg(encode(convert_to(input, 'UTF8'), 'hex'), ' ') FILTER (WHERE s IS DISTINCT FROM nat) || ')', ''))
FROM (SELECT input, pg_temp.tid_sql(input) s, pg_temp.tid_native(input) nat FROM tid_mut OFFSET 0) x;

-- typeid_generate(): the prefix and a version 7 UUID of the session's
-- uuidv7() clock, strictly increasing, in order with uuidv7() between them,
-- read by the native type as the same text
CREATE TEMP TABLE tid_gen AS
SELECT i, clock_timestamp() before, scru128_sql.typeid_generate(CASE WHEN i % 2 = 0 THEN 'user' ELSE '' END) t,
	scru128_sql.uuidv7() v7, clock_timestamp() after
FROM generate_series(1, 5000) i;
SELECT pg_temp.tap(count(*) = 5000
		AND bool_and(t::typeid::text = t AND typeid_prefix(t::typeid) = CASE WHEN i % 2 = 0 THEN 'user' ELSE '' END)
		AND bool_and(uuid_extract_version(scru128_sql.typeid_uuid(t)) = 7)
		AND bool_and(pg_temp.v7_time(scru128_sql.typeid_uuid(t)) BETWEEN date_trunc('milliseconds', before) AND after),
	'typeid_generate(): the prefix, a UUIDv7 of the clock, the native text') FROM tid_gen;
SELECT pg_temp.tap(count(*) = 0, 'typeid_generate(): strictly increasing, and in order with the uuidv7() calls between them')
FROM (SELECT scru128_sql.typeid_uuid(t) u, v7, lag(v7) OVER (ORDER BY i) prev_v7 FROM tid_gen) x
WHERE u <= prev_v7 OR v7 <= u;

-- labels: the codecs as the native ones (IMMUTABLE STRICT PARALLEL SAFE),
-- the generator VOLATILE PARALLEL UNSAFE as the edition's other session
-- generators (its clock is a setting); the internal pieces IMMUTABLE
SELECT pg_temp.tap(string_agg(p.oid::regprocedure::text || ' ' || p.provolatile::text || p.proparallel::text || CASE WHEN p.proisstrict THEN 's' ELSE '' END, ', ' ORDER BY p.oid::regprocedure::text COLLATE "C")
	= 'scru128_sql._typeid_check_prefix_arg(text) iss, scru128_sql._typeid_describe(text) iss, scru128_sql._typeid_error(text) iss, '
	  'scru128_sql._typeid_prefix_detail(text) iss, scru128_sql._typeid_suffix_uuid(text) iss, '
	  'scru128_sql.typeid_generate(text) vus, scru128_sql.typeid_parse(text,text) iss, scru128_sql.typeid_prefix(text) iss, '
	  'scru128_sql.typeid_text(text,uuid) iss, scru128_sql.typeid_uuid(text) iss',
	'typeid functions: volatility, parallel safety, strictness')
FROM pg_proc p WHERE p.pronamespace = 'scru128_sql'::regnamespace AND p.proname LIKE '%typeid%';
SELECT pg_temp.tap(count(*) = 0, 'typeid functions: each has a comment'
		|| coalesce(' (none: ' || string_agg(p.oid::regprocedure::text, ', ') || ')', ''))
FROM pg_proc p WHERE p.pronamespace = 'scru128_sql'::regnamespace AND p.proname LIKE '%typeid%'
	AND obj_description(p.oid, 'pg_proc') IS NULL;

-- the recipe of doc/sql-edition.md: a domain over uuid per prefix and its
-- two functions
CREATE SCHEMA IF NOT EXISTS sqled_tid_app;
CREATE DOMAIN sqled_tid_app.user_id AS uuid;
CREATE FUNCTION sqled_tid_app.user_id_text(id sqled_tid_app.user_id) RETURNS text
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	AS $$ SELECT scru128_sql.typeid_text('user', id) $$;
CREATE FUNCTION sqled_tid_app.user_id_parse(t text) RETURNS sqled_tid_app.user_id
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	AS $$ SELECT scru128_sql.typeid_parse(t, 'user') $$;
CREATE TABLE sqled_tid_app.users (id sqled_tid_app.user_id PRIMARY KEY DEFAULT scru128_sql.uuidv7(), name text);
INSERT INTO sqled_tid_app.users (name) SELECT 'u' || i FROM generate_series(1, 100) i;
SELECT pg_temp.tap(count(*) = 100 AND bool_and(sqled_tid_app.user_id_text(id) = typeid('user', id)::text
		AND sqled_tid_app.user_id_parse(sqled_tid_app.user_id_text(id)) = id),
	'the recipe: a domain over uuid and its two functions give the native text and back') FROM sqled_tid_app.users;
SELECT pg_temp.tap(pg_temp.err('SELECT sqled_tid_app.user_id_parse(''post_01h455vb4pex5vsknk084sn02q'')')
		= '23514: TypeID "post_01h455vb4pex5vsknk084sn02q" has the prefix "post", not "user"',
	'the recipe: another prefix is refused as the native domain refuses it');
DROP SCHEMA sqled_tid_app CASCADE;
