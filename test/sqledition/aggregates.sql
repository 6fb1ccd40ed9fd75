-- min_id and max_id (portable/src/55_aggregates.sql): the answers of
-- ORDER BY ... LIMIT 1, NULL ignored, NULL over no rows, read from one end
-- of a btree index; and no ambiguity beside a min(uuid)/max(uuid) such as
-- PostgreSQL 20 has in pg_catalog (made here in public where the server
-- has none).
CREATE TEMP TABLE ag (id scru128_sql.scru128, u uuid, b bytea);
INSERT INTO ag SELECT scru128_sql.scru128(), scru128_sql.uuidv7(), scru128_sql.scru160() FROM generate_series(1, 2000);
INSERT INTO ag VALUES (NULL, NULL, NULL);
CREATE INDEX ag_id ON ag (id);
CREATE INDEX ag_b ON ag (b);
ANALYZE ag;
SELECT pg_temp.tap(scru128_sql.min_id(id) = (SELECT id FROM ag WHERE id IS NOT NULL ORDER BY id LIMIT 1)
		AND scru128_sql.max_id(id) = (SELECT id FROM ag WHERE id IS NOT NULL ORDER BY id DESC LIMIT 1)
		AND scru128_sql.min_id(u) = (SELECT u FROM ag WHERE u IS NOT NULL ORDER BY u LIMIT 1)
		AND scru128_sql.max_id(u) = (SELECT u FROM ag WHERE u IS NOT NULL ORDER BY u DESC LIMIT 1)
		AND scru128_sql.min_id(b) = (SELECT b FROM ag WHERE b IS NOT NULL ORDER BY b LIMIT 1)
		AND scru128_sql.max_id(b) = (SELECT b FROM ag WHERE b IS NOT NULL ORDER BY b DESC LIMIT 1)
		AND scru128_sql.max_id(id) = max(id::scru128)::uuid,
	'min_id, max_id over scru128_sql.scru128, uuid and bytea: the first and last non-NULL ID, as the native max(scru128)')
FROM ag;
SELECT pg_temp.tap(scru128_sql.min_id(id) IS NULL AND scru128_sql.max_id(b) IS NULL, 'min_id, max_id over no rows: NULL')
FROM ag WHERE false;
SET max_parallel_workers_per_gather = 2;
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
SET enable_indexscan = off;
SET enable_indexonlyscan = off;
SET enable_bitmapscan = off;
SELECT pg_temp.tap(scru128_sql.max_id(u) = (SELECT u FROM ag WHERE u IS NOT NULL ORDER BY u DESC LIMIT 1), 'max_id in a parallel plan (combine function)')
FROM ag;
RESET ALL;
SET client_min_messages = warning;
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
SELECT pg_temp.plan('SELECT scru128_sql.max_id(id) FROM ag') AS p1, pg_temp.plan('SELECT scru128_sql.min_id(b) FROM ag') AS p2 \gset
SELECT pg_temp.tap(:'p1' ~ 'Index Only Scan Backward using ag_id' AND :'p1' ~ 'Limit' AND :'p2' ~ 'Index Only Scan using ag_b' AND :'p2' ~ 'Limit',
	'max_id(id), min_id(b) read one end of the btree index');

-- beside a min(uuid) and max(uuid) (PostgreSQL 20's, or made here)
SELECT to_regprocedure('pg_catalog.min(uuid)') IS NOT NULL AS core_min \gset
\if :core_min
\else
CREATE AGGREGATE public.min(uuid) (SFUNC = scru128_sql._uuid_smaller, STYPE = uuid, SORTOP = <);
CREATE AGGREGATE public.max(uuid) (SFUNC = scru128_sql._uuid_larger, STYPE = uuid, SORTOP = >);
\endif
SET search_path = scru128_sql, public;
SELECT pg_temp.tap(min(u) = min_id(u) AND max(u) = max_id(u) AND max(id) = max_id(id) AND min(b) IS NULL,
	'with a min(uuid) and max(uuid) and the schema on the path: min(u), min_id(u), max(id) resolve without ambiguity')
FROM (SELECT id, u, NULL::uuid b FROM pg_temp.ag) x;
RESET search_path;
\if :core_min
\else
DROP AGGREGATE public.min(uuid);
DROP AGGREGATE public.max(uuid);
\endif
