-- Checks on the new major after pg_upgrade of the database of setup.sql,
-- run by test/suites/pgupgrade.sh with psql -At: each prints "ok - NAME" or
-- "not ok - NAME" (counted as TAP lines).  The rows (fingerprint), amcheck
-- and the update are checked by the suite itself.
SET TimeZone = 'UTC';
SET client_min_messages = warning;

CREATE FUNCTION pg_temp.tap(passed boolean, name text) RETURNS text
LANGUAGE sql AS $$ SELECT CASE WHEN passed THEN 'ok - ' ELSE 'not ok - ' END || name $$;

-- the plan of query q as one text
CREATE FUNCTION pg_temp.plan_of(q text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
	line text;
	plan text := '';
BEGIN
	FOR line IN EXECUTE 'EXPLAIN (COSTS OFF) ' || q LOOP
		plan := plan || line || E'\n';
	END LOOP;
	RETURN plan;
END
$$;

-- index idx is used by the count query q, which finds as many rows (and at
-- least one) as without any index
CREATE FUNCTION pg_temp.index_finds(idx text, q text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
	plan text;
	by_index bigint;
	by_scan bigint;
BEGIN
	PERFORM set_config('enable_seqscan', 'off', true);
	plan := pg_temp.plan_of(q);
	EXECUTE q INTO by_index;
	PERFORM set_config('enable_seqscan', 'on', true);
	PERFORM set_config('enable_indexscan', 'off', true);
	PERFORM set_config('enable_indexonlyscan', 'off', true);
	PERFORM set_config('enable_bitmapscan', 'off', true);
	EXECUTE q INTO by_scan;
	PERFORM set_config('enable_indexscan', 'on', true);
	PERFORM set_config('enable_indexonlyscan', 'on', true);
	PERFORM set_config('enable_bitmapscan', 'on', true);
	INSERT INTO pg_temp.tried VALUES (idx);
	IF plan !~ (' (using|on) ' || idx || '( |\n)') THEN
		RETURN pg_temp.tap(false, format('index %s used by %s; plan: %s', idx, q, plan));
	END IF;
	RETURN pg_temp.tap(by_index = by_scan AND by_index > 0,
					   format('index %s finds %s rows (without it: %s) for %s',
							  idx, by_index, by_scan, q));
END
$$;
CREATE TEMP TABLE tried (idx text);

-- the keys to look for: the first, middle and last rows of each table
CREATE TEMP TABLE probe AS
SELECT 't128' AS tab, (SELECT id::text FROM t128 WHERE n = 1) AS first,
	   (SELECT id::text FROM t128 WHERE n = 1500) AS middle,
	   (SELECT id::text FROM t128 WHERE n = 3000) AS last
UNION ALL
SELECT 't64', (SELECT id::text FROM t64 WHERE n = 1), (SELECT id::text FROM t64 WHERE n = 1500),
	   (SELECT id::text FROM t64 WHERE n = 3000)
UNION ALL
SELECT 't160', (SELECT id::text FROM t160 WHERE n = 1), (SELECT id::text FROM t160 WHERE n = 1500),
	   (SELECT id::text FROM t160 WHERE n = 3000)
UNION ALL
SELECT 'tuuid', (SELECT id::text FROM tuuid WHERE n = 1), (SELECT id::text FROM tuuid WHERE n = 1500),
	   (SELECT id::text FROM tuuid WHERE n = 3000);

-- every index of every table: equality on the key columns, a range on the
-- btree and BRIN minmax ones, containment on the arrays
SELECT pg_temp.index_finds(idx, format(q, p.tab, CASE WHEN idx LIKE '%\_arr' THEN '{' || v || '}' ELSE v END))
FROM probe p,
	 LATERAL (VALUES (p.first), (p.middle), (p.last)) v(v),
	 LATERAL (VALUES
		(p.tab || '_pkey', 'SELECT count(*) FROM %s WHERE id = %L'),
		(p.tab || '_dom', 'SELECT count(*) FROM %s WHERE dom = %L'),
		(p.tab || '_h', 'SELECT count(*) FROM %s WHERE h = %L'),
		(p.tab || '_b_minmax', 'SELECT count(*) FROM %s WHERE b_minmax = %L'),
		(p.tab || '_b_multi', 'SELECT count(*) FROM %s WHERE b_multi = %L'),
		(p.tab || '_b_bloom', 'SELECT count(*) FROM %s WHERE b_bloom = %L'),
		(p.tab || '_arr', 'SELECT count(*) FROM %s WHERE arr @> %L')) c(idx, q)
ORDER BY 1;
SELECT pg_temp.index_finds(p.tab || '_' || c.idx,
		format('SELECT count(*) FROM %s WHERE %s BETWEEN %L AND %L', p.tab, c.col, p.first, p.middle))
FROM probe p, (VALUES ('id', 'pkey'), ('b_minmax', 'b_minmax'), ('b_multi', 'b_multi')) c(col, idx)
ORDER BY 1;
-- typeid: the primary key, the domain's and the hash index, the array's
-- GIN index, for rows of each prefix
SELECT pg_temp.index_finds(c.idx, format(c.q, v.v))
FROM (SELECT id::text AS v FROM ttypeid WHERE n IN (1, 2, 3, 4, 3000)) v,
	 LATERAL (VALUES
		('ttypeid_pkey', 'SELECT count(*) FROM ttypeid WHERE id = %L'),
		('ttypeid_h', 'SELECT count(*) FROM ttypeid WHERE h = %L'),
		('ttypeid_arr', 'SELECT count(*) FROM ttypeid WHERE arr @> ARRAY[%L::typeid]')) c(idx, q)
ORDER BY 1;
SELECT pg_temp.index_finds('ttypeid_dom',
		format('SELECT count(*) FROM ttypeid WHERE dom = %L', (SELECT dom FROM ttypeid WHERE n = 77)));
SELECT pg_temp.index_finds('ttypeid_pkey',
		format('SELECT count(*) FROM ttypeid WHERE id BETWEEN %L AND %L',
			   (SELECT id FROM ttypeid WHERE n = 2), (SELECT id FROM ttypeid WHERE n = 2998)));
SELECT pg_temp.index_finds('tuuid_core',
		format('SELECT count(*) FROM tuuid WHERE core = %L', (SELECT core FROM tuuid WHERE n = 77)));
SELECT pg_temp.index_finds('tuuid_v6',
		format('SELECT count(*) FROM tuuid WHERE v6 = %L', (SELECT v6 FROM tuuid WHERE n = 77)));
-- partitions: pruned to one partition, through its part of the index
SELECT pg_temp.index_finds('p128_2026010[123]_id_idx',
		format('SELECT count(*) FROM p128 WHERE id BETWEEN %L AND %L',
			   scru128_min('2026-01-02 10:00+00'), scru128_max('2026-01-02 11:00+00')));
SELECT pg_temp.index_finds('p64_[0-3]_pkey',
		format('SELECT count(*) FROM p64 WHERE id = %L', (SELECT min(id) FROM p64)));
SELECT pg_temp.index_finds('ph_[0-2]_pkey',
		format('SELECT count(*) FROM ph WHERE id = %L', (SELECT max(id) FROM ph)));
-- every index of the database was tried (a partition's index through its
-- parent's)
SELECT pg_temp.tap(count(*) = 0, 'every index tried; not: ' || coalesce(string_agg(c.relname, ', '), 'none'))
FROM pg_class c JOIN pg_index i ON i.indexrelid = c.oid
WHERE c.relnamespace = 'public'::regnamespace
  AND NOT EXISTS (SELECT 1 FROM pg_inherits WHERE inhrelid = c.oid)
  AND c.relname !~ '^(p128|p64|ph)(_|$)'
  AND NOT EXISTS (SELECT 1 FROM tried WHERE tried.idx = c.relname);
SELECT pg_temp.tap(count(*) = 3, 'the partitioned indexes p128_id, p64_pkey, ph_pkey are there')
FROM pg_class WHERE relname IN ('p128_id', 'p64_pkey', 'ph_pkey') AND relkind = 'I';

-- every row of a partitioned table is found in the partition its key
-- routes to (a literal key: pruned at plan time through the hash and
-- range functions of the new major)
CREATE FUNCTION pg_temp.misrouted(tab text) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
	k text;
	found bigint;
	bad bigint := 0;
BEGIN
	FOR k IN EXECUTE format('SELECT id::text FROM %I', tab) LOOP
		EXECUTE format('SELECT count(*) FROM %I WHERE id = %L', tab, k) INTO found;
		IF found <> 1 THEN
			bad := bad + 1;
		END IF;
	END LOOP;
	RETURN bad;
END
$$;
SELECT pg_temp.tap(pg_temp.misrouted(t) = 0, 'every row of ' || t || ' found by its key, pruned')
FROM unnest(ARRAY['p128', 'p64', 'ph']) t;

-- the generators continue after the last IDs issued before the upgrade
SELECT pg_temp.tap(scru128() > s128, 'scru128() after the last scru128 issued on the old major'),
	   pg_temp.tap(scru64() > s64, 'scru64() after every scru64 issued on the old major'),
	   pg_temp.tap(scru64() > (SELECT max(m) FROM (SELECT max(id) m FROM t64 UNION ALL SELECT max(id) FROM p64
												   UNION ALL SELECT max(x) FROM t64, unnest(arr) x) s),
				   'scru64() after every scru64 stored'),
	   pg_temp.tap(scru64_node_id(scru64(), 8) = 42, 'scru64() keeps node 42 of the node spec 42/8'),
	   pg_temp.tap(scru160() > s160, 'scru160() after the last scru160 issued on the old major'),
	   pg_temp.tap(public.uuidv7() > ext_v7, 'public.uuidv7() after the last one issued on the old major'),
	   pg_temp.tap(uuidv7() > core_v7, 'core''s uuidv7() after the last one issued on the old major'),
	   pg_temp.tap(uuidv6() > v6, 'uuidv6() after the last one issued on the old major'),
	   pg_temp.tap(typeid_generate('user') > tid, 'typeid_generate() after the last one issued on the old major')
FROM last_issued;
-- column defaults: new rows sort after every row of the old major
INSERT INTO t128 (dom, h, b_minmax, b_multi, b_bloom, arr, n)
SELECT scru128(), scru128(), scru128(), scru128(), scru128(), '{}', -1;
INSERT INTO t64 (dom, h, b_minmax, b_multi, b_bloom, arr, n)
SELECT scru64(), scru64(), scru64(), scru64(), scru64(), '{}', -1;
INSERT INTO t160 (dom, h, b_minmax, b_multi, b_bloom, arr, n)
SELECT scru160(), scru160(), scru160(), scru160(), scru160(), '{}', -1;
INSERT INTO tuuid (dom, h, b_minmax, b_multi, b_bloom, arr, n)
SELECT gen_random_uuid(), gen_random_uuid(), gen_random_uuid(), gen_random_uuid(), gen_random_uuid(), '{}', -1;
INSERT INTO ttypeid (dom, h, arr, n) SELECT typeid_generate('user'), typeid_generate('h'), '{}', -1;
SELECT pg_temp.tap((SELECT n FROM t128 ORDER BY id DESC LIMIT 1) = -1, 'a new t128 row (DEFAULT scru128()) sorts last'),
	   pg_temp.tap((SELECT n FROM t64 ORDER BY id DESC LIMIT 1) = -1, 'a new t64 row (DEFAULT scru64()) sorts last'),
	   pg_temp.tap((SELECT n FROM t160 ORDER BY id DESC LIMIT 1) = -1, 'a new t160 row (DEFAULT scru160()) sorts last'),
	   pg_temp.tap((SELECT n FROM tuuid ORDER BY id DESC LIMIT 1) = -1, 'a new tuuid row (DEFAULT public.uuidv7()) sorts last'),
	   pg_temp.tap((SELECT n FROM tuuid ORDER BY core DESC LIMIT 1) = -1, 'a new tuuid row (DEFAULT uuidv7()) sorts last by core'),
	   pg_temp.tap((SELECT n FROM tuuid ORDER BY v6 DESC LIMIT 1) = -1, 'a new tuuid row (DEFAULT uuidv6()) sorts last by v6'),
	   pg_temp.tap((SELECT n FROM ttypeid WHERE typeid_prefix(id) = 'user' ORDER BY id DESC LIMIT 1) = -1,
				   'a new ttypeid row (DEFAULT typeid_generate(''user'')) sorts last of its prefix');
-- whether a statement passes its CHECKs (any other error is not caught)
CREATE FUNCTION pg_temp.accepts(stmt text) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
	EXECUTE stmt;
	RETURN true;
EXCEPTION WHEN check_violation THEN
	RETURN false;
END
$$;
SELECT pg_temp.tap(NOT pg_temp.accepts($$INSERT INTO ttypeid (dom, h, arr, n)
										 VALUES ('post_01h455vb4pex5vsknk084sn02q', typeid_generate(''), '{}', -2)$$),
				   'the domain user_tid still refuses another prefix'),
	   pg_temp.tap(pg_temp.accepts($$INSERT INTO ttypeid (dom, h, arr, n)
									 VALUES ('user_01h455vb4pex5vsknk084sn02q', typeid_generate(''), '{}', -2)$$),
				   '... and takes its own');
INSERT INTO p128 (note) VALUES ('after the upgrade');
INSERT INTO p64 (note) VALUES ('after the upgrade');
SELECT pg_temp.tap((SELECT note FROM p128 ORDER BY id DESC LIMIT 1) = 'after the upgrade',
				   'a new p128 row sorts last'),
	   pg_temp.tap((SELECT note FROM p64 ORDER BY id DESC LIMIT 1) = 'after the upgrade',
				   'a new p64 row sorts last');

-- no cast between bytea and uuid belongs to the extension (core has its
-- own from 19 on)
SELECT pg_temp.tap(count(*) = 0, 'the extension owns no bytea <-> uuid cast')
FROM pg_cast c JOIN pg_depend d ON d.classid = 'pg_cast'::regclass AND d.objid = c.oid AND d.deptype = 'e'
WHERE (c.castsource, c.casttarget) IN (('bytea'::regtype, 'uuid'::regtype), ('uuid'::regtype, 'bytea'::regtype));
