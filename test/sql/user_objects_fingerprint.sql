-- The database's own objects, as a dump and restore or pg_upgrade must
-- keep them, one line each, with no OIDs: every relation, column (type,
-- NOT NULL, default or generation expression), constraint, index, view and
-- materialized view definition, function definition and cast of a user
-- schema that no extension owns, then each table's, view's and
-- materialized view's row count and a hash of its rows in text form (a
-- view's rows call the functions it names).  Names are printed with their
-- schema (search_path is pg_catalog), so that a call of the extension's
-- function reads public.uuid_timestamp(...) or
-- public.scru128_uuid_timestamp(...).  Used by
-- test/t/640_restore_old_release.pl and the pgupgrade suite.  Plain SQL and
-- psql's \gexec.
SET TimeZone = 'UTC';
SET search_path = pg_catalog;
SET extra_float_digits = 3;
SET DateStyle = 'ISO';
CREATE TEMP VIEW own_objects AS
	SELECT d.classid, d.objid FROM pg_depend d WHERE d.deptype = 'e';
CREATE TEMP VIEW user_rel AS
	SELECT c.oid, c.relkind, c.oid::regclass::text AS name
	FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
	WHERE n.nspname <> 'information_schema' AND n.nspname NOT LIKE 'pg\_%'
	  AND c.relkind IN ('r', 'p', 'v', 'm', 'i', 'I', 'S')
	  AND NOT EXISTS (SELECT FROM own_objects e WHERE e.classid = 'pg_class'::regclass AND e.objid = c.oid);
SELECT line FROM (
	SELECT 'relation ' || r.name || ' ' || r.relkind::text AS line
	FROM user_rel r
	UNION ALL
	SELECT 'column ' || r.name || '.' || a.attname || ' ' ||
		   concat_ws(' ', format_type(a.atttypid, a.atttypmod),
					 CASE WHEN a.attnotnull THEN 'not null' END,
					 CASE a.attgenerated WHEN 's' THEN 'generated' END,
					 pg_get_expr(ad.adbin, ad.adrelid))
	FROM user_rel r JOIN pg_attribute a ON a.attrelid = r.oid
	LEFT JOIN pg_attrdef ad ON ad.adrelid = a.attrelid AND ad.adnum = a.attnum
	WHERE a.attnum > 0 AND NOT a.attisdropped AND r.relkind IN ('r', 'p', 'v', 'm')
	UNION ALL
	SELECT 'constraint ' || r.name || ' ' || c.conname || ' ' || pg_get_constraintdef(c.oid)
	FROM user_rel r JOIN pg_constraint c ON c.conrelid = r.oid
	UNION ALL
	SELECT 'index ' || pg_get_indexdef(r.oid)
	FROM user_rel r WHERE r.relkind IN ('i', 'I')
	UNION ALL
	SELECT 'view ' || r.name || ' ' || btrim(regexp_replace(pg_get_viewdef(r.oid), '\s+', ' ', 'g'))
	FROM user_rel r WHERE r.relkind IN ('v', 'm')
	UNION ALL
	SELECT 'function ' || p.oid::regprocedure || ' ' || btrim(regexp_replace(pg_get_functiondef(p.oid), '\s+', ' ', 'g'))
	FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
	WHERE n.nspname <> 'information_schema' AND n.nspname NOT LIKE 'pg\_%' AND p.prokind IN ('f', 'p')
	  AND NOT EXISTS (SELECT FROM own_objects e WHERE e.classid = 'pg_proc'::regclass AND e.objid = p.oid)
	UNION ALL
	SELECT 'cast ' || c.castsource::regtype || ' -> ' || c.casttarget::regtype || ' ' ||
		   concat_ws(' ', c.castfunc::regprocedure, c.castcontext, c.castmethod)
	FROM pg_cast c
	WHERE c.oid >= 16384
	  AND NOT EXISTS (SELECT FROM own_objects e WHERE e.classid = 'pg_cast'::regclass AND e.objid = c.oid)
) f
ORDER BY line COLLATE "C";
-- one query per relation with rows, in name order (the lines' order)
SELECT format('SELECT %L || count(*) || '' '' || coalesce(md5(string_agg(t::text, E''\n'' ORDER BY t::text COLLATE "C")), ''-'') FROM %s t',
			  'rows ' || r.name || ' ', r.name)
FROM user_rel r
WHERE r.relkind IN ('r', 'p', 'v', 'm')
ORDER BY r.name COLLATE "C"
\gexec
