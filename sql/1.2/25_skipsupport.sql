
--
-- B-tree skip support (PostgreSQL 18 and later) where it is missing.  1.1
-- registers it only when it is installed or updated on 18 or later, so a
-- database that pg_upgrade brought from 17 to 18 lacks it; this adds it, as
-- 1.1 would have on 18, when updating such a database to 1.2 and on the
-- 1.2-refresh update (see the README, Updating).  Nothing happens where it
-- is present or where the server is older.
--
DO $$
DECLARE
	t text;
	family oid;
BEGIN
	IF pg_catalog.current_setting('server_version_num')::int < 180000 THEN
		RETURN;
	END IF;
	FOREACH t IN ARRAY ARRAY['scru128', 'scru64', 'scru160'] LOOP
		IF pg_catalog.to_regprocedure(pg_catalog.format('%I.%I(internal)',
				pg_catalog.current_schema(), t || '_skipsupport')) IS NULL THEN
			EXECUTE pg_catalog.format(
				'CREATE FUNCTION %I(internal) RETURNS void AS %L LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE',
				t || '_skipsupport', 'MODULE_PATHNAME');
			EXECUTE pg_catalog.format('COMMENT ON FUNCTION %I(internal) IS %L', t || '_skipsupport',
				'B-tree skip scan support for ' || t || ' (next and previous values)');
		END IF;
		SELECT f.oid INTO family
		FROM pg_catalog.pg_opfamily f JOIN pg_catalog.pg_am am ON am.oid = f.opfmethod
		WHERE f.opfname = t || '_ops' AND am.amname = 'btree'
		  AND f.opfnamespace = pg_catalog.current_schema()::regnamespace;
		IF NOT EXISTS (SELECT 1 FROM pg_catalog.pg_amproc WHERE amprocfamily = family AND amprocnum = 6) THEN
			EXECUTE pg_catalog.format('ALTER OPERATOR FAMILY %I USING btree ADD FUNCTION 6 (%I) %I(internal)',
				t || '_ops', t, t || '_skipsupport');
		END IF;
	END LOOP;
END
$$;
