--
-- typeid text and binary I/O: every case of the spec's valid.yml and
-- invalid.yml (test/vectors/typeid, the error of each invalid case from
-- invalid_errors.tsv), every byte at each position, the binary form
-- through COPY (FORMAT binary), and random round trips text <-> typeid <->
-- (prefix, uuid)
--
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS scru128;
RESET client_min_messages;
\set VERBOSITY default

\getenv abs_srcdir PG_ABS_SRCDIR
\getenv abs_builddir PG_ABS_BUILDDIR

-- the spec's YAML files, read line by line: "- name: NAME" starts a case,
-- "  key: "value"" lines give its fields, "#" lines are comments
CREATE TABLE typeid_yml_lines (file text, n serial, key text, value text);
CREATE FUNCTION typeid_load_yml(file text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
	EXECUTE format($c$COPY typeid_yml_lines (key, value) FROM PROGRAM %L
		WITH (FORMAT csv, DELIMITER E'\t', QUOTE E'\x01', FORCE_NOT_NULL (value), ENCODING 'UTF8')$c$,
		format($p$sed -n -e 's/^- name: \(.*\)$/name\t\1/p' -e 's/^  \(typeid\|prefix\|uuid\): "\(.*\)"$/\1\t\2/p' '%s/test/vectors/typeid/%s'$p$,
			   current_setting('typeid_test.srcdir'), file));
	UPDATE typeid_yml_lines SET file = typeid_load_yml.file WHERE typeid_yml_lines.file IS NULL;
END $$;
SELECT set_config('typeid_test.srcdir', :'abs_srcdir', false) IS NOT NULL AS srcdir_set;
SELECT typeid_load_yml('valid.yml'), typeid_load_yml('invalid.yml');
CREATE VIEW typeid_yml AS
	SELECT file, min(n) AS n,
		   max(value) FILTER (WHERE key = 'name') AS name,
		   max(value) FILTER (WHERE key = 'typeid') AS typeid,
		   max(value) FILTER (WHERE key = 'prefix') AS prefix,
		   max(value) FILTER (WHERE key = 'uuid')::uuid AS uuid
	FROM (SELECT *, count(*) FILTER (WHERE key = 'name') OVER (PARTITION BY file ORDER BY n) AS case_no
		  FROM typeid_yml_lines) l
	GROUP BY file, case_no;
SELECT file, count(*) AS cases, count(typeid) AS with_typeid FROM typeid_yml GROUP BY file ORDER BY file;

-- valid.yml: each TypeID gives its prefix and UUID, prints as itself, and
-- the pair makes the same TypeID
SELECT name, typeid,
	   id::text = typeid AS text_out,
	   typeid_prefix(id) = prefix AS prefix,
	   typeid_uuid(id) = uuid AND id::uuid = uuid AS uuid,
	   typeid(prefix, uuid) = id AND typeid(prefix, uuid)::text = typeid AS from_pair,
	   typeid_send(id) = uuid_send(uuid) || convert_to(prefix, 'UTF8') AS binary_form
FROM typeid_yml, LATERAL (SELECT typeid::typeid AS id) s
WHERE file = 'valid.yml'
ORDER BY n;

-- the SQLSTATE, message and detail of an input, without stopping the script
-- (an assignment, not PERFORM: a simple expression runs no plan, so no
-- parallel worker is started per call under debug_parallel_query)
CREATE FUNCTION typeid_try(input text, OUT state text, OUT message text, OUT detail text)
LANGUAGE plpgsql AS $$
DECLARE
	id typeid;
BEGIN
	id := input::typeid;
	state := 'ok';
EXCEPTION WHEN OTHERS THEN
	GET STACKED DIAGNOSTICS state = RETURNED_SQLSTATE, message = MESSAGE_TEXT,
		detail = PG_EXCEPTION_DETAIL;
END $$;
-- soft errors (pg_input_is_valid on 16 and later) agree with the hard ones
CREATE FUNCTION typeid_valid(input text) RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
	IF current_setting('server_version_num')::int >= 160000 THEN
		RETURN pg_input_is_valid(input, 'typeid');
	END IF;
	RETURN (typeid_try(input)).state = 'ok';
END $$;

-- invalid.yml: every case is 22P02 with a detail naming what is wrong, the
-- error invalid_errors.tsv gives it
CREATE TABLE typeid_invalid_errors (name text, error text);
\set errors 'grep -v "^#" ' :abs_srcdir '/test/vectors/typeid/invalid_errors.tsv'
COPY typeid_invalid_errors FROM PROGRAM :'errors'
	WITH (FORMAT csv, DELIMITER E'\t', HEADER true, QUOTE E'\x01');
SELECT y.name, t.state, t.detail,
	   CASE split_part(e.error, ' ', 1)
		   WHEN 'empty' THEN t.detail LIKE '% the text is empty.'
		   WHEN 'separator' THEN t.detail LIKE 'The text has an underscore with no prefix before it;%'
		   WHEN 'prefix_length' THEN t.detail LIKE 'The prefix has % characters; a TypeID prefix has at most 63.'
		   WHEN 'prefix_char' THEN t.detail LIKE 'The prefix has % at byte ' || split_part(e.error, ' ', 2) || ';%'
		   WHEN 'prefix_leading_underscore' THEN t.detail LIKE 'The prefix % begins with an underscore;%'
		   WHEN 'prefix_trailing_underscore' THEN t.detail LIKE 'The prefix % ends with an underscore;%'
		   WHEN 'suffix_length' THEN t.detail LIKE 'The suffix after the prefix has % byte%; a TypeID suffix has exactly 26 %'
		   WHEN 'suffix_char' THEN t.detail LIKE 'The suffix has % at byte ' || split_part(e.error, ' ', 2) || ';%'
		   WHEN 'suffix_overflow' THEN t.detail LIKE 'The suffix begins with %; its first digit is at most 7%'
	   END AS as_errors_tsv_says,
	   t.message = format('invalid input syntax for type typeid: "%s"', y.typeid) AS message,
	   typeid_valid(y.typeid) AS valid
FROM typeid_yml y
LEFT JOIN typeid_invalid_errors e USING (name),
	 LATERAL typeid_try(y.typeid) t
WHERE y.file = 'invalid.yml'
ORDER BY y.n;
-- one row of invalid_errors.tsv per case, and no other
SELECT count(*) AS rows_without_case FROM typeid_invalid_errors e
WHERE NOT EXISTS (SELECT FROM typeid_yml y WHERE y.file = 'invalid.yml' AND y.name = e.name);

-- the whole message, as a client sees it, for each kind of error
SELECT ''::typeid;
SELECT '_01h455vb4pex5vsknk084sn02q'::typeid;
SELECT 'abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijkl_01h455vb4pex5vsknk084sn02q'::typeid;
SELECT 'préfix_01h455vb4pex5vsknk084sn02q'::typeid;
SELECT E'pre\tfix_01h455vb4pex5vsknk084sn02q'::typeid;
SELECT '_user_01h455vb4pex5vsknk084sn02q'::typeid;
SELECT 'user__01h455vb4pex5vsknk084sn02q'::typeid;
SELECT 'user_01h455vb4pex5vsknk084sn02'::typeid;
SELECT 'user_01H455VB4PEX5VSKNK084SN02Q'::typeid;
SELECT 'user_81h455vb4pex5vsknk084sn02q'::typeid;
SELECT 'user_01h455vb4pex5vsknk084sn02q_'::typeid;
SELECT '01890a5d-ac96-774b-bcce-b302099a8057'::typeid;

-- every length 0 .. 34 of a TypeID with a 4-letter prefix
SELECT len, t.state, split_part(t.detail, ';', 1) AS detail, typeid_valid(input) AS valid
FROM (SELECT len, left('user_01h455vb4pex5vsknk084sn02q' || '0000', len) AS input
	  FROM generate_series(0, 34) len) s,
	 LATERAL typeid_try(input) t
ORDER BY len;

-- every ASCII byte 1 .. 127 at a prefix position and at the first, a
-- middle and the last suffix position: which are accepted, and that the
-- rest are refused at that byte
CREATE TABLE typeid_bytes AS
	SELECT pos, b, overlay('user_01h455vb4pex5vsknk084sn02q' PLACING chr(b) FROM pos FOR 1) AS input
	FROM (VALUES (2), (6), (19), (31)) p(pos), generate_series(1, 127) b;
SELECT pos,
	   string_agg(chr(b), '' ORDER BY b) FILTER (WHERE t.state = 'ok') AS accepted,
	   count(*) FILTER (WHERE t.state = '22P02') AS rejected_22p02,
	   count(*) FILTER (WHERE t.state NOT IN ('ok', '22P02')) AS other_state,
	   bool_and(t.detail LIKE '% at byte ' || pos || ';%' OR t.detail LIKE 'The suffix begins with%'
				OR chr(b) = '_') FILTER (WHERE t.state <> 'ok') AS position_reported,
	   bool_and(typeid_valid(input) = (t.state = 'ok')) AS soft_agrees
FROM typeid_bytes, LATERAL typeid_try(input) t
GROUP BY pos ORDER BY pos;

-- prefixes of every length 0 .. 64, with inner underscores
SELECT len, t.state, split_part(t.detail, ';', 1) AS detail
FROM (SELECT len, CASE WHEN len = 0 THEN '' ELSE left(repeat('ab_', 22), len - 1) || 'z_' END
				  || '01h455vb4pex5vsknk084sn02q' AS input
	  FROM generate_series(0, 64) len) s,
	 LATERAL typeid_try(input) t
WHERE len IN (0, 1, 2, 3, 62, 63, 64)
ORDER BY len;

--
-- binary: send/recv through COPY (FORMAT binary)
--
CREATE TABLE typeid_random (id typeid);
INSERT INTO typeid_random
	SELECT typeid(CASE g % 4 WHEN 0 THEN '' WHEN 1 THEN 'user' WHEN 2 THEN 'pre_fix'
				  ELSE translate(left(md5(g::text) || md5(g::text), g % 63 + 1), '0123456789', 'ghijklmnop') END,
				  md5(g::text)::uuid)
	FROM generate_series(1, 5000) g;
SELECT count(*) AS ids,
	   count(DISTINCT length(typeid_prefix(id))) AS prefix_lengths,
	   count(*) FILTER (WHERE typeid_send(id) <> uuid_send(id::uuid) || convert_to(typeid_prefix(id), 'UTF8')) AS send_failures,
	   count(*) FILTER (WHERE id::text::typeid <> id) AS text_round_trip_failures,
	   count(*) FILTER (WHERE id::text !~ '^([a-z]([a-z_]*[a-z])?_)?[0-7][0-9a-hjkmnp-tv-z]{25}$') AS not_canonical
FROM typeid_random;
\set binfile :abs_builddir '/typeid_io.bin'
COPY typeid_random TO STDOUT WITH (FORMAT binary) \g :binfile
CREATE TABLE typeid_random_back (id typeid);
COPY typeid_random_back FROM :'binfile' WITH (FORMAT binary);
SELECT (SELECT count(*) FROM typeid_random_back) AS copied,
	   (SELECT count(*) FROM (SELECT id FROM typeid_random EXCEPT ALL
							  SELECT id FROM typeid_random_back) d) AS differences;
-- binary COPY fields: 15 bytes, 80 bytes, a bad prefix byte, a prefix
-- ending with an underscore are refused; 16 bytes (no prefix) and 16 + 63
-- are taken
CREATE FUNCTION typeid_copy_field(field bytea) RETURNS bytea
LANGUAGE sql AS $$
	SELECT '\x5047434f50590aff0d0a00'::bytea || '\x0000000000000000'::bytea ||
		   '\x0001'::bytea || int4send(length(field)) || field || '\xffff'::bytea
$$;
CREATE FUNCTION typeid_copy_try(field bytea, OUT state text, OUT message text, OUT detail text)
LANGUAGE plpgsql AS $$
DECLARE
	loid oid := lo_from_bytea(0, typeid_copy_field(field));
BEGIN
	PERFORM lo_export(loid, current_setting('typeid_test.badfile'));
	PERFORM lo_unlink(loid);
	EXECUTE format('COPY typeid_random_back FROM %L WITH (FORMAT binary)',
				   current_setting('typeid_test.badfile'));
	state := 'ok';
EXCEPTION WHEN OTHERS THEN
	GET STACKED DIAGNOSTICS state = RETURNED_SQLSTATE, message = MESSAGE_TEXT,
		detail = PG_EXCEPTION_DETAIL;
END $$;
SELECT set_config('typeid_test.badfile', :'abs_builddir' || '/typeid_io_bad.bin', false) IS NOT NULL AS badfile_set;
SELECT what, t.*
FROM (VALUES ('15 bytes', decode(repeat('ab', 15), 'hex')),
			 ('80 bytes', decode(repeat('ab', 16), 'hex') || convert_to(repeat('a', 64), 'UTF8')),
			 ('prefix "Ab"', decode(repeat('ab', 16), 'hex') || '\x4162'::bytea),
			 ('prefix "a_"', decode(repeat('ab', 16), 'hex') || convert_to('a_', 'UTF8')),
			 ('prefix "_a"', decode(repeat('ab', 16), 'hex') || convert_to('_a', 'UTF8')),
			 ('16 bytes', decode(repeat('ab', 16), 'hex')),
			 ('79 bytes', decode(repeat('cd', 16), 'hex') || convert_to(repeat('a', 63), 'UTF8'))) f(what, field),
	 LATERAL typeid_copy_try(field) t;
SELECT id FROM typeid_random_back WHERE typeid_uuid(id) IN (repeat('ab', 16)::uuid, repeat('cd', 16)::uuid) ORDER BY id;

-- random round trips text <-> typeid <-> (prefix, uuid): a million on 15
-- but in the parallel-mode run, 100 000 elsewhere (the same code; the count
-- only costs time)
SELECT CASE WHEN current_setting('server_version_num')::int / 10000 = 15
				 AND current_setting('force_parallel_mode', true) = 'off'
			THEN 1000000 ELSE 100000 END AS n_round_trips \gset
SELECT count(*) >= 100000 AS enough,
	   count(*) FILTER (WHERE id::text::typeid <> id) AS text_round_trip,
	   count(*) FILTER (WHERE typeid(typeid_prefix(id), typeid_uuid(id)) <> id) AS parts_round_trip,
	   count(*) FILTER (WHERE typeid_uuid(id) <> u) AS uuid_kept,
	   count(*) FILTER (WHERE length(id::text) <> length(p) + CASE WHEN p = '' THEN 26 ELSE 27 END) AS text_length
FROM (SELECT u, p, typeid(p, u) AS id
	  FROM (SELECT md5(g::text)::uuid AS u,
				   CASE WHEN g % 5 = 0 THEN '' ELSE translate(left(md5(g::text || 'p'), g % 9 + 1), '0123456789', 'ghijklmnop') END AS p
			FROM generate_series(1, :n_round_trips) g) s) t;

-- the same values through the binary form: typeid_send() gives the UUID's
-- 16 bytes then the prefix's, and COPY (FORMAT binary) back through
-- typeid_recv() gives every value again
CREATE TABLE typeid_rt AS
SELECT u, p, typeid(p, u) AS id
FROM (SELECT md5(g::text)::uuid AS u,
			 CASE WHEN g % 5 = 0 THEN '' ELSE translate(left(md5(g::text || 'p'), g % 9 + 1), '0123456789', 'ghijklmnop') END AS p
	  FROM generate_series(1, :n_round_trips) g) s;
SELECT count(*) FILTER (WHERE typeid_send(id) <> uuid_send(u) || convert_to(p, 'UTF8')) AS send_form
FROM typeid_rt;
\set rtfile :abs_builddir '/typeid_io_rt.bin'
COPY typeid_rt (id) TO STDOUT WITH (FORMAT binary) \g :rtfile
CREATE TABLE typeid_rt_back (id typeid);
COPY typeid_rt_back FROM :'rtfile' WITH (FORMAT binary);
SELECT (SELECT count(*) FROM typeid_rt_back) = :n_round_trips AS all_copied,
	   (SELECT count(*) FROM (SELECT id FROM typeid_rt EXCEPT ALL
							  SELECT id FROM typeid_rt_back) d) AS differences;
DROP TABLE typeid_rt, typeid_rt_back;
