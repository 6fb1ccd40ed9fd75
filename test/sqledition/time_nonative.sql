-- The SQL edition's time comparisons in a database without the native
-- extension (test/suites/sqledition.sh makes it): what a plain uuid,
-- bigint or integer compared with a timestamptz means, the schema off and
-- on the path; the plans (index conditions, BRIN, partitions pruned at plan
-- time and at executor start, generic plans); a bigint or uuid column
-- turned into the edition's type in place.

CREATE FUNCTION pg_temp.plan(q text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
	r record;
	s text := '';
BEGIN
	FOR r IN EXECUTE 'EXPLAIN (COSTS OFF) ' || q LOOP
		s := s || r."QUERY PLAN" || E'\n';
	END LOOP;
	RETURN s;
END
$$;
SELECT pg_temp.tap(to_regtype('public.scru128') IS NULL AND to_regoperator('public.>=(uuid,timestamptz)') IS NULL,
	'no native extension in this database');

-- what plain types compared with a timestamptz mean
SELECT pg_temp.tap(pg_temp.err('SELECT gen_random_uuid() >= now()') LIKE '42883: operator does not exist%'
		AND pg_temp.err('SELECT 5::bigint >= now()') LIKE '42883: operator does not exist%',
	'schema off the path: uuid >= and bigint >= timestamptz do not exist (as without the edition)');
SET search_path = scru128_sql, public;
SELECT pg_temp.tap(pg_temp.err('SELECT gen_random_uuid() >= now()') LIKE '42725: operator is not unique%'
		AND pg_temp.err('SELECT now() < gen_random_uuid()') LIKE '42725: operator is not unique%'
		AND pg_temp.err('SELECT 5::bigint >= now()') LIKE '42725: operator is not unique%'
		AND pg_temp.err('SELECT 5 > now()') LIKE '42725: operator is not unique%'
		AND pg_temp.err('SELECT now() <= 5::smallint') LIKE '42725: operator is not unique%'
		AND pg_temp.err('SELECT ''\x00''::bytea < now()') LIKE '42725: operator is not unique%',
	'schema on the path: a plain uuid, bigint, integer, smallint, bytea against timestamptz stays an error (ambiguous), in both orders');
SELECT pg_temp.tap(pg_temp.err('SELECT ''018f2c1e-0000-7000-8000-000000000000''::uuid >= ''2026-01-01''') LIKE '22P02: invalid input syntax for type uuid%'
		AND pg_temp.err('SELECT ''018f2c1e-0000-7000-8000-000000000000''::scru128_sql.scru128 >= ''2026-01-01''') LIKE '22P02: invalid input syntax for type uuid%',
	'an untyped literal takes the type of the ID: write timestamptz ''...''');
SELECT pg_temp.tap(('018f2c1e-0000-7000-8000-000000000000'::scru128_sql.scru128 >= timestamptz '2024-04-29 23:08:34.688+00')
		AND NOT ('018f2c1e-0000-7000-8000-000000000000'::scru128_sql.scru128 >= timestamptz '2024-04-29 23:08:34.688001+00')
		AND ('018f2c1e-0000-7000-8000-000000000000'::scru128_sql.scru128 < '2024-04-30'::timestamptz)
		AND (47::scru128_sql.scru64 < now()) AND NOT (now() < 47::scru128_sql.scru64)
		AND (scru128_sql.scru160()::scru128_sql.scru160 >= now() - interval '1 minute'),
	'schema on the path: the edition''s types compare with a timestamptz');
RESET search_path;
SELECT pg_temp.tap(pg_temp.err('SELECT ''018f2c1e-0000-7000-8000-000000000000''::scru128_sql.scru128 >= now()') LIKE '42883: operator does not exist%'
		AND ('018f2c1e-0000-7000-8000-000000000000'::scru128_sql.scru128 OPERATOR(scru128_sql.>=) timestamptz '2024-04-24 10:00:00+00')
		AND (now() OPERATOR(scru128_sql.>) 47::scru128_sql.scru64),
	'schema off the path: OPERATOR(scru128_sql.>=) reaches the operators');

-- the plans
SET search_path = scru128_sql, public;
SET max_parallel_workers_per_gather = 0;
CREATE TABLE tev (id scru128_sql.scru128 PRIMARY KEY, v int);
INSERT INTO tev SELECT scru128_sql.scru128(now() - g * interval '1 second'), g FROM generate_series(1, 20000) g;
CREATE TABLE tev64 (id scru128_sql.scru64 PRIMARY KEY, v int);
INSERT INTO tev64 SELECT ((extract(epoch FROM now() - g * interval '1 second') * 1000)::bigint >> 8 << 24) + g, g FROM generate_series(1, 20000) g;
CREATE TABLE tbrin (id scru128_sql.scru128, v int);
INSERT INTO tbrin SELECT id, v FROM tev ORDER BY id;
CREATE INDEX tbrin_brin ON tbrin USING brin (id);
CREATE TABLE tpart (id scru128_sql.scru128 NOT NULL, v int) PARTITION BY RANGE (id);
SELECT format('CREATE TABLE tpart_old PARTITION OF tpart FOR VALUES FROM (MINVALUE) TO (%L)', scru128_sql.scru128_min(now() - interval '3 hours')),
	format('CREATE TABLE tpart_mid PARTITION OF tpart FOR VALUES FROM (%L) TO (%L)', scru128_sql.scru128_min(now() - interval '3 hours'), scru128_sql.scru128_min(now() - interval '30 minutes')),
	format('CREATE TABLE tpart_new PARTITION OF tpart FOR VALUES FROM (%L) TO (MAXVALUE)', scru128_sql.scru128_min(now() - interval '30 minutes'))
	\gexec
INSERT INTO tpart SELECT id, v FROM tev;
CREATE INDEX ON tpart (id);
ANALYZE tev, tev64, tbrin, tpart;
SET enable_seqscan = off;
SET enable_bitmapscan = off;
SELECT now() - interval '1 hour' AS since \gset
SELECT pg_temp.plan($$SELECT count(*) FROM tev WHERE id >= timestamptz '$$ || :'since' || $$'$$) AS p \gset
SELECT pg_temp.tap(:'p' ~ 'Index Only Scan using tev_pkey' AND :'p' ~ 'Index Cond: \(\(id >= ''[0-9a-f-]{36}''::uuid\) AND \(id <= ''ffffffff-ffff-ffff-ffff-ffffffffffff''::uuid\)\)'
		AND :'p' !~ 'Filter',
	'btree, a constant time: the comparison is folded into two ID constants of the index condition') ;
SELECT pg_temp.plan($$SELECT count(*) FROM tev WHERE id >= now() - interval '1 hour'$$) AS p \gset
SELECT pg_temp.tap(:'p' ~ 'Index Only Scan using tev_pkey' AND :'p' ~ 'Index Cond: \(\(id >= CASE' AND :'p' ~ 'AND \(id <= CASE' AND :'p' ~ 'now\(\)' AND :'p' !~ 'Filter',
	'btree, now() - interval: both ends of the range are index conditions, no filter');
SELECT pg_temp.plan($$SELECT count(*) FROM tev WHERE now() - interval '1 hour' < id$$) AS p \gset
SELECT pg_temp.tap(:'p' ~ 'Index Cond: \(\(id >= CASE' AND :'p' !~ 'Filter',
	'btree, the time on the left: the same index range');
SELECT pg_temp.plan($$SELECT count(*) FROM tev WHERE id < now() - interval '1 hour'$$) AS p \gset
SELECT pg_temp.tap(:'p' ~ 'Index Cond: \(\(id <= CASE' AND :'p' ~ 'AND \(id >= CASE' AND :'p' !~ 'Filter',
	'btree, id < now() - interval: an index range too');
SELECT pg_temp.plan($$SELECT count(*) FROM tev64 WHERE id >= now() - interval '1 hour'$$) AS p \gset
SELECT pg_temp.tap(:'p' ~ 'Index Only Scan using tev64_pkey' AND :'p' ~ 'Index Cond: \(\(id >= CASE' AND :'p' !~ 'Filter',
	'scru64, btree, now() - interval: index range');
CREATE TABLE tev160 (id scru128_sql.scru160 PRIMARY KEY, v int);
INSERT INTO tev160 SELECT uuid_send(id) || '\x01020304'::bytea, v FROM tev;
ANALYZE tev160;
SELECT pg_temp.plan($$SELECT count(*) FROM tev160 WHERE id >= now() - interval '1 hour'$$) AS p \gset
SELECT pg_temp.tap(:'p' ~ 'Index Only Scan using tev160_pkey' AND :'p' ~ 'Index Cond: \(\(id >= \(uuid_send' AND :'p' !~ 'Filter',
	'scru160, btree, now() - interval: index range');
SELECT pg_temp.tap(
	(SELECT count(*) FROM tev160 WHERE id >= now() - interval '1 hour') = (SELECT count(*) FROM tev160 WHERE scru128_sql.scru160_timestamp(id) >= now() - interval '1 hour')
	AND (SELECT count(*) FROM tev WHERE id >= now() - interval '1 hour') = (SELECT count(*) FROM tev WHERE scru128_sql.scru128_timestamp(id) >= now() - interval '1 hour')
	AND (SELECT count(*) FROM tev WHERE id >= now() - interval '1 hour') BETWEEN 3590 AND 3600
	AND (SELECT count(*) FROM tev WHERE id < now() - interval '1 hour') = (SELECT count(*) FROM tev WHERE scru128_sql.scru128_timestamp(id) < now() - interval '1 hour')
	AND (SELECT count(*) FROM tev64 WHERE id > now() - interval '1 hour') = (SELECT count(*) FROM tev64 WHERE scru128_sql.scru64_timestamp(id) > now() - interval '1 hour'),
	'the index ranges give the rows the row-by-row comparison of the IDs'' times gives');
RESET enable_bitmapscan;
SELECT pg_temp.plan($$SELECT count(*) FROM tbrin WHERE id >= now() - interval '1 hour'$$) AS p \gset
SELECT pg_temp.tap(:'p' ~ 'Bitmap Index Scan on tbrin_brin' AND :'p' ~ 'Index Cond: \(\(\(id\)::uuid >= CASE',
	'BRIN, now() - interval: a bitmap scan of the BRIN index');
SELECT pg_temp.tap((SELECT count(*) FROM tbrin WHERE id >= now() - interval '1 hour') = (SELECT count(*) FROM tev WHERE id >= now() - interval '1 hour'),
	'BRIN: the same rows');
RESET enable_seqscan;
SELECT pg_temp.plan($$SELECT count(*) FROM tpart WHERE id >= timestamptz '$$ || :'since' || $$'$$) AS p \gset
SELECT pg_temp.tap(:'p' ~ 'tpart_new' AND :'p' ~ 'tpart_mid' AND :'p' !~ 'tpart_old' AND :'p' !~ 'Subplans Removed',
	'partitions, a constant time: pruned at plan time (the old partition is not in the plan)');
SELECT pg_temp.plan($$SELECT count(*) FROM tpart WHERE id >= now() - interval '10 minutes'$$) AS p \gset
SELECT pg_temp.tap(:'p' ~ 'Subplans Removed: 2' AND :'p' ~ 'tpart_new',
	'partitions, now() - interval: pruned at executor start (Subplans Removed: 2)');
SELECT pg_temp.plan($$SELECT count(*) FROM tpart WHERE id < now() - interval '4 hours'$$) AS p \gset
SELECT pg_temp.tap(:'p' ~ 'Subplans Removed: 2' AND :'p' ~ 'tpart_old',
	'partitions, id < now() - interval: pruned at executor start the other way');
PREPARE tq(timestamptz) AS SELECT count(*) FROM tpart WHERE id >= $1;
PREPARE tq64(timestamptz) AS SELECT count(*) FROM tev64 WHERE $1 <= id;
SET plan_cache_mode = force_generic_plan;
SELECT pg_temp.plan($$EXECUTE tq(now() - interval '10 minutes')$$) AS p \gset
SELECT pg_temp.tap(:'p' ~ 'Subplans Removed: 2' AND :'p' ~ '\$1',
	'a generic plan of a prepared statement: the partitions pruned at executor start');
SELECT pg_temp.plan($$EXECUTE tq64(now() - interval '10 minutes')$$) AS p \gset
SELECT pg_temp.tap(:'p' ~ 'Index Cond: \(\(id >= CASE' AND :'p' ~ '\$1' AND :'p' !~ 'Filter',
	'a generic plan, scru64: the parameter in the index condition');
SELECT pg_temp.tap((SELECT count(*) FROM tpart WHERE id >= now() - interval '10 minutes') = (SELECT count(*) FROM tev WHERE scru128_sql.scru128_timestamp(id) >= now() - interval '10 minutes')
		AND (SELECT count(*) FROM tpart WHERE id >= now() - interval '10 minutes') > 500,
	'partitions: the rows of the last 10 minutes');
RESET plan_cache_mode;

-- an existing column becomes the edition's type in place
CREATE TABLE tconv (id bigint PRIMARY KEY, u uuid UNIQUE);
INSERT INTO tconv SELECT id, scru128_sql.scru128() FROM tev64;
SELECT pg_relation_filenode('tconv') AS f1, pg_relation_filenode('tconv_pkey') AS f2, pg_relation_filenode('tconv_u_key') AS f3 \gset
ALTER TABLE tconv ALTER COLUMN id TYPE scru128_sql.scru64, ALTER COLUMN u TYPE scru128_sql.scru128;
SELECT pg_temp.tap(pg_relation_filenode('tconv') = :f1 AND pg_relation_filenode('tconv_pkey') = :f2 AND pg_relation_filenode('tconv_u_key') = :f3
		AND atttypid = 'scru128_sql.scru64'::regtype,
	'ALTER COLUMN TYPE bigint to scru128_sql.scru64 (and uuid to scru128_sql.scru128) rewrites neither the table nor its indexes')
FROM pg_attribute WHERE attrelid = 'tconv'::regclass AND attname = 'id';
SET enable_seqscan = off;
SELECT pg_temp.plan($$SELECT count(*) FROM tconv WHERE id >= now() - interval '1 hour'$$) AS p \gset
SELECT pg_temp.tap(:'p' ~ 'tconv_pkey' AND :'p' ~ 'Index Cond' AND (SELECT count(*) FROM tconv WHERE id >= now() - interval '1 hour') = (SELECT count(*) FROM tev64 WHERE id >= now() - interval '1 hour'),
	'the converted column: index range, the same rows');
RESET enable_seqscan;
DROP TABLE tev, tev64, tev160, tbrin, tpart, tconv;
RESET search_path;
