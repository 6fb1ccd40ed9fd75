
--
-- uuid_timestamp(uuid) of 1.1 becomes scru128_uuid_timestamp(uuid).
-- TimescaleDB 2.22 and later create their own public.uuid_timestamp(uuid)
-- (version 7 only: NULL for v1 and v6, which ours reads), so either
-- CREATE EXTENSION failed where the other was installed in the same schema.
-- One function cannot serve both without changing what one of them
-- returns, and a function cannot belong to two extensions: ours takes a
-- name of its own (doc/timescaledb.md).
--
-- An installed 1.1 to 1.3 renames its member: views, defaults and indexes
-- that call it follow (they hold its OID), text that names it must use the
-- new name.  A fresh install (1.0, then scru128--1.0--1.4.sql) and an
-- update from 1.0 run 1.1's part with the function under its new name
-- already (sql/direct/): there is nothing to rename, and
-- public.uuid_timestamp(uuid) may be TimescaleDB's, so only a member of
-- this extension is renamed.
--
DO $$
DECLARE
	s text := pg_catalog.quote_ident(pg_catalog.current_schema());
	f pg_catalog.regprocedure := pg_catalog.to_regprocedure(s OPERATOR(pg_catalog.||) '.uuid_timestamp(uuid)');
BEGIN
	IF f IS NOT NULL AND EXISTS (
		SELECT FROM pg_catalog.pg_depend d
		WHERE d.classid OPERATOR(pg_catalog.=) 'pg_catalog.pg_proc'::pg_catalog.regclass
		  AND d.objid OPERATOR(pg_catalog.=) f::pg_catalog.oid
		  AND d.refclassid OPERATOR(pg_catalog.=) 'pg_catalog.pg_extension'::pg_catalog.regclass
		  AND d.deptype OPERATOR(pg_catalog.=) 'e'
		  AND d.refobjid OPERATOR(pg_catalog.=) (SELECT e.oid FROM pg_catalog.pg_extension e
												 WHERE e.extname OPERATOR(pg_catalog.=) 'scru128')) THEN
		EXECUTE pg_catalog.format('ALTER FUNCTION %s.uuid_timestamp(uuid) RENAME TO scru128_uuid_timestamp', s);
	END IF;
	EXECUTE pg_catalog.format('COMMENT ON FUNCTION %s.scru128_uuid_timestamp(uuid) IS %L', s,
		'timestamp of a UUID version 1, 6 or 7 (NULL for other versions and variants) on every server version; uuid_timestamp(uuid) before 1.4');
	EXECUTE pg_catalog.format('COMMENT ON FUNCTION %s.uuid_extract_timestamp(uuid) IS %L', s,
		'timestamp of a UUID version 1 or 7 (NULL for other versions, version 6 included, and other variants), as PostgreSQL 18 and 19; scru128_uuid_timestamp() also reads version 6');
END
$$;
