--
-- UUID functions named like PostgreSQL 17/18 core's: which function an
-- unqualified call resolves to on this server, what pg_dump writes for it,
-- and the catalog labels of every UUID function of the extension.  The
-- output is the same on every version: each row compares with what
-- server_version_num says core has (uuid_extract_* since 17, uuidv4 and
-- uuidv7 since 18).
--
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS scru128;
RESET client_min_messages;

CREATE TEMP TABLE uuid_core_names (fn text, column_name text, core_since int);
INSERT INTO uuid_core_names VALUES
	('uuidv7()', 'a', 180000),
	('uuidv7(interval)', 'b', 180000),
	('uuidv4()', 'c', 180000),
	('uuid_extract_timestamp(uuid)', 'd', 170000),
	('uuid_extract_version(uuid)', 'e', 170000);

-- unqualified calls, as an application's column defaults write them
CREATE TABLE uuid_resolve_probe (
	a uuid DEFAULT uuidv7(),
	b uuid DEFAULT uuidv7('1 hour'),
	c uuid DEFAULT uuidv4(),
	d timestamptz DEFAULT uuid_extract_timestamp('017f22e2-79b0-7cc3-98c4-dc0c0c07398f'),
	e smallint DEFAULT uuid_extract_version('017f22e2-79b0-7cc3-98c4-dc0c0c07398f')
);

CREATE TEMP TABLE uuid_resolved AS
SELECT n.fn, n.core_since,
	   current_setting('server_version_num')::int >= n.core_since AS core_has_it,
	   (regexp_match(d.adbin::text, ':funcid (\d+)'))[1]::oid AS funcid,
	   d.oid AS default_oid
FROM uuid_core_names n
JOIN pg_attribute a ON a.attrelid = 'uuid_resolve_probe'::regclass AND a.attname = n.column_name
JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum;

-- core's function where core has it, the extension's (in public) elsewhere
SELECT r.fn,
	   r.core_since,
	   p.pronamespace::regnamespace::text =
		   CASE WHEN r.core_has_it THEN 'pg_catalog' ELSE 'public' END AS resolved_as_expected,
	   p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' =
		   replace(r.fn, 'interval', 'shift interval') AS same_signature
FROM uuid_resolved r JOIN pg_proc p ON p.oid = r.funcid
ORDER BY r.fn;

-- what pg_dump writes (search_path is empty): qualified where it is ours
SET search_path = '';
SELECT r.fn,
	   pg_catalog.starts_with(pg_catalog.pg_get_expr(d.adbin, d.adrelid),
		   CASE WHEN r.core_has_it THEN '' ELSE 'public.' END ||
		   pg_catalog.split_part(r.fn, '(', 1) || '(') AS dumped_as_expected
FROM uuid_resolved r JOIN pg_catalog.pg_attrdef d ON d.oid = r.default_oid
ORDER BY 1;
RESET search_path;

-- schema-qualified calls get the extension's copy on every version
SELECT public.uuid_extract_version(public.uuidv7()) AS v7,
	   public.uuid_extract_version(public.uuidv7('-1 day')) AS v7_shifted,
	   public.uuid_extract_version(public.uuidv4()) AS v4,
	   public.uuid_extract_timestamp('1ec9414c-232a-6b00-b3c8-9f6bdeced846') AT TIME ZONE 'UTC' AS v6_time,
	   public.scru128_uuid_timestamp('1ec9414c-232a-6b00-b3c8-9f6bdeced846') AT TIME ZONE 'UTC' AS v6_uuid_timestamp;

-- uuid_extract_timestamp() answers as core's (release 1.2): every version
-- and variant, four bit patterns each.  A timestamp for v1 and v7 of the RFC
-- 9562 variant only, NULL for v6 (scru128_uuid_timestamp() reads v6 too); the same
-- as core's where core has it, except on 17 for v7 (17's core reads v1 only)
CREATE TEMP TABLE uuid_every_kind AS
SELECT v AS version, var AS variant_bits,
	   encode(set_byte(set_byte(b, 6, (get_byte(b, 6) & 15) | (v << 4)), 8, (get_byte(b, 8) & 63) | var), 'hex')::uuid AS u
FROM (VALUES (decode('1ec9414c232a6b00b3c89f6bdeced846', 'hex')), (decode('017f22e279b07cc398c4dc0c0c07398f', 'hex')),
			 (decode('ffffffffffffffffffffffffffffffff', 'hex')), (decode('00000000000000000000000000000000', 'hex'))) b(b),
	 generate_series(0, 15) v, unnest(ARRAY[0, 64, 128, 192]) var;
SELECT version,
	   bool_and(public.uuid_extract_timestamp(u) IS NOT NULL) FILTER (WHERE variant_bits = 128) AS rfc_timestamp,
	   bool_or(public.uuid_extract_timestamp(u) IS NOT NULL) FILTER (WHERE variant_bits <> 128) AS other_variant_timestamp,
	   bool_and(public.uuid_extract_timestamp(u) IS NOT DISTINCT FROM public.scru128_uuid_timestamp(u)) AS same_as_uuid_timestamp
FROM uuid_every_kind GROUP BY version ORDER BY version;
DO $$
DECLARE
	differ bigint := 0;
BEGIN
	IF to_regprocedure('pg_catalog.uuid_extract_timestamp(uuid)') IS NOT NULL THEN
		EXECUTE $q$
			SELECT count(*) FROM uuid_every_kind
			WHERE public.uuid_extract_timestamp(u) IS DISTINCT FROM pg_catalog.uuid_extract_timestamp(u)
			  AND NOT (current_setting('server_version_num')::int < 180000 AND version = 7)$q$ INTO differ;
	ELSIF current_setting('server_version_num')::int >= 170000 THEN
		RAISE EXCEPTION 'core has no uuid_extract_timestamp() on 17 or later';
	END IF;
	RAISE NOTICE 'uuid_extract_timestamp(): % answers differ from core''s', differ;
END
$$;

-- where core has the function (core_present_as_expected says whether it
-- should), ours has its labels, except that our generators are PARALLEL
-- RESTRICTED (per-backend state) where core's are PARALLEL SAFE
SELECT n.fn,
	   c.oid IS NULL OR
	   (c.provolatile, c.proisstrict, c.proleakproof, c.prorettype, c.proargtypes,
		coalesce(c.proargnames, '{}'))
	   = (o.provolatile, o.proisstrict, o.proleakproof, o.prorettype, o.proargtypes,
		  coalesce(o.proargnames, '{}')) AS labels_as_core,
	   (current_setting('server_version_num')::int >= n.core_since) = (c.oid IS NOT NULL) AS core_present_as_expected
FROM uuid_core_names n
JOIN pg_proc o ON o.oid = ('public.' || n.fn)::regprocedure
LEFT JOIN pg_proc c ON c.oid = to_regprocedure('pg_catalog.' || n.fn)
ORDER BY n.fn;

-- the labels of every UUID function of the extension
SELECT p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' AS function,
	   p.prorettype::regtype AS returns,
	   p.provolatile AS volatile, p.proparallel AS parallel,
	   p.proisstrict AS strict, p.proleakproof AS leakproof,
	   p.pronamespace::regnamespace AS schema,
	   obj_description(p.oid, 'pg_proc') IS NOT NULL AS commented
FROM pg_proc p
JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e'
JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'scru128'
WHERE p.proname ~ '^(scru128_)?uuid'
ORDER BY 1;

-- bytea <-> uuid: core has both casts (explicit) from 19 on; the extension
-- never makes one (made on an older server, it would collide with core's
-- after a dump and restore or pg_upgrade to 19)
SELECT count(*) AS extension_bytea_uuid_casts
FROM pg_cast c
JOIN pg_depend d ON d.classid = 'pg_cast'::regclass AND d.objid = c.oid AND d.deptype = 'e'
WHERE (c.castsource, c.casttarget) IN (('bytea'::regtype, 'uuid'::regtype), ('uuid'::regtype, 'bytea'::regtype));
SELECT (current_setting('server_version_num')::int >= 190000) =
	   (count(*) FILTER (WHERE c.castcontext = 'e' AND p.pronamespace = 'pg_catalog'::regnamespace) = 2
		AND count(*) = 2) AS core_bytea_uuid_casts_as_expected
FROM pg_cast c LEFT JOIN pg_proc p ON p.oid = c.castfunc
WHERE (c.castsource, c.casttarget) IN (('bytea'::regtype, 'uuid'::regtype), ('uuid'::regtype, 'bytea'::regtype));
-- on 19, the casts are core's: the 16 bytes of the uuid, both ways
DO $$
DECLARE
	b bytea;
	u uuid;
BEGIN
	IF current_setting('server_version_num')::int >= 190000 THEN
		EXECUTE $q$SELECT '017f22e2-79b0-7cc3-98c4-dc0c0c07398f'::uuid::bytea$q$ INTO b;
		EXECUTE $q$SELECT '\x017f22e279b07cc398c4dc0c0c07398f'::bytea::uuid$q$ INTO u;
		IF b <> '\x017f22e279b07cc398c4dc0c0c07398f'::bytea
		   OR u <> '017f22e2-79b0-7cc3-98c4-dc0c0c07398f'::uuid THEN
			RAISE EXCEPTION 'core bytea <-> uuid casts: % and %', b, u;
		END IF;
	END IF;
END
$$;

DROP TABLE uuid_resolve_probe;
