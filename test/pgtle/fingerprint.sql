-- What the schemas scru128_sql and scru128_sql_private hold, one line per
-- object, owners left out:
-- the plain script and the pg_tle extension must give the same lines, and
-- a second run of the plain script must not change them.  Privileges are
-- listed with the owner's name left out too (grantee "owner").
SELECT line FROM (
	SELECT 'function ' || p.oid::pg_catalog.regprocedure::text
		|| ' volatility=' || p.provolatile::text || ' strict=' || p.proisstrict
		|| ' parallel=' || p.proparallel::text || ' security_definer=' || p.prosecdef
		|| ' leakproof=' || p.proleakproof
		|| ' config=' || coalesce(p.proconfig::text, '-')
		-- pg_get_functiondef() refuses an aggregate: its parts instead
		|| ' definition=' || CASE WHEN p.prokind = 'a' THEN (SELECT 'aggregate ' || a.aggtransfn::text || ' ' || a.aggcombinefn::text
				|| ' ' || a.aggsortop::pg_catalog.regoperator::text || ' ' || a.aggtranstype::pg_catalog.regtype::text
				|| ' ' || coalesce(a.agginitval, '-') FROM pg_catalog.pg_aggregate a WHERE a.aggfnoid = p.oid)
			ELSE pg_catalog.md5(pg_catalog.pg_get_functiondef(p.oid)) END
		|| ' comment=' || coalesce(pg_catalog.obj_description(p.oid, 'pg_proc'), '-')
		AS line
	FROM pg_catalog.pg_proc p
	WHERE p.pronamespace = 'scru128_sql'::pg_catalog.regnamespace
	UNION ALL
	SELECT 'type ' || t.oid::pg_catalog.regtype::text || ' kind=' || t.typtype::text
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
	SELECT 'relation ' || c.relnamespace::pg_catalog.regnamespace::text || '.' || c.relname || ' kind=' || c.relkind::text || ' persistence=' || c.relpersistence::text
		|| ' comment=' || coalesce(pg_catalog.obj_description(c.oid, 'pg_class'), '-')
	FROM pg_catalog.pg_class c
	WHERE c.relnamespace IN ('scru128_sql'::pg_catalog.regnamespace, pg_catalog.to_regnamespace('scru128_sql_private'))
	UNION ALL
	SELECT 'operator ' || o.oid::pg_catalog.regoperator::text || ' ' || o.oprcode::text
	FROM pg_catalog.pg_operator o
	WHERE o.oprnamespace = 'scru128_sql'::pg_catalog.regnamespace
	UNION ALL
	SELECT 'schema ' || n.nspname::text || ' comment=' || coalesce(pg_catalog.obj_description(n.oid, 'pg_namespace'), '-')
	FROM pg_catalog.pg_namespace n
	WHERE n.nspname IN ('scru128_sql', 'scru128_sql_private')
	UNION ALL
	SELECT 'privilege ' || o.name || ' to ' || CASE WHEN a.grantee = 0 THEN 'PUBLIC'
			WHEN a.grantee = o.owner THEN 'owner' ELSE pg_catalog.pg_get_userbyid(a.grantee)::text END
		|| ' ' || a.privilege_type || CASE WHEN a.is_grantable THEN ' grantable' ELSE '' END
	FROM (
		SELECT 'schema ' || n.nspname::text AS name, n.nspowner AS owner, coalesce(n.nspacl, pg_catalog.acldefault('n', n.nspowner)) AS acl
		FROM pg_catalog.pg_namespace n WHERE n.nspname IN ('scru128_sql', 'scru128_sql_private')
		UNION ALL
		SELECT 'function ' || p.oid::pg_catalog.regprocedure::text, p.proowner, coalesce(p.proacl, pg_catalog.acldefault('f', p.proowner))
		FROM pg_catalog.pg_proc p WHERE p.pronamespace = 'scru128_sql'::pg_catalog.regnamespace
		UNION ALL
		SELECT 'relation ' || c.relnamespace::pg_catalog.regnamespace::text || '.' || c.relname, c.relowner, coalesce(c.relacl, pg_catalog.acldefault((CASE WHEN c.relkind = 'S' THEN 's' ELSE 'r' END)::"char", c.relowner))
		FROM pg_catalog.pg_class c WHERE c.relnamespace IN ('scru128_sql'::pg_catalog.regnamespace, pg_catalog.to_regnamespace('scru128_sql_private'))
		UNION ALL
		SELECT 'type ' || t.oid::pg_catalog.regtype::text, t.typowner, coalesce(t.typacl, pg_catalog.acldefault('T', t.typowner))
		FROM pg_catalog.pg_type t WHERE t.typnamespace = 'scru128_sql'::pg_catalog.regnamespace
	) AS o, pg_catalog.aclexplode(o.acl) AS a
) AS objects
ORDER BY line;
