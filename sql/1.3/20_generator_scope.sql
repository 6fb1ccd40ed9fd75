
--
-- scru128.generator_scope (session | server) chooses the generator of the
-- no-argument scru128(), scru160() and uuidv7(): the comments say so.  The
-- setting itself is the library's (no SQL object).  uuidv7() is named with
-- the schema the script runs in: unqualified it is core's on 18 and later.
--
COMMENT ON FUNCTION scru128() IS 'new scru128 from the generator of scru128.generator_scope: this session''s (strictly increasing within the session) or the server''s (strictly increasing across all sessions)';
COMMENT ON FUNCTION scru160() IS 'new scru160 from the generator of scru128.generator_scope: this session''s (strictly increasing within the session) or the server''s (strictly increasing across all sessions)';
DO $$
BEGIN
	EXECUTE pg_catalog.format('COMMENT ON FUNCTION %s.uuidv7() IS %L',
		pg_catalog.quote_ident(pg_catalog.current_schema()),
		'generate a UUID version 7 (RFC 9562, Unix ms and a 12-bit sub-millisecond fraction, as PostgreSQL 18) from the generator of scru128.generator_scope: this backend''s (strictly increasing per backend, as PostgreSQL 18) or the server''s (strictly increasing across all sessions)');
END
$$;
