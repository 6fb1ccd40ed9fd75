-- scru128_sql 1.5: the SCRU128 family in SQL and PL/pgSQL only, for servers
-- that cannot load scru128.so (doc/sql-edition.md).  The values are the
-- native types' bytes: SCRU128 and UUIDv7 in uuid, SCRU64 in bigint, SCRU160
-- in a 20-byte bytea.
--
-- The files portable/src/*.sql, concatenated in name order, are the plain
-- script; the pg_tle and extension forms are generated from them.  Rules:
-- every name is schema-qualified and every operator written
-- OPERATOR(pg_catalog.x), so no body resolves anything through the caller's
-- search_path (a SET search_path clause would cost a GUC save and restore
-- per call and stop SQL functions from being inlined).  No LEAKPROOF (it
-- needs a superuser).  A construct that only the plain script may use sits
-- between "-- plain-only begin/end" lines; its extension form, commented
-- out, between "-- extension-only begin/end" lines.

-- The plain script takes over what it finds under its names, so a schema,
-- domain or sequence of those names that another role made first (any role
-- with CREATE on the database can make the schema) would put that role's
-- code, a domain CHECK or DEFAULT, in every call, run as the caller: refuse
-- to install unless what is there is the installing role's own and what
-- this script makes.  The extension forms need no such check: CREATE
-- EXTENSION creates the schema and refuses to adopt objects.
-- plain-only begin
DO $do$
DECLARE
	other pg_catalog.name;
	relname pg_catalog.name;
BEGIN
	SELECT pg_catalog.pg_get_userbyid(n.nspowner) INTO other FROM pg_catalog.pg_namespace n
		WHERE n.nspname OPERATOR(pg_catalog.=) 'scru128_sql' AND n.nspowner OPERATOR(pg_catalog.<>) (SELECT r.oid FROM pg_catalog.pg_roles r WHERE r.rolname OPERATOR(pg_catalog.=) CURRENT_USER);
	IF FOUND THEN
		RAISE EXCEPTION USING ERRCODE = '42501',
			MESSAGE = pg_catalog.format('schema scru128_sql already exists and is owned by role %I, not by %I', other, CURRENT_USER),
			HINT = 'Objects of another role in the schema could run its code as the roles that call the SQL edition.  Install as the schema''s owner, or drop the schema (after checking what is in it) and run the script again.';
	END IF;
	SELECT pg_catalog.pg_get_userbyid(t.typowner) INTO other FROM pg_catalog.pg_type t
		WHERE t.typnamespace OPERATOR(pg_catalog.=) pg_catalog.to_regnamespace('scru128_sql') AND t.typname OPERATOR(pg_catalog.=) 'scru128'
		AND (t.typowner OPERATOR(pg_catalog.<>) (SELECT r.oid FROM pg_catalog.pg_roles r WHERE r.rolname OPERATOR(pg_catalog.=) CURRENT_USER)
			OR t.typtype OPERATOR(pg_catalog.<>) 'd' OR t.typbasetype OPERATOR(pg_catalog.<>) 'pg_catalog.uuid'::pg_catalog.regtype
			OR t.typnotnull OR t.typdefaultbin IS NOT NULL
			OR EXISTS (SELECT FROM pg_catalog.pg_constraint c WHERE c.contypid OPERATOR(pg_catalog.=) t.oid));
	IF FOUND THEN
		RAISE EXCEPTION USING ERRCODE = '42501',
			MESSAGE = pg_catalog.format('type scru128_sql.scru128 already exists and is not the SQL edition''s domain (owner %I, installing role %I)', other, CURRENT_USER),
			DETAIL = 'The SQL edition''s scru128 is a domain over uuid, owned by the installing role, without a constraint, default or NOT NULL.',
			HINT = 'Install as the owner of the SQL edition, or drop the type (after checking what uses it) and run the script again.';
	END IF;
	SELECT c.relname, pg_catalog.pg_get_userbyid(c.relowner) INTO relname, other FROM pg_catalog.pg_class c
		WHERE c.relnamespace OPERATOR(pg_catalog.=) pg_catalog.to_regnamespace('scru128_sql') AND c.relname OPERATOR(pg_catalog.=) ANY (ARRAY['scru64_last', 'scru64_node'])
		AND c.relowner OPERATOR(pg_catalog.<>) (SELECT r.oid FROM pg_catalog.pg_roles r WHERE r.rolname OPERATOR(pg_catalog.=) CURRENT_USER);
	IF FOUND THEN
		RAISE EXCEPTION USING ERRCODE = '42501',
			MESSAGE = pg_catalog.format('relation scru128_sql.%s already exists and is owned by role %I, not by %I', relname, other, CURRENT_USER),
			HINT = 'Install as the owner of the SQL edition, or drop the relation and run the script again.';
	END IF;
END
$do$;
-- plain-only end

-- Through pg_tle, any role with CREATE on the database could run CREATE
-- EXTENSION scru128_sql first, own every function, and replace a body
-- with code that then runs as whoever calls it.  Only a role the installer
-- trusts may create it: a superuser or a member of pgtle_admin (the roles
-- that may register it).  The plain script is owned by whoever runs it and
-- needs no such check (the squatting check above covers it).
-- The same block is the first step of every update (build.py puts it
-- there), where the extension exists already: 1.3 had no check, so a role
-- outside pgtle_admin may have created it (and pg_tle 1.3's file left
-- 1.3 installable), and an update run by a superuser would keep that role
-- the owner of the functions it may have changed.  So the update also
-- refuses an extension whose owner, or the owner of any of its objects,
-- is not such a role.  (During CREATE EXTENSION the extension's owner is
-- the creating role and it has no objects yet.)  Owners come from
-- pg_shdepend, which records every owned object's owner but the bootstrap
-- superuser.
-- extension-only begin
-- DO $do$
-- DECLARE
-- 	untrusted pg_catalog.text;
-- BEGIN
-- 	IF NOT EXISTS (SELECT FROM pg_catalog.pg_roles r WHERE r.rolname OPERATOR(pg_catalog.=) CURRENT_USER
-- 			AND (r.rolsuper OR (pg_catalog.to_regrole('pgtle_admin') IS NOT NULL
-- 				AND pg_catalog.pg_has_role(r.oid, pg_catalog.to_regrole('pgtle_admin'), 'MEMBER')))) THEN
-- 		RAISE EXCEPTION USING ERRCODE = '42501',
-- 			MESSAGE = pg_catalog.format('permission denied to create extension scru128_sql as role %I', CURRENT_USER),
-- 			DETAIL = 'The owner of the extension owns its functions and can change what they run for every role that calls them.',
-- 			HINT = 'A member of pgtle_admin (or a superuser) creates it; other roles call its functions.';
-- 	END IF;
-- 	SELECT pg_catalog.string_agg(pg_catalog.quote_ident(r.rolname), ', ' ORDER BY r.rolname) INTO untrusted
-- 		FROM pg_catalog.pg_roles r
-- 		WHERE r.oid OPERATOR(pg_catalog.=) ANY (ARRAY(
-- 			SELECT e.extowner FROM pg_catalog.pg_extension e WHERE e.extname OPERATOR(pg_catalog.=) 'scru128_sql'
-- 			UNION
-- 			SELECT s.refobjid FROM pg_catalog.pg_depend d
-- 				JOIN pg_catalog.pg_shdepend s ON s.classid OPERATOR(pg_catalog.=) d.classid AND s.objid OPERATOR(pg_catalog.=) d.objid
-- 					AND s.deptype OPERATOR(pg_catalog.=) 'o' AND s.refclassid OPERATOR(pg_catalog.=) 'pg_catalog.pg_authid'::pg_catalog.regclass
-- 					AND s.dbid OPERATOR(pg_catalog.=) (SELECT db.oid FROM pg_catalog.pg_database db WHERE db.datname OPERATOR(pg_catalog.=) pg_catalog.current_database())
-- 				WHERE d.refclassid OPERATOR(pg_catalog.=) 'pg_catalog.pg_extension'::pg_catalog.regclass AND d.deptype OPERATOR(pg_catalog.=) 'e'
-- 					AND d.refobjid OPERATOR(pg_catalog.=) (SELECT e.oid FROM pg_catalog.pg_extension e WHERE e.extname OPERATOR(pg_catalog.=) 'scru128_sql')))
-- 		AND NOT r.rolsuper
-- 		AND NOT (pg_catalog.to_regrole('pgtle_admin') IS NOT NULL AND pg_catalog.pg_has_role(r.oid, pg_catalog.to_regrole('pgtle_admin'), 'MEMBER'));
-- 	IF untrusted IS NOT NULL THEN
-- 		RAISE EXCEPTION USING ERRCODE = '42501',
-- 			MESSAGE = pg_catalog.format('extension scru128_sql or its objects are owned by %s, neither a superuser nor a member of pgtle_admin', untrusted),
-- 			DETAIL = 'Such an owner could have changed what the functions run (1.3 let any role with CREATE on the database create the extension); an update would keep it the owner of those functions.',
-- 			HINT = 'Do not update it.  As a superuser, in one transaction: move what uses its types to their base types, DROP EXTENSION scru128_sql, and SELECT pgtle.uninstall_extension(''scru128_sql'', ''1.3'') where 1.3 is registered; then CREATE EXTENSION scru128_sql as a member of pgtle_admin (doc/sql-edition-migration.md, "An installation another role owns").';
-- 	END IF;
-- END
-- $do$;
-- extension-only end

-- Every role may call the functions, as those of an extension in public:
-- the schema is granted to PUBLIC when it is made, and a run over an
-- existing schema keeps the privileges its owner gave (a REVOKE stays).
-- plain-only begin
DO $do$
BEGIN
	IF pg_catalog.to_regnamespace('scru128_sql') IS NULL THEN
		CREATE SCHEMA scru128_sql;
		GRANT USAGE ON SCHEMA scru128_sql TO PUBLIC;
	END IF;
END
$do$;
-- plain-only end
-- extension-only begin
-- CREATE SCHEMA scru128_sql;
-- GRANT USAGE ON SCHEMA scru128_sql TO PUBLIC;
-- extension-only end
COMMENT ON SCHEMA scru128_sql IS 'scru128 SQL edition 1.5: SCRU128, SCRU64, SCRU160 and UUIDv7 without a C library';

-- plain-only begin
DO $do$
BEGIN
	IF pg_catalog.to_regtype('scru128_sql.scru128') IS NULL THEN
		CREATE DOMAIN scru128_sql.scru128 AS pg_catalog.uuid;
	END IF;
END
$do$;
-- plain-only end
-- extension-only begin
-- CREATE DOMAIN scru128_sql.scru128 AS pg_catalog.uuid;
-- extension-only end
COMMENT ON DOMAIN scru128_sql.scru128 IS 'a SCRU128 ID in the bytes of the native scru128 type (uuid order is SCRU128 order)';

-- Milliseconds since 1970 of a timestamptz, rounded down, or the native
-- extension's error naming the type when outside [lo, hi].
CREATE OR REPLACE FUNCTION scru128_sql._timestamptz_ms(t timestamp with time zone, lo bigint, hi bigint, typname pg_catalog.text)
RETURNS bigint LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
DECLARE
	ms numeric;
BEGIN
	IF pg_catalog.isfinite(t) THEN
		ms := pg_catalog.floor(EXTRACT(epoch FROM t) OPERATOR(pg_catalog.*) 1000);
		IF ms OPERATOR(pg_catalog.>=) lo AND ms OPERATOR(pg_catalog.<=) hi THEN
			RETURN ms::bigint;
		END IF;
	END IF;
	RAISE EXCEPTION USING ERRCODE = '22008',
		MESSAGE = pg_catalog.format('timestamp out of range for %s: "%s"', typname, t),
		DETAIL = pg_catalog.format('A %s timestamp is between %s and %s milliseconds after 1970-01-01 00:00:00+00.', typname, lo, hi);
END
$fn$;
COMMENT ON FUNCTION scru128_sql._timestamptz_ms(timestamp with time zone, bigint, bigint, pg_catalog.text) IS 'internal: milliseconds since 1970 of a timestamptz within a type''s range';

-- The timestamptz of a count of milliseconds since 1970, exact (a float
-- product of milliseconds and 1000 is not, past year 4253).  PL/pgSQL: a
-- SQL function using its argument twice would not be inlined when the
-- argument is an expression, and would then cost far more.
CREATE OR REPLACE FUNCTION scru128_sql._ms_timestamptz(ms bigint)
RETURNS timestamp with time zone LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
BEGIN
	RETURN pg_catalog.to_timestamp((ms OPERATOR(pg_catalog./) 1000)::double precision)
		OPERATOR(pg_catalog.+) pg_catalog.make_interval(0, 0, 0, 0, 0, 0, ((ms OPERATOR(pg_catalog.%) 1000)::double precision OPERATOR(pg_catalog./) 1000));
END
$fn$;
COMMENT ON FUNCTION scru128_sql._ms_timestamptz(bigint) IS 'internal: the timestamptz of milliseconds since 1970';

-- Twelve Base36 digits of 0 <= x < 36^12, each as the character 48 + digit
-- ('0'..'9', then ':'..'S'); callers translate the letters once for all.
CREATE OR REPLACE FUNCTION scru128_sql._base36_raw12(x bigint)
RETURNS pg_catalog.text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
SELECT pg_catalog.chr(((x OPERATOR(pg_catalog./) 131621703842267136))::integer OPERATOR(pg_catalog.+) 48)
	OPERATOR(pg_catalog.||) pg_catalog.chr((((x OPERATOR(pg_catalog./) 3656158440062976) OPERATOR(pg_catalog.%) 36))::integer OPERATOR(pg_catalog.+) 48)
	OPERATOR(pg_catalog.||) pg_catalog.chr((((x OPERATOR(pg_catalog./) 101559956668416) OPERATOR(pg_catalog.%) 36))::integer OPERATOR(pg_catalog.+) 48)
	OPERATOR(pg_catalog.||) pg_catalog.chr((((x OPERATOR(pg_catalog./) 2821109907456) OPERATOR(pg_catalog.%) 36))::integer OPERATOR(pg_catalog.+) 48)
	OPERATOR(pg_catalog.||) pg_catalog.chr((((x OPERATOR(pg_catalog./) 78364164096) OPERATOR(pg_catalog.%) 36))::integer OPERATOR(pg_catalog.+) 48)
	OPERATOR(pg_catalog.||) pg_catalog.chr((((x OPERATOR(pg_catalog./) 2176782336) OPERATOR(pg_catalog.%) 36))::integer OPERATOR(pg_catalog.+) 48)
	OPERATOR(pg_catalog.||) pg_catalog.chr((((x OPERATOR(pg_catalog./) 60466176) OPERATOR(pg_catalog.%) 36))::integer OPERATOR(pg_catalog.+) 48)
	OPERATOR(pg_catalog.||) pg_catalog.chr((((x OPERATOR(pg_catalog./) 1679616) OPERATOR(pg_catalog.%) 36))::integer OPERATOR(pg_catalog.+) 48)
	OPERATOR(pg_catalog.||) pg_catalog.chr((((x OPERATOR(pg_catalog./) 46656) OPERATOR(pg_catalog.%) 36))::integer OPERATOR(pg_catalog.+) 48)
	OPERATOR(pg_catalog.||) pg_catalog.chr((((x OPERATOR(pg_catalog./) 1296) OPERATOR(pg_catalog.%) 36))::integer OPERATOR(pg_catalog.+) 48)
	OPERATOR(pg_catalog.||) pg_catalog.chr((((x OPERATOR(pg_catalog./) 36) OPERATOR(pg_catalog.%) 36))::integer OPERATOR(pg_catalog.+) 48)
	OPERATOR(pg_catalog.||) pg_catalog.chr(((x OPERATOR(pg_catalog.%) 36))::integer OPERATOR(pg_catalog.+) 48)
$fn$;
COMMENT ON FUNCTION scru128_sql._base36_raw12(bigint) IS 'internal: 12 Base36 digits as characters 48 + digit';

-- The value of twelve digits from byte o of d, each byte 48 + digit.
CREATE OR REPLACE FUNCTION scru128_sql._base36_value12(d pg_catalog.bytea, o integer)
RETURNS bigint LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
SELECT (((((pg_catalog.get_byte(d, o OPERATOR(pg_catalog.+) 0)::bigint OPERATOR(pg_catalog.*) 60466176)
		OPERATOR(pg_catalog.+) (pg_catalog.get_byte(d, o OPERATOR(pg_catalog.+) 1)::bigint OPERATOR(pg_catalog.*) 1679616)
		OPERATOR(pg_catalog.+) (pg_catalog.get_byte(d, o OPERATOR(pg_catalog.+) 2)::bigint OPERATOR(pg_catalog.*) 46656)
		OPERATOR(pg_catalog.+) (pg_catalog.get_byte(d, o OPERATOR(pg_catalog.+) 3)::bigint OPERATOR(pg_catalog.*) 1296)
		OPERATOR(pg_catalog.+) (pg_catalog.get_byte(d, o OPERATOR(pg_catalog.+) 4)::bigint OPERATOR(pg_catalog.*) 36)
		OPERATOR(pg_catalog.+) pg_catalog.get_byte(d, o OPERATOR(pg_catalog.+) 5)::bigint) OPERATOR(pg_catalog.-) 2985301488))::bigint OPERATOR(pg_catalog.*) 2176782336)
	OPERATOR(pg_catalog.+) (((pg_catalog.get_byte(d, (o OPERATOR(pg_catalog.+) 6) OPERATOR(pg_catalog.+) 0)::bigint OPERATOR(pg_catalog.*) 60466176)
		OPERATOR(pg_catalog.+) (pg_catalog.get_byte(d, (o OPERATOR(pg_catalog.+) 6) OPERATOR(pg_catalog.+) 1)::bigint OPERATOR(pg_catalog.*) 1679616)
		OPERATOR(pg_catalog.+) (pg_catalog.get_byte(d, (o OPERATOR(pg_catalog.+) 6) OPERATOR(pg_catalog.+) 2)::bigint OPERATOR(pg_catalog.*) 46656)
		OPERATOR(pg_catalog.+) (pg_catalog.get_byte(d, (o OPERATOR(pg_catalog.+) 6) OPERATOR(pg_catalog.+) 3)::bigint OPERATOR(pg_catalog.*) 1296)
		OPERATOR(pg_catalog.+) (pg_catalog.get_byte(d, (o OPERATOR(pg_catalog.+) 6) OPERATOR(pg_catalog.+) 4)::bigint OPERATOR(pg_catalog.*) 36)
		OPERATOR(pg_catalog.+) pg_catalog.get_byte(d, (o OPERATOR(pg_catalog.+) 6) OPERATOR(pg_catalog.+) 5)::bigint) OPERATOR(pg_catalog.-) 2985301488)
$fn$;
COMMENT ON FUNCTION scru128_sql._base36_value12(pg_catalog.bytea, integer) IS 'internal: the value of 12 Base36 digits given as bytes 48 + digit';

-- The error for a text that is not Base36 of the given length: the native
-- extension's message and details (positions and lengths in bytes).
CREATE OR REPLACE FUNCTION scru128_sql._base36_error(t pg_catalog.text, typname pg_catalog.text, digits integer)
RETURNS void LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
DECLARE
	bad integer;
BEGIN
	IF pg_catalog.octet_length(t) OPERATOR(pg_catalog.<>) digits THEN
		RAISE EXCEPTION USING ERRCODE = '22P02',
			MESSAGE = pg_catalog.format('invalid input syntax for type %s: "%s"', typname, t),
			DETAIL = pg_catalog.format('A %s value has exactly %s Base36 digits; got %s byte%s.', typname, digits,
				pg_catalog.octet_length(t), CASE WHEN pg_catalog.octet_length(t) OPERATOR(pg_catalog.=) 1 THEN '' ELSE 's' END);
	END IF;
	bad := pg_catalog.octet_length(pg_catalog.substring(t, '^[0-9A-Za-z]*'::pg_catalog.text));
	IF bad OPERATOR(pg_catalog.<) pg_catalog.octet_length(t) THEN
		RAISE EXCEPTION USING ERRCODE = '22P02',
			MESSAGE = pg_catalog.format('invalid input syntax for type %s: "%s"', typname, t),
			DETAIL = pg_catalog.format('Byte %s is not a Base36 digit (0-9, a-z, A-Z).', bad OPERATOR(pg_catalog.+) 1);
	END IF;
	RAISE EXCEPTION USING ERRCODE = '22P02',
		MESSAGE = pg_catalog.format('invalid input syntax for type %s: "%s"', typname, t),
		DETAIL = 'The value exceeds the largest scru128, "f5lxx1zz5pnorynqglhzmsp33".';
END
$fn$;
COMMENT ON FUNCTION scru128_sql._base36_error(pg_catalog.text, pg_catalog.text, integer) IS 'internal: raises the error for a bad Base36 text';
