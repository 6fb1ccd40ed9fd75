-- What the schema scru128_sql holds, one line per object, owners left out:
-- the plain script and the pg_tle extension must give the same lines, and
-- a second run of the plain script must not change them.
SELECT line FROM (
	SELECT 'function ' || p.oid::pg_catalog.regprocedure::text
		|| ' volatility=' || p.provolatile || ' strict=' || p.proisstrict
		|| ' parallel=' || p.proparallel || ' security_definer=' || p.prosecdef
		|| ' leakproof=' || p.proleakproof
		|| ' config=' || coalesce(p.proconfig::text, '-')
		|| ' definition=' || pg_catalog.md5(pg_catalog.pg_get_functiondef(p.oid))
		|| ' comment=' || coalesce(pg_catalog.obj_description(p.oid, 'pg_proc'), '-')
		AS line
	FROM pg_catalog.pg_proc p
	WHERE p.pronamespace = 'scru128_sql'::pg_catalog.regnamespace
	UNION ALL
	SELECT 'type ' || t.oid::pg_catalog.regtype::text || ' kind=' || t.typtype
		|| ' base=' || pg_catalog.format_type(t.typbasetype, t.typtypmod)
		|| ' notnull=' || t.typnotnull || ' default=' || coalesce(t.typdefault, '-')
		|| ' comment=' || coalesce(pg_catalog.obj_description(t.oid, 'pg_type'), '-')
	FROM pg_catalog.pg_type t
	WHERE t.typnamespace = 'scru128_sql'::pg_catalog.regnamespace
	UNION ALL
	SELECT 'constraint ' || c.contypid::pg_catalog.regtype::text || ' ' || c.conname
		|| ' ' || pg_catalog.pg_get_constraintdef(c.oid)
	FROM pg_catalog.pg_constraint c
	WHERE c.connamespace = 'scru128_sql'::pg_catalog.regnamespace
	UNION ALL
	SELECT 'relation ' || c.relname || ' kind=' || c.relkind || ' persistence=' || c.relpersistence
		|| ' comment=' || coalesce(pg_catalog.obj_description(c.oid, 'pg_class'), '-')
	FROM pg_catalog.pg_class c
	WHERE c.relnamespace = 'scru128_sql'::pg_catalog.regnamespace
	UNION ALL
	SELECT 'operator ' || o.oid::pg_catalog.regoperator::text || ' ' || o.oprcode::text
	FROM pg_catalog.pg_operator o
	WHERE o.oprnamespace = 'scru128_sql'::pg_catalog.regnamespace
	UNION ALL
	SELECT 'schema comment=' || coalesce(pg_catalog.obj_description(n.oid, 'pg_namespace'), '-')
	FROM pg_catalog.pg_namespace n
	WHERE n.nspname = 'scru128_sql'
) AS objects
ORDER BY line;
