
--
-- uuid_extract_timestamp() gives core's answer: NULL for a version 6 UUID,
-- as PostgreSQL 17, 18 and 19 do (1.1's copy read v6, so the same query
-- answered differently once core's function took over after an upgrade).
-- A new C symbol, so that a database still on 1.1 keeps 1.1's function;
-- uuid_timestamp() keeps reading v6.  Named with the script's schema, or
-- the COMMENT would reach core's function on 17 and later.
--
DO $$
DECLARE
	s text := pg_catalog.quote_ident(pg_catalog.current_schema());
BEGIN
	EXECUTE pg_catalog.format($f$
		CREATE OR REPLACE FUNCTION %s.uuid_extract_timestamp(uuid) RETURNS timestamptz
			AS 'MODULE_PATHNAME', 'scru128_uuid_extract_timestamp'
			LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE$f$, s);
	EXECUTE pg_catalog.format('COMMENT ON FUNCTION %s.uuid_extract_timestamp(uuid) IS %L', s,
		'timestamp of a UUID version 1 or 7 (NULL for other versions, version 6 included, and other variants), as PostgreSQL 18 and 19; uuid_timestamp() also reads version 6');
END
$$;
