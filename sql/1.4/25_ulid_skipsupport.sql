
--
-- B-tree skip support for ulid (PostgreSQL 18 and later), where it is
-- missing: on the update to 1.4 on 18 or later, and on the 1.4-refresh
-- update after pg_upgrade brought a database from 17 (see 1.2's
-- 25_skipsupport.sql for the other types).  Nothing happens where it is
-- present or where the server is older, so this part can run again.
--
DO $$
DECLARE
	family oid;
BEGIN
	IF pg_catalog.current_setting('server_version_num')::int OPERATOR(pg_catalog.<) 180000 THEN
		RETURN;
	END IF;
	IF pg_catalog.to_regprocedure(pg_catalog.format('%I.ulid_skipsupport(internal)',
			pg_catalog.current_schema())) IS NULL THEN
		CREATE FUNCTION ulid_skipsupport(internal) RETURNS void
			AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
		COMMENT ON FUNCTION ulid_skipsupport(internal) IS 'B-tree skip scan support for ulid (next and previous values)';
	END IF;
	SELECT f.oid INTO family
	FROM pg_catalog.pg_opfamily f JOIN pg_catalog.pg_am am ON am.oid OPERATOR(pg_catalog.=) f.opfmethod
	WHERE f.opfname OPERATOR(pg_catalog.=) 'ulid_ops' AND am.amname OPERATOR(pg_catalog.=) 'btree'
	  AND f.opfnamespace OPERATOR(pg_catalog.=) pg_catalog.current_schema()::pg_catalog.regnamespace;
	IF NOT EXISTS (SELECT 1 FROM pg_catalog.pg_amproc
				   WHERE amprocfamily OPERATOR(pg_catalog.=) family AND amprocnum OPERATOR(pg_catalog.=) 6) THEN
		ALTER OPERATOR FAMILY ulid_ops USING btree ADD FUNCTION 6 (ulid) ulid_skipsupport(internal);
	END IF;
END
$$;
